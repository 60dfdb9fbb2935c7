import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import PageCache
import Testing

/// Starts a fake GitHub with `users` users, runs `body` with it and its base URL, and stops it
/// before returning, whether `body` returned or threw (a `defer` cannot await).
@discardableResult
private func withFakeGitHub<T>(users: Int, _ body: (FakeGitHub, URL) async throws -> T) async throws -> T {
    let server = FakeGitHub(data: FakeDataSet(userCount: users, seed: 2))
    let base = try await server.start()
    let result: Result<T, any Error>
    do { result = .success(try await body(server, base)) } catch { result = .failure(error) }
    await server.stop()
    return try result.get()
}

@Suite("The client through the disk cache, against a fake GitHub")
struct CachedClientTests {
    @Test("the client through the disk cache: a new client shows the stored page at once, then a 304 keeps it")
    func clientRevalidation() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        try await withFakeGitHub(users: 500) { server, base in
            func client() throws -> GitHubClient {
                let openedCache = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })
                let cache = try #require(openedCache)
                return GitHubClient(configuration: GitHubConfiguration(baseURL: base), store: cache.store(identity: CacheIdentity(token: nil)),
                                    retryPolicy: .none)
            }
            let first = try await UserList.all(since: 0).load(client: try client(), at: .since(0), pageSize: 50, policy: .preferCache)
            #expect(first.origin == .network)
            // Another process: the page is there at once (and fresh: no request at all).
            let second = try client()
            let cached = try await UserList.all(since: 0).load(client: second, at: .since(0), pageSize: 50, policy: .preferCache)
            guard case .cache(_, fresh: true) = cached.origin else {
                Issue.record("expected a fresh cached page, got \(cached.origin)")
                return
            }
            #expect(cached.page.items == first.page.items)
            #expect(await server.requestLog().count == 1)
            let revalidated = try await UserList.all(since: 0).load(client: second, at: .since(0), pageSize: 50, policy: .revalidate)
            #expect(revalidated.origin == .revalidated && revalidated.page.items == first.page.items)
            let log = await server.requestLog()
            #expect(log.map(\.status) == [200, 304] && log[1].ifNoneMatch != nil)
            // Details are stored too.
            _ = try await second.userDetails(login: "octocat", policy: .normal)
            let details = try await (try client()).userDetails(login: "octocat", policy: .preferCache)
            #expect(details.details.login == "octocat")
            #expect(await server.requestLog().count == 3)
        }
    }

    @Test("a stored body that no longer decodes is forgotten and fetched again")
    func damagedEntry() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        try await withFakeGitHub(users: 100) { _, base in
            let openedCache = PageCache.open(path: temp.path, onWarning: { _ in })
            let cache = try #require(openedCache)
            let store = cache.store(identity: CacheIdentity(token: nil))
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base), store: store, retryPolicy: .none)
            let url = try client.configuration.url("/users", query: [("since", "0"), ("per_page", "10")]).absoluteString
            await store.save(StoredResponse(url: url, etag: nil, body: Data("[{\"broken".utf8), links: [:], fetchedAt: Date(), maxAge: 60))
            let page = try await UserList.all(since: 0).load(client: client, at: .since(0), pageSize: 10, policy: .preferCache)
            #expect(page.origin == .network && page.page.items.count == 10)
        }
    }
}
