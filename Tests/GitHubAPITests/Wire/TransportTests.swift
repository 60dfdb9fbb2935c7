import FakeGitHub
import Foundation
@testable import GitHubAPI
import ListCore
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A 301 to `location`, as GitHub answers for a renamed account.
private func moved(to location: String) -> FakeRawReply {
    FakeRawReply(status: 301, headers: [("Location", location)],
                 json: #"{"message":"Moved Permanently","url":"\#(location)"}"#)
}

@Suite("HTTP over URLSession, against loopback servers", .timeLimit(.minutes(1)))
struct TransportTests {
    // MARK: - Body caps

    @Test("a body announced over the cap is refused by its length, before a byte of it comes")
    func capByLength() async throws {
        // The body is announced and never sent: only its Content-Length can refuse it (waiting
        // for its bytes would end in the 30 s timeout instead).
        let responder = try RawResponder(.announcedBody(length: 3_000_000))
        defer { responder.stop() }
        let transport = URLSessionTransport(timeout: 30)
        let url = try #require(URL(string: "http://127.0.0.1:\(responder.port)/users"))
        await #expect(throws: GitHubError.bodyTooLarge(limit: 1_048_576)) {
            _ = try await transport.load(URLRequest(url: url), limit: 1_048_576)
        }
        #expect(await responder.next { if case .ended = $0 { true } else { false } } == .ended(sent: 0),
                "the connection was closed by the client")
    }

    @Test("a name that does not resolve, through URLSession and the client: host not found")
    func unresolvableHost() async throws {
        // .invalid never resolves (RFC 2606).
        let client = GitHubClient(configuration: GitHubConfiguration(
            baseURL: try #require(URL(string: "http://ghscroll-test.invalid")), timeout: 30), retryPolicy: .none)
        await #expect(throws: GitHubError.hostNotFound(host: "ghscroll-test.invalid")) {
            _ = try await AllUsersSource(client: client).loadPage(at: .since(0), pageSize: 10)
        }
    }

    @Test("a chunked body with no length is refused once the bytes received cross the cap")
    func capByBytesReceived() async throws {
        // (Not an endless body: in this process every URLSession shares corelibs' one work
        // queue, and a body read at loopback speed can hold it until the body ends.)
        let total = 256 * 1_048_576
        let responder = try RawResponder(.endlessBody(limit: total))
        defer { responder.stop() }
        let transport = URLSessionTransport(timeout: 10)
        let url = try #require(URL(string: "http://127.0.0.1:\(responder.port)/users"))
        await #expect(throws: GitHubError.bodyTooLarge(limit: 1_048_576)) {
            _ = try await transport.load(URLRequest(url: url), limit: 1_048_576)
        }
        guard case .ended? = await responder.next({ if case .ended = $0 { true } else { false } }) else {
            Issue.record("the connection never ended")
            return
        }
    }

    @Test("cancelling the task cancels the request: the caller hears at once and the connection is closed")
    func cancellation() async throws {
        let responder = try RawResponder(.silent)
        defer { responder.stop() }
        let client = GitHubClient(configuration: GitHubConfiguration(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(responder.port)")), timeout: 30), retryPolicy: .none)
        let task = Task { try await AllUsersSource(client: client).loadPage(at: .since(0), pageSize: 10) }
        #expect(await responder.next { $0 == .request } == .request)
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, error as? GitHubError == .cancelled else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        guard case .ended? = await responder.next({ if case .ended = $0 { true } else { false } }) else {
            Issue.record("the connection was left open")
            return
        }
    }

    // MARK: - Redirects

    @Test("a 301 on the same origin is followed with the token (a renamed account)")
    func sameOriginRedirect() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 50, seed: 3))
        try await withServer(server) { base in
            await server.update { $0.scriptedReplies = [moved(to: base.absoluteString + "/users?since=0&per_page=5")] }
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "secret-token"), retryPolicy: .none)
            let page = try await AllUsersSource(client: client).loadPage(at: .since(0), pageSize: 5)
            #expect(page.items.map(\.login) == server.data.users.prefix(5).map(\.login))
            let log = await server.requestLog()
            #expect(log.map(\.status) == [301, 200])
            #expect(log.map(\.authorization) == ["Bearer secret-token", "Bearer secret-token"])
        }
    }

    @Test("a 301 to another origin (the same host on another port) is followed without the token")
    func crossOriginRedirect() async throws {
        // The same host on another port is another origin, the case closest to home. (A second
        // loopback address, 127.0.0.2, dropped the redirected connection now and then on a
        // loaded machine, retried or not: it is left out until that is understood.)
        let otherHost = "127.0.0.1"
        let other = FakeGitHub(data: FakeDataSet(userCount: 50, seed: 3), host: otherHost)
        let home = FakeGitHub(data: FakeDataSet(userCount: 50, seed: 3))
        try await withServer(other) { otherBase in
            try await withServer(home) { homeBase in
                // Twice, and one retry of a dropped connection: on a loaded machine a loopback
                // connection now and then drops, and the question here is only where the token goes.
                let hop = moved(to: otherBase.absoluteString + "/users?since=0&per_page=5")
                await home.update { $0.scriptedReplies = [hop, hop] }
                let client = GitHubClient(configuration: GitHubConfiguration(baseURL: homeBase, token: "secret-token"),
                                          retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(10)))
                // (The client itself, not a list source: the source would not follow the other
                // origin's Link to a next page.)
                let response = try await client.get(try #require(URL(string: homeBase.absoluteString + "/users?since=0&per_page=5")),
                                                    subject: "users")
                #expect(response.status == 200)
                let sent = await home.requestLog()
                #expect(!sent.isEmpty && sent.allSatisfy { $0.authorization == "Bearer secret-token" })
                let arrived = await other.requestLog()
                #expect(!arrived.isEmpty && arrived.allSatisfy { $0.target == "/users?since=0&per_page=5" })
                #expect(arrived.allSatisfy { !$0.hadAuthorization }, "the token reached another origin")
            }
        }
    }

    @Test("five redirects are followed; a sixth is an error that says so")
    func redirectLimit() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 50, seed: 3))
        try await withServer(server) { base in
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base), retryPolicy: .none)
            let hop = moved(to: base.absoluteString + "/users?since=0&per_page=5")
            await server.update { $0.scriptedReplies = Array(repeating: hop, count: 5) }
            let page = try await AllUsersSource(client: client).loadPage(at: .since(0), pageSize: 5)
            #expect(page.items.count == 5)

            await server.clearRequestLog()
            await server.update { $0.scriptedReplies = Array(repeating: hop, count: 6) }
            let error = await #expect(throws: GitHubError.self) {
                // (Another page: the first is in the client's store now.)
                _ = try await AllUsersSource(client: client).loadPage(at: .since(10), pageSize: 5)
            }
            #expect(error == .badRedirect(reason: "more than 5 redirects"))
            #expect(error?.description == "GitHub's redirect was not followed: more than 5 redirects.")
            #expect(await server.requestLog().map(\.status) == Array(repeating: 301, count: 6), "no seventh request")
        }
    }

    @Test("a redirect to a scheme other than http(s) is not followed")
    func redirectToOtherScheme() async throws {
        let server = FakeGitHub(data: FakeDataSet(userCount: 50, seed: 3))
        try await withServer(server) { base in
            await server.update { $0.scriptedReplies = [moved(to: "ftp://127.0.0.1/users")] }
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base), retryPolicy: .none)
            await #expect(throws: GitHubError.badRedirect(reason: "it leads to ftp: URL, not http(s)")) {
                _ = try await AllUsersSource(client: client).loadPage(at: .since(0), pageSize: 5)
            }
        }
    }
}
