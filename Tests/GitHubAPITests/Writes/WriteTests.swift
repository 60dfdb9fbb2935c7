import FakeGitHub
import Foundation
@testable import GitHubAPI
import Synchronization
import Testing

@Suite("Writes: follow and star, what the token may do, and what GitHub refuses")
struct WriteTests {
    @Test("follow and unfollow: PUT and DELETE answered 204, each with Content-Length: 0; GET answers 204 or 404")
    func followSendsEmptyBodies() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            let login = fixture.person.login
            #expect(try await fixture.client.isFollowing(login) == false)
            try await fixture.client.follow(login)
            #expect(try await fixture.client.isFollowing(login) == true)
            try await fixture.client.unfollow(login)
            #expect(try await fixture.client.isFollowing(login) == false)
            let path = "/user/following/\(login)"
            // After the first write, who "you" are is asked once (what it made stale includes your lists).
            #expect(await fixture.userRequests() == ["GET 404 \(path)", "PUT 204 \(path)", "GET 200 /user", "GET 204 \(path)",
                                                     "DELETE 204 \(path)", "GET 404 \(path)"])
            let writes = await fixture.server.requestLog().filter { $0.method == "PUT" || $0.method == "DELETE" }
            #expect(writes.map { $0.headers["content-length"] } == ["0", "0"])
            #expect(writes.allSatisfy { $0.authorization == "Bearer gho_follow" })
        }
    }

    @Test("star and unstar: PUT and DELETE answered 204 with Content-Length: 0; GET tells the state")
    func starSendsEmptyBodies() async throws {
        try await withWrites(token: "gho_default") { fixture in
            let (owner, name) = (fixture.repository.owner.login, fixture.repository.name)
            #expect(try await fixture.client.hasStarred(owner: owner, name: name) == false)
            try await fixture.client.star(owner: owner, name: name)
            #expect(try await fixture.client.hasStarred(owner: owner, name: name) == true)
            try await fixture.client.unstar(owner: owner, name: name)
            #expect(try await fixture.client.hasStarred(owner: owner, name: name) == false)
            let path = "/user/starred/\(owner)/\(name)"
            // After the first write, who "you" are is asked once (what it made stale includes your lists).
            #expect(await fixture.userRequests() == ["GET 404 \(path)", "PUT 204 \(path)", "GET 200 /user", "GET 204 \(path)",
                                                     "DELETE 204 \(path)", "GET 404 \(path)"])
            let writes = await fixture.server.requestLog().filter { $0.method == "PUT" || $0.method == "DELETE" }
            #expect(writes.map { $0.headers["content-length"] } == ["0", "0"])
        }
    }

    @Test("gh's default token: its scopes are read from the first answer, before any write; follow is left out, star is not")
    func scopesFromFirstAnswer() async throws {
        let seen = Mutex<[[String]?]>([])
        try await withWrites(token: "gho_default", onResponse: { info in seen.withLock { $0.append(info.scopes) } }) { fixture in
            #expect(fixture.client.tokenAbilities == TokenAbilities(token: "gho_default", scopes: nil))
            #expect(fixture.client.tokenAbilities.follow == .unknown)
            _ = try await fixture.client.userDetails(login: "octocat", policy: .normal)
            #expect(seen.withLock { $0 } == [["repo", "read:org", "gist"]])
            #expect(fixture.client.tokenAbilities.follow == .missingScope("user:follow"))
            #expect(fixture.client.tokenAbilities.star == .allowed)
            #expect(fixture.client.tokenAbilities.follow.mayTry == false)
            #expect(await fixture.userRequests().isEmpty)
        }
        try await withWrites(token: "gho_follow") { fixture in
            _ = try await fixture.client.userDetails(login: "octocat", policy: .normal)
            #expect(fixture.client.tokenAbilities == TokenAbilities(token: "gho_follow", scopes: ["repo", "read:org", "gist", "user:follow"]))
            #expect(fixture.client.tokenAbilities.follow == .allowed && fixture.client.tokenAbilities.star == .allowed)
        }
    }

    @Test("what each kind of token may do, from the token and the scopes listed")
    func abilities() {
        #expect(TokenAbilities(token: nil, scopes: nil) == TokenAbilities(token: "", scopes: ["user"]))
        #expect(TokenAbilities(token: nil, scopes: nil).follow == .needsToken)
        let user = TokenAbilities(token: "ghp_x", scopes: ["user", "public_repo"])
        #expect(user.follow == .allowed && user.star == .allowed)
        let none = TokenAbilities(token: "ghp_x", scopes: [])
        #expect(none.follow == .missingScope("user:follow") && none.star == .missingScope("public_repo"))
        let fineGrained = TokenAbilities(token: "github_pat_x", scopes: nil)
        #expect(fineGrained.follow == .unknown && fineGrained.star == .unknown)
        let actions = TokenAbilities(token: "ghs_x", scopes: nil)
        #expect(actions.follow == .actionsToken && actions.star == .unknown)
    }

    @Test("a follow refused for scope is its own error naming the scope and the gh command; nothing changed")
    func scopeRefusal() async throws {
        try await withWrites(token: "gho_default") { fixture in
            let login = fixture.person.login
            await #expect(throws: GitHubError.missingScope(scope: "user:follow", host: fixture.host)) {
                try await fixture.client.follow(login)
            }
            #expect(GitHubError.missingScope(scope: "user:follow", host: "github.com").description
                == "This token lacks the user:follow scope: gh auth refresh -h github.com -s user:follow (or a token with the user:follow scope).")
            let following = try await fixture.client.isFollowing(login)
            #expect(following == false)
            #expect(await fixture.userRequests() == ["PUT 404 /user/following/\(login)", "GET 404 /user/following/\(login)"])
        }
        // A token that may follow but not star: the star's refusal names public_repo.
        try await withWrites(token: "ghp_follows_only", change: {
            $0.tokens["ghp_follows_only"] = FakeToken(viewer: "octocat", kind: .classic(scopes: ["user:follow"]))
        }) { fixture in
            await #expect(throws: GitHubError.missingScope(scope: "public_repo", host: fixture.host)) {
                try await fixture.client.star(owner: fixture.repository.owner.login, name: fixture.repository.name)
            }
            try await fixture.client.follow(fixture.person.login)
        }
    }

    @Test("a fine-grained token: no scopes to read; its 403 names the permission it lacks; what it may do is done")
    func fineGrained() async throws {
        try await withWrites(token: "github_pat_starring") { fixture in
            _ = try await fixture.client.userDetails(login: "octocat", policy: .normal)
            #expect(fixture.client.tokenAbilities == TokenAbilities(token: "github_pat_starring", scopes: nil))
            await #expect(throws: GitHubError.missingPermission(permission: "Followers")) {
                try await fixture.client.follow(fixture.person.login)
            }
            try await fixture.client.star(owner: fixture.repository.owner.login, name: fixture.repository.name)
            let statuses = await fixture.server.requestLog().filter { $0.method == "PUT" }.map(\.status)
            #expect(statuses == [403, 204])
        }
    }

    @Test("an Actions token cannot follow: known before anything is sent, and its refusal says so")
    func actionsToken() async throws {
        try await withWrites(token: "ghs_actions") { fixture in
            #expect(fixture.client.tokenAbilities.follow == .actionsToken)
            await #expect(throws: GitHubError.actionsToken) { try await fixture.client.follow(fixture.person.login) }
            #expect(await fixture.userRequests() == ["PUT 403 /user/following/\(fixture.person.login)"])
        }
    }

    @Test("hostile names stay one path segment: GitHub's 404 for someone who is not there, and nothing followed")
    func hostileNames() async throws {
        try await withWrites(token: "gho_follow") { fixture in
            for login in ["../../user", "a/b?c=d#e", "\u{1b}[2J", "é\u{0}x", ""] {
                await #expect(throws: GitHubError.notFound(what: "User \(login)")) { try await fixture.client.follow(login) }
                let following = try await fixture.client.isFollowing(login)
                #expect(following == false)
            }
            await #expect(throws: GitHubError.notFound(what: "Repository ../x")) {
                try await fixture.client.star(owner: "..", name: "x")
            }
            let mine = try await fixture.client.userDetails(login: GitHubConfiguration.me, policy: .revalidate).details
            #expect(mine.following == 4)
            #expect(await fixture.server.requestLog().allSatisfy { $0.path.hasPrefix("/user") })
        }
    }

    @Test("without a token a write is not sent: it needs one", arguments: [true, false])
    func noToken(follow: Bool) async throws {
        try await withWrites(token: nil) { fixture in
            await #expect(throws: GitHubError.self) {
                if follow { try await fixture.client.follow("octocat") } else { try await fixture.client.star(owner: "a", name: "b") }
            }
            #expect(fixture.client.tokenAbilities.follow == .needsToken)
            #expect(await fixture.server.requestLog().isEmpty)
        }
    }
}

