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
}
