import GitHubAPI
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

    /// Where the selection was when the filter line opened: the account, and the line of the
    /// list it was on.
    package struct FilterOrigin: Sendable, Equatable {
        package var id: Int64
        package var line: Int
    }

    /// The filter line opens: a filter that ends up matching nothing goes back here when it is
    /// cleared. (Opened again on a kept filter that matches nothing, the first place stays.)
    @discardableResult
    mutating func openFilter() -> Flash? {
        if let row = selectedRow { filterOrigin = FilterOrigin(id: row.id, line: selectionLine) }
        return nil
    }

    /// Clears the filter. The selection stays on the row it is on; when the filter matched
    /// nothing, it goes back to the row it was on when the filter line opened, on the same line
    /// of the screen (not to the last row an earlier, shorter text matched).
    mutating func clearFilter() {
        let origin = matches?.isEmpty == true ? filterOrigin : nil
        filterOrigin = nil
        filterField = TextField()
        guard let origin, backToOrigin(origin) else { return refilter(from: "") }
    }

    /// Edits the filter as typed at its cursor; the rows follow when its text changed. Erased to
    /// nothing, it is no filter, and the selection goes back where the filter line found it.
    mutating func editFilter(_ edit: TextField.Edit) {
        let previous = filter
        guard filterField.apply(edit), filter != previous else { return }
        if filter.isEmpty, let origin = filterOrigin, backToOrigin(origin) { return }
        refilter(from: previous)
    }

    /// No filter, the selection on `origin`'s row at its line; false when that row is no longer
    /// loaded (nothing changed then).
    private mutating func backToOrigin(_ origin: FilterOrigin) -> Bool {
        guard let index = pager.store.index(of: origin.id) else { return false }
        matches = nil
        let rows = self.rows
        viewport.place(rows.row(forItem: index), atLine: origin.line, in: rows)
        rememberSelection()
        return true
    }

    /// The filter's text changed from `previous`: the matches again, the selection on the same
    /// user when it still matches, else on the nearest match after it.
    mutating func refilter(from previous: String) {
        let text = filter
        let rowsBefore = rows
        let lineBefore = selectionLine
        // Where the selection is; with no row selected (a filter that matched nothing), the user
        // it was last on.
        let anchor = viewport.selection.flatMap(rowsBefore.itemIndex(forRow:)).map(items.baseIndex(of:))
            ?? selectedID.flatMap { pager.store.index(of: $0) }
        if text.isEmpty {
            matches = nil
        } else if let old = matches, !previous.isEmpty, text.lowercased().contains(previous.lowercased()),
                  FilterQuery(text).relations.elementsEqual(FilterQuery(previous).relations, by: { $0 == $1 }) {
            // Narrowing: only the old matches can still match. (Not when the qualifiers changed
            // as it was typed: "is:mutua" matched no login, "is:mutual" judges them all; a "-"
            // typed before "is:mutual" turns it around.)
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

    /// The item indexes, of `candidates`, that match the filter (``FilterQuery``): its words in
    /// the name (login, or OWNER/NAME) or, on a filled row, the account's texts; its `is:`
    /// qualifiers by the row's fill and F's marks (a row they cannot judge matches none).
    private func indexes(among candidates: some Sequence<Int>) -> [Int] {
        let query = FilterQuery(filter)
        let rows = pager.items
        let fills = fills.byID
        if fills.isEmpty, !query.judgesRelations, query.words.count == 1, let needle = query.words.first {
            // Nothing filled: the login alone (every key typed in a filter of a long list).
            return candidates.filter { rows[$0].name.lowercased().contains(needle) }
        }
        let marks = self.marks
        return candidates.filter {
            let row = rows[$0]
            return query.matches(row, fill: fills[row.id], viewerFollows: Self.follows(row, marks))
        }
    }

    /// How many loaded rows a filter's `is:` qualifiers cannot judge yet (not filled, and F's
    /// marks say too little); nil when it has none.
    var notChecked: Int? {
        let query = FilterQuery(filter)
        guard isFiltered, query.judgesRelations else { return nil }
        let (fills, marks) = (fills, marks)
        return pager.items.lazy.filter { row in
            guard fills.byID[row.id] == nil, !fills.unknown.contains(row.id) else { return false }
            return query.relations.contains { $0.relation.holds(for: nil, viewerFollows: Self.follows(row, marks)) == nil }
        }.count
    }

    /// Whether you follow `row`'s account as F's `marks` say (they win over what its fill said,
    /// as on the row); nil when they say nothing of it.
    private static func follows(_ row: Row, _ marks: [WriteTarget: Bool]) -> Bool? {
        marks.isEmpty ? nil : row.user.flatMap { marks[.account($0.login)] }
    }

    /// Rows were filled: a filter matches them again, the selection kept.
    mutating func fillsChanged() {
        if isFiltered { refilter(from: "") }
    }

    /// What the writes say of the accounts followed (`known`, of the writes' `revision`): a
    /// filter that judges who follows whom matches again, the selection kept.
    mutating func takeMarks(_ known: [WriteTarget: Bool], revision: Revision) {
        (marks, marksRevision) = (known, revision)
        if isFiltered, FilterQuery(filter).judgesRelations { refilter(from: "") }
    }

    mutating func recomputeMatches() {
        matches = filter.isEmpty ? nil : indexes(among: pager.items.indices)
    }

    mutating func extendMatches(from start: Int) {
        guard let current = matches, !filter.isEmpty else { return }
        matches = current + indexes(among: start..<pager.items.count)
    }
}
