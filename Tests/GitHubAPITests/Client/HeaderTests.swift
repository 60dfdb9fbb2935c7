import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Testing

@Suite("Credentials and conditional requests")
struct HeaderTests {
    @Test("a Link to another host is not followed, and the token never goes to another host")
    func tokenStaysHome() async throws {
        // Server B on another loopback address serves the same data; A's links point at B.
        let data = FakeDataSet(userCount: 500, seed: 7, listSizes: ["followers:octocat": 250])
        let other = FakeGitHub(data: data, host: "127.0.0.2")
        try await withServer(other) { otherBase in
            var options = FakeGitHubOptions()
            options.linkBaseURL = otherBase.absoluteString
            let home = FakeGitHub(data: data, options: options)
            try await withServer(home) { homeBase in
                let client = GitHubClient(configuration: GitHubConfiguration(baseURL: homeBase, token: "secret-token"))
                let source = UserList.followers("octocat").githubSource(client: client)
                await #expect(throws: GitHubError.unusableLink(reason: "it points to another host (127.0.0.2)")) {
                    _ = try await source.loadPage(at: source.firstCursor, pageSize: 100)
                }
                #expect(await other.requestLog().isEmpty, "the paging never went to the other host")
                let homeLog = await home.requestLog()
                #expect(homeLog.count == 1)
                #expect(homeLog.first?.authorization == "Bearer secret-token")

                // Asked outright for a URL on the other host, the client leaves the token out.
                _ = try await client.get(otherBase.appendingPathComponent("users"), subject: "users")
                let otherLog = await other.requestLog()
                #expect(otherLog.count == 1)
                #expect(otherLog.allSatisfy { !$0.hadAuthorization })
            }
        }
    }

    @Test("without a token no Authorization header is sent")
    func noToken() async throws {
        try await withFixture { fixture in
            _ = try await drain(UserList.followers("octocat").githubSource(client: fixture.client), pageSize: 100)
            #expect(await fixture.server.requestLog().allSatisfy { !$0.hadAuthorization })
        }
    }

    @Test("revalidating a page sends If-None-Match; the 304 is served from the stored page and costs no rate limit")
    func conditional() async throws {
        try await withFixture(users: 300) { fixture in
            let source = AllUsersSource(client: fixture.client)
            let first = try await source.load(at: source.firstCursor, pageSize: 50, policy: .normal)
            let again = try await source.load(at: source.firstCursor, pageSize: 50, policy: .revalidate)
            #expect(first.origin == .network && again.origin == .revalidated)
            #expect(again.page.items == first.page.items)
            #expect(again.page.next == first.page.next)
            let log = await fixture.server.requestLog()
            #expect(log.map(\.status) == [200, 304])
            #expect(log[0].ifNoneMatch == nil)
            #expect(log[1].ifNoneMatch?.hasPrefix("W/\"") == true)
            let limits = fixture.seenRateLimits
            #expect(limits.map(\.remaining) == [4_999, 4_999], "a 304 costs no rate limit")
            #expect(fixture.responses.items.withLock { $0.map(\.fromCache) } == [false, true])
        }
    }

    @Test("within max-age a page is served from the store without a request; preferCache serves it when stale too")
    func freshness() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 300, seed: 7))
        try await withServer(server) { base in
            let clock = ScriptedClock()
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base), retryPolicy: .none, clock: clock)
            let source = AllUsersSource(client: client)
            _ = try await source.load(at: source.firstCursor, pageSize: 50, policy: .normal)
            await clock.advance(by: 30)
            let fresh = try await source.load(at: source.firstCursor, pageSize: 50, policy: .normal)
            #expect(fresh.origin == .cache(fetchedAt: clock.start, fresh: true))
            #expect(await server.requestLog().count == 1, "the fake's max-age is 60 s: no request")
            await clock.advance(by: 60)
            let stale = try await source.load(at: source.firstCursor, pageSize: 50, policy: .preferCache)
            #expect(stale.origin == .cache(fetchedAt: clock.start, fresh: false))
            #expect(await server.requestLog().count == 1)
            let revalidated = try await source.load(at: source.firstCursor, pageSize: 50, policy: .normal)
            #expect(revalidated.origin == .revalidated, "stale: a conditional request")
            #expect(await server.requestLog().map(\.status) == [200, 304])
        }
    }

    @Test("GitHub unreachable: a stored page is served, marked offline; with nothing stored the error stands")
    func offline() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 300, seed: 7))
        let (source, first, fetched) = try await withServer(server) { base in
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, timeout: 10), retryPolicy: .none)
            let source = AllUsersSource(client: client)
            let first = try await source.load(at: source.firstCursor, pageSize: 50, policy: .normal)
            return (source, first, try #require(first.origin == .network ? Date() : nil))
        }
        // The server is stopped: GitHub is unreachable.
        let offline = try await source.load(at: source.firstCursor, pageSize: 50, policy: .revalidate)
        guard case .offline(let at) = offline.origin else {
            Issue.record("expected an offline page, got \(offline.origin)")
            return
        }
        #expect(abs(at.timeIntervalSince(fetched)) < 5)
        #expect(offline.page.items == first.page.items)
        await #expect(throws: GitHubError.self) {
            _ = try await source.load(at: .since(10_000), pageSize: 50, policy: .normal)
        }
    }
}
