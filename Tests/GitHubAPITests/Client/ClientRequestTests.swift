import Foundation
@testable import GitHubAPI
import ListCore
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private let base = URL(string: "https://api.github.com")!
private let page = #"[{"login":"a","id":1,"type":"User"},{"login":"b","id":2,"type":"User"}]"#

private func client(_ transport: ScriptedTransport, token: String? = "secret-token",
                    store: any ResponseStore = MemoryResponseStore()) -> GitHubClient {
    GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: token), store: store,
                 retryPolicy: .none, transport: transport)
}

@Suite("What the client sends and how it reads the transport's answers (scripted transport)")
struct ClientRequestTests {
    @Test("a page request is a GET with GitHub's headers and the token, capped at 8 MiB")
    func requestHeaders() async throws {
        let transport = ScriptedTransport([.json(page)])
        let items = try await AllUsersSource(client: client(transport)).loadPage(at: .since(0), pageSize: 2).items
        #expect(items.map(\.login) == ["a", "b"])
        let sent = try #require(transport.sent.first)
        #expect(transport.sent.count == 1)
        #expect(sent.request.httpMethod == "GET")
        #expect(sent.request.url?.absoluteString == "https://api.github.com/users?since=0&per_page=2")
        #expect(sent.header("Accept") == "application/vnd.github+json")
        #expect(sent.header("X-GitHub-Api-Version") == "2022-11-28")
        #expect(sent.header("User-Agent") == "ghscroll/\(GitHubConfiguration.programVersion)")
        #expect(sent.header("Authorization") == "Bearer secret-token")
        #expect(sent.header("If-None-Match") == nil)
        #expect(sent.limit == 8 * 1_048_576)
    }

    @Test("a picture on another host goes without the token, capped at 2 MiB")
    func imageRequest() async throws {
        let transport = ScriptedTransport([.reply(status: 200, headers: ["Content-Type": "image/png"], body: Data([1, 2, 3]))])
        let picture = try #require(URL(string: "https://avatars.githubusercontent.com/u/1?v=4&s=40"))
        #expect(try await client(transport).image(picture) == Data([1, 2, 3]))
        #expect(transport.sent.map { $0.header("Authorization") } == [nil])
        #expect(transport.sent.map(\.limit) == [2 * 1_048_576])
    }

    @Test("a picture whose connection drops is asked for once more at once; a second drop, or no retries, is the error")
    func imageDropped() async throws {
        let picture = try #require(URL(string: "https://avatars.githubusercontent.com/u/1?v=4&s=40"))
        let png = ScriptedTransport.Answer.reply(status: 200, headers: ["Content-Type": "image/png"], body: Data([1, 2, 3]))
        let dropped = ScriptedTransport.Answer.failure(URLError(.networkConnectionLost))
        let retrying = { (transport: ScriptedTransport) in
            GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "t"), store: MemoryResponseStore(),
                         retryPolicy: RetryPolicy(maxRetries: 3, baseDelay: .seconds(60)), transport: transport)
        }
        let once = ScriptedTransport([dropped, png])
        #expect(try await retrying(once).image(picture) == Data([1, 2, 3]))
        #expect(once.sent.map { $0.request.url } == [picture, picture])
        let twice = ScriptedTransport([dropped, dropped, png])
        await #expect(throws: GitHubError.connectionLost(host: "avatars.githubusercontent.com")) {
            try await retrying(twice).image(picture)
        }
        #expect(twice.sent.count == 2)
        let never = ScriptedTransport([dropped, png])
        await #expect(throws: GitHubError.connectionLost(host: "avatars.githubusercontent.com")) {
            try await client(never).image(picture)
        }
        #expect(never.sent.count == 1)
    }

    @Test("a page seen before is asked for with its ETag; the 304 answers with the stored rows")
    func revalidation() async throws {
        let transport = ScriptedTransport([.json(page, headers: ["ETag": "W/\"abc\""]), .reply(status: 304, headers: [:], body: Data())])
        let source = AllUsersSource(client: client(transport))
        let first = try await source.load(at: .since(0), pageSize: 2, policy: .normal)
        let again = try await source.load(at: .since(0), pageSize: 2, policy: .revalidate)
        #expect(transport.sent.map { $0.header("If-None-Match") } == [nil, "W/\"abc\""])
        #expect(again.origin == .revalidated)
        #expect(again.page.items == first.page.items)
    }

    @Test("the transport's failures become errors a person can act on", arguments: [
        (URLError(.cannotFindHost), GitHubError.hostNotFound(host: "api.github.com")),
        (URLError(.dnsLookupFailed), .hostNotFound(host: "api.github.com")),
        (URLError(.cannotConnectToHost), .connectionRefused(host: "api.github.com")),
        (URLError(.timedOut), .timeout(host: "api.github.com")),
        (URLError(.networkConnectionLost), .connectionLost(host: "api.github.com")),
        (URLError(.cancelled), .cancelled),
        (URLError(.badServerResponse), .malformedBody(detail: "the server's answer was not valid HTTP")),
    ])
    func failures(thrown: URLError, expected: GitHubError) async throws {
        let transport = ScriptedTransport([.failure(thrown)])
        await #expect(throws: expected) {
            _ = try await AllUsersSource(client: client(transport)).loadPage(at: .since(0), pageSize: 2)
        }
    }

    @Test("a name that does not resolve says so, not 'connection refused'")
    func dnsMessage() {
        #expect(GitHubError.hostNotFound(host: "api.example.invalid").description
            == "Could not find api.example.invalid: its name did not resolve (check the address, or the network).")
        #expect(GitHubError.hostNotFound(host: "h").isUnreachable, "offline: the cached rows stay usable")
    }

    @Test("the transport's own refusals pass through unchanged", arguments: [
        GitHubError.bodyTooLarge(limit: 8 * 1_048_576), .badRedirect(reason: "more than 5 redirects"),
    ])
    func refusals(error: GitHubError) async throws {
        let transport = ScriptedTransport([.failure(error)])
        await #expect(throws: error) {
            _ = try await AllUsersSource(client: client(transport)).loadPage(at: .since(0), pageSize: 2)
        }
    }
}
