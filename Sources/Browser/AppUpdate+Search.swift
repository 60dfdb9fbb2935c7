import GitHubAPI
import ListCore

extension AppState {
    // MARK: - Searches

    /// `S` on a search: the next order (best match, followers, repositories, joined); the list
    /// starts again from its first page under the same crumbs.
    mutating func cycleSort() -> [Command] {
        guard case let .users(.search(query, sort)) = top.list else {
            return nothing("Only a search has an order to choose")
        }
        let list = GitHubList.users(.search(query, sort: sort.next))
        let moment = moment
        let cancels = top.send(.cancel, at: moment)
        let openedWith = top.openedWith
        // (A filter and the pane go with the rows they were on: the list starts over.)
        let started = startList(list, crumbs: top.crumbs)
        top.openedWith = openedWith
        flash = "Sorted: \(sort.next.label)"
        return cancels + started
    }
}

extension AppView {
    /// After a search's crumb in the title: how many GitHub found, and the order.
    static func searchNote(_ state: AppState) -> String? {
        guard case let .users(.search(_, sort)) = state.top.list else { return nil }
        let total = state.top.pager.totalCount.map { " · \(ProfileText.grouped($0)) found" } ?? ""
        return total + " · " + sort.label
    }

    /// The end row of a search GitHub cuts short (it gives the first 1,000 results only): how
    /// many of how many, and what to do about it. (A smaller total is GitHub's estimate: the
    /// list simply ends.)
    static func cutShort(_ state: AppState) -> String? {
        let count = state.top.pager.knownCount
        guard case .users(.search) = state.top.list, let total = state.top.pager.totalCount,
              total > SearchUsersSource.resultCap, total > count, state.top.pager.appendState == .endReached else {
            return nil
        }
        return "First \(ProfileText.grouped(count)) of \(ProfileText.grouped(total)) · narrow the query"
    }
}
