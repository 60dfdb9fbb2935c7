import CNcurses
import Foundation

/// The terminal, through ncurses. Only this file touches curses, and only the browser's one
/// consumer calls it.
///
/// Frames are drawn into curses' back buffer and sent with one `refresh`, so ncurses sends only
/// the cells that changed. Keys are read without waiting (``nextKey()``): the caller learns that
/// input is ready from ``TerminalInput`` and drains it.
public final class CursesScreen: Screen {
    public private(set) var size: (rows: Int, columns: Int) = (0, 0)
    /// Whether colours are drawn (off under `NO_COLOR` or on a terminal without them).
    public private(set) var hasColors = false
    /// The colours images are drawn in.
    public private(set) var colorDepth = ColorDepth.none
    private var colorPairs: [Style.Color: Int16] = [:]
    private var active = false
    /// Colour pairs of image cells (256-colour foreground and background), from pair 16 on.
    private var pixelPairs: [UInt16: Int16] = [:]
    private static let firstPixelPair: Int16 = 16
    /// The image cells of the frame being drawn, for the 24-bit colour pass after it.
    private var framePixels: [(row: Int, column: Int, top: RGB, bottom: RGB)] = []

    /// Starts curses: raw keys (Ctrl-c arrives as a key), no echo, hidden cursor, the keypad,
    /// the mouse wheel, reads that never wait, colors unless `NO_COLOR` is set or the terminal
    /// has none.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        _ = ghs_setlocale_all()
        guard initscr() != nil else { throw CursesError.cannotStart }
        active = true
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
        _ = mousemask(ghs_button4_pressed() | ghs_button5_pressed(), nil)
        mouseinterval(0)
        if environment["NO_COLOR"].map({ !$0.isEmpty }) != true, has_colors() {
            start_color()
            use_default_colors()
            let palette: [(Style.Color, Int16)] = [(.accent, Int16(COLOR_CYAN)), (.muted, Int16(COLOR_BLUE)),
                                                   (.error, Int16(COLOR_RED)), (.success, Int16(COLOR_GREEN))]
            for (index, entry) in palette.enumerated() {
                let pair = Int16(index + 1)
                init_pair(pair, entry.1, -1)
                colorPairs[entry.0] = pair
            }
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

    public func updateSize() {
        size = (Int(ghs_getmaxy(ghs_stdscr())), Int(ghs_getmaxx(ghs_stdscr())))
    }

    /// Takes the terminal's new size from the kernel after a SIGWINCH and resizes curses to it.
    public func resize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if ghs_winsize(1, &rows, &columns) == 0 || ghs_winsize(0, &rows, &columns) == 0, rows > 0, columns > 0 {
            _ = resizeterm(rows, columns)
        }
        updateSize()
    }

    public func clear() {
        erase()
        framePixels = []
    }

    /// An image cell: drawn by curses in the nearest of 256 colours (so curses knows what the
    /// cell holds), and, in 24-bit colour, drawn again in its exact colours after the frame.
    public func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        guard colorDepth != .none, row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
        if row == size.rows - 1, column == size.columns - 1 { return }
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
        if colorDepth == .truecolor { framePixels.append((row, column, top, bottom)) }
    }

    public func put(row: Int, column: Int, _ text: String, style: Style) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
        var attributes = ghs_a_normal()
        if style.reverse { attributes |= ghs_a_reverse() }
        if style.bold { attributes |= ghs_a_bold() }
        if let pair = colorPairs[style.color], !style.reverse { attributes |= ghs_color_pair(Int32(pair)) }
        _ = ghs_attrset(attributes)
        // The last cell of the last row would scroll the screen: never write it.
        var clipped = text
        if row == size.rows - 1 {
            clipped = TerminalText.truncateExact(text, to: max(0, size.columns - column - 1))
        }
        _ = ghs_mvaddstr(Int32(row), Int32(column), clipped)
        _ = ghs_attrset(ghs_a_normal())
    }

    public func present() {
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

    /// Bytes for the terminal itself (an OSC 52 clipboard request), sent after the frame so they
    /// never interleave with it. They must not move the cursor or print anything.
    public func writeRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
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
