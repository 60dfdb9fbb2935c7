import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Testing

@Suite("Errors reach the caller typed, with their message")
struct ErrorTests {
    /// Loads the first page of all users and returns the error it threw.
    func firstPageError(_ fixture: Fixture, list: UserList = .all(since: 0)) async -> GitHubError? {
        do {
            let source = list.githubSource(client: fixture.client)
            _ = try await source.loadPage(at: source.firstCursor, pageSize: 30)
            return nil
        } catch {
            return error as? GitHubError
        }
    }

    @Test("401: bad credentials")
    func badCredentials() async throws {
        var options = FakeGitHubOptions()
        options.acceptedTokens = ["good"]
        try await withFixture(token: "wrong", options: options) { fixture in
            let error = await firstPageError(fixture)
            #expect(error == .badCredentials(message: "Bad credentials"))
            #expect(error?.description.contains("GH_TOKEN") == true)
            #expect(error?.description.contains("wrong") == false, "the token is never printed")
        }
    }

    @Test("primary rate limit: 403 with remaining 0 names the reset time and suggests a token")
    func primaryRateLimit() async throws {
        var options = FakeGitHubOptions()
        options.primaryLimit = 2
        try await withFixture(options: options) { fixture in
            // Different pages each time: a 304 would cost nothing.
            #expect(await firstPageError(fixture, list: .all(since: 1)) == nil)
            #expect(await firstPageError(fixture, list: .all(since: 2)) == nil)
            let error = await firstPageError(fixture, list: .all(since: 3))
            guard case let .rateLimited(reset, limit, authenticated)? = error else {
                Issue.record("expected a rate limit, got \(String(describing: error)) \(await fixture.server.requestLog().map(\.status))")
                return
            }
            #expect(limit == 2)
            #expect(!authenticated)
            #expect((reset ?? .distantPast) > Date())
            #expect(error?.description.contains("resets at") == true)
            #expect(error?.description.contains("token") == true)
            #expect(await fixture.server.requestLog().last?.status == 403)
        }
    }

    @Test("the search API's own rate limit: the third search of two allowed is a 403 naming it; other requests still go")
    func searchRateLimit() async throws {
        var options = FakeGitHubOptions()
        options.searchLimit = 2
        try await withFixture(options: options) { fixture in
            #expect(await firstPageError(fixture, list: .search("a")) == nil)
            #expect(await firstPageError(fixture, list: .search("b")) == nil)
            let error = await firstPageError(fixture, list: .search("c"))
            guard case let .rateLimited(reset, limit, _)? = error else {
                Issue.record("expected a rate limit, got \(String(describing: error))")
                return
            }
            #expect(limit == 2)
            #expect((reset ?? .distantFuture) <= Date().addingTimeInterval(61), "a minute's window")
            #expect(await firstPageError(fixture, list: .all(since: 1)) == nil, "the core API counts apart")
        }
    }

    @Test("secondary rate limit: 429 with retry-after")
    func secondaryRateLimit() async throws {
        var options = FakeGitHubOptions()
        options.secondaryLimitEvery = 1
        options.secondaryRetryAfterSeconds = 7
        try await withFixture(options: options) { fixture in
            let error = await firstPageError(fixture)
            guard case .secondaryRateLimit(let after, let message)? = error else {
                Issue.record("expected a secondary limit, got \(String(describing: error))")
                return
            }
            #expect(after == 7)
            #expect(message.contains("secondary rate limit"))
            await fixture.server.update { $0.secondaryRetryAfterSeconds = nil }
            guard case .secondaryRateLimit(nil, _)? = await firstPageError(fixture) else {
                Issue.record("a secondary limit without retry-after")
                return
            }
        }
    }

    @Test("404 names what was asked for")
    func notFound() async throws {
        try await withFixture { fixture in
            let error = await firstPageError(fixture, list: .followers("no-such-user-xyz"))
            #expect(error == .notFound(what: "User no-such-user-xyz"))
            #expect(error?.description == "User no-such-user-xyz was not found on GitHub (or is not visible with this token).")
            #expect(await firstPageError(fixture, list: .members("octocat")) == .notFound(what: "Organization octocat"))
        }
    }

    @Test("422 carries GitHub's message")
    func validation() async throws {
        try await withFixture { fixture in
            #expect(await firstPageError(fixture, list: .search("  ")) == .validation(message: "Validation Failed"))
        }
    }

    @Test("5xx is a server error with its status", arguments: [500, 502, 503])
    func serverError(status: Int) async throws {
        var options = FakeGitHubOptions()
        options.scriptedStatuses = [status]
        try await withFixture(options: options) { fixture in
            let error = await firstPageError(fixture)
            guard case .server(let got, _)? = error else {
                Issue.record("expected a server error, got \(String(describing: error))")
                return
            }
            #expect(got == status)
            #expect(error?.isTransient == true)
        }
    }

    @Test("a truncated body is a malformed-body error")
    func truncated() async throws {
        var options = FakeGitHubOptions()
        options.truncationRate = 1
        try await withFixture(options: options) { fixture in
            guard case .malformedBody? = await firstPageError(fixture) else {
                Issue.record("expected a malformed body")
                return
            }
        }
    }

    @Test("no answer in time is a timeout")
    func timeout() async throws {
        var options = FakeGitHubOptions()
        options.latencyMilliseconds = 3_000...3_000
        try await withFixture(timeout: 0.5, options: options) { fixture in
            let error = await firstPageError(fixture)
            guard case .timeout? = error else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("nothing listening is connection refused, naming the host")
    func refused() async throws {
        // Port 1 on loopback: nothing listens there. (A fake server just stopped is not reliable:
        // its listening socket can linger and let the connection hang instead.)
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: URL(string: "http://127.0.0.1:1")!, timeout: 10),
                                  retryPolicy: .none)
        var error: GitHubError?
        do {
            _ = try await AllUsersSource(client: client).loadPage(at: .since(0), pageSize: 30)
        } catch let thrown {
            error = thrown as? GitHubError
        }
        guard case .connectionRefused(let host)? = error else {
            Issue.record("expected connection refused, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1:1")
    }

    @Test("the fake refuses a request without a User-Agent with 403, as GitHub does")
    func userAgentRequired() async throws {
        try await withFixture { fixture in
            let base = try #require(fixture.server.baseURL)
            let status = try await rawStatus(try #require(URL(string: base.absoluteString + "/users")))
            #expect(status == 403)
        }
    }

    /// Sends a bare HTTP/1.1 GET with no User-Agent over a socket, without blocking a thread.
    private func rawStatus(_ url: URL) async throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-ua-\(UUID().uuidString)")
        process.arguments = ["python3", "-c", """
        import http.client
        c = http.client.HTTPConnection('\(url.host ?? "")', \(url.port ?? 80), timeout=20)
        c.putrequest('GET', '\(url.path)', skip_accept_encoding=True)
        c.endheaders()
        open('\(outputURL.path)', 'w').write(str(c.getresponse().status))
        """]
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(returning: -1) }
        }
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
