/// How a run of text looks.
public struct Style: Sendable, Hashable {
    public enum Color: Sendable, Hashable { case none, accent, muted, error, success }
    public var reverse = false
    public var bold = false
    public var color = Color.none
    /// The selection: reverse video, or where the terminal has colours a coloured bar, which
    /// it can clear with one erase instead of a line of reversed spaces.
    public var highlight = false

    public init(reverse: Bool = false, bold: Bool = false, color: Color = .none, highlight: Bool = false) {
        self.reverse = reverse
        self.bold = bold
        self.color = color
        self.highlight = highlight
    }

    public static let plain = Style()
    public static let selected = Style(reverse: true, highlight: true)
    public static let bar = Style(reverse: true)
}

/// Where a frame is drawn: the terminal, or an in-memory grid in tests.
public protocol Screen: AnyObject {
    /// Rows and columns.
    var size: (rows: Int, columns: Int) { get }
    /// Blanks the whole screen (in the back buffer).
    func clear()
    /// Draws already sanitized text at a row and column; what falls outside is clipped.
    func put(row: Int, column: Int, _ text: String, style: Style)
    /// Blanks `count` cells from a row and column in `style` (what a line of spaces would
    /// draw; the terminal may erase them instead of writing them).
    func fill(row: Int, column: Int, count: Int, style: Style)
    /// Draws one cell of an image: an upper half block in `top` over `bottom`.
    func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB)
    /// The colours it can show (images fall back to text without any).
    var colorDepth: ColorDepth { get }
    /// Shows what was drawn since the last present.
    func present()
    /// Where the terminal's cursor shows after the frame (the end of what is being typed), or
    /// nil to hide it. Set before ``present()``.
    func placeCursor(_ position: (row: Int, column: Int)?)
    /// Makes the calls `drawing` kept again, moved down `top` rows and right `left` columns.
    func replay(_ drawing: DrawingRecorder, top: Int, left: Int)
}

extension Screen {
    /// A screen with no cursor of its own ignores it.
    public func placeCursor(_ position: (row: Int, column: Int)?) {}

    /// Makes the calls `drawing` kept again, moved down `top` rows and right `left` columns:
    /// one by one here; a screen that keeps its frame row by row takes the rows whole.
    public func replay(_ drawing: DrawingRecorder, top: Int, left: Int) {
        drawing.replay(on: self, top: top, left: left)
    }
}

extension Screen {
    /// Draws `text` (already sanitized) cut to `width` columns, and blanks the rest of them.
    public func put(row: Int, column: Int, _ text: String, width: Int, style: Style) {
        guard width > 0 else { return }
        var cut = text
        var used = TerminalText.width(text)
        if used > width {
            cut = TerminalText.truncate(text, to: width)
            used = TerminalText.width(cut)
        }
        if !cut.isEmpty { put(row: row, column: column, cut, style: style) }
        if used < width { fill(row: row, column: column + used, count: width - used, style: style) }
    }
}

/// An in-memory screen: a grid of cells, for tests and for measuring frames.
public final class CellBuffer: Screen {
    public struct Cell: Equatable {
        public var text: String
        public var style: Style
        /// For an image cell, its upper and lower pixel.
        public var pixel: HalfBlockPixel?
    }

    public struct HalfBlockPixel: Equatable, Sendable {
        public var top: RGB
        public var bottom: RGB
        public init(top: RGB, bottom: RGB) {
            self.top = top
            self.bottom = bottom
        }
    }

    public private(set) var size: (rows: Int, columns: Int)
    public private(set) var cells: [[Cell]]
    public var colorDepth: ColorDepth
    /// Where the cursor shows, if anywhere.
    public private(set) var cursor: (row: Int, column: Int)?

    public func placeCursor(_ position: (row: Int, column: Int)?) { cursor = position }

    public init(rows: Int, columns: Int, colorDepth: ColorDepth = .truecolor) {
        self.colorDepth = colorDepth
        size = (max(0, rows), max(0, columns))
        cells = []
        clear()
    }

    public func resize(rows: Int, columns: Int) {
        size = (max(0, rows), max(0, columns))
        clear()
    }

    public func clear() {
        cells = Array(repeating: Array(repeating: Cell(text: " ", style: .plain, pixel: nil), count: size.columns), count: size.rows)
    }

    public func put(row: Int, column: Int, _ text: String, style: Style) {
        guard row >= 0, row < size.rows else { return }
        var col = column
        for character in text {
            let width = TerminalText.width(of: character)
            if width == 0 {
                if col > 0, col - 1 < size.columns { cells[row][col - 1].text.append(character) }
                continue
            }
            guard col + width <= size.columns else { break }
            if col >= 0 {
                cells[row][col] = Cell(text: String(character), style: style, pixel: nil)
                if width == 2 { cells[row][col + 1] = Cell(text: "", style: style, pixel: nil) }
            }
            col += width
        }
    }

    public func fill(row: Int, column: Int, count: Int, style: Style) {
        guard row >= 0, row < size.rows, count > 0 else { return }
        for col in max(0, column)..<min(size.columns, column + count) {
            cells[row][col] = Cell(text: " ", style: style, pixel: nil)
        }
    }

    public func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
        cells[row][column] = Cell(text: HalfBlockImage.glyph, style: .plain, pixel: HalfBlockPixel(top: top, bottom: bottom))
    }

    public func present() {}

    /// Each row as text, trailing spaces removed.
    public var lines: [String] {
        cells.map { row in
            var line = row.map(\.text).joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// Each row's styles, one character a cell, for comparing whole screens in tests:
    /// `.` plain, `R` reverse video (bars, the selection), and for colours `m` muted, `a` accent,
    /// `e` error, `s` success; bold text is upper case (`B` plain bold, `A` bold accent, …).
    /// Image cells are `P`.
    public var styleLines: [String] {
        cells.map { row in String(row.map { $0.pixel == nil ? Self.code(for: $0.style) : "P" }) }
    }

    static func code(for style: Style) -> Character {
        if style.reverse { return style.bold ? "H" : "R" }
        let letter: Character
        switch style.color {
        case .none: letter = style.bold ? "B" : "."
        case .muted: letter = "m"
        case .accent: letter = "a"
        case .error: letter = "e"
        case .success: letter = "s"
        }
        return style.bold && style.color != .none ? Character(letter.uppercased()) : letter
    }

    /// The rows whose first cell is drawn in reverse video.
    public var reversedRows: [Int] {
        cells.indices.filter { cells[$0].first?.style.reverse == true }
    }
}

/// A screen on a real terminal: besides drawing, the loop reads its keys, takes its size again
/// after a resize, hands it back to the shell for a while, and sends it bytes of its own.
///
/// The ncurses screen is one; tests drive the loop with one over a ``CellBuffer``.
public protocol Terminal: Screen {
    /// The next key already typed, or nil when there is none; never waits.
    func nextKey() -> Key?
    /// Takes the terminal's size again (after SIGWINCH, or back from a suspension); the next
    /// frame draws everything.
    func resize()
    /// Hands the terminal back to the shell and stops until the shell continues the program.
    func suspend()
    /// Bytes for the terminal itself (an OSC 52 clipboard request), after the frame.
    func writeRaw(_ bytes: [UInt8])
}
