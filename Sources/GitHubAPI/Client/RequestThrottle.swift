import Foundation

/// The time source the client waits on: the real clock, or a scripted one in tests.
public protocol RequestClock: Sendable {
    func now() -> Date
    /// Returns after `duration` (or throws `CancellationError` when the task is cancelled).
    func sleep(for duration: Duration) async throws
}

/// The wall clock and `Task.sleep`.
public struct SystemRequestClock: RequestClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// Sends one request at a time, waits out rate limits before another request of the same API
/// goes out, and retries transient failures, following a ``RetryPolicy``.
///
/// GitHub counts the search API apart from the rest (`x-ratelimit-resource`): a used-up search
/// limit holds back searches only, a used-up core limit the rest; a secondary limit holds back
/// everything. A request waiting out a limit does so without the turn, so the others go on;
/// the turn is held through a transient failure's retry wait, so requests never overlap.
/// Cancelling a waiting task gives the turn to the next one.
///
/// Background requests (row fills) yield: one takes the turn only when no foreground request
/// waits for it, never waits out a limit or retries (its failure goes to the caller, who asks
/// again later), and a foreground request is never queued behind a waiting one. A running one
/// still ends before the next request goes, so requests never overlap.
actor RequestThrottle {
    /// Who a request is for: paging (foreground) or a fill that may wait (background).
    enum Lane: Sendable {
        case foreground
        case background
    }

    let policy: RetryPolicy
    let clock: any RequestClock
    private let onWait: (@Sendable (Wait?) -> Void)?
    private var busy = false
    private var waiters: [(id: UInt64, lane: Lane, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextWaiter: UInt64 = 0
    /// No request of a resource may start before its wait ends (a rate limit); under
    /// ``everything``, none at all (a secondary limit).
    private var blocks: [String: Wait] = [:]
    static let everything = "*"
    private var secondaryRepeats = 0

    init(policy: RetryPolicy, clock: any RequestClock, onWait: (@Sendable (Wait?) -> Void)?) {
        self.policy = policy
        self.clock = clock
        self.onWait = onWait
    }

    /// Runs `operation` in turn, retrying and waiting as the policy says. `resource` is the API
    /// it calls (`core`, `search`), whose rate limit it waits out.
    func perform<T: Sendable>(resource: String = "core", _ operation: @Sendable () async throws -> T) async throws -> T {
        var retries = 0
        while true {
            // A limit is waited out without the turn: the other APIs' requests go on meanwhile.
            try await waitForBlocks(resource)
            do {
                try await acquire()
            } catch {
                throw GitHubError.cancelled
            }
            defer { release() }
            // A limit found while this one waited for the turn: wait again, without it.
            if isBlocked(resource) { continue }
            if case .done(let result) = try await attempt(operation, resource: resource, retries: &retries) {
                return result
            }
        }
    }

    /// Runs `operation` once in a background turn: after every foreground request waiting,
    /// with no wait and no retry. A limit that holds back `resource` (or everything) fails it at
    /// once without sending; a limit it meets is noted for the others, and thrown.
    func performInBackground<T: Sendable>(resource: String, _ operation: @Sendable () async throws -> T) async throws -> T {
        if let error = blockingError(resource) { throw error }
        do {
            try await acquire(.background)
        } catch {
            throw GitHubError.cancelled
        }
        defer { release() }
        if let error = blockingError(resource) { throw error }
        do {
            let result = try await operation()
            secondaryRepeats = 0
            return result
        } catch is CancellationError {
            throw GitHubError.cancelled
        } catch let error as GitHubError {
            if error == .cancelled || Task.isCancelled { throw GitHubError.cancelled }
            let now = clock.now()
            if case let .wait(delay, reason, true) = policy.decision(after: error, retries: 0, secondaryRepeats: secondaryRepeats, now: now) {
                block(resource, Wait(reason: reason, until: now.addingTimeInterval(delay.seconds)))
            }
            throw error
        }
    }

    /// Runs a write in turn. A transient failure is retried as the policy says (a write is
    /// idempotent), but no rate limit is waited out: one that holds `resource` back, or writes
    /// (a secondary limit a write met), fails it at once without sending; one it meets is noted
    /// and thrown. A secondary limit met by a write holds back the writes only, so reading goes on.
    ///
    /// `isWrite` false runs a read someone waits for the same way (the state a key asks about
    /// before a write): it fails at once under a limit but is not held back by the writes' own.
    func performWrite<T: Sendable>(resource: String, isWrite: Bool = true, _ operation: @Sendable () async throws -> T) async throws -> T {
        let also = isWrite ? Self.writes : nil
        if let error = blockingError(resource, also: also) { throw error }
        do {
            try await acquire()
        } catch {
            throw GitHubError.cancelled
        }
        defer { release() }
        if let error = blockingError(resource, also: also) { throw error }
        var retries = 0
        // An attempt that may have reached GitHub (a timeout, a 5xx): if a later one cannot
        // reach it at all, that is thrown rather than the later error, which would say that
        // nothing was sent.
        var reached: GitHubError?
        while true {
            do {
                return try await operation()
            } catch is CancellationError {
                throw GitHubError.cancelled
            } catch let error as GitHubError {
                if error == .cancelled || Task.isCancelled { throw GitHubError.cancelled }
                if !error.neverSent { reached = error }
                let now = clock.now()
                switch policy.decision(after: error, retries: retries, secondaryRepeats: 0, now: now) {
                case .fail:
                    throw error.neverSent ? reached ?? error : error
                case let .wait(delay, reason, blocksAll):
                    let wait = Wait(reason: reason, until: now.addingTimeInterval(delay.seconds))
                    guard !blocksAll else {
                        if case .secondaryRateLimit = reason, isWrite { blocks[Self.writes] = wait } else { block(resource, wait) }
                        throw error
                    }
                    retries += 1
                    try await pause(delay, wait)
                }
            }
        }
    }

    /// What holds back writes alone: a secondary limit a write met.
    static let writes = "writes"

    /// The error a background request (or a write) gets while a limit holds `resource` (or
    /// `also`) back, or nil.
    private func blockingError(_ resource: String, also other: String? = nil) -> GitHubError? {
        let now = clock.now()
        for scope in [Self.everything, resource] + (other.map { [$0] } ?? []) {
            guard let block = blocks[scope], block.until > now else { continue }
            switch block.reason {
            case .rateLimit(let authenticated):
                return .rateLimited(reset: block.until, limit: nil, authenticated: authenticated)
            case .secondaryRateLimit:
                return .secondaryRateLimit(retryAfter: block.secondsLeft(at: now), message: "")
            case .retry(_, _, let error):
                return error
            }
        }
        return nil
    }

    /// How a turn ended: with the result, or with a rate limit to wait out without the turn.
    private enum Attempt<T> {
        case done(T)
        case limited
    }

    /// Runs `operation` in the turn, through the retries of transient failures (the turn held
    /// while they wait); a rate limit is noted as a block of its scope and ends the turn.
    private func attempt<T: Sendable>(_ operation: @Sendable () async throws -> T, resource: String,
                                      retries: inout Int) async throws -> Attempt<T> {
        while true {
            do {
                let result = try await operation()
                secondaryRepeats = 0
                return .done(result)
            } catch is CancellationError {
                throw GitHubError.cancelled
            } catch let error as GitHubError {
                if error == .cancelled || Task.isCancelled { throw GitHubError.cancelled }
                let now = clock.now()
                switch policy.decision(after: error, retries: retries, secondaryRepeats: secondaryRepeats, now: now) {
                case .fail:
                    throw error
                case let .wait(delay, reason, blocksAll):
                    if case .retry = reason { retries += 1 }
                    if case .secondaryRateLimit = reason { secondaryRepeats += 1 }
                    let wait = Wait(reason: reason, until: now.addingTimeInterval(delay.seconds))
                    guard blocksAll else {
                        try await pause(delay, wait)
                        continue
                    }
                    block(resource, wait)
                    return .limited
                }
            }
        }
    }

    /// Holds back `resource` (everything, for a secondary limit) until `wait` ends, unless a
    /// longer wait holds it already.
    private func block(_ resource: String, _ wait: Wait) {
        let scope = if case .secondaryRateLimit = wait.reason { Self.everything } else { resource }
        if blocks[scope].map({ $0.until < wait.until }) ?? true { blocks[scope] = wait }
    }

    private func isBlocked(_ resource: String) -> Bool {
        let now = clock.now()
        return [resource, Self.everything].contains { blocks[$0].map { $0.until > now } ?? false }
    }

    /// Waits out the limits that hold back `resource`.
    private func waitForBlocks(_ resource: String) async throws {
        for scope in [Self.everything, resource] {
            guard let block = blocks[scope] else { continue }
            let left = block.until.timeIntervalSince(clock.now())
            if left > 0 { try await pause(.seconds(left), block) }
            if blocks[scope] == block { blocks[scope] = nil }
        }
    }

    private func pause(_ delay: Duration, _ wait: Wait) async throws {
        onWait?(wait)
        defer { onWait?(nil) }
        do {
            try await clock.sleep(for: delay)
        } catch {
            throw GitHubError.cancelled
        }
    }

    // MARK: - The turn

    private func acquire(_ lane: Lane = .foreground) async throws {
        if !busy {
            busy = true
            return
        }
        let id = nextWaiter
        nextWaiter &+= 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters.append((id, lane, continuation))
                }
            }
        } onCancel: {
            Task { await self.dropWaiter(id) }
        }
    }

    /// Requests waiting for the turn (for tests).
    var waitingCount: Int { waiters.count }

    private func dropWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    private func release() {
        // The turn passes straight to the next waiter, a foreground one first; `busy` stays set.
        if let index = waiters.firstIndex(where: { $0.lane == .foreground }) ?? waiters.indices.first {
            waiters.remove(at: index).continuation.resume()
        } else {
            busy = false
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
