/// What the token may do (follow accounts, star repositories), as far as it is known before
/// anything is tried.
///
/// A classic token lists its scopes in `X-OAuth-Scopes` on every answer, so the first answer
/// tells: following needs `user:follow` (or `user`), starring `public_repo` (or `repo`). A
/// fine-grained token sends no scopes: what it may do is known only once tried. An Actions token
/// (`ghs_…`) can never follow.
public struct TokenAbilities: Sendable, Equatable {
    /// Whether one kind of write may be done.
    public enum Ability: Sendable, Equatable {
        case allowed
        /// Without a token: nothing can be written.
        case needsToken
        /// A classic token without the scope named (the narrowest that would do).
        case missingScope(String)
        /// An Actions token (`ghs_…`): it has no account to follow with.
        case actionsToken
        /// Not known until tried (a fine-grained token, or no answer heard yet).
        case unknown

        /// False only when it is known that the write cannot be done.
        public var mayTry: Bool {
            switch self {
            case .allowed, .unknown: true
            case .needsToken, .missingScope, .actionsToken: false
            }
        }
    }

    public var follow: Ability
    public var star: Ability

    /// - Parameters:
    ///   - token: the token sent, if any (only its `ghs_` prefix is read).
    ///   - scopes: the scopes an answer listed in `X-OAuth-Scopes`; nil when none listed them.
    public init(token: String?, scopes: [String]?) {
        guard let token, !token.isEmpty else {
            (follow, star) = (.needsToken, .needsToken)
            return
        }
        if token.hasPrefix("ghs_") {
            (follow, star) = (.actionsToken, .unknown)
            return
        }
        guard let scopes else {
            (follow, star) = (.unknown, .unknown)
            return
        }
        follow = OAuthScopes.covers(scopes, accepted: Self.followScopes) ? .allowed : .missingScope("user:follow")
        star = OAuthScopes.covers(scopes, accepted: Self.starScopes) ? .allowed : .missingScope("public_repo")
    }

    /// The scopes GitHub accepts for following, and for starring.
    public static let followScopes = ["user:follow", "user"]
    public static let starScopes = ["public_repo", "repo"]
}

/// Reading classic OAuth scopes: GitHub's header lists, and which scope grants which.
enum OAuthScopes {
    /// `"repo, read:org, gist"` as its scopes; an empty header is no scope at all.
    static func parse(_ header: String) -> [String] {
        header.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// Whether `scopes` grant one of `accepted` (a wider scope grants those under it: `repo`
    /// grants `public_repo`, `user` grants `user:follow`). Nothing accepted: any token will do.
    static func covers(_ scopes: [String], accepted: [String]) -> Bool {
        guard !accepted.isEmpty else { return true }
        let granted = Set(scopes.flatMap { [$0] + (implied[$0] ?? []) })
        return accepted.contains { granted.contains($0) }
    }

    /// The narrowest of `accepted`: one that another of them grants (`user:follow` of
    /// `user, user:follow`), else the first.
    static func narrowest(_ accepted: [String]) -> String? {
        accepted.first { scope in accepted.contains { implied[$0]?.contains(scope) == true } } ?? accepted.first
    }

    /// The scopes a wider one grants, as GitHub documents them.
    static let implied: [String: [String]] = [
        "repo": ["public_repo", "repo:status", "repo_deployment", "repo:invite", "security_events"],
        "user": ["read:user", "user:email", "user:follow"],
        "admin:org": ["write:org", "read:org"],
        "write:org": ["read:org"],
        "admin:public_key": ["write:public_key", "read:public_key"],
        "write:public_key": ["read:public_key"],
    ]
}
