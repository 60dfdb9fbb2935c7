import FakeGitHub
import Foundation
@testable import GitHubAPI
import ListCore
import Testing

@Suite("After a write, every list and count it changes says so (the fake), and GraphQL's flags too")
struct WriteConsistencyTests {
    @Test("a follow: their followers list and count, your following list and count, viewerIsFollowing (its stored fill asked again); an unfollow undoes all")
    func follow() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let client = fixture.client
            let login = fixture.person.login
            let theirs = try await client.userDetails(login: login, policy: .normal).details
            let mine = try await client.userDetails(login: GitHubConfiguration.me, policy: .revalidate).details
            #expect(mine.login == "octocat" && theirs.followers == 3 && mine.following == 4)
            #expect(try await client.fillAccounts([login]).fills[login]?.viewerFollows == false)

            try await client.follow(login)
            // The stored answer was fresh and is now wrong: the write made it stale, so it is asked again.
            #expect(try await client.userDetails(login: login, policy: .normal).details.followers == 4)
            await client.expire(try client.apiURL("/users/\(login)"))
            #expect(try await client.userDetails(login: login, policy: .normal).details.followers == 4)
            #expect(try await client.userDetails(login: GitHubConfiguration.me, policy: .revalidate).details.following == 5)
            let followers = try await fresh(UserList.followers(login).githubSource(client: client), pageSize: 100)
            #expect(followers.map(\.login).first == "octocat" && followers.count == 4)
            let following = try await fresh(UserList.following(GitHubConfiguration.me).githubSource(client: client), pageSize: 100)
            #expect(following.map(\.login).first == login && following.count == 5)
            let publicFollowing = try await fresh(UserList.following("octocat").githubSource(client: client), pageSize: 100)
            #expect(publicFollowing.map(\.login) == following.map(\.login))
            #expect(try await client.fillAccounts([login]).fills[login]?.viewerFollows == true)
            #expect(try await client.fillAccounts([login]).fills[login]?.followers == 4)

            // Following twice changes nothing more.
            try await client.follow(login)
            #expect(try await client.userDetails(login: login, policy: .revalidate).details.followers == 4)

