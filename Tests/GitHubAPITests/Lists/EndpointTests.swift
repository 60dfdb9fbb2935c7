import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Testing

@Suite("Endpoints against the fake server")
struct EndpointTests {
    @Test("GET /users pages by since id to the end and yields exactly the server's users in order")
    func allUsers() async throws {
        try await withFixture(users: 1_234) { fixture in
            let (items, pages) = try await drain(AllUsersSource(client: fixture.client), pageSize: 100)
            #expect(items.map(\.pair) == fixture.server.data.users.map(\.pair))
            #expect(pages.count == 14, "13 full-ish pages and the empty page that ends the list")
            let log = await fixture.server.requestLog()
            #expect(log.first?.target == "/users?since=0&per_page=100")
            #expect(log.allSatisfy { $0.headers["accept"] == "application/vnd.github+json" })
            #expect(log.allSatisfy { $0.headers["x-github-api-version"] == "2022-11-28" })
            #expect(log.allSatisfy { ($0.userAgent ?? "").hasPrefix("ghscroll/") })
            #expect(log.allSatisfy { !$0.hadAuthorization })
        }
    }

    @Test("a since id starts after that account")
    func since() async throws {
        try await withFixture(users: 300) { fixture in
            let start = fixture.server.data.users[99].id
            let page = try await AllUsersSource(client: fixture.client, since: start).loadPage(at: .since(start), pageSize: 5)
            #expect(page.items.map(\.pair) == fixture.server.data.users[100..<105].map(\.pair))
            #expect(page.next == .since(fixture.server.data.users[104].id))
        }
    }

    @Test("page-numbered lists follow rel=next to the end, with the total pages from rel=last",
          arguments: [
            (UserList.followers("octocat"), "followers:octocat"),
            (UserList.following("octocat"), "following:octocat"),
            (UserList.stargazers(owner: "octocat", repo: "Hello-World"), "stargazers:octocat/hello-world"),
          ])
    func numbered(list: UserList, key: String) async throws {
        try await withFixture(listSizes: [key: 250]) { fixture in
            let (items, pages) = try await drain(list.githubSource(client: fixture.client), pageSize: 100)
            let expected = fixture.server.data.list(key, offset: 0, limit: 1_000)
            #expect(expected.count == 250)
            #expect(items.map(\.pair) == expected.map(\.pair))
            #expect(pages.map(\.items.count) == [100, 100, 50])
            #expect(pages.first?.totalPages == 3)
        }
    }

    @Test("organization members page to the end; a list that fits one page has no Link and ends at once")
    func members() async throws {
        let data = FakeDataSet(userCount: 500, seed: 7)
        let orgs = data.users.filter(\.isOrganization)
        let big = try #require(orgs.first { data.listSize("members:\($0.login.lowercased())") > 100 })
        let small = try #require(orgs.first { (1...100).contains(data.listSize("members:\($0.login.lowercased())")) })
        try await withFixture(users: 500) { fixture in

            let bigKey = "members:\(big.login.lowercased())"
            let (items, pages) = try await drain(UserList.members(big.login).githubSource(client: fixture.client), pageSize: 100)
            #expect(items.map(\.pair) == data.list(bigKey, offset: 0, limit: 10_000).map(\.pair))
            #expect(pages.count == (data.listSize(bigKey) + 99) / 100)

            await fixture.server.clearRequestLog()
            let single = try await drain(UserList.members(small.login).githubSource(client: fixture.client), pageSize: 100)
            #expect(single.pages.count == 1)
            #expect(single.items.count == data.listSize("members:\(small.login.lowercased())"))
            let log = await fixture.server.requestLog()
            #expect(log.count == 1)
        }
    }

    @Test("search: total_count is the total, and the 1,000-result cap ends the list without an error")
    func search() async throws {
        try await withFixture(users: 30_000) { fixture in
            let matches = fixture.server.data.search(terms: ["a"], type: nil)
            #expect(matches.count > 1_000)
            let (items, pages) = try await drain(UserList.search("a").githubSource(client: fixture.client), pageSize: 100)
            #expect(items.map(\.pair) == matches.prefix(1_000).map(\.pair))
            #expect(pages.first?.totalCount == matches.count)
            #expect(pages.first?.totalPages == 10)
            #expect(pages.last?.next == nil)
            let log = await fixture.server.requestLog()
            #expect(log.allSatisfy { $0.status == 200 }, "no request past the cap")

            let orgs = try await drain(UserList.search("type:org a").githubSource(client: fixture.client), pageSize: 100)
            #expect(orgs.items.allSatisfy { $0.isOrganization })
            #expect(orgs.items.count == min(1_000, fixture.server.data.search(terms: ["a"], type: true).count))
        }
    }

    @Test("an Enterprise base URL (/api/v3) works")
    func enterprise() async throws {
        try await withFixture(users: 150, pathPrefix: "/api/v3") { fixture in
            #expect(fixture.client.configuration.baseURL.path == "/api/v3")
            let (items, _) = try await drain(AllUsersSource(client: fixture.client), pageSize: 100)
            #expect(items.count == 150)
            #expect(await fixture.server.requestLog().allSatisfy { $0.path.hasPrefix("/api/v3/users") })
        }
    }

    @Test("per_page above 100 is clamped, and the rate limit of every response is reported")
    func clampAndRateLimit() async throws {
        try await withFixture(users: 500) { fixture in
            let url = try fixture.client.configuration.url("/users", query: [("per_page", "500")])
            let response = try await fixture.client.get(url, subject: "users")
            #expect(try GitHubClient.decode([GitHubUser].self, from: response.body).count == 100)
            _ = try await AllUsersSource(client: fixture.client).loadPage(at: .since(0), pageSize: 10)
            let limits = fixture.seenRateLimits
            #expect(limits.count == 2)
            #expect(limits.map(\.limit) == [5_000, 5_000])
            #expect(limits.map(\.remaining) == [4_999, 4_998])
            #expect(limits.allSatisfy { ($0.reset ?? .distantPast) > Date() })
            #expect(limits.first?.resource == "core")
        }
    }
}
