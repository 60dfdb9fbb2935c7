import FakeGitHub
import Foundation
import GitHubAPI
import GRDB
@testable import PageCache
import Testing

/// A fake GitHub that answers GraphQL, started and stopped around `body`.
@discardableResult
private func withGraphQLServer<T>(_ body: (FakeGitHub, URL) async throws -> T) async throws -> T {
    let server = FakeGitHub(data: FakeDataSet(userCount: 300, seed: 2))
    let base = try await server.start()
    let result: Result<T, any Error>
    do { result = .success(try await body(server, base)) } catch { result = .failure(error) }
    await server.stop()
    return try result.get()
}

/// A client with a token, storing in `cache`, with no retries (an unreachable fake fails at once).
private func client(_ base: URL, _ cache: PageCache, token: String = "t0ken", maxAge: TimeInterval? = nil) -> GitHubClient {
    GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: token, timeout: 30),
                 store: cache.store(identity: CacheIdentity(token: token)), maxAge: maxAge, retryPolicy: .none)
}

private func graphQLPosts(_ server: FakeGitHub) async -> Int {
    await server.requestLog().filter { $0.path.hasSuffix("/graphql") }.count
}

@Suite("Row fills in the disk cache: a table per token, kept an hour, shown offline")
struct CachedFillTests {
    @Test("another run fills the same accounts from the file without asking; with --max-age 0, or another token, GitHub is asked")
    func keptBetweenRuns() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        try await withGraphQLServer { server, base in
            let logins = Array(server.data.users.prefix(6).map(\.login))
            let openedFirst = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })
            let first = try #require(openedFirst)
            let asked = try await client(base, first).fillAccounts(logins)
            #expect(asked.fills.count == 6 && asked.unreached.isEmpty && asked.offlineSince == nil)
            #expect(await graphQLPosts(server) == 1)
            #expect(try first.info().fills == 6)

            // Another process on the same file: the names come from it, no POST.
            let openedSecond = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })
            let second = try #require(openedSecond)
            let kept = try await client(base, second).fillAccounts(logins.reversed())
            #expect(kept.fills == asked.fills)
            #expect(await graphQLPosts(server) == 1, "fresh fills are not asked again")

            // One more account: one request, for it (the six come from the file).
            let more = server.data.users[6].login
            let mixed = try await client(base, second).fillAccounts(logins + [more])
            #expect(mixed.fills.count == 7 && mixed.fills.filter { $0.key != more.lowercased() } == asked.fills)
            #expect(await graphQLPosts(server) == 2)

            // --max-age 0: every one asked again; another token sees none of the first one's.
            _ = try await client(base, second, maxAge: 0).fillAccounts(logins)
            _ = try await client(base, second, token: "other").fillAccounts(logins)
            #expect(await graphQLPosts(server) == 4)
            #expect(try second.info().fills == 13)
        }
    }

    @Test("offline: the stored fills are answered however old, the others left to ask later; with none stored, the error")
    func offline() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let openedCache = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })
        let cache = try #require(openedCache)
        let server = FakeGitHub(data: FakeDataSet(userCount: 300, seed: 2))
        let base = try await server.start()
        let logins = Array(server.data.users.prefix(5).map(\.login))
        let asked = try await client(base, cache).fillAccounts(Array(logins.prefix(3)))
        await server.stop()

        // Stale (max-age 0) and GitHub gone: the three stored, the two never filled to ask later.
        let offline = try await client(base, cache, maxAge: 0).fillAccounts(logins)
        #expect(offline.fills == asked.fills)
        #expect(offline.unreached == Array(logins.suffix(2)))
        #expect(offline.offlineSince != nil)
        await #expect(throws: GitHubError.self) {
            try await client(base, cache).fillAccounts(Array(logins.suffix(2)))
        }
    }

    @Test("fills count in the size bound: evicted with the responses, least recently used first; clear empties them")
    func bounded() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let openedCache = PageCache.open(path: temp.path, sizeLimit: 100_000, onWarning: { Issue.record("\($0)") })
        let cache = try #require(openedCache)
        let store = tickingStore(cache, token: "t0ken")
        func summed() throws -> Int {
            try cache.pool.read { db in
                try Int.fetchOne(db, sql: "SELECT (SELECT coalesce(sum(size), 0) FROM entry) + (SELECT coalesce(sum(size), 0) FROM fill)") ?? 0
            }
        }
        let bio = String(repeating: "b", count: 900)
        func fills(_ range: Range<Int>) -> [String: AccountFill] {
            Dictionary(uniqueKeysWithValues: range.map { ("User\($0)", AccountFill(login: "user\($0)", name: "N\($0)", bio: bio)) })
        }
        await store.save(response("https://api.github.com/users?since=0", bytes: 20_000))
        await store.saveFills(fills(0..<50), at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(try cache.info().fills == 50)
        #expect(try cache.info().responseBytes == summed())
        // Reading the first ten makes them recent; past the limit the page (older) and the
        // other fills of that time go first.
        #expect(await store.fills(for: (0..<10).map { "USER\($0)" }).count == 10)
        await store.saveFills(fills(50..<100), at: Date(timeIntervalSince1970: 1_800_000_100))
        let info = try cache.info()
        #expect(info.responseBytes == (try summed()) && info.responseBytes <= 100_000, "\(info.responseBytes)")
        #expect(info.pages == 0, "the page was the least recently used")
        #expect(await store.fills(for: (0..<10).map { "user\($0)" }).count == 10, "the ten read last are kept")
        #expect(await store.fills(for: ["user99"])["user99"]?.fill.name == "N99")
        try cache.clear()
        #expect(try cache.info().fills == 0 && (try summed()) == 0 && (try cache.info().responseBytes) == 0)
    }
}
