import CNcurses
import Foundation

/// The terminal, through ncurses. Only this file touches curses, and only the browser's one
/// consumer calls it.
///
/// A frame is recorded as what each row was asked to show. At ``present()`` only the rows that
/// differ from the last frame are drawn into curses' back buffer; when the rows moved up or
/// down together (a scroll), curses' window is scrolled first, so only the rows that are new
/// are drawn. One `refresh` then sends the cells that changed (ncurses itself scrolls the
/// terminal). Keys are read without waiting (``nextKey()``): the caller learns that input is
/// ready from ``TerminalInput`` and drains it.
public final class CursesScreen: Terminal {
    @exclusivity(unchecked) public private(set) var size: (rows: Int, columns: Int) = (0, 0)
    /// Whether colours are drawn (off under `NO_COLOR` or on a terminal without them).
    public private(set) var hasColors = false
    /// The colours images are drawn in.
    public private(set) var colorDepth = ColorDepth.none
    /// Where the cursor shows after the frame, and whether it showed after the last one.
    private var cursor: (row: Int, column: Int)?
    private var cursorShown = false
    /// No UTF-8 locale at all: every character is drawn as ASCII of the same width, the shades
    /// of a picture too (``TerminalText/ascii(_:)``).
    public private(set) var asciiOnly = false
    /// The pair of each colour, by ``pairIndex(_:)`` (0: the terminal's own colours).
    var colorPairs: [Int16] = [0, 0, 0, 0, 0]
    /// The selection bar's pair (nil without colours: reverse video instead).
    var selectionPair: Int16?
    private var active = false
    /// Colour pairs of image cells (256-colour foreground and background), from pair 16 on.
    var pixelPairs: [UInt16: Int16] = [:]
    static let firstPixelPair: Int16 = 16
    /// The image cells of the frame being drawn, for the 24-bit colour pass after it.
    var framePixels: [(row: Int, column: Int, top: RGB, bottom: RGB)] = []
    /// The frame being drawn and the one on screen, row by row.
    /// (Only the one consumer touches a screen, never from two places at once: the runtime's
    /// exclusivity check on each recorded call cost more than recording it.)
    @exclusivity(unchecked) var diff = FrameDiff()
    /// The cells of the text being drawn, kept between calls so drawing allocates nothing.
    @exclusivity(unchecked) var cells: [cchar_t] = []

    typealias Operation = FrameDiff.Operation

