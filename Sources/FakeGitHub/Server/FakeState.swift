import Foundation

/// The fake server's mutable side: options, counters, fault dice, the request log and what
/// writes changed.
actor FakeState {
    var options: FakeGitHubOptions
    private(set) var log: [FakeRequestRecord] = []
    private var sequence = 0
    private var rng: FakeRandom
    private var usage: [String: (windowStart: Date, used: Int)] = [:]
    private let clock = ContinuousClock()
    private let startedAt: ContinuousClock.Instant

    init(options: FakeGitHubOptions) {
        self.options = options
        self.rng = FakeRandom(seed: options.faultSeed)
        self.startedAt = clock.now
    }

    func update(_ change: @Sendable (inout FakeGitHubOptions) -> Void) {
        let oldSeed = options.faultSeed
        change(&options)
        if options.faultSeed != oldSeed { rng = FakeRandom(seed: options.faultSeed) }
    }

    func clearLog() { log = [] }

    /// Seconds since the server was made.
    func now() -> Double {
        let elapsed = clock.now - startedAt
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// The next request's number (1-based) and its fault dice.
    func nextRequest() -> (sequence: Int, latency: Int, fail: Bool, truncate: Bool, failStatus: Int) {
        sequence += 1
        let range = options.latencyMilliseconds
        let latency = range.lowerBound + rng.next(upTo: range.upperBound - range.lowerBound + 1)
        let fail = rng.chance(options.failureRate)
        let truncate = rng.chance(options.truncationRate)
        let failStatus = [500, 502, 503, 504][rng.next(upTo: 4)]
        return (sequence, latency, fail, truncate, failStatus)
    }

    func takeScriptedReply() -> FakeRawReply? {
        options.scriptedReplies.isEmpty ? nil : options.scriptedReplies.removeFirst()
    }

    func takeScriptedStatus() -> Int? {
        options.scriptedStatuses.isEmpty ? nil : options.scriptedStatuses.removeFirst()
    }

    func shouldSendSecondaryLimit(_ sequence: Int) -> Bool {
        guard let every = options.secondaryLimitEvery, every > 0 else { return false }
        return sequence % every == 0
    }

    /// The rate-limit window of `key` (a token or "anonymous" plus the resource).
    func rateLimit(_ key: String, resource: String) -> FakeRateLimit {
        let search = resource == "search" ? options.searchLimit : nil
        let window = TimeInterval(max(1, search == nil ? options.rateLimitWindowSeconds : options.searchWindowSeconds))
        var entry = usage[key] ?? (Date(), 0)
        if Date().timeIntervalSince(entry.windowStart) >= window { entry = (Date(), 0) }
        usage[key] = entry
        let reset = entry.windowStart.addingTimeInterval(window)
        if resource == "graphql" {
            // Points, not requests; GraphQL answers its own limit in the body (FakeGraphQLEndpoint).
            return FakeRateLimit(limit: options.graphqlPointLimit ?? options.reportedLimit, used: entry.used,
                                 reset: reset, resource: resource, enforced: false)
        }
        let enforced = search ?? options.primaryLimit
        return FakeRateLimit(limit: enforced ?? options.reportedLimit, used: entry.used,
                             reset: reset, resource: resource, enforced: enforced != nil)
    }

    func count(_ key: String, by points: Int = 1) {
        if var entry = usage[key] {
            entry.used += points
            usage[key] = entry
        }
    }

    func record(_ record: FakeRequestRecord) { log.append(record) }

    // MARK: - Writes

    /// What follows and stars have changed so far.
    private(set) var edits = FakeEdits()
    private var writes = 0

    /// Counts a write; true when it gets the secondary limit for content creation instead.
    func writeIsLimited() -> Bool {
        writes += 1
        guard let every = options.writeLimitEvery, every > 0 else { return false }
        return writes % every == 0
    }

    func follow(_ follower: FakeUser, _ account: FakeUser, on: Bool, data: FakeDataSet) {
        edits.follow(follower, account, on: on, data: data, at: Date())
    }

    func star(_ user: FakeUser, _ repository: FakeRepository, on: Bool, data: FakeDataSet) {
        edits.star(user, repository, on: on, data: data, at: Date())
    }
}

struct FakeRateLimit: Sendable {
    var limit: Int
    var used: Int
    var reset: Date
    var resource: String
    var enforced: Bool
    var remaining: Int { max(0, limit - used) }
    var exhausted: Bool { enforced && used >= limit }
}
