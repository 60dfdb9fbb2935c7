import Foundation
import GitHubAPI
import ListCore

/// Filling the rows near the screen with what GitHub's GraphQL API says of their accounts.
extension ListScreen {
    /// Whether the list's rows are accounts GraphQL can be asked about.
    var fillsAccounts: Bool {
        if case .users = list { true } else { false }
    }

    /// The fill request the rows near the screen need, if any: the accounts on the visible
    /// page and the next that have no fill yet, one request at a time, none while a failure's
    /// wait lasts.
    mutating func fillWants(at now: Date) -> Command? {
        guard fillsAccounts, fills.inFlight == nil, pager.hasLoadedFirstPage else { return nil }
        if let retryAt = fills.retryAt, now < retryAt { return nil }
        guard case .visibleRange(let visible, _)? = visibleRangeEvent else { return nil }
        let (offset, items, size) = (pager.offset, pager.items, pager.pageSize)
        if fills.prunedFor != (offset, items.count) { pruneFills() }
        let first = (offset + visible.lowerBound) / size
        let last = (offset + max(visible.lowerBound, visible.upperBound - 1)) / size + 1
        for page in first...last {
            let lower = max(0, page * size - offset)
            let upper = min(items.count, page * size + size - offset)
            guard lower < upper else { continue }
            let head = items[lower].id
            if fills.asked[page] == head { continue }
            var rows: [String: Int64] = [:]
            for case .user(let user) in items[lower..<upper]
            where fills.byID[user.id] == nil && !fills.unknown.contains(user.id) {
                rows[user.login] = user.id
            }
            // A page loaded only in part is asked again when the rest has come.
            let whole = upper - lower == size || pager.appendState == .endReached
            guard !rows.isEmpty else {
                if whole { fills.asked[page] = head }
                continue
            }
            fills.nextRequest += 1
            let request = RowFills.Request(id: RequestID(fills.nextRequest), pages: whole ? [page: head] : [:], rows: rows)
            fills.inFlight = request
            return .fillRows(id, request.id, logins: rows.keys.sorted())
        }
        return nil
    }

    /// Keeps what a page said of its rows' accounts (a GraphQL page fills its rows itself), by
    /// row, in the rows' order; the rows are not asked about again.
    mutating func keepFills(_ pageFills: [AccountFill], of rows: [Row]) {
        guard !pageFills.isEmpty else { return }
        for (row, fill) in zip(rows, pageFills) where fills.byID[row.id] != fill.keptForRow {
            fills.byID[row.id] = fill.keptForRow
        }
    }

    /// Forgets the fills of rows no longer loaded (their pages were dropped, or replaced).
    private mutating func pruneFills() {
        let (offset, store) = (pager.offset, pager.store)
        let size = pager.pageSize
        let pages = (offset / size)..<((offset + store.count) / size + 1)
        fills.prune(pages: pages) { store.contains(id: $0) }
        fills.prunedFor = (offset, store.count)
    }
}
