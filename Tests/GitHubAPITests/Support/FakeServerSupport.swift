import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Synchronization
import Testing

// MARK: - Servers that stop before the test returns

/// Starts `server`, runs `body` with its base URL, and stops the server before returning,
/// whether `body` returned or threw (a `defer` cannot await, and a task it starts may never run).
@discardableResult
func withServer<T>(_ server: FakeGitHub, _ body: (URL) async throws -> T) async throws -> T {
    let base = try await server.start()
    let result: Result<T, any Error>
    do { result = .success(try await body(base)) } catch { result = .failure(error) }
    await server.stop()
    return try result.get()
}

/// Starts a fake GitHub on an ephemeral loopback port, runs `body` with a client pointed at it,
/// and stops the server before returning (see ``withServer(_:_:)``).
@discardableResult
func withFixture<T>(users: Int = 2_000, listSizes: [String: Int] = [:], token: String? = nil,
                    timeout: TimeInterval = 10, options: FakeGitHubOptions = FakeGitHubOptions(),
                    pathPrefix: String = "", _ body: (Fixture) async throws -> T) async throws -> T {
    let server = FakeGitHub(data: FakeDataSet(userCount: users, seed: 7, listSizes: listSizes),
                            options: options, pathPrefix: pathPrefix)
    return try await withServer(server) { base in
        try await body(Fixture(server: server, base: base, token: token, timeout: timeout))
    }
}

// MARK: - Fixture

/// A fake GitHub that is running, and a client pointed at it.
struct Fixture {
    let server: FakeGitHub
    let client: GitHubClient
    let responses: ResponseRecorder

    /// Without retries by default, so that each test sees the failure it provokes.
    init(server: FakeGitHub, base: URL, token: String?, timeout: TimeInterval, retryPolicy: RetryPolicy = .none) {
        self.server = server
        let responses = ResponseRecorder()
        self.responses = responses
        client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: token, timeout: timeout),
                              retryPolicy: retryPolicy) { info in
            responses.items.withLock { $0.append(info) }
        }
    }

    var seenRateLimits: [RateLimit] { responses.items.withLock { $0.compactMap(\.rateLimit) } }
}

// MARK: - Helpers

/// Every response the client reported.
final class ResponseRecorder: Sendable {
    let items = Mutex<[ResponseInfo]>([])
}

/// Loads every page of a source, following next cursors; fails the test on a loop.
func drain<Source: PageSource>(_ source: Source, pageSize: Int, maxPages: Int = 500) async throws -> (items: [Source.Item], pages: [Page<Source.Item, Source.Cursor>]) {
    var cursor: Source.Cursor? = source.firstCursor
    var items: [Source.Item] = []
    var pages: [Page<Source.Item, Source.Cursor>] = []
    var seen = Set<Source.Cursor>()
    while let current = cursor {
        guard seen.insert(current).inserted, pages.count < maxPages else {
            Issue.record("cursor loop at \(current)")
            break
        }
        let page = try await source.loadPage(at: current, pageSize: pageSize)
        pages.append(page)
        items += page.items
        cursor = page.next
    }
    return (items, pages)
}

extension FakeUser {
    var pair: String { "\(id):\(login)" }
}

extension GitHubUser {
    var pair: String { "\(id):\(login)" }
}
