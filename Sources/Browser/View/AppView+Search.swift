import GitHubAPI
import ListCore

extension AppView {
    /// After a search's crumb in the title: how many GitHub found, whether its search timed out
    /// (`incomplete_results`: the results may be partial), and the order.
    static func searchNote(_ top: ListScreen) -> String? {
        guard case let .users(.search(_, sort)) = top.list else { return nil }
        let total = top.pager.totalCount.map { " · \(Formatting.grouped($0)) found" } ?? ""
        let incomplete = top.pager.isIncomplete ? " · incomplete (GitHub timed out)" : ""
        return total + incomplete + " · " + sort.label
    }

    /// The end row of a search GitHub cuts short (it gives the first 1,000 results only): how
    /// many of how many, and what to do about it. Only when the cap is what ended it: a list
    /// that ended on an empty page before it (a larger total is GitHub's estimate) simply ends.
    static func cutShort(_ top: ListScreen) -> String? {
        // The kind of list first: reading the pager's figures is only worth it for a search.
        guard case .users(.search) = top.list else { return nil }
        let count = top.pager.knownCount
        guard let total = top.pager.totalCount,
              total > SearchUsersSource.resultCap, total > count, count >= SearchUsersSource.resultCap,
              top.pager.appendState == .endReached else {
            return nil
        }
        return "First \(Formatting.grouped(count)) of \(Formatting.grouped(total)) · narrow the query"
    }
}
