import GitHubAPI
import ListCore

/// Stepping the pager, and keeping the filter and the selection true to its items.
extension ListScreen {
    /// The account the selection was on before a reloaded page no longer held it (new rows at
    /// the top pushed it onto the next page): the selection goes back to it when a page brings
    /// it, unless it was moved from the row it landed on (`on`) since.
    package struct Sought: Sendable, Equatable {
        /// The account the selection was on.
        package var id: Int64
        /// The row the selection landed on instead.
        package var on: Int64?
    }

    // MARK: - Paging

    /// Steps the pager and keeps the filter and the selection true to the new items.
    mutating func send(_ event: PagerEvent<Row, GitHubCursor>, at now: Duration?) -> [Command] {
        let countBefore = pager.items.count
        let lineBefore = selectionLine
        // Where the selection is in the whole list, for a page that may replace the rows.
        let positionBefore: Int? = if case .pageLoaded = event { selectedItem } else { nil }
        let edgesBefore = (footer, hasEarlierRow)
        let step = pager.handle(event, at: now)
        let (effects, change) = (step.effects, step.change)
        if !change.isEmpty {
            let appended = change.deleted.isEmpty && change.moved.isEmpty && change.updated.isEmpty
                && change.inserted.first == countBefore
            let lost = selectedID
            if appended {
                extendMatches(from: countBefore)
                viewport.sync(rows)
                if let sought, sought.on == selectedID {
                    findSought(sought.id, line: lineBefore)
                }
            } else {
                recomputeMatches()
                followSelection(line: lineBefore, position: positionBefore)
            }
            rememberSelection()
            if !appended, let lost, case .pageLoaded(let token, _) = event, token.direction == .refresh,
               pager.store.index(of: lost) == nil {
                // A reloaded page no longer holds the account: it may be on the next one.
                sought = Sought(id: lost, on: selectedID)
            } else if appended {
                // The page after the reloaded one came: the account was on it or it is gone.
                sought = nil
            }
            if !change.deleted.isEmpty, !webPages.isEmpty {
                // Rows went (dropped far pages, a refresh): so do the addresses kept for them.
                let store = pager.store
                webPages = webPages.filter { store.index(of: $0.key) != nil }
            }
        } else if footer != edgesBefore.0 || hasEarlierRow != edgesBefore.1 {
            // The footer or the row above the users came or went (the rows are worked out
            // only then: a visible range, sent on every key, seldom changes either).
            let rows = self.rows
            viewport.sync(rows)
            if hasEarlierRow != edgesBefore.1, let id = selectedID, let base = pager.store.index(of: id),
               let shown = items.position(ofBaseIndex: base) {
                // The rows moved down or up a line under the selection: it stays on its account.
                viewport.select(rows.row(forItem: shown), in: rows)
            }
        }
        if pendingMove != nil, !pager.hasLoadedFirstPage, case .failed = pager.initialState {
            // A `G` waiting for the first page goes with it: a retry opens the list at its top.
            pendingMove = nil
            pendingItem = nil
        }
        // A `G` or a count's row typed before the first page, once it is here, goes where it
        // would have then: across pages GitHub counts, when it counts them.
        var across: [Command] = []
        if let pending = pendingMove, pager.jumpPage == nil, pager.hasLoadedFirstPage {
            // The far page (or the first) arrived, or no longer needs to: the move it waited for.
            pendingMove = nil
            if let jump = pending == .last ? jumpAcrossCounted(toItem: nil, at: now) : nil {
                across = jump
            } else {
                move(pending)
            }
        }
        if let item = pendingItem, pager.jumpPage == nil, pager.hasLoadedFirstPage {
            pendingItem = nil
            if !select(item: item), matches == nil, item >= pager.offset + items.count {
                if let jump = jumpAcrossCounted(toItem: item, at: now) {
                    across = jump
                } else {
                    // Not where the count of pages put it (the list is shorter), or on the next
                    // page: walked to from the last row loaded, as a count past them is.
                    move(.last)
                    if pager.appendState != .endReached { walkTo = item }
                }
            }
        }
        if walkTo != nil { walkOn() }
        // Not `map(command)`: the method as a value would carry a copy of the whole screen.
        guard !effects.isEmpty else { return across }
        let (id, list) = (id, list)
        return effects.map { Self.command($0, screen: id, list: list) } + across
    }

