import Foundation
@testable import GitHubAPI
import Testing

/// A client whose GraphQL answers are `bodies`, one a request, with a token.
private func scriptedClient(_ bodies: [String]) throws -> (GitHubClient, ScriptedTransport) {
    let transport = ScriptedTransport(bodies.map { .json($0) })
    let configuration = GitHubConfiguration(baseURL: try #require(URL(string: "https://api.github.com")), token: "t")
    return (GitHubClient(configuration: configuration, retryPolicy: .none, transport: transport), transport)
}

/// GraphQL answers as GitHub could send them, odd ones too: each account, repository and star is
/// read on its own, a field of the wrong type is read as absent, and nothing crashes.
@Suite("GraphQL answers read leniently: partial, null, wrong types, hostile texts")
struct GraphQLAnswerTests {
    @Test("a page of accounts: a null one is missing, an unreadable one is left out, wrong types read as absent")
    func accounts() async throws {
        let body = #"""
        {"data": {
          "a0": {"__typename": "User", "login": "mona", "databaseId": 583231, "url": "https://github.com/mona",
                 "avatarUrl": "https://avatars.githubusercontent.com/u/583231", "name": "Mona \u001b[31mLisa\u001f",
                 "bio": "line one\nline two", "company": "@github", "location": "San Francisco", "isViewer": true,
                 "isFollowingViewer": true, "viewerIsFollowing": false, "followers": {"totalCount": 1234},
                 "somethingNew": {"deep": [1, 2, {"x": null}]}},
          "a1": null,
          "a2": "not an object",
          "a3": {"__typename": "User", "name": "no login"},
          "a4": {"__typename": 7, "login": "odd", "databaseId": 1.5, "url": false, "name": 5, "bio": ["x"],
                 "company": null, "location": {"a": 1}, "isViewer": "true", "isFollowingViewer": 1,
                 "viewerIsFollowing": null, "followers": {"totalCount": "12"}},
          "a5": {"__typename": "Organization", "login": "github", "databaseId": 9919, "description": "How people build software.",
                 "location": "the internet", "isFollowingViewer": true, "isViewer": true, "viewerIsFollowing": true,
                 "membersWithRole": {"totalCount": 7}, "followers": {"totalCount": 99}, "company": "ignored"},
          "a6": {"login": "", "name": "an empty login"},
          "a8": {"login": "big", "databaseId": 1e30, "followers": 5},
          "rateLimit": {"cost": 1, "remaining": 4999, "limit": 5000, "resetAt": "2026-01-01T00:00:00Z"}},
         "errors": [{"type": "NOT_FOUND", "path": ["a1"], "message": "Could not resolve to a User with the login of 'gone'."},
                    5, {"type": 3, "path": [0], "message": ["m"]}]}
        """#
        let (client, transport) = try scriptedClient([body])
        let logins = ["mona", "gone", "str", "nologin", "odd", "github", "empty", "absent", "big"]
        let answer = try await client.fillAccounts(logins)
        #expect(answer.missing == ["gone", "absent"])
        #expect(Set(answer.fills.keys) == ["mona", "odd", "github", "big"])
        #expect(answer.fills["mona"] == AccountFill(
            login: "mona", name: "Mona \u{1B}[31mLisa\u{1F}", bio: "line one\nline two", company: "@github",
            location: "San Francisco", followers: 1_234, isViewer: true, followsViewer: true, viewerFollows: false,
            htmlURL: "https://github.com/mona", id: 583_231, avatarURL: "https://avatars.githubusercontent.com/u/583231"))
        #expect(answer.fills["odd"] == AccountFill(login: "odd"))
        #expect(answer.fills["github"] == AccountFill(
            login: "github", isOrganization: true, bio: "How people build software.", location: "the internet",
            members: 7, viewerFollows: true, id: 9_919))
        #expect(answer.fills["big"] == AccountFill(login: "big"))
        #expect(answer.rate == GraphQLRate(cost: 1, remaining: 4_999, limit: 5_000, resetAt: Date(timeIntervalSince1970: 1_767_225_600)))
        #expect(transport.sent.count == 1)
    }

    @Test("a rate that does not read is no rate; the accounts still fill")
    func unreadableRate() async throws {
        let (client, _) = try scriptedClient([#"{"data": {"a0": {"login": "mona"}, "rateLimit": {"cost": "1", "remaining": 5, "limit": 9}}}"#])
        let answer = try await client.fillAccounts(["mona"])
        #expect(answer.rate == nil)
        #expect(answer.fills["mona"] == AccountFill(login: "mona"))
    }

    @Test("no data: GitHub's first error is thrown; none, a malformed body; a limit in the body is a rate limit")
    func noData() async throws {
        let long = String(repeating: "é", count: 400)
        let cases: [(String, GitHubError)] = [
            (#"{"data": null, "errors": [{"type": "INSUFFICIENT_SCOPES", "message": "\#(long)"}]}"#,
             .validation(message: String(long.prefix(300)))),
            (#"{"data": [1, 2]}"#, .malformedBody(detail: "the GraphQL answer had no data")),
            (#"{"errors": "not a list"}"#, .malformedBody(detail: "the GraphQL answer had no data")),
            (#"[{"data": {}}]"#, .malformedBody(detail: "the GraphQL answer was not a JSON object")),
            (#"{"data": {"a0": {"login": "#, .malformedBody(detail: "the GraphQL answer was not a JSON object")),
            (#"{"data": null, "errors": [7, {"type": "RATE_LIMITED", "message": "API rate limit exceeded"}]}"#,
             .rateLimited(reset: nil, limit: nil, authenticated: true)),
            (#"{"data": {"rateLimit": {"cost": 1, "remaining": 0, "limit": 5000, "resetAt": "2026-01-01T00:00:00Z"}},"#
                + #""errors": [{"type": "RATE_LIMIT", "message": "API rate limit already exceeded"}]}"#,
             .rateLimited(reset: Date(timeIntervalSince1970: 1_767_225_600), limit: 5_000, authenticated: true)),
        ]
        for (body, error) in cases {
            let (client, _) = try scriptedClient([body])
            await #expect(throws: error, "\(body.prefix(60))") { try await client.fillAccounts(["mona"]) }
        }
    }

    @Test("repositories: a null one is missing, wrong types read as absent")
    func repositories() async throws {
        let body = #"""
        {"data": {"r0": {"nameWithOwner": "octocat/Hello-World", "stargazerCount": 2600, "viewerHasStarred": true},
                  "r1": null,
                  "r2": {"nameWithOwner": "mona/odd", "stargazerCount": "many", "viewerHasStarred": "yes"},
                  "r3": [],
                  "rateLimit": {"cost": 1, "remaining": 4990, "limit": 5000, "resetAt": null}}}
        """#
        let (client, _) = try scriptedClient([body])
        let answer = try await client.fillRepositories([("octocat", "Hello-World"), ("gone", "away"), ("mona", "odd"),
                                                        ("x", "y"), ("absent", "one")])
        #expect(answer == RepositoryFillAnswer(
            fills: ["octocat/hello-world": RepositoryFill(fullName: "octocat/Hello-World", stars: 2_600, viewerHasStarred: true),
                    "mona/odd": RepositoryFill(fullName: "mona/odd")],
            missing: ["gone/away", "absent/one"],
            rate: GraphQLRate(cost: 1, remaining: 4_990, limit: 5_000, resetAt: nil)))
    }

    @Test("stargazers: an edge without an account is left out, an odd date is no date, an odd page info ends the list")
    func stargazers() async throws {
        let body = #"""
        {"data": {"repository": {"stargazers": {"totalCount": 45000,
          "pageInfo": {"hasNextPage": "true", "endCursor": "Y3Vyc29y"},
          "edges": [{"starredAt": "2026-01-01T00:00:00Z", "node": {"__typename": "User", "login": "mona", "name": "Mona"}},
                    {"starredAt": 17, "node": {"login": "hubot"}},
                    {"starredAt": "2026-01-01T00:00:00Z", "node": null},
                    {"starredAt": "2026-01-01T00:00:00Z"},
                    "not an edge",
                    {"starredAt": "2026-01-01T00:00:00Z", "node": {"name": "no login"}}]}},
          "rateLimit": {"cost": 1, "remaining": 4999, "limit": 5000, "resetAt": "2026-01-01T00:00:00Z"}}}
        """#
        let (client, _) = try scriptedClient([body])
        let (page, origin, sent) = try await client.newestStargazers(owner: "octocat", name: "Hello-World", after: nil)
        let date = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(page == StargazerPage(
            stars: [.init(starredAt: date, account: AccountFill(login: "mona", name: "Mona")),
                    .init(starredAt: nil, account: AccountFill(login: "hubot"))],
            totalCount: 45_000, endCursor: nil, rate: GraphQLRate(cost: 1, remaining: 4_999, limit: 5_000, resetAt: date)))
        #expect(origin == .network)
        #expect(sent == Data(body.utf8), "the body as GitHub sent it")
    }

    @Test("stargazers: the next page's cursor; a repository GitHub does not know is not found")
    func stargazersCursorAndNotFound() async throws {
        let next = #"{"data": {"repository": {"stargazers": {"pageInfo": {"hasNextPage": true, "endCursor": "abc"}, "edges": []}}}}"#
        let (client, _) = try scriptedClient([next, #"{"data": {"repository": null}, "errors": [{"type": "NOT_FOUND", "message": "x"}]}"#,
                                              #"{"data": null, "errors": [{"message": "Something went wrong"}]}"#])
        let page = try await client.newestStargazers(owner: "o", name: "r", after: nil).page
        #expect(page == StargazerPage(stars: [], totalCount: nil, endCursor: "abc", rate: nil))
        await #expect(throws: GitHubError.notFound(what: "repository o/gone")) {
            try await client.newestStargazers(owner: "o", name: "gone", after: nil)
        }
        await #expect(throws: GitHubError.validation(message: "Something went wrong")) {
            try await client.newestStargazers(owner: "o", name: "broken", after: nil)
        }
    }
}
