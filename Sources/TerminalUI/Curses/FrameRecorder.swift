/// A terminal with no terminal behind it: it takes keys from a script, records each frame row by
/// row through the same ``FrameDiff`` the ncurses screen uses, and counts the rows a frame would
/// send. With a ``CellBuffer`` inside it also keeps what the frame shows, cell by cell.
///
/// Tests drive the browser's loop with it; the bench measures the real loop and the real diff
/// through it.
public final class FrameRecorder: Terminal {
    /// Where the drawing also goes (a cell grid for tests), if anywhere.
    public let cells: CellBuffer?
    // (Both unchecked, as ``CursesScreen``'s are: every `put` and `fill` of a frame reads them,
    // and nothing but the one loop that draws ever touches them.)
    @exclusivity(unchecked) public private(set) var size: (rows: Int, columns: Int)
    public var colorDepth: ColorDepth { cells?.colorDepth ?? .none }
    @exclusivity(unchecked) private var diff = FrameDiff()
    /// Keys still to be read, first first.
    public var keys: [Key] = []
    /// Rows each frame sent (all of them after a start, a resize or a suspension), oldest first.
    public private(set) var rowsDrawn: [Int] = []
    /// The size the terminal takes at the next ``resize()`` (as a window does before SIGWINCH).
    public var pendingSize: (rows: Int, columns: Int)?
    /// Times the program handed the terminal back to the shell.
    public private(set) var suspensions = 0
    /// Bytes sent to the terminal itself (OSC 52), in order.
    public private(set) var rawWrites: [[UInt8]] = []

    public init(rows: Int, columns: Int, keepingCells: Bool = true) {
        size = (max(0, rows), max(0, columns))
        cells = keepingCells ? CellBuffer(rows: rows, columns: columns) : nil
    }

    public func clear() {
        diff.clear(rows: size.rows)
        cells?.clear()
    }

    public func put(row: Int, column: Int, _ text: String, style: Style) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, !text.isEmpty else { return }
        diff.record(.text(column: column, text, style), row: row, rows: size.rows)
        cells?.put(row: row, column: column, text, style: style)
    }

    public func fill(row: Int, column: Int, count: Int, style: Style) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, count > 0 else { return }
        diff.record(.fill(column: column, count: count, style), row: row, rows: size.rows)
        cells?.fill(row: row, column: column, count: count, style: style)
    }

    public func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
        diff.record(.pixel(column: column, top: top, bottom: bottom), row: row, rows: size.rows)
        cells?.putHalfBlock(row: row, column: column, top: top, bottom: bottom)
    }

    /// A drawing's rows, taken whole as the ncurses screen takes them (and drawn into the
    /// cells, if kept, call by call).
    public func replay(_ drawing: DrawingRecorder, top: Int, left: Int) {
        guard !drawing.hasPixels else { return drawing.replay(on: self, top: top, left: left) }
        diff.adopt(drawing.rows(left: left, columns: size.columns, asciiOnly: false), at: top, rows: size.rows)
        if let cells { drawing.replay(on: cells, top: top, left: left) }
    }

    public func present() {
        switch diff.finish(rows: size.rows) {
        case .everything: rowsDrawn.append(size.rows)
        case .rows(let changed, _): rowsDrawn.append(changed.count)
        }
        cells?.present()
    }

    /// Where the cursor shows, if anywhere.
    public private(set) var cursor: (row: Int, column: Int)?

    public func placeCursor(_ position: (row: Int, column: Int)?) {
        cursor = position
        cells?.placeCursor(position)
    }

    public func nextKey() -> Key? {
        keys.isEmpty ? nil : keys.removeFirst()
    }

    public func resize() {
        if let pendingSize {
            size = (max(0, pendingSize.rows), max(0, pendingSize.columns))
            cells?.resize(rows: size.rows, columns: size.columns)
            self.pendingSize = nil
        }
        diff.shownValid = false
    }

    public func suspend() {
        suspensions += 1
        resize()
    }

    public func writeRaw(_ bytes: [UInt8]) {
        rawWrites.append(bytes)
    }
}
