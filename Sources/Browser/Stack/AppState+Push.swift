import GitHubAPI
import ListCore

extension AppState {
    // MARK: - Pushing lists

    /// `1` and `2` from the details pane: push the user's followers (an organization's members)
    /// or the users they follow.
    mutating func drillDown(_ action: Action) -> [Command] {
        if let repository = top.selectedRow?.repository {
            // From a repository: 1 its stargazers, 2 its contributors, 3 its watchers.
            guard let (owner, name) = repository.ownerAndName else { return nothing("Nothing to open") }
            switch action {
            case .followers: return push(.users(.stargazers(owner: owner, repo: name)), from: repository.fullName, "stargazers")
            case .following: return push(.users(.contributors(owner: owner, repo: name)), from: repository.fullName, "contributors")
            case .repositories: return push(.users(.watchers(owner: owner, repo: name)), from: repository.fullName, "watchers")
            default: return nothing("Nothing to open")
            }
        }
        guard let user = top.selectedUser else { return [] }
        let list: GitHubList
        let crumb: String
        switch action {
        case .followers where user.isOrganization:
            (list, crumb) = (.users(.members(user.login)), "members")
        case .followers:
            (list, crumb) = (.users(.followers(user.login)), "followers")
        case .organizations:
            (list, crumb) = (.users(.organizations(user.login)), "organizations")
        case .repositories:
            (list, crumb) = (.repositories(.owned(user.login, organization: user.isOrganization)), "repositories")
        case .starred:
            (list, crumb) = (.repositories(.starred(user.login)), "starred")
        default:
            (list, crumb) = (.users(.following(user.login)), "following")
        }
        return push(list, from: user.login, crumb)
    }

    /// A new list on the stack, its crumbs after the one it was opened from (after the name
    /// alone on that name's profile).
    mutating func push(_ list: GitHubList, from name: String, _ crumb: String, at start: GitHubCursor? = nil) -> [Command] {
        let onItsProfile = top.profileScreen.map { detailsKey($0.login) == detailsKey(name) } ?? false
        return push(list, crumbs: onItsProfile ? [crumb] : [name, crumb], at: start)
    }

    /// A new list on the stack, `crumbs` added to the title's.
    mutating func push(_ list: GitHubList, crumbs: [String], at start: GitHubCursor? = nil) -> [Command] {
        let moment = moment
        return stack.push(.list(newList(list, crumbs: top.crumbs + crumbs, at: start)), at: moment)
    }

    /// A new screen for `list` (a new id: answers for any other are dropped), at `start` or its
    /// first page.
    mutating func newList(_ list: GitHubList, crumbs: [String], at start: GitHubCursor? = nil) -> ListScreen {
        nextScreenID += 1
        var screen = ListScreen(id: ScreenID(nextScreenID), list: list, crumbs: crumbs, pageSize: pageSize,
                                prefetch: Self.prefetchPolicy(prefetchDistance), listHeight: screenLayout.listHeight,
                                heights: layout.heights, firstCursor: start ?? list.firstCursor, maxItems: maxItems)
        screen.expectedCount = expectedCount(of: list)
        return screen
    }

    /// The size of `list` as the details of its account (already loaded) give it, if they do.
    func expectedCount(of list: GitHubList) -> Int? {
        switch list {
        case .users(.followers(let login)): details.cache.peek(login)?.followers
        case .users(.following(let login)): details.cache.peek(login)?.following
        // (An organization's list shows a member its private repositories too: not counted.)
        case .repositories(.owned(let login, organization: false)): details.cache.peek(login)?.publicRepos
        default: nil
        }
    }
}
