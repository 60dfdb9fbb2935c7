/// Scrolling math over rows of varying height: which row is at the top, which is selected.
///
/// Pure value math, no drawing. Every command keeps the selected row on screen (its first line
/// always; the whole row when it fits), with up to `margin` rows of context above and below it,
/// and never scrolls past the end: while rows are hidden above, the last row ends on the bottom
/// line (the row at the top may then show only its last lines, ``topOffset``).
public struct Viewport: Sendable, Equatable {
    /// Commands a user gives to move through the list.
    public enum Command: Sendable, Equatable, CaseIterable {
        case lineDown, lineUp, halfPageDown, halfPageUp, pageDown, pageUp, first, last
    }

    /// The first row on screen.
    public private(set) var top = 0
    /// Lines of the ``top`` row hidden above the screen. Only going to the end of a list whose
    /// last rows do not fill the screen whole rows at a time (a tall heading, rows of two lines)
    /// sets it; it stays while the rows on screen stay put (rows added below, a selection that
    /// moves without scrolling), and any scroll up clears it.
    public private(set) var topOffset = 0
    /// The selected row; nil when no row can be selected.
    public private(set) var selection: Int?
    /// Lines available to rows.
    public private(set) var height: Int
    /// Rows of context kept visible above and below the selection when there is room.
    public var margin: Int

    public init(height: Int, margin: Int = 2) {
        self.height = max(0, height)
        self.margin = max(0, margin)
    }

    /// A viewport in a known position, as given (for tests that spell out the state they expect).
    public init(height: Int, margin: Int = 2, top: Int, topOffset: Int = 0, selection: Int?) {
        self.init(height: height, margin: margin)
        self.top = max(0, top)
        self.topOffset = max(0, topOffset)
        self.selection = selection
    }

    // MARK: - Queries

    /// The rows at least partly on screen.
    public func visibleRows(in rows: some RowHeightSource) -> Range<Int> {
        let start = min(top, rows.rowCount)
        // The lines from the top row's first, hidden ones included.
        let reach = height > 0 ? height + topOffset : 0
        if let each = rows.uniformRowHeight {
            // As many rows as it takes to reach the height (the last may be cut).
            let wanted = (reach + each - 1) / each
            return start..<min(rows.rowCount, start + wanted)
        }
        var end = start
        var used = 0
        while end < rows.rowCount, used < reach {
            used += rows.rowHeight(at: end)
            end += 1
        }
        return start..<end
    }

    /// The screen line on which `row` starts, if it starts on screen.
    public func line(of row: Int, in rows: some RowHeightSource) -> Int? {
        guard row >= top, row < rows.rowCount else { return nil }
        let line = lines(top, row, rows) - topOffset
        return line >= 0 && line < height ? line : nil
    }

    // MARK: - Commands

    public mutating func perform(_ command: Command, in rows: some RowHeightSource) {
        clampSelection(rows)
        guard let selected = selection else { return }
        let selectable = rows.selectableRows
        switch command {
        case .lineDown: select(selected + 1, in: rows)
        case .lineUp: select(selected - 1, in: rows)
        case .pageDown: stepDown(from: selected, lines: max(1, height), rows)
        case .pageUp: stepUp(from: selected, lines: max(1, height), rows)
        case .halfPageDown: stepDown(from: selected, lines: max(1, height / 2), rows)
        case .halfPageUp: stepUp(from: selected, lines: max(1, height / 2), rows)
        case .first:
            selection = selectable.lowerBound
            (top, topOffset) = (0, 0)
            ensureSelectionVisible(rows)
        case .last:
            selection = selectable.upperBound - 1
            (top, topOffset) = Self.end(height: height, rows)
            ensureSelectionVisible(rows)
        }
    }

    /// Selects `row` (clamped to the selectable rows) and scrolls as little as needed.
    public mutating func select(_ row: Int, in rows: some RowHeightSource) {
        let selectable = rows.selectableRows
        guard !selectable.isEmpty else { return sync(rows) }
        let target = min(max(row, selectable.lowerBound), selectable.upperBound - 1)
        selection = Self.restingRow(target, forward: target >= (selection ?? target), rows)
        ensureSelectionVisible(rows)
    }

    /// Selects `row` and puts it on screen line `line` when the list allows.
    public mutating func place(_ row: Int, atLine line: Int, in rows: some RowHeightSource) {
        let selectable = rows.selectableRows
        guard !selectable.isEmpty else { return sync(rows) }
        let clamped = min(max(row, selectable.lowerBound), selectable.upperBound - 1)
        let target = Self.restingRow(clamped, forward: clamped >= (selection ?? clamped), rows)
        selection = target
        var start = target
        var used = 0
        while start > 0, used + rows.rowHeight(at: start - 1) <= max(0, line) {
            used += rows.rowHeight(at: start - 1)
            start -= 1
        }
        if start > 0, used < line {
            // The row above fills the lines left only in part: its first lines go above the screen.
            (top, topOffset) = (start - 1, rows.rowHeight(at: start - 1) - (line - used))
        } else {
            (top, topOffset) = (start, 0)
        }
        ensureSelectionVisible(rows)
    }

    /// Changes the height (a terminal resize), keeping the selected row where it was on screen
    /// when it still fits there.
    public mutating func resize(height newHeight: Int, in rows: some RowHeightSource) {
        clampSelection(rows)
        let oldLine = selection.flatMap { line(of: $0, in: rows) } ?? 0
        height = max(0, newHeight)
        guard let selected = selection else { return sync(rows) }
        let room = max(0, height - rows.rowHeight(at: selected))
        place(selected, atLine: min(oldLine, room), in: rows)
    }