    /// Starts curses: raw keys (Ctrl-c arrives as a key), no echo, hidden cursor, the keypad,
    /// the mouse's wheel and first button (unless `mouse` is false: the mouse is then left to
    /// the terminal, to select text with), reads that never wait, colors unless `NO_COLOR` is
    /// set or the terminal has none.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, mouse: Bool = true) throws {
        // Characters drawn as UTF-8 whatever the locale says, when the system has a UTF-8 one
        // (LC_ALL=C garbled every non-ASCII character); ASCII of the same width otherwise.
        asciiOnly = ghs_setlocale_utf8() == 0
        guard initscr() != nil else { throw CursesError.cannotStart }
        active = true
        // ncurses 6.4 flushes its output after every cursor movement until the screen has been
        // left and entered again once (`_nc_mvcur` checks for the state `initscr` leaves), so a
        // one-line scroll reached the terminal as about nine small writes. One round trip here,
        // before anything is drawn, makes each refresh one write.
        endwin()
        refresh()
        raw()
        noecho()
        nonl()
        keypad(ghs_stdscr(), true)
        nodelay(ghs_stdscr(), true)
        set_escdelay(25)
        // Home and End as the common terminals send them, whatever TERM's description says
        // (tmux sends VT220's ESC[1~ and ESC[4~, which xterm's description does not list).
        for (sequence, key) in [("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME),
                                ("\u{1B}[8~", KEY_END), ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END),
                                ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END)] where key_defined(sequence) == 0 {
            _ = define_key(sequence, key)
        }
        curs_set(0)
        // The cursor is hidden: no need to put it back anywhere after a frame.
        _ = leaveok(ghs_stdscr(), true)
        if mouse {
            _ = mousemask(ghs_button1_pressed() | ghs_button4_pressed() | ghs_button5_pressed(), nil)
            mouseinterval(0)
        }
        // The keys are all read before a frame is drawn: no need for ncurses to look for more
        // (a poll of standard input before every line) while it draws.
        _ = typeahead(-1)
        if environment["NO_COLOR"].map({ !$0.isEmpty }) != true, has_colors() {
            start_color()
            use_default_colors()
            let palette: [(Style.Color, Int16)] = [(.accent, Int16(COLOR_CYAN)), (.muted, Int16(COLOR_BLUE)),
                                                   (.error, Int16(COLOR_RED)), (.success, Int16(COLOR_GREEN))]
            for (index, entry) in palette.enumerated() {
                let pair = Int16(index + 1)
                init_pair(pair, entry.1, -1)
                colorPairs[Self.pairIndex(entry.0)] = pair
            }
            // The selection: black on cyan reads on light and dark themes alike, and unlike
            // reverse video a terminal with back-colour erase can clear a run of it at once.
            let selection = Int16(palette.count + 1)
            init_pair(selection, Int16(COLOR_BLACK), Int16(COLOR_CYAN))
            selectionPair = selection
            hasColors = true
            if ghs_colors() >= 256, !asciiOnly {
                let wide = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
                colorDepth = wide ? .truecolor : .palette256
            }
        }
        updateSize()
    }

    deinit { end() }

    /// Restores the terminal (cursor, echo, canonical mode, main screen). Safe to call twice.
    /// A terminal without an alternate screen (`TERM=vt100`) would keep the last frame for the
    /// shell to write over: it is cleared, the cursor at the top.
    public func end() {
        guard active else { return }
        active = false
        curs_set(1)
        let alternate = Self.capability("smcup") != nil
        endwin()
        if !alternate, let clear = Self.capability("clear") {
            _ = tputs(clear, 1) { character in
                var byte = UInt8(truncatingIfNeeded: character)
                return Glibc.write(1, &byte, 1) == 1 ? character : -1
            }
        }
    }

    /// The terminal's string capability `name` (terminfo), or nil when it has none.
    private static func capability(_ name: String) -> UnsafeMutablePointer<CChar>? {
        guard let value = tigetstr(name), value != UnsafeMutablePointer(bitPattern: -1), value.pointee != 0 else { return nil }
        return value
    }

    /// Hands the terminal back to the shell and stops, as Ctrl-Z does to a program that reads
    /// lines; when the shell continues it (`fg`), takes the terminal again at whatever size it
    /// now has, and the next frame draws everything. (Raw mode turns Ctrl-Z into a key, and the
    /// program's own SIGTSTP handler only wakes the loop: the stop itself happens here, with
    /// the default action, so the shell sees the job stop.)
    public func suspend() {
        guard active else { return }
        endwin()
        let handler = signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        // Continued: the handler back, the terminal as the program wants it.
        signal(SIGTSTP, handler)
        resize()
    }

    public func updateSize() {
        let new = (Int(ghs_getmaxy(ghs_stdscr())), Int(ghs_getmaxx(ghs_stdscr())))
        if new != size { diff.shownValid = false }
        size = new
    }

    /// Takes the terminal's new size from the kernel after a SIGWINCH and resizes curses to it.
    public func resize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if ghs_winsize(1, &rows, &columns) == 0 || ghs_winsize(0, &rows, &columns) == 0, rows > 0, columns > 0 {
            _ = resizeterm(rows, columns)
        }
        updateSize()
        diff.shownValid = false  // everything is drawn again, whatever the size
    }

    public func clear() {
        diff.clear(rows: size.rows)
        framePixels.removeAll(keepingCapacity: true)
    }

    private func record(_ operation: Operation, row: Int) {
        diff.record(operation, row: row, rows: size.rows)
    }

    /// An image cell: drawn by curses in the nearest of 256 colours (so curses knows what the
    /// cell holds), and, in 24-bit colour, drawn again in its exact colours after the frame.
    public func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        guard colorDepth != .none, row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
        if row == size.rows - 1, column == size.columns - 1 { return }
        record(.pixel(column: column, top: top, bottom: bottom), row: row)
        if colorDepth == .truecolor { framePixels.append((row, column, top, bottom)) }
    }

    public func fill(row: Int, column: Int, count: Int, style: Style) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, count > 0 else { return }
        record(.fill(column: column, count: count, style), row: row)
        cover(row: row, columns: column..<(column + count))
    }

    public func put(row: Int, column: Int, _ text: String, style: Style) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, !text.isEmpty else { return }
        record(.text(column: column, asciiOnly ? TerminalText.ascii(text) : text, style), row: row)
        if !framePixels.isEmpty { cover(row: row, columns: column..<(column + TerminalText.width(text))) }
    }

    /// A drawing's rows, taken whole (``FrameDiff/adopt(_:at:rows:)``): each of its calls
    /// recorded as ``put(row:column:_:style:)`` and ``fill(row:column:count:style:)`` would.
    /// Image cells, or a frame with some already (which text must cover), go call by call.
    public func replay(_ drawing: DrawingRecorder, top: Int, left: Int) {
        guard !drawing.hasPixels, framePixels.isEmpty else { return drawing.replay(on: self, top: top, left: left) }
        diff.adopt(drawing.rows(left: left, columns: size.columns, asciiOnly: asciiOnly), at: top, rows: size.rows)
    }

    /// Something drawn over image cells (the help, a prompt): their exact colours, painted after
    /// the frame, must not come back over it.
    private func cover(row: Int, columns: Range<Int>) {
        guard !framePixels.isEmpty else { return }
        framePixels.removeAll { $0.row == row && columns.contains($0.column) }
    }

    public func placeCursor(_ position: (row: Int, column: Int)?) {
        cursor = position.flatMap { $0.row >= 0 && $0.row < size.rows && $0.column >= 0 && $0.column < size.columns ? $0 : nil }
    }

    public func present() {
        drawChangedRows()
        // The cursor where typing goes on, shown; hidden (and left wherever curses left it)
        // otherwise.
        if let cursor {
            _ = leaveok(ghs_stdscr(), false)
            _ = move(Int32(cursor.row), Int32(cursor.column))
            if !cursorShown { curs_set(1) }
        } else if cursorShown {
            curs_set(0)
            _ = leaveok(ghs_stdscr(), true)
        }
        cursorShown = cursor != nil
        refresh()
        guard !framePixels.isEmpty else { return }
        // 24-bit colour through curses needs a terminfo entry most terminals are not run
        // with, so the exact colours go straight to the terminal, cell by cell, with the
        // cursor and attributes saved and restored around them (curses' idea of both stays
        // true). Curses has drawn the same cells in 256 colours, so nothing else differs.
        var out = "\u{1B}7"
        var last: (row: Int, column: Int)?
        for cell in framePixels {
            if last.map({ $0.row != cell.row || $0.column + 1 != cell.column }) ?? true {
                out += "\u{1B}[\(cell.row + 1);\(cell.column + 1)H"
            }
            out += "\u{1B}[38;2;\(cell.top.red);\(cell.top.green);\(cell.top.blue);48;2;\(cell.bottom.red);\(cell.bottom.green);\(cell.bottom.blue)m"
            out += HalfBlockImage.glyph
            last = (cell.row, cell.column)
        }
        out += "\u{1B}[0m\u{1B}8"
        writeRaw(Array(out.utf8))
    }

    /// Writes every byte to the terminal, through interruptions.
    private func write(all bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(1, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    /// Bytes for the terminal itself (an OSC 52 clipboard request), sent after the frame so they
    /// never interleave with it. They must not move the cursor or print anything.
    public func writeRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write(all: $0) }
    }
}
