import ListCore
import TerminalUI

extension ListScreen {
    // MARK: - Filter

    /// Sets the filter text; the selection stays on the same user when it still matches, else
    /// moves to the nearest match after it.
    mutating func setFilter(_ text: String) {
        var field = TextField(text)
        swap(&field, &filterField)
        refilter(from: field.text)
    }

    /// Edits the filter as typed at its cursor; the rows follow when its text changed.
    mutating func editFilter(_ edit: TextField.Edit) {
        let previous = filter
        guard filterField.apply(edit), filter != previous else { return }
        refilter(from: previous)
    }

    /// The filter's text changed from `previous`: the matches again, the selection on the same
    /// user when it still matches, else on the nearest match after it.
    private mutating func refilter(from previous: String) {
        let text = filter
        let rowsBefore = rows
        let lineBefore = selectionLine
        // Where the selection is; with no row selected (a filter that matched nothing), the user
        // it was last on.
        let anchor = viewport.selection.flatMap(rowsBefore.itemIndex(forRow:)).map(items.baseIndex(of:))
            ?? selectedID.flatMap { pager.store.index(of: $0) }
        if text.isEmpty {
            matches = nil
        } else if let old = matches, !previous.isEmpty, text.lowercased().contains(previous.lowercased()) {
            // Narrowing: only the old matches can still match.
            matches = indexes(among: old)
        } else {
            recomputeMatches()
        }
        let rows = self.rows
        if let anchor, !items.isEmpty {
            let position = min(items.insertionPoint(ofBaseIndex: anchor), items.count - 1)
            viewport.place(rows.row(forItem: position), atLine: lineBefore, in: rows)
        } else {
            viewport.sync(rows)
        }
        rememberSelection()
    }

    /// The item indexes, of `candidates`, whose name (login, or OWNER/NAME) contains the filter
    /// (any case).
    private func indexes(among candidates: some Sequence<Int>) -> [Int] {
        let needle = filter.lowercased()
        let rows = pager.items
        return candidates.filter { rows[$0].name.lowercased().contains(needle) }
    }

    mutating func recomputeMatches() {
        matches = filter.isEmpty ? nil : indexes(among: pager.items.indices)
    }

    mutating func extendMatches(from start: Int) {
        guard let current = matches, !filter.isEmpty else { return }
        matches = current + indexes(among: start..<pager.items.count)
    }
}
