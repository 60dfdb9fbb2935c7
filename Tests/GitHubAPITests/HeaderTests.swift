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
        let otherBase = try await other.start()
        var options = FakeGitHubOptions()
        options.linkBaseURL = otherBase.absoluteString
        let home = FakeGitHub(data: data, options: options)
        let homeBase = try await home.start()
        defer { Task { await home.stop(); await other.stop() } }

        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: homeBase, token: "secret-token"))
        let source = UserList.followers("octocat").source(client: client)
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

    @Test("without a token no Authorization header is sent")
    func noToken() async throws {
        let fixture = try await Fixture.start()
        defer { Task { await fixture.stop() } }
        _ = try await drain(UserList.followers("octocat").source(client: fixture.client), pageSize: 100)
        #expect(await fixture.server.requestLog().allSatisfy { !$0.hadAuthorization })
    }

    @Test("a second fetch of a page sends If-None-Match; the 304 is served from the stored page")
    func conditional() async throws {
        let fixture = try await Fixture.start(users: 300)
        defer { Task { await fixture.stop() } }
        let source = AllUsersSource(client: fixture.client)
        let first = try await source.loadPage(at: source.firstCursor, pageSize: 50)
        let again = try await source.loadPage(at: source.firstCursor, pageSize: 50)
        #expect(again.items == first.items)
        #expect(again.next == first.next)
        let log = await fixture.server.requestLog()
        #expect(log.map(\.status) == [200, 304])
        #expect(log[0].ifNoneMatch == nil)
        #expect(log[1].ifNoneMatch?.hasPrefix("W/\"") == true)
        let limits = fixture.seenRateLimits
        #expect(limits.map(\.remaining) == [4_999, 4_999], "a 304 costs no rate limit")
        #expect(fixture.responses.items.withLock { $0.map(\.fromCache) } == [false, true])
    }
}
