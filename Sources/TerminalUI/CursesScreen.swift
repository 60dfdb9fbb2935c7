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
public final class CursesScreen: Screen {
    @exclusivity(unchecked) public private(set) var size: (rows: Int, columns: Int) = (0, 0)
    /// Whether colours are drawn (off under `NO_COLOR` or on a terminal without them).
    public private(set) var hasColors = false
    /// The colours images are drawn in.
    public private(set) var colorDepth = ColorDepth.none
    /// The pair of each colour, by ``pairIndex(_:)`` (0: the terminal's own colours).
    private var colorPairs: [Int16] = [0, 0, 0, 0, 0]
    /// The selection bar's pair (nil without colours: reverse video instead).
    private var selectionPair: Int16?
    private var active = false
    /// Colour pairs of image cells (256-colour foreground and background), from pair 16 on.
    private var pixelPairs: [UInt16: Int16] = [:]
    private static let firstPixelPair: Int16 = 16
    /// The image cells of the frame being drawn, for the 24-bit colour pass after it.
    private var framePixels: [(row: Int, column: Int, top: RGB, bottom: RGB)] = []
    /// What each row of the frame being drawn shows, and of the frame on screen. The two trade
    /// places after each frame, so a steady frame allocates nothing.
    /// (Only the one consumer touches a screen, never from two places at once: the runtime's
    /// exclusivity check on each recorded call cost more than recording it.)
    @exclusivity(unchecked) private var frame: [[Operation]] = []
    @exclusivity(unchecked) private var shown: [[Operation]] = []
    /// False after a start or a resize: every row is drawn.
    private var shownValid = false
    /// The cells of the text being drawn, kept between calls so drawing allocates nothing.
    @exclusivity(unchecked) private var cells: [cchar_t] = []

    /// One drawing call, kept to compare frames row by row.
    enum Operation: Equatable {
        case text(column: Int, String, Style)
        case fill(column: Int, count: Int, Style)
        case pixel(column: Int, top: RGB, bottom: RGB)
    }