    /// Revalidates after the rows changed (grew, shrank, replaced): clamps and keeps the
    /// selection on screen.
    public mutating func sync(_ rows: some RowHeightSource) {
        clampSelection(rows)
        if selection == nil { (top, topOffset) = (0, 0) }
        ensureSelectionVisible(rows)
    }

    // MARK: - Math

    private mutating func clampSelection(_ rows: some RowHeightSource) {
        let selectable = rows.selectableRows
        if selectable.isEmpty {
            selection = nil
        } else {
            let row = selection ?? selectable.lowerBound
            selection = Self.restingRow(min(max(row, selectable.lowerBound), selectable.upperBound - 1), forward: true, rows)
        }
        let row = min(max(0, top), max(0, rows.rowCount - 1))
        // The hidden lines stay within the row (it may have changed or shrunk).
        topOffset = row == top && row < rows.rowCount ? max(0, min(topOffset, rows.rowHeight(at: row) - 1)) : 0
        top = row
    }

    private mutating func stepDown(from selected: Int, lines budget: Int, _ rows: some RowHeightSource) {
        let last = rows.selectableRows.upperBound - 1
        let lineBefore = line(of: selected, in: rows) ?? 0
        var row = selected
        var used = 0
        while row < last, used + rows.rowHeight(at: row) <= budget {
            used += rows.rowHeight(at: row)
            row += 1
        }
        if row == selected, row < last { row += 1 }
        place(row, atLine: lineBefore, in: rows)
    }

    private mutating func stepUp(from selected: Int, lines budget: Int, _ rows: some RowHeightSource) {
        let first = rows.selectableRows.lowerBound
        let lineBefore = line(of: selected, in: rows) ?? 0
        var row = selected
        var used = 0
        while row > first, used + rows.rowHeight(at: row - 1) <= budget {
            used += rows.rowHeight(at: row - 1)
            row -= 1
        }
        if row == selected, row > first { row -= 1 }
        place(row, atLine: lineBefore, in: rows)
    }

    /// `row`, or the nearest row the selection may rest on: onward in the direction of travel,
    /// else back (a heading between two slices is stepped over).
    private static func restingRow(_ row: Int, forward: Bool, _ rows: some RowHeightSource) -> Int {
        if rows.isSelectable(row) { return row }
        let range = rows.selectableRows
        for step in forward ? [1, -1] : [-1, 1] {
            var next = row + step
            while range.contains(next) {
                if rows.isSelectable(next) { return next }
                next += step
            }
        }
        return row
    }

    /// Lines taken by rows `from..<to`.
    private func lines(_ from: Int, _ to: Int, _ rows: some RowHeightSource) -> Int {
        if let each = rows.uniformRowHeight { return max(0, to - from) * each }
        var sum = 0
        var row = from
        while row < to {
            sum += rows.rowHeight(at: row)
            row += 1
        }
        return sum
    }

    /// The first of the rows before `end` that fit whole in `height` lines, counted back from `end`.
    private static func firstFitting(endingAt end: Int, height: Int, _ rows: some RowHeightSource) -> Int {
        if let each = rows.uniformRowHeight { return end - min(end, max(0, height) / each) }
        var start = end
        var used = 0
        while start > 0, used + rows.rowHeight(at: start - 1) <= height {
            used += rows.rowHeight(at: start - 1)
            start -= 1
        }
        return start
    }

    /// The furthest the list scrolls: the last row ends on the bottom line, the row at the top
    /// maybe partly above the screen; the start when every row fits.
    static func end(height: Int, _ rows: some RowHeightSource) -> (top: Int, offset: Int) {
        let count = rows.rowCount
        guard count > 0 else { return (0, 0) }
        guard height > 0 else { return (count - 1, 0) }
        if let each = rows.uniformRowHeight {
            let hidden = max(0, count * each - height)
            return (hidden / each, hidden % each)
        }
        var start = count
        var used = 0
        while start > 0, used < height {
            let rowHeight = rows.rowHeight(at: start - 1)
            if used + rowHeight > height { return (start - 1, used + rowHeight - height) }
            used += rowHeight
            start -= 1
        }
        return (start, 0)
    }

    /// Scrolls back to the end when past it (what would leave empty lines below the last row).
    private mutating func clampToEnd(_ rows: some RowHeightSource) {
        let end = Self.end(height: height, rows)
        if top > end.top || (top == end.top && topOffset > end.offset) { (top, topOffset) = end }
    }

    private mutating func ensureSelectionVisible(_ rows: some RowHeightSource) {
        guard let selected = selection else { return clampToEnd(rows) }
        let count = rows.rowCount
        var above = min(margin, selected)
        var below = min(margin, count - 1 - selected)
        while above > 0 || below > 0, lines(selected - above, selected + below + 1, rows) > height {
            if above >= below { above -= 1 } else { below -= 1 }
        }
        // The first row of context above starts on screen.
        if top > selected - above || (top == selected - above && topOffset > 0) { (top, topOffset) = (selected - above, 0) }
        // The smallest top that still shows rows up to selected + below, unless they show
        // already (the top row partly hidden, at the end).
        let start = Self.firstFitting(endingAt: selected + below + 1, height: height, rows)
        if top < start, lines(top, selected + below + 1, rows) - topOffset > height {
            (top, topOffset) = (min(start, selected), 0)
        }
        clampToEnd(rows)
        // A selected row taller than the screen at the end shows its first line.
        if top == selected { topOffset = 0 }
    }
}
