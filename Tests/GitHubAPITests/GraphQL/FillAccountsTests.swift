import FakeGitHub
import Foundation
@testable import GitHubAPI
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client with the product's own retry policy: a fill must not retry even so.
private func retryingClient(_ base: URL, token: String? = "t0ken", recorder: ResponseRecorder = ResponseRecorder()) -> GitHubClient {
    GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: token, timeout: 10)) { info in
        recorder.items.withLock { $0.append(info) }
    }
}

/// Some users and some organizations of the fake's data, by login.
private func sample(_ server: FakeGitHub, users: Int, organizations: Int) -> [String] {
    let people = server.data.users.filter { !$0.isOrganization }.prefix(users)
    let orgs = server.data.users.filter(\.isOrganization).prefix(organizations)
    return (people + orgs).map(\.login)
}

@Suite("Row fills over GraphQL, against the fake GitHub")
struct FillAccountsTests {
    @Test("names, bios, places and counts are the ones the REST details give")
    func sameAsRest() async throws {
        try await withFixture(users: 600, token: "t0ken") { fixture in
            let logins = sample(fixture.server, users: 12, organizations: 3)
            let answer = try await fixture.client.fillAccounts(logins)
            #expect(answer.missing == [])
            #expect(answer.fills.count == 15)
            for login in logins {
                let details = try await fixture.client.userDetails(login: login)
                let fill = try #require(answer.fills[login.lowercased()])
                #expect(fill.login == details.login)
                #expect(fill.isOrganization == (details.type == "Organization"))
                #expect(fill.name == details.name)
                #expect(fill.bio == details.bio)
                #expect(fill.location == details.location)
                #expect(fill.company == (fill.isOrganization ? nil : details.company))
                #expect(fill.followers == (fill.isOrganization ? nil : details.followers))
                #expect(fill.htmlURL == details.htmlURL)
                #expect(fill.id == details.id)
            }
            let octocat = try #require(answer.fills["octocat"])
            #expect(octocat.name == "The Octocat" && octocat.location == "San Francisco")
            #expect(octocat.bio == "Mona's friend.\nLikes forks, stars and pull requests.", "texts go through as sent")
            let posts = await fixture.server.requestLog().filter { $0.path == "/graphql" }
            #expect(posts.count == 1, "one POST for the page")
            #expect(posts.first?.method == "POST")
            #expect(posts.first?.headers["content-type"] == "application/json")
            #expect(posts.first?.authorization == "Bearer t0ken")
        }
    }

    @Test("the viewer: you, who follows you and whom you follow, from the fake's lists")
    func viewerMarks() async throws {
        var options = FakeGitHubOptions()
        options.viewer = "octocat"
        try await withFixture(users: 400, listSizes: ["followers:octocat": 30, "following:octocat": 20], token: "t",
                              options: options) { fixture in
            let data = fixture.server.data
            let followers = data.list("followers:octocat", offset: 0, limit: 30).map(\.login)
            let following = data.list("following:octocat", offset: 0, limit: 20).map(\.login)
            let logins = ["octocat"] + followers.prefix(10) + following.prefix(10)
            let answer = try await fixture.client.fillAccounts(logins)
            #expect(answer.fills["octocat"]?.isViewer == true)
            #expect(answer.fills.values.filter(\.isViewer).map(\.login) == ["octocat"])
            for login in logins {
                let fill = try #require(answer.fills[login.lowercased()])
                #expect(fill.followsViewer == (followers.contains(login) && !fill.isOrganization), "\(login)")
                #expect(fill.viewerFollows == following.contains(login), "\(login)")
            }
        }
    }

    @Test("one login GitHub does not know: the others are filled, it is missing")
    func partialAnswer() async throws {
        try await withFixture(users: 300, token: "t") { fixture in
            let logins = sample(fixture.server, users: 3, organizations: 0)
            let answer = try await fixture.client.fillAccounts([logins[0], "no-such-account-here", logins[1], logins[2]])
            #expect(answer.missing == ["no-such-account-here"])
            #expect(Set(answer.fills.keys) == Set(logins.map { $0.lowercased() }))
            #expect(answer.rate?.cost == 1)
        }
    }