    /// Starts curses: raw keys (Ctrl-c arrives as a key), no echo, hidden cursor, the keypad,
    /// the mouse wheel, reads that never wait, colors unless `NO_COLOR` is set or the terminal
    /// has none.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        _ = ghs_setlocale_all()
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
        _ = mousemask(ghs_button4_pressed() | ghs_button5_pressed(), nil)
        mouseinterval(0)
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
            if ghs_colors() >= 256 {
                let wide = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
                colorDepth = wide ? .truecolor : .palette256
            }
        }
        updateSize()
    }

    deinit { end() }

    /// Restores the terminal (cursor, echo, canonical mode, main screen). Safe to call twice.
    public func end() {
        guard active else { return }
        active = false
        curs_set(1)
        endwin()
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
        if new != size { shownValid = false }
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
        shownValid = false  // everything is drawn again, whatever the size
    }

    public func clear() {
        if frame.count == size.rows {
            for row in frame.indices { frame[row].removeAll(keepingCapacity: true) }
        } else {
            frame = Array(repeating: [], count: size.rows)
        }
        framePixels.removeAll(keepingCapacity: true)
    }

    private func record(_ operation: Operation, row: Int) {
        if frame.count != size.rows { frame = Array(repeating: [], count: size.rows) }
        frame[row].append(operation)
    }

    /// An image cell: drawn by curses in the nearest of 256 colours (so curses knows what the
    /// cell holds), and, in 24-bit colour, drawn again in its exact colours after the frame.
    public func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        guard colorDepth != .none, row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
        if row == size.rows - 1, column == size.columns - 1 { return }
        record(.pixel(column: column, top: top, bottom: bottom), row: row)
        if colorDepth == .truecolor { framePixels.append((row, column, top, bottom)) }
    }

    private func drawHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        let key = UInt16(Palette256.index(for: top)) << 8 | UInt16(Palette256.index(for: bottom))
        var pair = pixelPairs[key]
        if pair == nil {
            if Int(Self.firstPixelPair) + pixelPairs.count >= min(256, Int(ghs_color_pairs())) {
                // Out of pairs: start over, and repaint everything so no cell keeps a pair
                // whose colours changed.
                pixelPairs = [:]
                _ = clearok(ghs_curscr(), true)
            }
            let next = Self.firstPixelPair + Int16(pixelPairs.count)
            init_pair(next, Int16(key >> 8), Int16(key & 0xFF))
            pixelPairs[key] = next
            pair = next
        }
        _ = ghs_attrset(ghs_color_pair(Int32(pair ?? 0)))
        _ = ghs_mvaddstr(Int32(row), Int32(column), HalfBlockImage.glyph)
        _ = ghs_attrset(ghs_a_normal())
    }

    private func attributes(_ style: Style) -> attr_t {
        var attributes = ghs_a_normal()
        if style.bold { attributes |= ghs_a_bold() }
        if style.highlight, let selectionPair { return attributes | ghs_color_pair(Int32(selectionPair)) }
        if style.reverse { attributes |= ghs_a_reverse() }
        let pair = colorPairs[Self.pairIndex(style.color)]
        if pair != 0, !style.reverse { attributes |= ghs_color_pair(Int32(pair)) }
        return attributes
    }

    private static func pairIndex(_ color: Style.Color) -> Int {
        switch color {
        case .none: 0
        case .accent: 1
        case .muted: 2
        case .error: 3
        case .success: 4
        }
    }

    public func fill(row: Int, column: Int, count: Int, style: Style) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, count > 0 else { return }
        record(.fill(column: column, count: count, style), row: row)
    }

    public func put(row: Int, column: Int, _ text: String, style: Style) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, !text.isEmpty else { return }
        record(.text(column: column, text, style), row: row)
    }

    /// Draws one recorded call into curses' back buffer.
    private func draw(_ operation: Operation, row: Int) {
        switch operation {
        case let .text(column, text, style):
            _ = ghs_attrset(attributes(style))
            // The last cell of the last row would scroll the screen: never write it.
            var clipped = text
            if row == size.rows - 1 {
                clipped = TerminalText.truncateExact(text, to: max(0, size.columns - column - 1))
            }
            putCells(clipped, row: row, column: column)
            _ = ghs_attrset(ghs_a_normal())
        case let .fill(column, count, style):
            let end = min(column + count, row == size.rows - 1 ? size.columns - 1 : size.columns)
            guard end > column else { return }
            _ = ghs_mvhline_blank(Int32(row), Int32(column), attributes(style), Int32(end - column))
        case let .pixel(column, top, bottom):
            drawHalfBlock(row: row, column: column, top: top, bottom: bottom)
        }
    }

    /// Writes `text` into curses' window from (row, column) as ready-made cells, one per
    /// character, in the window's current attributes: curses copies them as they are, where
    /// `addstr` would decode the UTF-8 and look each character up again byte by byte. Cells past
    /// the right edge are dropped; the cursor stays where it was.
    private func putCells(_ text: String, row: Int, column: Int) {
        // No more cells than bytes: one buffer, grown rarely, holds any text.
        let capacity = text.utf8.count
        guard capacity > 0 else { return }
        if cells.count < capacity { cells = Array(repeating: cchar_t(), count: max(capacity, 2 * cells.count, 256)) }
        let count = cells.withUnsafeMutableBufferPointer { Self.fillCells(text, into: $0) }
        guard count > 0, wmove(ghs_stdscr(), Int32(row), Int32(column)) != ERR else { return }
        _ = cells.withUnsafeBufferPointer { wadd_wchnstr(ghs_stdscr(), $0.baseAddress, Int32(count)) }
    }

    /// Writes the cells of `text` into `buffer` (at least as long as its UTF-8) and says how
    /// many there are: a cell per character, holding up to its first five scalars. A character
    /// the terminal gives no width (`wcwidth` 0: a zero-width space, a mark with nothing before
    /// it) joins the cell before it, as `addstr` did, so curses' columns stay the terminal's;
    /// one with no cell before it is dropped.
    static func fillCells(_ text: String, into buffer: UnsafeMutableBufferPointer<cchar_t>) -> Int {
        var count = 0
        // Scalars that stand alone (ASCII, Latin, the bars' punctuation and arrows): a cell each.
        if TerminalText.standaloneWidth(text) != nil {
            for scalar in text.unicodeScalars {
                buffer[count] = cchar_t(attr: 0, chars: (wchar_t(bitPattern: scalar.value), 0, 0, 0, 0), ext_color: 0)
                count += 1
            }
            return count
        }
        for character in text {
            let joins = character.unicodeScalars.first.map { ghs_wcwidth(wchar_t(bitPattern: $0.value)) == 0 } ?? true
            if joins, count == 0 { continue }
            var cell = joins ? buffer[count - 1] : cchar_t()
            withUnsafeMutableBytes(of: &cell.chars) { raw in
                let slots = raw.bindMemory(to: wchar_t.self)
                // Scalars past the five a cell holds are left out.
                var slot = slots.firstIndex(of: 0) ?? slots.endIndex
                for scalar in character.unicodeScalars where slot < slots.endIndex {
                    slots[slot] = wchar_t(bitPattern: scalar.value)
                    slot += 1
                }
            }
            if joins {
                buffer[count - 1] = cell
            } else {
                buffer[count] = cell
                count += 1
            }
        }
        return count
    }

    /// Draws the rows of the frame that differ from what is on screen, after scrolling curses'
    /// window when most rows moved by the same few lines.
    private func drawChangedRows() {
        let rows = size.rows
        if frame.count != rows { frame = Array(repeating: [], count: rows) }
        defer {
            swap(&shown, &frame)
            for row in frame.indices { frame[row].removeAll(keepingCapacity: true) }
        }
        guard shownValid, shown.count == rows else {
            erase()
            for row in 0..<rows { for operation in frame[row] { draw(operation, row: row) } }
            shownValid = true
            return
        }
        if let shift = Self.scroll(from: shown, to: frame) {
            _ = scrollok(ghs_stdscr(), true)
            _ = wsetscrreg(ghs_stdscr(), Int32(shift.region.lowerBound), Int32(shift.region.upperBound - 1))
            _ = wscrl(ghs_stdscr(), Int32(shift.lines))
            _ = wsetscrreg(ghs_stdscr(), 0, Int32(rows - 1))
            _ = scrollok(ghs_stdscr(), false)
            Self.shift(&shown, region: shift.region, by: shift.lines)
        }
        for row in 0..<rows where frame[row] != shown[row] {
            _ = ghs_attrset(ghs_a_normal())
            _ = move(Int32(row), 0)
            _ = clrtoeol()
            for operation in frame[row] { draw(operation, row: row) }
        }
    }

    /// The rows `before` with those in `region` moved up by `lines` (down when negative), the
    /// rows left behind blank: what curses' `wscrl` does to its window.
    static func scrolled(_ before: [[Operation]], region: Range<Int>, by lines: Int) -> [[Operation]] {
        var after = before
        shift(&after, region: region, by: lines)
        return after
    }

    /// ``scrolled(_:region:by:)`` in place: the rows trade places, nothing is copied.
    static func shift(_ rows: inout [[Operation]], region: Range<Int>, by lines: Int) {
        guard lines != 0 else { return }
        let order = lines > 0 ? Array(region) : region.reversed()
        for row in order {
            let source = row + lines
            if region.contains(source) {
                rows.swapAt(row, source)
            } else {
                rows[row].removeAll(keepingCapacity: true)
            }
        }
    }

    /// The scroll that turns `before` into `after` best: the shift of 1 to 3 lines that the most
    /// rows made (at least three, and more than stayed in place), and the region from the first
    /// to the last of them. Rows in between that did not move are drawn again anyway.
    static func scroll(from before: [[Operation]], to after: [[Operation]]) -> (region: Range<Int>, lines: Int)? {
        var best: (region: Range<Int>, lines: Int, moved: Int)?
        for lines in [1, -1, 2, -2, 3, -3] {
            let moved = after.indices.filter { row in
                let source = row + lines
                return before.indices.contains(source) && !after[row].isEmpty && after[row] == before[source]
                    && after[row] != before[row]
            }
            guard let first = moved.first, let last = moved.last, moved.count >= 3 else { continue }
            let span = first...last
            let stayed = span.filter { before.indices.contains($0) && after[$0] == before[$0] }.count
            guard moved.count > stayed, moved.count > (best?.moved ?? 0) else { continue }
            let low = max(0, min(first, first + lines))
            let high = min(after.count, max(last, last + lines) + 1)
            best = (low..<high, lines, moved.count)
            // Most rows moved together: take it (another shift could beat it only with rows that
            // repeat; any row the scroll gets wrong is drawn again anyway).
            if moved.count * 2 > after.count { break }
        }
        return best.map { ($0.region, $0.lines) }
    }

    public func present() {
        drawChangedRows()
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

    /// The next key already typed, or nil when there is none (never waits, except ncurses'
    /// 25 ms to tell a lone Esc from the start of a sequence).
    public func nextKey() -> Key? {
        while true {
            var value: wint_t = 0
            let result = ghs_get_wch(&value)
            if result == ERR { return nil }
            if result == KEY_CODE_YES {
                if let key = Self.decodeKeyCode(Int32(value)) { return key }
                continue  // a key we do not use: skip it and read on
            }
            if let key = Self.decodeCharacter(UInt32(value)) { return key }
        }
    }

    private static func decodeKeyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_NPAGE: return .pageDown
        case KEY_PPAGE: return .pageUp
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_RESIZE: return .resize
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            if event.bstate & ghs_button4_pressed() != 0 { return .wheelUp }
            if ghs_button5_pressed() != 0, event.bstate & ghs_button5_pressed() != 0 { return .wheelDown }
            return nil
        default: return nil
        }
    }

    private static func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 27: return .escape
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 96)))
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }
}

public enum CursesError: Error, CustomStringConvertible {
    case cannotStart
    public var description: String { "could not start the terminal UI (is TERM set to a known terminal?)" }
}

extension CursesScreen {
    /// Why the browser cannot draw on this terminal (TERM unset, `dumb`, or unknown to terminfo),
    /// or nil when it can. Asks terminfo without starting curses.
    public static func terminalProblem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let term = environment["TERM"], !term.trimmingCharacters(in: .whitespaces).isEmpty else {
            return "TERM is not set"
        }
        if term == "dumb" { return "TERM=dumb cannot draw a screen" }
        var error: Int32 = 0
        // setupterm only reads the terminal's description here; the result is freed at once.
        guard setupterm(term, 1, &error) == OK, let loaded = ghs_cur_term() else {
            return "TERM=\(term) is not a terminal terminfo knows"
        }
        _ = del_curterm(loaded)
        return nil
    }
}
