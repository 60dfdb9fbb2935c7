import GitHubAPI
import ListCore

extension AppView {
    /// The end row of a list GitHub cut short (the pager's ``Pager/endedShort``: its source
    /// stopped serving the list before the list's end), in place of "End of list"; nil for a list
    /// that simply ended.
    static func cutShort(_ top: ListScreen) -> String? {
        guard top.pager.endedShort, top.pager.appendState == .endReached else { return nil }
        return top.list.cutShortNote(loaded: top.pager.knownCount, total: top.pager.totalCount)
    }
}