    @Test("a bad token is a 401, thrown; without a token nothing is sent")
    func unauthorized() async throws {
        var options = FakeGitHubOptions()
        options.acceptedTokens = ["good"]
        try await withFixture(users: 100, token: "bad", options: options) { fixture in
            await #expect(throws: GitHubError.badCredentials(message: "Bad credentials")) {
                try await fixture.client.fillAccounts(["octocat"])
            }
        }
        try await withFixture(users: 100, token: nil) { fixture in
            await #expect(throws: GitHubError.self) { try await fixture.client.fillAccounts(["octocat"]) }
            #expect(await fixture.server.requestLog().isEmpty)
        }
    }

    @Test("the fake answers 401 to GraphQL without a token, as GitHub")
    func fakeRequiresToken() async throws {
        try await withFixture(users: 100) { fixture in
            var request = URLRequest(url: try #require(fixture.server.baseURL).appendingPathComponent("graphql"))
            request.httpMethod = "POST"
            request.setValue("test", forHTTPHeaderField: "User-Agent")
            request.httpBody = Data(#"{"query":"{ rateLimit { cost } }"}"#.utf8)
            let (_, response) = try await URLSessionTransport(timeout: 10).load(request, limit: 1 << 20)
            #expect(response.statusCode == 401)
        }
    }

    @Test("a used-up GraphQL limit said in the body is a rate limit with its reset", arguments: [
        FakeGraphQLLimitType.rateLimited, .rateLimit,
    ])
    func rateLimited(type: FakeGraphQLLimitType) async throws {
        var options = FakeGitHubOptions()
        options.graphqlPointLimit = type == .rateLimited ? 0 : 1
        options.graphqlLimitType = type
        try await withFixture(users: 2_000, token: "t", options: options) { fixture in
            let logins = fixture.server.data.users.prefix(100).map(\.login)
            do {
                // 100 accounts with member counts cost 2 points: over a limit of 1 with 1 left.
                _ = try await fixture.client.fillAccounts(logins, members: true)
                Issue.record("the limit was not reported")
            } catch let GitHubError.rateLimited(reset, limit, authenticated) {
                #expect(reset != nil)
                #expect(limit == options.graphqlPointLimit)
                #expect(authenticated)
            }
            let seen = try #require(fixture.seenRateLimits.last)
            #expect(seen.resource == "graphql")
            #expect((seen.remaining == 0) == (type == .rateLimited), "RATE_LIMIT has come with points still shown left")
        }
    }

    @Test("INSUFFICIENT_SCOPES for member counts: asked again without them; users filled; read:org said",
          arguments: [false, true])
    func insufficientScopes(wholeDataNull: Bool) async throws {
        var options = FakeGitHubOptions()
        options.tokenScopes = ["repo"]
        options.insufficientScopesNullData = wholeDataNull
        try await withFixture(users: 300, token: "t", options: options) { fixture in
            let logins = sample(fixture.server, users: 4, organizations: 2)
            let answer = try await fixture.client.fillAccounts(logins, members: true)
            #expect(answer.refusedScopes == ["read:org"])
            #expect(answer.missing == [])
            #expect(Set(answer.fills.keys) == Set(logins.map { $0.lowercased() }), "users and organizations filled")
            #expect(answer.fills.values.allSatisfy { $0.members == nil })
            let posts = await fixture.server.requestLog().filter { $0.path == "/graphql" }
            #expect(posts.map(\.status) == [200, 200], "asked once more, without the field")
        }
    }

    @Test("with read:org, organizations come with their member counts")
    func memberCounts() async throws {
        var options = FakeGitHubOptions()
        options.tokenScopes = ["repo", "read:org"]
        try await withFixture(users: 300, token: "t", options: options) { fixture in
            let orgs = sample(fixture.server, users: 0, organizations: 2)
            let answer = try await fixture.client.fillAccounts(orgs, members: true)
            for org in orgs {
                let size = fixture.server.data.listSize("members:\(org.lowercased())")
                #expect(answer.fills[org.lowercased()]?.members == size)
            }
            #expect(answer.refusedScopes == [])
        }
    }

    @Test("a secondary limit is thrown at once, not waited out in a fill")
    func secondaryLimit() async throws {
        var options = FakeGitHubOptions()
        options.secondaryLimitEvery = 1
        options.secondaryRetryAfterSeconds = 30
        try await withFixture(users: 100, options: options) { fixture in
            let client = retryingClient(try #require(fixture.server.baseURL))
            await #expect(throws: GitHubError.secondaryRateLimit(
                retryAfter: 30, message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.")) {
                try await client.fillAccounts(["octocat"])
            }
            #expect(await fixture.server.requestLog().count == 1)
        }
    }

    @Test("a 502 is thrown to the caller, with no retry inside the fill")
    func serverError() async throws {
        var options = FakeGitHubOptions()
        options.scriptedStatuses = [502]
        try await withFixture(users: 100, options: options) { fixture in
            let client = retryingClient(try #require(fixture.server.baseURL))
            await #expect(throws: GitHubError.server(status: 502, message: "Server Error")) {
                try await client.fillAccounts(["octocat"])
            }
            #expect(await fixture.server.requestLog().map(\.status) == [502])
            // Asked again later, it goes through.
            let again = try await client.fillAccounts(["octocat"])
            #expect(again.fills["octocat"]?.name == "The Octocat")
        }
    }

    @Test("100 accounts cost 1 point (2 with member counts), counted under x-ratelimit-resource graphql")
    func cost() async throws {
        try await withFixture(users: 2_000, token: "t") { fixture in
            let logins = Array(fixture.server.data.users.prefix(100).map(\.login))
            let answer = try await fixture.client.fillAccounts(logins)
            #expect(answer.fills.count == 100)
            #expect(answer.rate == GraphQLRate(cost: 1, remaining: 4_999, limit: 5_000, resetAt: answer.rate?.resetAt))
            var seen = try #require(fixture.seenRateLimits.last)
            #expect(seen.resource == "graphql" && seen.limit == 5_000 && seen.used == 1 && seen.remaining == 4_999)
            // (A client that takes no stored fill, so that all 100 are asked again.)
            let recorder = ResponseRecorder()
            let asking = GitHubClient(configuration: fixture.client.configuration, maxAge: 0, retryPolicy: .none) { info in
                recorder.items.withLock { $0.append(info) }
            }
            let withMembers = try await asking.fillAccounts(logins, members: true)
            #expect(withMembers.rate?.cost == 2)
            seen = try #require(recorder.items.withLock { $0.last?.rateLimit })
            #expect(seen.used == 3 && seen.remaining == 4_997)
            // REST requests count apart.
            _ = try await fixture.client.userDetails(login: "octocat")
            #expect(fixture.seenRateLimits.last?.resource == "core")
            #expect(fixture.seenRateLimits.last?.used == 1)
        }
    }

    @Test("150 logins go in two requests of at most 100")
    func moreThanAHundred() async throws {
        try await withFixture(users: 2_000, token: "t") { fixture in
            let logins = Array(fixture.server.data.users.prefix(150).map(\.login))
            let answer = try await fixture.client.fillAccounts(logins + logins.prefix(5).map { $0.uppercased() })
            #expect(answer.fills.count == 150)
            #expect(await fixture.server.requestLog().count == 2)
        }
    }
}