            try await client.unfollow(login)
            #expect(try await client.userDetails(login: login, policy: .revalidate).details.followers == 3)
            #expect(try await client.userDetails(login: GitHubConfiguration.me, policy: .revalidate).details.following == 4)
            let after = try await fresh(UserList.followers(login).githubSource(client: client), pageSize: 100)
            #expect(!after.map(\.login).contains("octocat") && after.count == 3)
            #expect(try await client.fillAccounts([login]).fills[login]?.viewerFollows == false)
        }
    }

    @Test("an unfollow of someone followed before: gone from both lists and counts, back after a follow")
    func unfollowDerived() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let client = fixture.client
            let before = try await fresh(UserList.following(GitHubConfiguration.me).githubSource(client: client), pageSize: 2)
            let followed = try #require(before.dropFirst().first)
            #expect(try await client.isFollowing(followed.login))
            try await client.unfollow(followed.login)
            let after = try await fresh(UserList.following(GitHubConfiguration.me).githubSource(client: client), pageSize: 2)
            #expect(after.map(\.login) == before.map(\.login).filter { $0 != followed.login })
            #expect(try await client.isFollowing(followed.login) == false)
            try await client.follow(followed.login)
            let again = try await fresh(UserList.following(GitHubConfiguration.me).githubSource(client: client), pageSize: 2)
            #expect(again.map(\.login) == before.map(\.login))
        }
    }

    @Test("a star: the stargazers (dated, last), the repository's count, your starred list, viewerHasStarred; an unstar undoes all")
    func star() async throws {
        try await withWrites(token: "gho_default") { fixture in
            let client = fixture.client
            let (owner, name) = (fixture.repository.owner.login, fixture.repository.name)
            let starred = { try await fresh(RepositoryList.starred(GitHubConfiguration.me).githubSource(client: client), pageSize: 100) }
            let stargazers = { try await fresh(UserList.stargazers(owner: owner, repo: name).githubSource(client: client), pageSize: 2) }
            let before = try await starred()
            let gazers = try await stargazers()
            #expect(before.count == 3 && gazers.count == 5)
            #expect(try await Self.starFlags(client, owner, name) == StarFlags(starred: false, count: 5))

            try await client.star(owner: owner, name: name)
            #expect(try await client.repositoryDetails(owner: owner, repo: name, policy: .revalidate).details.stars == 6)
            #expect(try await starred().map(\.fullName) == ["\(owner)/\(name)"] + before.map(\.fullName))
            #expect(try await starred().first?.stars == 6)
            #expect(try await stargazers().map(\.login).last == "octocat")
            #expect(try await Self.starFlags(client, owner, name) == StarFlags(starred: true, count: 6))
            let filled = try await client.fillRepositories([(owner, name), ("octocat", "no-such-repository")])
            #expect(filled.fills == ["\(owner)/\(name)".lowercased(): RepositoryFill(fullName: "\(owner)/\(name)", stars: 6, viewerHasStarred: true)])
            #expect(filled.missing == ["octocat/no-such-repository"])
            let newest = try await client.newestStargazers(owner: owner, name: name, after: nil)
            #expect(newest.page.stars.first?.account.login == "octocat" && newest.page.totalCount == 6)

            try await client.unstar(owner: owner, name: name)
            #expect(try await client.repositoryDetails(owner: owner, repo: name, policy: .revalidate).details.stars == 5)
            #expect(try await starred().map(\.fullName) == before.map(\.fullName))
            let remaining = try await stargazers()
            #expect(remaining.count == 5 && !remaining.map(\.login).contains("octocat"))
            #expect(try await Self.starFlags(client, owner, name) == StarFlags(starred: false, count: 5))
        }
    }

    /// GraphQL's `viewerHasStarred` and `stargazerCount` of one repository.
    struct StarFlags: Equatable {
        var starred: Bool?
        var count: Int?
    }

    static func starFlags(_ client: GitHubClient, _ owner: String, _ name: String) async throws -> StarFlags {
        let query = GraphQLQuery(query: "query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) "
                                     + "{ viewerHasStarred stargazerCount } }", variables: ["owner": owner, "name": name])
        let answer = try await client.graphQL(query, as: StarPayload.self)
        return StarFlags(starred: answer.data?.starred, count: answer.data?.count)
    }

    /// `repository { viewerHasStarred stargazerCount }` as GitHub answered it.
    struct StarPayload: GraphQLPayload {
        var starred: Bool?
        var count: Int?
        var rateLimit: GraphQLRate? { nil }

        init(from decoder: any Decoder) throws {
            let data = try decoder.container(keyedBy: GraphQLKey.self)
            let repository = try? data.nestedContainer(keyedBy: GraphQLKey.self, forKey: GraphQLKey(stringValue: "repository"))
            starred = repository?.lenient(GraphQLKey(stringValue: "viewerHasStarred"))
            count = repository?.lenient(GraphQLKey(stringValue: "stargazerCount"))
        }
    }

    @Test("state per token: each token is its owner's; one's follow shows in what another reads, its own flags stay its own")
    func perToken() async throws {
        let other = "gho_other"
        let owner = FakeDataSet(userCount: 2_000, seed: 7).users[1].login
        try await withWrites(token: "gho_follow", change: {
            $0.tokens[other] = FakeToken(viewer: owner, kind: .classic(scopes: ["user"]))
        }) { fixture in
            let second = GitHubClient(configuration: GitHubConfiguration(baseURL: fixture.base, token: other, timeout: 10),
                                      retryPolicy: .none)
            let login = fixture.person.login
            try await fixture.client.follow(login)
            #expect(try await second.userDetails(login: GitHubConfiguration.me, policy: .normal).details.login == owner)
            #expect(try await second.isFollowing(login) == false)
            #expect(try await second.fillAccounts([login]).fills[login]?.viewerFollows == false)
            let followers = try await fresh(UserList.followers(login).githubSource(client: second), pageSize: 100)
            #expect(followers.first?.login == "octocat")
            #expect(try await fixture.client.fillAccounts(["octocat"]).fills["octocat"]?.isViewer == true)
            #expect(try await second.fillAccounts(["octocat"]).fills["octocat"]?.isViewer == false)
        }
    }

    @Test("@me reads the token owner's own endpoints: /user, /user/followers, /following, /starred, /repos, /orgs")
    func meEndpoints() async throws {
        try await withWrites(token: "gho_default") { fixture in
            let client = fixture.client
            let me = GitHubConfiguration.me
            #expect(try await client.userDetails(login: me, policy: .normal).details.login == "octocat")
            _ = try await UserList.followers(me).githubSource(client: client).loadPage(at: .first, pageSize: 30)
            _ = try await UserList.following(me).githubSource(client: client).loadPage(at: .first, pageSize: 30)
            _ = try await UserList.organizations(me).githubSource(client: client).loadPage(at: .first, pageSize: 30)
            _ = try await RepositoryList.starred(me).githubSource(client: client).loadPage(at: .first, pageSize: 30)
            let repos = try await RepositoryList.owned(me, organization: false).githubSource(client: client).loadPage(at: .first, pageSize: 30)
            let octocats = try await RepositoryList.owned("octocat", organization: false).githubSource(client: client)
                .loadPage(at: .first, pageSize: 30)
            #expect(repos.items.map(\.fullName) == octocats.items.map(\.fullName))
            #expect(await fixture.server.requestLog().map(\.target) == [
                "/user", "/user/followers?per_page=30&page=1", "/user/following?per_page=30&page=1",
                "/user/orgs?per_page=30&page=1", "/user/starred?per_page=30&page=1",
                "/user/repos?sort=pushed&affiliation=owner&per_page=30&page=1",
                "/users/octocat/repos?sort=pushed&per_page=30&page=1",
            ])
        }
        // Without a token, /user is GitHub's 401.
        try await withWrites(token: nil) { fixture in
            await #expect(throws: GitHubError.self) { try await fixture.client.userDetails(login: GitHubConfiguration.me, policy: .normal) }
            #expect(await fixture.server.requestLog().map(\.status) == [401])
        }
    }
}
