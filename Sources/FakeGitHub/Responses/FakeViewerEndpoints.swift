import FlyingFox
import Foundation

/// The token owner's side of the API: `GET /user` and its lists, and the writes (follow and
/// star, `PUT`/`DELETE`, checked with `GET`: 204 or 404), with what GitHub answers each kind of
/// token: a classic token without the scope gets a 404 (its scopes in `X-OAuth-Scopes`, the
/// endpoint's in `X-Accepted-OAuth-Scopes`), a fine-grained one without the permission a 403
/// "Resource not accessible by personal access token", an Actions token a 403 "Resource not
/// accessible by integration".
struct FakeViewerEndpoints {
    let data: FakeDataSet
    let state: FakeState
    let pages: FakePages
    let options: FakeGitHubOptions
    /// Whose token sent the request; nil without one.
    let token: FakeToken?

    /// What an endpoint asks of a token: a classic one's scopes (one of them), a fine-grained
    /// one's permission; and the page of GitHub's documentation a refusal names.
    private struct Need {
        var scopes: [String] = []
        var permission: (name: String, access: FakeAccess)?
        var documentation: String
    }

    /// The answer to a `/user` path, or nil when `parts` is not one.
    func answer(_ request: HTTPRequest, parts: [String], path: String) async -> FakeReply? {
        guard parts.first == "user" else { return nil }
        let method = request.method
        let isRead = method == .GET || method == .HEAD
        guard isRead || method == .PUT || method == .DELETE else { return .notFound }
        guard let token else { return Self.unauthenticated }
        if case .actions = token.kind {
            return .error(403, "Resource not accessible by integration")
        }
        guard let login = token.viewer, let viewer = data.user(login: login) else { return Self.unauthenticated }
        let rest = Array(parts.dropFirst())
        switch rest.count {
        case 0 where isRead:
            return FakeReply(status: 200, body: FakeJSON.fullUser(viewer, data: data, base: pages.linkBase, edits: pages.edits),
                             cacheable: true)
        case 1 where isRead:
            return list(rest[0], of: viewer, path: path, token: token)
        case 2 where rest[0] == "following":
            return await following(rest[1], by: viewer, request: request, token: token)
        case 3 where rest[0] == "starred":
            return await starred(owner: rest[1], name: rest[2], by: viewer, request: request, token: token)
        default:
            return .notFound
        }
    }

    private static let unauthenticated = FakeReply(status: 401, body: FakeJSON.error(
        "Requires authentication", status: 401, documentation: "https://docs.github.com/rest/users/users#get-the-authenticated-user"))

    // MARK: - Lists

    private func list(_ name: String, of viewer: FakeUser, path: String, token: FakeToken) -> FakeReply {
        let documentation = "https://docs.github.com/rest/"
        switch name {
        case "followers", "following":
            let need = Need(permission: ("followers", .read), documentation: documentation + "users/followers")
            return refusal(need, token: token) ?? pages.list(key: FakeEdits.key(name, viewer), path: path)
        case "starred":
            let need = Need(permission: ("starring", .read), documentation: documentation + "activity/starring")
            return refusal(need, token: token) ?? pages.starred(by: viewer, path: path, hostile: options.hostileText)
        case "repos":
            return pages.ownedRepositories(viewer, path: path, defaultSort: "full_name", hostile: options.hostileText)
        case "orgs":
            return pages.repositoryRoute(["users", viewer.login, "orgs"], path: path, hostile: options.hostileText) ?? .notFound
        default:
            return .notFound
        }
    }

    // MARK: - Follow and star

