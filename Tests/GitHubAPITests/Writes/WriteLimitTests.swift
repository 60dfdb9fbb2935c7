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
            #expect(await fixture.userRequests() == ["PUT 502 \(path)", "PUT 503 \(path)", "PUT 204 \(path)"])
            #expect(clock.sleeps == [.seconds(1), .seconds(4)])
            let details = try await fixture.client.repositoryDetails(owner: fixture.repository.owner.login,
                                                                     repo: fixture.repository.name, policy: .revalidate)
            #expect(details.details.stars == fixture.repository.stargazers + 1)
        }
    }
}
