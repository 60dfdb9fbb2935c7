/// A token the fake knows: whose it is and of what kind, which decide the scope headers its
/// answers carry and the writes (follow, star) it may do.
package struct FakeToken: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A classic token (`ghp_`, `gho_`): its scopes go back in `X-OAuth-Scopes` on every answer,
        /// and an endpoint's in `X-Accepted-OAuth-Scopes`.
        case classic(scopes: [String])
        /// A fine-grained token (`github_pat_`): no scope headers; `followers` and `starring` name
        /// the user permissions it has. A write it may not do answers 403 "Resource not accessible
        /// by personal access token".
        case fineGrained(permissions: [String: FakeAccess])
        /// An Actions token (`ghs_`): no scope headers, no account to follow or star with.
        case actions
    }

    /// The login the token belongs to; nil: none (an Actions token's, or a misconfigured fake).
    package var viewer: String?
    package var kind: Kind

    package init(viewer: String?, kind: Kind) {
        self.viewer = viewer
        self.kind = kind
    }

    /// What `gh auth login` asks for: no `user:follow`.
    package static let ghLoginScopes = ["repo", "read:org", "gist"]

    /// Tokens for the tests and the demo, all of `viewer`: `gho_default` (gh's login: `repo,
    /// read:org, gist`), `gho_follow` (the same and `user:follow`), `github_pat_starring`
    /// (fine-grained: Starring read and write, Followers read only) and `ghs_actions`.
    package static func standard(viewer: String) -> [String: FakeToken] {
        [
            "gho_default": FakeToken(viewer: viewer, kind: .classic(scopes: ghLoginScopes)),
            "gho_follow": FakeToken(viewer: viewer, kind: .classic(scopes: ghLoginScopes + ["user:follow"])),
            "github_pat_starring": FakeToken(viewer: viewer, kind: .fineGrained(permissions: ["starring": .write, "followers": .read])),
            "ghs_actions": FakeToken(viewer: nil, kind: .actions),
        ]
    }

    /// The scopes in `X-OAuth-Scopes`; nil for a token that sends none.
    var scopes: [String]? {
        if case .classic(let scopes) = kind { return scopes }
        return nil
    }

    /// Whether a classic token's scopes cover one of `accepted` (a wider scope covers the ones
    /// under it: `repo` covers `public_repo`, `user` covers `user:follow`). Nothing accepted: any.
    func covers(_ accepted: [String]) -> Bool {
        guard let scopes, !accepted.isEmpty else { return true }
        let granted = Set(scopes.flatMap { [$0] + (Self.implied[$0] ?? []) })
        return accepted.contains { granted.contains($0) }
    }

    /// The scopes a wider one grants, as GitHub documents them.
    private static let implied: [String: [String]] = [
        "repo": ["public_repo", "repo:status", "repo_deployment", "repo:invite", "security_events"],
        "user": ["read:user", "user:email", "user:follow"],
        "admin:org": ["write:org", "read:org"],
        "write:org": ["read:org"],
    ]
}

/// How far a fine-grained token's permission goes.
package enum FakeAccess: Int, Sendable, Comparable {
    case read = 1
    case write = 2

    package static func < (lhs: FakeAccess, rhs: FakeAccess) -> Bool { lhs.rawValue < rhs.rawValue }
}
