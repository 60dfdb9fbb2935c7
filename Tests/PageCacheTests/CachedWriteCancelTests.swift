import Foundation
import GitHubAPI
@testable import PageCache
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GitHub that accepts every write, and cancels the task that sent it as it answers; it says
/// who the token's owner (me, 7) and any other account (id 42) are.
final class CancellingGitHub: HTTPTransport {
    private let sent = Mutex<[String]>([])
    var requests: [String] { sent.withLock { $0 } }

    func load(_ request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        let method = request.httpMethod ?? "GET"
        sent.withLock { $0.append("\(method) \(url.path)") }
        let (status, body): (Int, String)
        switch (method, url.path) {
        case ("GET", "/user"): (status, body) = (200, #"{"login":"me","id":7}"#)
        case ("GET", _): (status, body) = (200, #"{"login":"l","id":42}"#)
        default:
            withUnsafeCurrentTask { $0?.cancel() }
            (status, body) = (204, "")
        }
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:]) else {
            throw URLError(.badServerResponse)
        }
        return (Data(body.utf8), response)
    }
}

@Suite("A write that landed while its caller was cancelled")
struct CachedWriteCancelTests {
    @Test("what it changed is still marked stale in the disk cache, and who 'you' are still asked")
    func cancelledAfterLanding() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let heard = Heard()
        let opened = PageCache.open(path: temp.path, onWarning: { heard.add($0) })
        let cache = try #require(opened)
        let store = cache.store(identity: CacheIdentity(token: "t"))
        let transport = CancellingGitHub()
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: try #require(URL(string: "https://api.github.com")), token: "t"),
                                  store: store, retryPolicy: .none, transport: transport)
        let urls = ["https://api.github.com/users/l/followers?per_page=30&page=1", "https://api.github.com/user/42/followers?page=2",
                    "https://api.github.com/user/7/following?page=2", "https://api.github.com/users/other/followers?page=1"]
        for url in urls { await store.save(response(url)) }
        try await Task { try await client.follow("l") }.value
        var ages: [TimeInterval?] = []
        for url in urls { ages.append(await store.response(for: url)?.maxAge) }
        #expect(ages == [0, 0, 0, 60])
        #expect(transport.requests == ["PUT /user/following/l", "GET /user", "GET /users/l"])
        #expect(heard.all.isEmpty)
    }
}