@Suite("Refusals read from GitHub's headers")
struct RefusalHeaderTests {
    static func error(_ status: Int, _ message: String, _ headers: [String: String]) -> GitHubError {
        GitHubClient.error(status: status, body: Data(#"{"message":"\#(message)","status":"\#(status)"}"#.utf8),
                           header: { name in headers.first { $0.key.lowercased() == name.lowercased() }?.value },
                           subject: "User x", authenticated: true, host: "ghe.example.com")
    }

    @Test("a 4xx but 422 whose accepted scopes the token's do not cover is a missing scope, the narrowest named")
    func scope() {
        let gh = ["X-OAuth-Scopes": "repo, read:org, gist"]
        #expect(Self.error(404, "Not Found", gh.merging(["X-Accepted-OAuth-Scopes": "user, user:follow"]) { $1 })
            == .missingScope(scope: "user:follow", host: "ghe.example.com"))
        #expect(Self.error(403, "Forbidden", ["X-OAuth-Scopes": "", "X-Accepted-OAuth-Scopes": "repo, public_repo"])
            == .missingScope(scope: "public_repo", host: "ghe.example.com"))
        // Covered (repo grants public_repo), a 422, or no accepted scopes: not about scopes.
        #expect(Self.error(404, "Not Found", gh.merging(["X-Accepted-OAuth-Scopes": "public_repo"]) { $1 }) == .notFound(what: "User x"))
        #expect(Self.error(422, "Validation Failed", gh.merging(["X-Accepted-OAuth-Scopes": "user"]) { $1 })
            == .validation(message: "Validation Failed"))
        #expect(Self.error(404, "Not Found", gh.merging(["X-Accepted-OAuth-Scopes": ""]) { $1 }) == .notFound(what: "User x"))
        // A rate limit stays a rate limit.
        let limited = Self.error(403, "You have exceeded a secondary rate limit", gh.merging(["X-Accepted-OAuth-Scopes": "user", "retry-after": "9"]) { $1 })
        #expect(limited == .secondaryRateLimit(retryAfter: 9, message: "You have exceeded a secondary rate limit"))
    }

    @Test("a fine-grained token's 403 names the permission from X-Accepted-GitHub-Permissions")
    func permission() {
        let message = "Resource not accessible by personal access token"
        #expect(Self.error(403, message, ["X-Accepted-GitHub-Permissions": "starring=write"]) == .missingPermission(permission: "Starring"))
        #expect(Self.error(403, message, ["X-Accepted-GitHub-Permissions": "followers=write; members=read"])
            == .missingPermission(permission: "Followers"))
        #expect(Self.error(403, message, [:]) == .forbidden(message: message))
    }
}
