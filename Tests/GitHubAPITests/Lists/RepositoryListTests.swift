import FakeGitHub
import Foundation
@testable import GitHubAPI
import ListCore
import Testing

/// Every page of `source`, in order, from its first.
private func drainAll<Source: PageSource>(_ source: Source, pageSize: Int) async throws -> [Source.Item] {
    var items: [Source.Item] = []
    var cursor: Source.Cursor? = source.firstCursor
    var pages = 0
    while let at = cursor {
        let page = try await source.loadPage(at: at, pageSize: pageSize)
        items += page.items
        cursor = page.next
        pages += 1
        guard pages < 1_000 else { Issue.record("no end after 1,000 pages"); break }
    }
    return items
}

private let sizes = ["repos:octocat": 23, "starred:octocat": 11, "orgs:octocat": 3,
                     "contributors:octocat/hello-world": 17, "subscribers:octocat/hello-world": 9,
                     "stargazers:octocat/hello-world": 14]

@Suite("Repository lists and the people lists of a repository, paged from the fake GitHub")
struct RepositoryListTests {
    @Test("an account's repositories page to the end, most recently pushed first, as many as its profile says")
    func ownedRepositories() async throws {
        try await withFixture(users: 500, listSizes: sizes) { fixture in
            let client = fixture.client
            let repositories = try await drainAll(RepositoryList.owned("octocat", organization: false).githubSource(client: client),
                                                  pageSize: 10)
            #expect(repositories.count == 23)
            #expect(Set(repositories.map(\.id)).count == 23, "no repository twice")
            let pushed = repositories.compactMap(\.pushedAt)
            #expect(pushed.count == 23)
            #expect(pushed == pushed.sorted(by: >), "most recently pushed first")
            #expect(repositories.allSatisfy { $0.ownerAndName?.owner == "octocat" })
            let profile = try await client.userDetails(login: "octocat")
            #expect(profile.publicRepos == 23)
            let sent = try #require(await fixture.server.requestLog().first { $0.path.hasSuffix("/repos") })
            #expect(sent.path == "/users/octocat/repos")
            #expect(sent.query.contains("sort=pushed"))
        }
    }

    @Test("an organization's repositories come from /orgs, and starred ones are other people's")
    func organizationAndStarred() async throws {
        try await withFixture(users: 500, listSizes: sizes) { fixture in
            let client = fixture.client
            let organization = try #require(fixture.server.data.users.first { $0.isOrganization })
            let owned = try await drainAll(RepositoryList.owned(organization.login, organization: true)
                .githubSource(client: client), pageSize: 50)
            let profile = try await client.userDetails(login: organization.login)
            #expect(owned.count == profile.publicRepos)
            #expect(await fixture.server.requestLog().contains { $0.path.hasPrefix("/orgs/\(organization.login)/repos") })
            let starred = try await drainAll(RepositoryList.starred("octocat").githubSource(client: client), pageSize: 4)
            #expect(starred.count == 11)
            #expect(starred.allSatisfy { $0.ownerAndName?.owner != "octocat" })
        }
    }

    @Test("a user's organizations are marked as organizations, though GitHub sends them without a type")
    func organizations() async throws {
        try await withFixture(users: 500, listSizes: sizes) { fixture in
            let rows = try await drainAll(UserList.organizations("octocat").githubSource(client: fixture.client), pageSize: 2)
            #expect(rows.count == 3)
            #expect(rows.allSatisfy { $0.isOrganization })
            #expect(rows.allSatisfy { fixture.server.data.user(login: $0.login)?.isOrganization == true })
        }
    }

    @Test("GitHub's organization objects (no type) come out as organizations")
    func organizationShape() async throws {
        let body = #"[{"login":"github","id":9919,"node_id":"MDEyOk9yZ2FuaXphdGlvbjk5MTk=","description":"How people build software."}]"#
        let transport = ScriptedTransport([.json(body)])
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: try #require(URL(string: "https://api.github.com"))),
                                  retryPolicy: .none, transport: transport)
        let page = try await UserList.organizations("mona").githubSource(client: client).loadPage(at: .first, pageSize: 30)
        #expect(page.items == [GitHubUser(login: "github", id: 9919, type: "Organization")])
        #expect(transport.sent.first?.request.url?.path == "/users/mona/orgs")
    }

    @Test("contributors carry their commit counts, most first; watchers and stargazers are as many as the details say")
    func repositoryPeople() async throws {
        try await withFixture(users: 500, listSizes: sizes) { fixture in
            let client = fixture.client
            let contributors = try await drainAll(UserList.contributors(owner: "octocat", repo: "Hello-World")
                .githubSource(client: client), pageSize: 5)
            #expect(contributors.count == 17)
            #expect(contributors.allSatisfy { $0.contributions > 0 })
            #expect(contributors.map(\.contributions) == contributors.map(\.contributions).sorted(by: >))
            let watchers = try await drainAll(UserList.watchers(owner: "octocat", repo: "Hello-World")
                .githubSource(client: client), pageSize: 5)
            let stargazers = try await drainAll(UserList.stargazers(owner: "octocat", repo: "Hello-World")
                .githubSource(client: client), pageSize: 5)
            let (details, _) = try await client.repositoryDetails(owner: "octocat", repo: "Hello-World")
            #expect(watchers.count == 9)
            #expect(details.watchers == 9)
            #expect(stargazers.count == 14)
            #expect(details.stars == 14)
            #expect(watchers.allSatisfy { $0.contributions == 0 }, "only a contributors list counts commits")
        }
    }

    @Test("a contributor's count survives the row's encoding; a user row still costs 32 bytes")
    func contributionsEncoding() throws {
        let row = try JSONDecoder().decode(GitHubUser.self, from: Data(#"{"login":"a","id":1,"contributions":5000000000}"#.utf8))
        #expect(row.contributions == UInt32.max, "clamped, not wrapped")
        let again = try JSONDecoder().decode(GitHubUser.self, from: JSONEncoder().encode(row))
        #expect(again == row)
        let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(GitHubUser(login: "b", id: 2))) as? [String: Any]
        #expect(plain?["contributions"] == nil, "not written when not counted")
        #expect(MemoryLayout<GitHubUser>.stride == 32)
    }

    @Test("the lists' titles and nouns")
    func titles() {
        #expect(UserList.contributors(owner: "o", repo: "r").title == "Contributors to o/r")
        #expect(UserList.watchers(owner: "o", repo: "r").title == "Watchers of o/r")
        #expect(UserList.organizations("mona").title == "Organizations of mona")
        #expect(UserList.organizations("mona").noun == "organizations")
        #expect(RepositoryList.owned("mona", organization: false).title == "Repositories of mona")
        #expect(RepositoryList.starred("mona").title == "Starred by mona")
        #expect(RepositoryList.starred("mona").noun == "starred repositories")
    }
}
