import GitHubAPI
import ListCore

extension AppState {
    // MARK: - Pushing lists

    /// `1` to `5` from the details pane: the list the key opens from the account or the
    /// repository it is on, pushed on the stack.
    mutating func drillDown(_ action: Action) -> [Command] {
        guard let row = top.selectedRow else { return [] }
        guard let list = GitHubList.opened(by: action, from: row) else { return nothing(.nothingToOpen) }
        return push(list, from: row.name)
    }

    /// A new list on the stack under the account or repository `name` it was opened from: its
    /// crumbs are the name and the list after the title's (the list alone on that name's profile).
    mutating func push(_ list: GitHubList, from name: String, at start: GitHubCursor? = nil) -> [Command] {
        let onItsProfile = top.profileScreen.map { detailsKey($0.login) == detailsKey(name) } ?? false
        return push(list, crumbs: onItsProfile ? [.list(list)] : [.name(name), .list(list)], at: start)
    }

    /// A new list on the stack, `crumbs` added to the title's.
    mutating func push(_ list: GitHubList, crumbs: [Crumb], at start: GitHubCursor? = nil) -> [Command] {
        let moment = moment
        return stack.push(.list(newList(list, crumbs: top.crumbs + crumbs, at: start)), at: moment)
    }

    /// A new screen for `list` (a new id: answers for any other are dropped), at `start` or its
    /// first page.
    mutating func newList(_ list: GitHubList, crumbs: [Crumb], at start: GitHubCursor? = nil) -> ListScreen {
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
