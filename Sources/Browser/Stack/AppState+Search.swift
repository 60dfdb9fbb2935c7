import GitHubAPI
import ListCore

extension AppState {
    // MARK: - Searches

    /// `S` on a search: the next order (best match, followers, repositories, joined); the list
    /// starts again from its first page under the same title (its crumb names the new order's
    /// list; the heading does not say the order).
    mutating func cycleSort() -> [Command] {
        guard let old = top.listScreen, case let .users(.search(query, sort)) = old.list else {
            return nothing(.noOrderToChoose)
        }
        let list = GitHubList.users(.search(query, sort: sort.next))
        // (A filter and the pane go with the rows they were on: the list starts over.)
        var crumbs = old.crumbs
        if crumbs.last == .heading(old.list) { crumbs[crumbs.count - 1] = .heading(list) }
        var sorted = newList(list, crumbs: crumbs)
        sorted.openedWith = old.openedWith
        flash = .sorted(sort.next)
        let moment = moment
        return stack.replaceTop(with: .list(sorted), at: moment)
    }
}
