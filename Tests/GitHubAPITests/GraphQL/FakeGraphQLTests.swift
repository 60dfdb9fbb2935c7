import FakeGitHub
import Foundation
import Logging
@testable import GitHubAPI
import Testing

@Suite("The fake's GraphQL: stargazers, errors and hostile input")
struct FakeGraphQLTests {
    @Test("newestStargazers reads the pages: who and when, newest first, to the end; an unknown repository is not found")
    func newestStargazersPages() async throws {
        let plain = FakeDataSet(userCount: 500, seed: 7, listSizes: ["repos:octocat": 3])
        let octocat = try #require(plain.user(login: "octocat"))
        let repository = try #require(plain.repositories(of: octocat).first)
        let server = FakeGitHub(data: FakeDataSet(userCount: 500, seed: 7,
                                                  listSizes: ["repos:octocat": 3, "stargazers:\(repository.key)": 130]))
        try await withServer(server) { base in
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "t", timeout: 10), retryPolicy: .none)
            let first = try await client.newestStargazers(owner: "octocat", name: repository.name, after: nil).page
            #expect(first.stars.count == 100 && first.totalCount == 130)
            let cursor = try #require(first.endCursor)
            let second = try await client.newestStargazers(owner: "octocat", name: repository.name, after: cursor).page
            #expect(second.stars.count == 30 && second.endCursor == nil)
            let stars = first.stars + second.stars
            let oldestFirst = server.data.list("stargazers:\(repository.key)", offset: 0, limit: 130).map(\.login)
            #expect(stars.map(\.account.login) == oldestFirst.reversed())
            let dates = stars.compactMap(\.starredAt)
            #expect(dates.count == 130 && dates == dates.sorted(by: >))
            #expect(first.rate?.cost == 1)
            await #expect(throws: GitHubError.notFound(what: "repository octocat/no-such-repo")) {
                try await client.newestStargazers(owner: "octocat", name: "no-such-repo", after: nil)
            }
        }
    }

    @Test("a query GitHub would refuse gets its errors with HTTP 200 and no data")
    func invalidQuery() async throws {
        try await withFixture(users: 50, token: "t") { fixture in
            let answer = try await fixture.client.graphQL(GraphQLQuery(query: "query { viewerz { login } }", variables: [:]),
                                                          as: GitHubClient.Accounts.self)
            #expect(answer.data == nil)
            #expect(answer.problems.count == 1)
            #expect(await fixture.server.requestLog().map(\.status) == [200])
        }
    }

    @Test("hostile logins are only variables: quotes, braces and control characters find nobody")
    func hostileLogins() async throws {
        try await withFixture(users: 50, token: "t") { fixture in
            let hostile = [#"a") { login } b: rateLimit { cost"#, "\u{1b}[2J", "é\u{0}x", String(repeating: "z", count: 5_000)]
            let answer = try await fixture.client.fillAccounts(hostile + ["octocat"])
            #expect(answer.missing == hostile)
            #expect(answer.fills.keys.sorted() == ["octocat"])
        }
    }

    @Test("an account that does not read leaves that row unfilled, the page filled")
    func oddAccount() async throws {
        let body = #"{"data":{"a0":{"login":42,"name":"x"},"a1":{"__typename":"User","login":"b","name":7,"# +
            #""location":"Lagos","followers":{"totalCount":"many"},"isFollowingViewer":"yes"},"a2":null,"# +
            #""rateLimit":{"cost":1,"remaining":4999,"resetAt":"2026-01-01T00:00:00Z","limit":5000}}}"#
        let transport = ScriptedTransport([.json(body)])
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: try #require(URL(string: "https://api.github.com")), token: "t"),
                                  retryPolicy: .none, transport: transport)
        let answer = try await client.fillAccounts(["a", "b", "c"])
        #expect(answer.fills == ["b": AccountFill(login: "b", location: "Lagos")])
        #expect(answer.missing == ["c"])
        #expect(answer.rate == GraphQLRate(cost: 1, remaining: 4_999, limit: 5_000,
                                           resetAt: Date(timeIntervalSince1970: 1_767_225_600)))
        let sent = try #require(transport.sent.first)
        #expect(sent.request.url?.absoluteString == "https://api.github.com/graphql")
        #expect(sent.request.httpMethod == "POST")
        #expect(sent.header("Content-Type") == "application/json")
        #expect(sent.header("Authorization") == "Bearer t")
        #expect(sent.header("If-None-Match") == nil)
    }

    @Test("broken answers are errors, not crashes", arguments: ["", "[1,2]", "{\"data\":", "null", "{\"errors\":[]}"])
    func brokenAnswers(body: String) async throws {
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: try #require(URL(string: "https://api.github.com")), token: "t"),
                                  retryPolicy: .none, transport: ScriptedTransport([.json(body)]))
        await #expect(throws: GitHubError.self) { try await client.fillAccounts(["a"]) }
    }
}

@Suite("Where GraphQL is served")
struct GraphQLURLTests {
    @Test("github.com, an Enterprise server, and any other API URL", arguments: [
        ("https://api.github.com", "https://api.github.com/graphql"),
        ("https://ghe.example.com/api/v3", "https://ghe.example.com/api/graphql"),
        ("https://ghe.example.com/api/v3/", "https://ghe.example.com/api/graphql"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/graphql"),
        ("http://127.0.0.1:8080/prefix", "http://127.0.0.1:8080/prefix/graphql"),
        ("https://api.acme.ghe.com", "https://api.acme.ghe.com/graphql"),
    ])
    func url(base: String, expected: String) throws {
        let configuration = GitHubConfiguration(baseURL: try GitHubConfiguration.parseBaseURL(base), token: "t")
        #expect(configuration.graphqlURL.absoluteString == expected)
        #expect(configuration.isSameOrigin(configuration.graphqlURL), "the token may go there")
    }

    @Test("a fake under /api/v3 serves GraphQL at /api/graphql, as an Enterprise server does")
    func enterpriseFake() async throws {
        try await withFixture(users: 50, token: "t", pathPrefix: "/api/v3") { fixture in
            let answer = try await fixture.client.fillAccounts(["octocat"])
            #expect(answer.fills["octocat"] != nil)
            #expect(await fixture.server.requestLog().map(\.path) == ["/api/graphql"])
        }
    }
}

@Suite("What a fill writes to the log")
struct FillLogTests {
    @Test("the POST is logged like a GET, with its status, size and time; never the token")
    func logged() async throws {
        let lines = RecordingLogHandler.Lines()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }
        let transport = ScriptedTransport([.json(#"{"data":{"a0":null}}"#)])
        let base = try #require(URL(string: "https://api.github.com"))
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "secret-token"),
                                  retryPolicy: .none, transport: transport, logger: logger)
        let answer = try await client.fillAccounts(["gone"])
        #expect(answer.missing == ["gone"])
        let logged = lines.all.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged.first == "debug POST https://api.github.com/graphql")
        #expect(logged.last?.hasPrefix("debug https://api.github.com/graphql: 200, 20 bytes in ") == true)
        #expect(!logged.joined().contains("secret-token"))
    }
}
