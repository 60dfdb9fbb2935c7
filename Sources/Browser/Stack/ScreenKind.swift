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

    /// The help's title for the list's keys here, when it is not the mode's.
    var helpTitle: String? { self == .profile ? "on a profile" : nil }
}

/// What the details pane is on, as the keys name what leads on from it: an organization's
/// followers key opens its members and its following key its followers; a repository's, its
/// stargazers and its contributors.
package enum PaneSubject: Sendable, Hashable, CaseIterable {
    case user, organization, repository

    /// The keys that lead on, named for what they open here (``GitHubList/opened(by:from:)``).
    package var names: [Action: String] {
        var names: [Action: String] = [:]
        for action in [Action.followers, .following, .repositories] {
            if let list = GitHubList.opened(by: action, from: example), list.crumb != Self.user.crumb(action) {
                names[action] = list.crumb
            }
        }
        return names
    }

    /// Every key that opens a list here, named for that list ("repositories"): the help says
    /// "open its …" for each on an organization or a repository; on a user the key table's own
    /// words serve (nothing).
    var listNames: [Action: String] {
        guard self != .user else { return [:] }
        var names: [Action: String] = [:]
        for action in [Action.followers, .following, .repositories] {
            if let list = GitHubList.opened(by: action, from: example) { names[action] = list.crumb }
        }
        return names
    }

    /// The keys that lead nowhere here: an organization stars nothing and belongs to no
    /// organization, nor does a repository (its help and its pane leave them out).
    package var refused: Set<Action> {
        Set([Action.followers, .following, .repositories, .starred, .organizations].filter {
            GitHubList.opened(by: $0, from: example) == nil
        })
    }

    /// A row of this kind, to ask what its keys open.
    private var example: Row {
        switch self {
        case .user: .user(GitHubUser(login: "", id: 0))
        case .organization: .user(GitHubUser(login: "", id: 0, type: "Organization"))
        case .repository: .repository(GitHubRepository(id: 0, fullName: "o/r"))
        }
    }

    private func crumb(_ action: Action) -> String? { GitHubList.opened(by: action, from: example)?.crumb }

    /// `F` and `*` where they do nothing: a user is followed, not starred; a repository starred;
    /// an organization neither.
    var notActedOn: Set<Action> {
        switch self {
        case .user: [.star]
        case .organization: [.follow, .star]
        case .repository: [.follow]
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
