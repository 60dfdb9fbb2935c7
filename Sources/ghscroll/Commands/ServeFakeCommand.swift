import ArgumentParser
import FakeGitHub
import Foundation

/// `ghscroll serve-fake`: runs the fake GitHub on loopback until interrupted.
struct ServeFakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-fake",
        abstract: "Serve a fake GitHub API on 127.0.0.1 (prints its base URL, runs until Ctrl-c).")

    @Option(help: "Port (0 picks a free one).") var port: UInt16 = 0
    @Option(help: "Number of users.") var users: Int = 100_000
    @Option(help: "Data seed.") var seed: UInt64 = 1
    @Option(name: .customLong("latency-ms"), help: "Latency per response in ms, N or MIN-MAX.") var latency: String = "0"
    @Option(name: .customLong("failure-rate"), help: "Share of requests answered with a 5xx (0-1).") var failureRate: Double = 0
    @Option(name: .customLong("truncate-rate"), help: "Share of bodies cut short (0-1).") var truncateRate: Double = 0
    @Option(name: .customLong("overlap"), help: "Items each page repeats from the page before.") var overlap: Int = 0
    @Option(name: .customLong("secondary-every"), help: "Send a secondary rate limit every N requests.") var secondaryEvery: Int?
    @Option(name: .customLong("rate-limit"), help: "Requests allowed per window before a primary rate limit.") var rateLimit: Int?
    @Option(name: .customLong("rate-window"), help: "Rate-limit window in seconds.") var rateWindow: Int = 3_600
    @Option(name: .customLong("viewer"), help: "The login GraphQL treats as the token's owner (follows you, you follow).")
    var viewer: String?
    @Option(name: .customLong("token-scopes"), help: "The token's scopes, comma-separated (without read:org, GraphQL refuses member counts).")
    var tokenScopes: String?
    @Option(name: .customLong("graphql-limit"), help: "GraphQL points allowed per window before RATE_LIMITED.")
    var graphqlLimit: Int?
    @Flag(name: .customLong("standard-tokens"),
          help: "Know the tokens gho_default (gh's login scopes), gho_follow (and user:follow), github_pat_starring (fine-grained) and ghs_actions, all of --viewer.")
    var standardTokens = false
    @Option(name: .customLong("write-limit-every"), help: "Send a secondary limit for content creation every N follows and stars.")
    var writeLimitEvery: Int?
    @Option(name: .customLong("list-size"), help: "Fix a list's size, e.g. followers:octocat=250 (repeatable).")
    var listSizes: [String] = []

    func validate() throws {
        guard (0...1).contains(failureRate), (0...1).contains(truncateRate) else {
            throw ValidationError("rates are between 0 and 1")
        }
        guard users >= 1 else { throw ValidationError("--users must be 1 or more") }
        guard !standardTokens || viewer != nil else { throw ValidationError("--standard-tokens needs --viewer LOGIN") }
        _ = try latencyRange()
        _ = try parsedListSizes()
    }

    func latencyRange() throws -> ClosedRange<Int> {
        let parts = latency.split(separator: "-").map { Int($0) }
        switch parts.count {
        case 1: if let value = parts[0], value >= 0 { return value...value }
        case 2: if let low = parts[0], let high = parts[1], low >= 0, high >= low { return low...high }
        default: break
        }
        throw ValidationError("--latency-ms takes N or MIN-MAX, got '\(latency)'")
    }

    func parsedListSizes() throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        for entry in listSizes {
            let parts = entry.split(separator: "=")
            guard parts.count == 2, let size = Int(parts[1]), size >= 0 else {
                throw ValidationError("--list-size takes KIND:NAME=N, got '\(entry)'")
            }
            sizes[parts[0].lowercased()] = size
        }
        return sizes
    }

    func run() async throws {
        var options = FakeGitHubOptions()
        options.latencyMilliseconds = try latencyRange()
        options.failureRate = failureRate
        options.truncationRate = truncateRate
        options.pageOverlap = max(0, overlap)
        options.secondaryLimitEvery = secondaryEvery
        options.primaryLimit = rateLimit
        options.rateLimitWindowSeconds = rateWindow
        options.viewer = viewer
        options.tokenScopes = tokenScopes.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        options.graphqlPointLimit = graphqlLimit
        if standardTokens, let viewer { options.tokens = FakeToken.standard(viewer: viewer) }
        options.writeLimitEvery = writeLimitEvery
        let server = FakeGitHub(data: FakeDataSet(userCount: users, seed: seed, listSizes: try parsedListSizes()),
                                options: options, port: port)
        let base = try await server.start()
        FileHandle.standardOutput.write(Data((base.absoluteString + "\n").utf8))
        Signals.install()
        while Signals.pending == 0 {
            try? await Task.sleep(for: .milliseconds(100))
        }
        await server.stop()
    }
}