    /// `r`: the page that holds the selected row loaded again (the first page at the top, or with
    /// nothing selected); the selection stays on the same account while it is still there.
    mutating func refreshWhereSelected(at now: Duration?) -> [Command] {
        send(.refresh(at: selectedItem), at: now)
    }

    /// `R`, or GitHub back: the load that failed, again. A refresh that failed is asked where the
    /// selection is now (it may have moved since: the rows a refresh replaces are these).
    mutating func retry(at now: Duration?) -> [Command] {
        if case .failed = pager.refreshState, pager.hasLoadedFirstPage { return refreshWhereSelected(at: now) }
        return send(.retry, at: now)
    }

    /// The selected row's position in the whole list (dropped pages counted, the filter not).
    var selectedItem: Int? {
        viewport.selection.flatMap(rows.itemIndex(forRow:)).map { pager.offset + items.baseIndex(of: $0) }
    }

    /// Keeps the addresses of a page's rows that do not follow the base (and forgets those of
    /// its rows that now do), before the page goes to the pager.
    mutating func keepWebPages(_ kept: [Int64: String?]) {
        for (id, address) in kept where webPages[id] != address { webPages[id] = address }
    }

    static func command(_ effect: PagerEffect<GitHubCursor>, screen id: ScreenID, list: GitHubList) -> Command {
        switch effect {
        case .fetch(let request): .run(.fetch(id, request.token), .page(list, request))
        case .cancelFetch(let token): .cancel(.fetch(id, token))
        }
    }

    /// After the list was replaced: the same user at the same line when it is still there, else
    /// the row at the same place in the whole list (`position`, dropped pages counted) when the
    /// loaded rows reach it (Paging 3's anchor: a reloaded page that shifted), else the first row.
    mutating func followSelection(line: Int, position: Int? = nil) {
        let rows = self.rows
        if let id = selectedID, let base = pager.store.index(of: id), let shown = items.position(ofBaseIndex: base) {
            viewport.place(rows.row(forItem: shown), atLine: line, in: rows)
        } else if let position, case let base = position - pager.offset, base >= 0, base < pager.items.count, !items.isEmpty {
            let shown = min(items.insertionPoint(ofBaseIndex: base), items.count - 1)
            viewport.place(rows.row(forItem: shown), atLine: line, in: rows)
        } else {
            // The first user, with the row above it (the users before these) in view.
            viewport.place(rows.itemRows.lowerBound, atLine: rows.itemRows.lowerBound, in: rows)
        }
    }

    /// The selection back on the account a refresh lost (``sought``), at the same line, when
    /// the rows now hold it and the filter shows it.
    private mutating func findSought(_ id: Int64, line: Int) {
        guard let base = pager.store.index(of: id), let shown = items.position(ofBaseIndex: base) else { return }
        let rows = self.rows
        viewport.place(rows.row(forItem: shown), atLine: line, in: rows)
    }

    /// The prefetch hint for what is on screen. With a filter, the rows shown stand for the
    /// loaded items between them, and the end of the filtered rows for the end of the list, so
    /// scrolling to the last match loads more.
    var visibleRangeEvent: PagerEvent<Row, GitHubCursor>? {
        guard pager.hasLoadedFirstPage else { return nil }
        let rows = self.rows
        let visible = viewport.visibleRows(in: rows)
        let itemRows = rows.itemRows
        let lower = min(max(visible.lowerBound, itemRows.lowerBound), itemRows.upperBound) - itemRows.lowerBound
        let upper = min(max(visible.upperBound, itemRows.lowerBound), itemRows.upperBound) - itemRows.lowerBound
        let screenRows = max(1, viewport.height)
        guard let matches else { return .visibleRange(lower..<max(lower, upper), viewportRows: screenRows) }
        let count = pager.items.count
        if upper >= matches.count {
            return .visibleRange(max(0, count - 1)..<count, viewportRows: screenRows)
        }
        let first = items.baseIndex(of: lower)
        let last = items.baseIndex(of: max(lower, upper - 1))
        return .visibleRange(first..<(last + 1), viewportRows: screenRows)
    }
}