    /// `/user/following/{login}`: GET 204 when the viewer follows them, else 404; PUT follows,
    /// DELETE unfollows, both 204.
    private func following(_ login: String, by viewer: FakeUser, request: HTTPRequest, token: FakeToken) async -> FakeReply {
        let write = request.method == .PUT || request.method == .DELETE
        let anchor = !write ? "check-if-a-person-is-followed-by-the-authenticated-user"
            : request.method == .PUT ? "follow-a-user" : "unfollow-a-user"
        let need = Need(scopes: write ? ["user", "user:follow"] : [], permission: ("followers", write ? .write : .read),
                        documentation: "https://docs.github.com/rest/users/followers#\(anchor)")
        if let refused = refusal(need, token: token) { return refused }
        if write, let problem = await writeProblem(request, need) { return problem }
        guard let account = data.user(login: login) else { return notFound(need) }
        if write {
            await state.follow(viewer, account, on: request.method == .PUT, data: data)
            return noContent(need)
        }
        return pages.edits.follows(viewer, account, data: data) ? noContent(need) : notFound(need)
    }

    /// `/user/starred/{owner}/{repo}`: GET 204 when the viewer starred it, else 404; PUT stars,
    /// DELETE unstars, both 204.
    private func starred(owner: String, name: String, by viewer: FakeUser, request: HTTPRequest, token: FakeToken) async -> FakeReply {
        let write = request.method == .PUT || request.method == .DELETE
        let anchor = !write ? "check-if-a-repository-is-starred-by-the-authenticated-user"
            : request.method == .PUT ? "star-a-repository-for-the-authenticated-user" : "unstar-a-repository-for-the-authenticated-user"
        let need = Need(scopes: write ? ["public_repo", "repo"] : [], permission: ("starring", write ? .write : .read),
                        documentation: "https://docs.github.com/rest/activity/starring#\(anchor)")
        if let refused = refusal(need, token: token) { return refused }
        if write, let problem = await writeProblem(request, need) { return problem }
        guard let repository = data.repository(owner: owner, name: name) else { return notFound(need) }
        if write {
            await state.star(viewer, repository, on: request.method == .PUT, data: data)
            return noContent(need)
        }
        return pages.edits.hasStarred(viewer, repository, data: data) ? noContent(need) : notFound(need)
    }

    /// GitHub's answer when the token may not do what `need` says, or nil when it may.
    private func refusal(_ need: Need, token: FakeToken) -> FakeReply? {
        switch token.kind {
        case .classic:
            // GitHub hides what a scope would show: the refusal is a 404.
            return token.covers(need.scopes) ? nil : notFound(need)
        case .fineGrained(let permissions):
            guard let (name, access) = need.permission else { return nil }
            if let granted = permissions[name], granted >= access { return nil }
            var reply = FakeReply(status: 403, body: FakeJSON.error("Resource not accessible by personal access token",
                                                                    status: 403, documentation: need.documentation))
            reply.headers.append(("X-Accepted-GitHub-Permissions", "\(name)=\(access == .write ? "write" : "read")"))
            return reply
        case .actions:
            return FakeReply(status: 403, body: FakeJSON.error("Resource not accessible by integration", status: 403,
                                                               documentation: need.documentation))
        }
    }

    /// A write GitHub would not take: a `PUT` without `Content-Length` (411), or one past the
    /// secondary limit for content creation.
    private func writeProblem(_ request: HTTPRequest, _ need: Need) async -> FakeReply? {
        if request.method == .PUT, request.headers[.contentLength] == nil {
            return .error(411, "Length Required")
        }
        guard await state.writeIsLimited() else { return nil }
        var reply = FakeReply.error(options.writeLimitStatus, "You have exceeded a secondary rate limit and have been "
                                    + "temporarily blocked from content creation. Please retry your request again later.")
        if let after = options.secondaryRetryAfterSeconds { reply.headers.append(("retry-after", String(after))) }
        reply.acceptedScopes = need.scopes
        return reply
    }

    private func noContent(_ need: Need) -> FakeReply {
        FakeReply(status: 204, body: "", acceptedScopes: need.scopes)
    }

    private func notFound(_ need: Need) -> FakeReply {
        FakeReply(status: 404, body: FakeJSON.error("Not Found", status: 404, documentation: need.documentation),
                  acceptedScopes: need.scopes)
    }
}
