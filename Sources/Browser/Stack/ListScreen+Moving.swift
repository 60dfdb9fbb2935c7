import GitHubAPI
import ListCore

/// Moving the selection: keys, jumps, a resize, a new row height, the pull gesture.
extension ListScreen {
    // MARK: - Moving

    /// `g` or `G` (`command`) to the item at `position` of the whole list: when its page was
    /// dropped, it is loaded in place of the loaded ones, and the move is made when it arrives.
    mutating func jump(_ command: Viewport.Command, toItem position: Int, at now: Duration?) -> [Command] {
        pendingMove = command
        return send(.jump(toItem: position), at: now)
    }

    /// The cursors of the pages after the known ones up to the last page GitHub counts, when at
    /// least two were never loaded (one is the next page, which `G` loads as it always did) and
    /// they are not past belief (a `Link` naming page ten million is not followed there).
    var unseenPages: [GitHubCursor]? {
        guard let total = pager.totalPages, pager.nextCursor != nil, pager.inFlight[.refresh] == nil,
              total - pager.pages.count >= 2, total - pager.pages.count <= Self.mostPagesCounted else { return nil }
        let cursors = list.cursors(ofPages: (pager.pages.count + 1)...total)
        return cursors.isEmpty ? nil : cursors
    }

    /// The most pages `G` counts ahead to jump to a list's end: a million rows of 100.
    static let mostPagesCounted = 10_000

    /// `G` (`item` nil) or a count's row past the next page (`12000G`) on a list whose later
    /// pages were never loaded (``unseenPages``): they are counted, the page that holds the
    /// last row (or the row) is loaded in place of the loaded rows, and the row is selected when
    /// it arrives. Nil when that does not apply: the move is made as it always was.
    mutating func jumpAcrossCounted(toItem item: Int?, at now: Duration?) -> [Command]? {
        guard !isFiltered, let unseen = unseenPages else { return nil }
        guard let item else {
            pendingMove = .last
            return send(.jumpToEnd(pagesAfter: unseen), at: now)
        }
        // A row on the next page is walked to: one request either way, and the rows stay.
        guard item >= pager.offset + pager.items.count + pager.pageSize else { return nil }
        pendingItem = item
        return send(.jumpAcross(pagesAfter: unseen, toItem: item), at: now)
    }

    /// A move made while a jump is on its way (or failed): the move wins. The jump is called
    /// off, and the move it waited for with it.
    mutating func callOffJump(at now: Duration?) -> [Command] {
        guard pager.hasLoadedFirstPage, pager.jumpPage != nil || pendingMove != nil || pendingItem != nil else { return [] }
        (pendingMove, pendingItem) = (nil, nil)
        return send(.cancelJump, at: now)
    }

    /// A count's row (`20G`) in a page that was dropped: as ``jump(_:toItem:at:)``, the item
    /// selected when its page arrives.
    mutating func jump(toItem position: Int, at now: Duration?) -> [Command] {
        pendingItem = position
        return send(.jump(toItem: position), at: now)
    }

    /// Selects the item at `position` of the whole list (dropped pages counted) when it is
    /// loaded and the list is not filtered; false when it is not there.
    mutating func select(item position: Int) -> Bool {
        let index = position - pager.offset
        guard matches == nil, index >= 0, index < items.count else { return false }
        let rows = self.rows
        viewport.select(rows.row(forItem: index), in: rows)
        rememberSelection()
        return true
    }

    mutating func select(row: Int) {
        walkTo = nil
        viewport.select(row, in: rows)
        rememberSelection()
    }

    mutating func move(_ command: Viewport.Command) {
        walkTo = nil
        viewport.perform(command, in: rows)
        rememberSelection()
    }

    /// The next step of a walk to a count's row (``walkTo``), after a page came: the row when it
    /// is loaded; else the last row loaded, so that the next page is asked for (a walk up: the
    /// first, for the page before); the walk ends there when the list ends or that page failed.
    mutating func walkOn() {
        guard let target = walkTo, pager.hasLoadedFirstPage, !isFiltered else { return }
        if select(item: target) {
            walkTo = nil
            return
        }
        if target < pager.offset {
            if pager.prependState.failure != nil { walkTo = nil }
            viewport.perform(.first, in: rows)
            rememberSelection()
            return
        }
        switch pager.appendState {
        case .endReached, .failed: walkTo = nil
        case .idle, .loading: break
        }
        guard target >= pager.offset + pager.items.count else { return }
        viewport.perform(.last, in: rows)
        rememberSelection()
    }

    mutating func resize(listHeight: Int) {
        viewport.resize(height: listHeight, in: rows)
        rememberSelection()
    }

    /// New row heights: the same user, at the line it was on when it still fits, or the nearest
    /// above it that leaves whole rows at the top (not the second line of a row whose first is
    /// off the screen).
    mutating func relayout(to new: RowHeights) {
        let line = selectionLine
        heights = new
        let newRows = rows
        if let selection = viewport.selection {
            viewport.place(selection, atLine: min(line, max(0, viewport.height - new.height(of: .item))), in: newRows)
            if viewport.topOffset > 0, let placed = viewport.line(of: selection, in: newRows) {
                let shown = newRows.rowHeight(at: viewport.top) - viewport.topOffset
                viewport.place(selection, atLine: max(0, placed - shown), in: newRows)
            }
        } else {
            viewport.sync(newRows)
        }
        rememberSelection()
    }

    /// Feeds the pull gesture an action; true when the pull was released (refresh).
    mutating func pull(_ action: Action?) -> (changed: Bool, released: Bool) {
        // Only k pulls or releases; any other key just lets go of a pull (the common case: no
        // rows to work out).
        guard action == .lineUp || pull.isPulled else { return (false, false) }
        let before = rows
        let atFirstRow = before.itemRows.isEmpty || viewport.selection == before.itemRows.lowerBound
        let wasPulled = pull.isPulled
        let released = pull.handle(action, atFirstRow: atFirstRow)
        guard pull.isPulled != wasPulled || released else { return (false, false) }
        // The pull row appeared or went: keep the same user selected, and show the pull row.
        let rows = self.rows
        if let position = viewport.selection.flatMap(before.itemIndex(forRow:)) {
            viewport.place(rows.row(forItem: position), atLine: pull.isPulled ? 1 : 0, in: rows)
        } else {
            viewport.sync(rows)
        }
        rememberSelection()
        return (true, released)
    }

    /// The screen line the selection is on (0 when it is off screen or there is none).
    var selectionLine: Int {
        let rows = self.rows
        return viewport.selection.flatMap { viewport.line(of: $0, in: rows) } ?? 0
    }

    /// Notes who is selected. With no row to select (nothing matches the filter) the last user
    /// is kept, so clearing the filter goes back to them.
    mutating func rememberSelection() {
        if let row = selectedRow { selectedID = row.id }
        // Moved off the row a refresh left it on: the account lost is no longer sought.
        if let sought, sought.on != selectedID { self.sought = nil }
    }
}
