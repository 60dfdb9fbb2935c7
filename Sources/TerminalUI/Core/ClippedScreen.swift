/// A screen that passes on what is drawn within some rows of another and drops the rest: a
/// row partly scrolled above a list is drawn whole, and only its lines inside the list land.
final class ClippedScreen<Base: Screen>: Screen {
    let base: Base
    /// The rows drawing may reach.
    let rows: Range<Int>

    init(_ base: Base, rows: Range<Int>) {
        self.base = base
        self.rows = rows
    }

    var size: (rows: Int, columns: Int) { base.size }
    var colorDepth: ColorDepth { base.colorDepth }

    /// Blanks the rows it passes on (the rest of the screen is not its own).
    func clear() {
        for row in rows { base.fill(row: row, column: 0, count: size.columns, style: .plain) }
    }

    func put(row: Int, column: Int, _ text: String, style: Style) {
        if rows.contains(row) { base.put(row: row, column: column, text, style: style) }
    }

    func fill(row: Int, column: Int, count: Int, style: Style) {
        if rows.contains(row) { base.fill(row: row, column: column, count: count, style: style) }
    }

    func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        if rows.contains(row) { base.putHalfBlock(row: row, column: column, top: top, bottom: bottom) }
    }

    /// The frame is the base's to show.
    func present() {}
}

extension Screen {
    /// This screen, drawing only within `area`'s rows.
    public func clipped(to area: Rect) -> some Screen {
        ClippedScreen(self, rows: area.top..<area.bottom)
    }
}
