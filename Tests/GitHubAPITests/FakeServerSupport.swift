import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Synchronization
import Testing

/// A freshly started fake GitHub on an ephemeral loopback port, and a client pointed at it.
struct Fixture {
    let server: FakeGitHub
    let client: GitHubClient
    let responses: ResponseRecorder

    static func start(users: Int = 2_000, listSizes: [String: Int] = [:], token: String? = nil,
                      timeout: TimeInterval = 10, options: FakeGitHubOptions = FakeGitHubOptions(),
                      pathPrefix: String = "", retryPolicy: RetryPolicy = .none) async throws -> Fixture {
        let server = FakeGitHub(data: FakeDataSet(userCount: users, seed: 7, listSizes: listSizes),
                                options: options, pathPrefix: pathPrefix)
        let base = try await server.start()
        return Fixture(server: server, base: base, token: token, timeout: timeout, retryPolicy: retryPolicy)
    }

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

    func stop() async { await server.stop() }

    var seenRateLimits: [RateLimit] { responses.items.withLock { $0.compactMap(\.rateLimit) } }
}

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
