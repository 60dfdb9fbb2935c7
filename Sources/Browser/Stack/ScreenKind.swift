import GitHubAPI

/// The kinds of screen as the keys see them: each declares the actions that do nothing on it,
/// which its hints and its help leave out.
package enum ScreenKind: Sendable, Hashable, CaseIterable {
    /// A list that is not a search.
    case list
    /// A search's results.
    case search
    /// An account's profile.
    case profile

    /// What does nothing here: a list has no order to choose but a search's; a profile has no
    /// filter either (its lists have).
    package var refused: Set<Action> {
        switch self {
        case .list: [.sort]
        case .search: []
        case .profile: [.filter, .sort]
        }
    }
}

/// What the details pane is on, as the keys name what leads on from it: an organization's
/// followers key opens its members; a repository's, its stargazers, and its following key its
/// contributors.
package enum PaneSubject: Sendable, Hashable, CaseIterable {
    case user, organization, repository

    package var names: [Action: String] {
        switch self {
        case .user: [:]
        case .organization: [.followers: GitHubList.users(.members("")).crumb]
        case .repository: [.followers: GitHubList.users(.stargazers(owner: "", repo: "")).crumb,
                           .following: GitHubList.users(.contributors(owner: "", repo: "")).crumb]
        }
    }

    /// What a row is, for the keys.
    init(_ row: Row?) {
        switch row {
        case .repository?: self = .repository
        case .user(let user)? where user.isOrganization: self = .organization
        default: self = .user
        }
    }
}

extension Screen {
    @inline(__always)
    package var kind: ScreenKind {
        switch self {
        case .list(let screen): screen.isSearch ? .search : .list
        case .profile: .profile
        }
    }
}
