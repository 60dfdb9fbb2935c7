import GitHubAPI
import ListCore

/// How much of a list there is beyond the rows loaded: the row above them, the end of a list cut
/// short, GitHub's count of its pages.
extension AppView {
    /// The row above the loaded users: a jump on its way, or the users dropped before them.
    static func earlierRow(_ top: ListScreen) -> String? {
        let end = top.pendingMove == .last ? "last" : "first"
        let target = top.pendingItem.map { "row \(Formatting.grouped($0 + 1))" } ?? "the \(end) \(top.list.itemNoun.many)"
        switch top.pager.jumpState {
        case .loading: return "Loading \(target)…"
        case .failed(let failure): return "\(target.prefix(1).uppercased() + target.dropFirst()) could not be loaded: \(failure.message)"
        default: break
        }
        guard top.pager.offset > 0 else { return nil }
        let before = Formatting.count(top.pager.offset, top.list.itemNoun)
        switch top.pager.prependState {
        case .loading: return "↑ Loading the \(before) before these…"
        case .failed(let failure):
            return "↑ The \(top.list.itemNoun.form(for: top.pager.offset)) before these could not be loaded: \(failure.message)"
        default: return "↑ \(before) before these load as you scroll up"
        }
    }

    /// The end row of a list GitHub cut short (the pager's ``Pager/endedShort``: its source
    /// stopped serving the list before the list's end), in place of "End of list"; nil for a list
    /// that simply ended.
    static func cutShort(_ top: ListScreen) -> String? {
        guard top.pager.endedShort, top.pager.appendState == .endReached else { return nil }
        return top.list.cutShortNote(loaded: top.pager.knownCount, total: top.pager.totalCount)
    }

    /// How many rows a list has by GitHub's count of its pages (all full but the last), while
    /// pages of it were never loaded, or were counted but not all loaded (`G`): "20 followers ·
    /// 981–1,000 in all" reads as a part, not a total.
    static func countedRange(_ pager: Pager<Row, GitHubCursor>) -> (least: Int, most: Int)? {
        guard let pages = pager.totalPages, pages > pager.pages.count || pager.countsAhead, !pager.hasEnded else { return nil }
        let (most, overflow) = pages.multipliedReportingOverflow(by: pager.pageSize)
        guard !overflow, most >= pager.knownCount else { return nil }
        return (most - pager.pageSize + 1, most)
    }
}
