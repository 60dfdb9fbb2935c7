import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The writes (follow, star) and their state: `PUT` and `DELETE` with an empty body, `GET`
// answered 204 or 404. Through the same transport as everything else.
extension GitHubClient {
    /// Follows `login` (`PUT /user/following/{login}`).
    public func follow(_ login: String) async throws { try await set(.account(login), to: true) }
    /// Stops following `login` (`DELETE /user/following/{login}`).
    public func unfollow(_ login: String) async throws { try await set(.account(login), to: false) }
    /// Stars `owner/name` (`PUT /user/starred/{owner}/{name}`).
    public func star(owner: String, name: String) async throws { try await set(.repository(owner: owner, name: name), to: true) }
    /// Unstars `owner/name` (`DELETE /user/starred/{owner}/{name}`).
    public func unstar(owner: String, name: String) async throws { try await set(.repository(owner: owner, name: name), to: false) }

    /// Whether the token's owner follows `login`.
    public func isFollowing(_ login: String) async throws -> Bool { try await isSet(.account(login)) }
    /// Whether the token's owner starred `owner/name`.
    public func hasStarred(owner: String, name: String) async throws -> Bool {
        try await isSet(.repository(owner: owner, name: name))
    }

    /// Follows or stars `target` (`on`), or undoes it: `PUT` or `DELETE` with an empty body and
    /// `Content-Length: 0`, done at GitHub's 204.
    ///
    /// The write is idempotent: a timeout or a 5xx is retried as a read is. A rate limit is not
    /// waited out: its error (a secondary limit's with its `retry-after`) is thrown, and until it
    /// ends another write fails at once without being sent (reads go on). A refusal says what is
    /// missing: ``GitHubError/missingScope(scope:host:)``, ``GitHubError/missingPermission(permission:)``,
    /// ``GitHubError/actionsToken``; without a token, ``GitHubError/badCredentials(message:)``.
    ///
    /// Once done, what it changed is asked again rather than guessed: the stored pages, details
    /// and fill it made stale are marked so (``expireAfterWrite(_:to:)``).
    public func set(_ target: WriteTarget, to on: Bool) async throws {
        let request = try writeRequest(on ? "PUT" : "DELETE", target)
        _ = try await throttle.performWrite(resource: "core") { [self] in
            try await exchange(request, target: target)
        }
        // The write landed: what it changed is marked even if the caller is cancelled meanwhile.
        await Task { [self] in await expireAfterWrite(target, to: on) }.value
    }

    /// Whether `target` is followed or starred: `GET`, 204 yes, 404 no. Asked when a key is
    /// pressed, so, as a write, it is retried after a timeout or a 5xx but does not wait out a
    /// rate limit: the limit's error is thrown at once (a person is waiting for the answer). The
    /// writes' own secondary limit does not hold it back: it is a read.
    public func isSet(_ target: WriteTarget) async throws -> Bool {
        let request = try writeRequest("GET", target)
        return try await throttle.performWrite(resource: "core", isWrite: false) { [self] in
            try await exchange(request, target: target) == 204
        }
    }

    private func writeRequest(_ method: String, _ target: WriteTarget) throws -> URLRequest {
        guard let token = configuration.token else {
            throw GitHubError.badCredentials(message: "a token is needed to follow or star")
        }
        let url = try configuration.url(target.path)
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue(GitHubClient.mediaType, forHTTPHeaderField: "Accept")
        request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if method != "GET" {
            // GitHub answers 411 to a PUT without a length.
            request.setValue("0", forHTTPHeaderField: "Content-Length")
            request.httpBody = Data()
        }
        return request
    }

    /// Sends `request`: its 2xx status, 404 for a `GET` GitHub answered 404, else the error.
    private func exchange(_ request: URLRequest, target: WriteTarget) async throws -> Int {
        let (body, http) = try await send(request, limit: 65_536)
        let header = { (name: String) in http.value(forHTTPHeaderField: name) }
        let status = http.statusCode
        if let url = request.url {
            observe(url: url, status: status, rateLimit: RateLimit(header: header), fromCache: false, header: header)
        }
        if (200..<300).contains(status) { return status }
        let error = Self.error(status: status, body: body, header: header, subject: target.subject, authenticated: true,
                               host: GitHubConfiguration.webHost(of: configuration.baseURL))
        switch error {
        case .notFound where request.httpMethod == "GET":
            return 404
        case .forbidden(let message) where message.localizedCaseInsensitiveContains("personal access token"):
            throw GitHubError.missingPermission(permission: target.permission)
        case .forbidden(let message) where message.localizedCaseInsensitiveContains("by integration")
            && configuration.token?.hasPrefix("ghs_") == true:
            throw GitHubError.actionsToken
        default:
            throw error
        }
    }

    // MARK: - Scopes

    /// What the token may do, from the scopes the last answer listed (unknown for a classic
    /// token until an answer has come).
    public var tokenAbilities: TokenAbilities {
        TokenAbilities(token: configuration.token, scopes: heardScopes.withLock { $0 })
    }

    /// Tells the observer of an answer, and keeps the scopes it listed.
    func observe(url: URL, status: Int, rateLimit: RateLimit?, fromCache: Bool, header: (String) -> String?) {
        var scopes: [String]?
        if configuration.token != nil, configuration.isSameOrigin(url), let listed = header("X-OAuth-Scopes") {
            scopes = OAuthScopes.parse(listed)
            heardScopes.withLock { $0 = scopes }
        }
        observer?(ResponseInfo(url: url, status: status, rateLimit: rateLimit, fromCache: fromCache, scopes: scopes))
    }
}
