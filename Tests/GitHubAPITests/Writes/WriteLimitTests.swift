import FakeGitHub
import Foundation
@testable import GitHubAPI
import Testing

@Suite("Writes and limits: a secondary limit is not waited out, a 5xx is retried")
struct WriteLimitTests {
    @Test("a secondary limit on a write comes back with its retry-after, unwaited; writes wait, reads go on",
          arguments: [403, 429])
    func secondaryLimit(status: Int) async throws {
        let clock = ScriptedClock()
        try await withWrites(token: "gho_follow", retryPolicy: RetryPolicy(), clock: clock, change: {
            $0.writeLimitEvery = 1
            $0.writeLimitStatus = status
            $0.secondaryRetryAfterSeconds = 30
        }) { fixture in
            let login = fixture.person.login
            do {
                try await fixture.client.follow(login)
                Issue.record("the write went through")
            } catch let error as GitHubError {
                guard case .secondaryRateLimit(let after, let message) = error else {
                    Issue.record("not a secondary limit: \(error)")
                    return
                }
                #expect(after == 30)
                #expect(message.contains("content creation"))
            }
            #expect(clock.sleeps.isEmpty)
            // Another write before the 30 s are up fails at once, unsent; a read goes.
            await #expect(throws: GitHubError.self) { try await fixture.client.follow(login) }
            #expect(try await fixture.client.isFollowing(login) == false)
            #expect(await fixture.userRequests() == ["PUT \(status) /user/following/\(login)", "GET 404 /user/following/\(login)"])
            // Once they are up, the write is sent again (when asked), and lands.
            await fixture.server.update { $0.writeLimitEvery = nil }
            await clock.advance(by: 31)
            try await fixture.client.follow(login)
            #expect(try await fixture.client.isFollowing(login) == true)
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test("a primary rate limit met by a write is not waited out either: the write fails with it, the next one unsent")
    func primaryLimit() async throws {
        let clock = ScriptedClock()
        try await withWrites(token: "gho_follow", retryPolicy: RetryPolicy(), clock: clock, change: { $0.primaryLimit = 1 }) { fixture in
            _ = try await fixture.client.userDetails(login: "octocat", policy: .normal)
            do {
                try await fixture.client.follow(fixture.person.login)
                Issue.record("the write went through")
            } catch let error as GitHubError {
                guard case .rateLimited(_, let limit, true) = error else {
                    Issue.record("not the primary limit: \(error)")
                    return
                }
                #expect(limit == 1)
            }
            await #expect(throws: GitHubError.self) { try await fixture.client.unfollow(fixture.person.login) }
            // The state a key asks before a write does not wait out the limit either: a person waits for it.
            await #expect(throws: GitHubError.self) { _ = try await fixture.client.isFollowing(fixture.person.login) }
            #expect(clock.sleeps.isEmpty)
            #expect(await fixture.server.requestLog().map { "\($0.method) \($0.status)" } == ["GET 200", "PUT 403"])
        }
    }

    @Test("a 5xx on a write is retried like a read (the write is idempotent), and the write lands once")
    func serverErrorRetried() async throws {
        let clock = ScriptedClock()
        try await withWrites(token: "gho_follow", retryPolicy: RetryPolicy(), clock: clock, change: {
            $0.scriptedStatuses = [502, 503]
        }) { fixture in
            try await fixture.client.star(owner: fixture.repository.owner.login, name: fixture.repository.name)
            let path = "/user/starred/\(fixture.repository.owner.login)/\(fixture.repository.name)"
            #expect(await fixture.userRequests() == ["PUT 502 \(path)", "PUT 503 \(path)", "PUT 204 \(path)", "GET 200 /user"])
            #expect(clock.sleeps == [.seconds(1), .seconds(4)])
            let details = try await fixture.client.repositoryDetails(owner: fixture.repository.owner.login,
                                                                     repo: fixture.repository.name, policy: .revalidate)
            #expect(details.details.stars == fixture.repository.stargazers + 1)
        }
    }
}

@Suite("A write that may have reached GitHub is never said to have been unsent")
struct WriteReachedTests {
    @Test("a timeout, then no connection on the retry: the timeout is thrown (the first PUT may have landed); no connection alone says nothing was sent")
    func timeoutThenRefused() async throws {
        let host = "api.github.com"
        for (answers, thrown): ([ScriptedTransport.Answer], GitHubError) in [
            ([.failure(GitHubError.timeout(host: host)), .failure(GitHubError.connectionRefused(host: host))], .timeout(host: host)),
            ([.failure(GitHubError.connectionRefused(host: host))], .connectionRefused(host: host)),
        ] {
            let transport = ScriptedTransport(answers)
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: try #require(URL(string: "https://\(host)")), token: "t"),
                                      retryPolicy: RetryPolicy(), clock: ScriptedClock(), transport: transport)
            await #expect(throws: thrown) { try await client.follow("l") }
            #expect(thrown.neverSent == (answers.count == 1))
        }
    }
}

@Suite("Whose the token is")
struct ViewerTests {
    @Test("GET /user answered: the login, asked once; a 502: the error, not nil (F must not go on as if it knew); no token: nil, nothing asked")
    func askViewer() async throws {
        let base = try #require(URL(string: "https://api.github.com"))
        let failing = ScriptedTransport([.json(#"{"message":"Bad Gateway"}"#, status: 502)])
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "t"), retryPolicy: .none, transport: failing)
        await #expect(throws: GitHubError.self) { _ = try await client.askViewer() }
        let answering = ScriptedTransport([.json(#"{"login":"octocat","id":1}"#)])
        let known = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "t"), retryPolicy: .none, transport: answering)
        #expect(try await known.askViewer()?.login == "octocat")
        #expect(try await known.askViewer()?.login == "octocat")
        #expect(answering.sent.count == 1)
        let none = ScriptedTransport([])
        let anonymous = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: nil), retryPolicy: .none, transport: none)
        #expect(try await anonymous.askViewer() == nil)
        #expect(none.sent.isEmpty)
    }
}

@Suite("The fake refuses a write without a length, as GitHub does")
struct WriteLengthTests {
    @Test("a PUT without Content-Length is answered 411 and changes nothing")
    func lengthRequired() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let port = try #require(fixture.base.port)
            let head = "PUT /user/following/\(fixture.person.login) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: t\r\n"
                + "Authorization: Bearer gho_follow\r\nConnection: close\r\n\r\n"
            let answer = try await RawHTTP.exchangeOffThePool(port: port, request: head)
            #expect(answer.hasPrefix("HTTP/1.1 411"))
            #expect(try await fixture.client.isFollowing(fixture.person.login) == false)
        }
    }
}

/// One request written on a plain socket, for what URLSession will not send.
enum RawHTTP {
    /// ``exchange(port:request:)`` on a thread of its own: its blocking reads must not hold one
    /// of the concurrency pool's threads (two on a 2-core machine), which the fake answering it
    /// may need. A stop's CI hung when the other thread was held too.
    static func exchangeOffThePool(port: Int, request: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try exchange(port: port, request: request) })
            }
        }
    }

    /// Sends `request` and reads the answer until the server closes, giving up after 30 s
    /// without a byte.
    static func exchange(port: Int, request: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let bytes = Array(request.utf8)
        guard send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw POSIXError(.EIO) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65_536 {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
