import Foundation
import GitHubAPI
import ListCore

/// Filling the rows near the screen with what GitHub's GraphQL API says of their accounts, or
/// of their repositories (the stars, and whether the token's owner starred them).
extension ListScreen {
    /// Whether the list's rows are accounts GraphQL can be asked about (else repositories).
    var fillsAccounts: Bool {
        if case .users = list { true } else { false }
    }

    /// The fill request the rows near the screen need, if any: the accounts on the visible
    /// page and the next that have no fill yet, one request at a time, none while a failure's
    /// wait lasts. While a filter is on, then the loaded pages nearest the screen, within the
    /// filter's budget of requests (``RowFills/sweepBudget``): its `is:` qualifiers and the words
    /// it finds in names judge filled rows only.
    mutating func fillWants(at now: Date) -> Command? {
        // A filter begun gets its budget; one cleared gives it up.
        if !isFiltered, fills.sweepsLeft != nil { fills.sweepsLeft = nil }
        if isFiltered, fills.sweepsLeft == nil { fills.sweepsLeft = RowFills.sweepBudget }
        guard fills.inFlight == nil, pager.hasLoadedFirstPage else { return nil }
        if let retryAt = fills.retryAt, now < retryAt { return nil }
        guard case .visibleRange(let visible, _)? = visibleRangeEvent else { return nil }
        let (offset, count, size) = (pager.offset, pager.items.count, pager.pageSize)
        if fills.prunedFor != RowFills.LoadedRows(offset: offset, count: count) { pruneFills() }
        let first = (offset + visible.lowerBound) / size
        let last = (offset + max(visible.lowerBound, visible.upperBound - 1)) / size + 1
        for page in first...last {
            if let request = fillRequest(page: page) { return request }
        }
        guard let sweeps = fills.sweepsLeft, sweeps > 0, count > 0 else { return nil }
        // The loaded pages by their distance from the screen, nearest first.
        let loaded = (offset / size)...((offset + count - 1) / size)
        let near = loaded.filter { $0 < first || $0 > last }.sorted { abs($0 - first) < abs($1 - first) }
        for page in near {
            if let request = fillRequest(page: page) {
                fills.sweepsLeft = sweeps - 1
                return request
            }
        }
        return nil
    }

    /// The request that fills page `page` (by number from the list's start) of the loaded rows,
    /// marked out; nil when it is not loaded, was asked already, or has nothing to ask.
    private mutating func fillRequest(page: Int) -> Command? {
        let (offset, items, size) = (pager.offset, pager.items, pager.pageSize)
        let lower = max(0, page * size - offset)
        let upper = min(items.count, page * size + size - offset)
        guard lower < upper else { return nil }
        let head = items[lower].id
        if fills.asked[page] == head { return nil }
        var rows: [String: Int64] = [:]
        for row in items[lower..<upper] where fills.byID[row.id] == nil && !fills.unknown.contains(row.id) {
            switch row {
            case .user(let user): rows[user.login] = user.id
            // A name that is not OWNER/NAME (a broken answer) cannot be asked about.
            case .repository(let repository) where repository.ownerAndName != nil: rows[repository.fullName] = repository.id
            case .repository: break
            }
        }
        // A page loaded only in part is asked again when the rest has come.
        let whole = upper - lower == size || pager.appendState == .endReached
        guard !rows.isEmpty else {
            if whole { fills.asked[page] = head }
            return nil
        }
        fills.nextRequest += 1
        let request = RowFills.Request(id: RequestID(fills.nextRequest), pages: whole ? [page: head] : [:], rows: rows)
        fills.inFlight = request
        let names = rows.keys.sorted()
        return .run(.fill(id, request.id), fillsAccounts ? .fillRows(logins: names) : .fillRepositories(names: names))
    }

    /// Keeps what a page said of its rows' accounts (a GraphQL page fills its rows itself), by
    /// row, in the rows' order; the rows are not asked about again.
    mutating func keepFills(_ pageFills: [AccountFill], of rows: [Row]) {
        guard !pageFills.isEmpty else { return }
        for (row, fill) in zip(rows, pageFills) {
            let kept = RowFill(fill)
            if fills.byID[row.id] != kept { fills.byID[row.id] = kept }
        }
    }

    /// Forgets the fills of rows no longer loaded (their pages were dropped, or replaced).
    private mutating func pruneFills() {
        let (offset, store) = (pager.offset, pager.store)
        let size = pager.pageSize
        let pages = (offset / size)..<((offset + store.count) / size + 1)
        fills.prune(pages: pages) { store.contains(id: $0) }
        fills.prunedFor = RowFills.LoadedRows(offset: offset, count: store.count)
    }
}
