import CNcurses
import Foundation

// MARK: - Drawing into curses

extension CursesScreen {
    func drawHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
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

    func attributes(_ style: Style) -> attr_t {
        var attributes = ghs_a_normal()
        if style.bold { attributes |= ghs_a_bold() }
        if style.highlight, let selectionPair { return attributes | ghs_color_pair(Int32(selectionPair)) }
        if style.reverse { attributes |= ghs_a_reverse() }
        let pair = colorPairs[Self.pairIndex(style.color)]
        if pair != 0, !style.reverse { attributes |= ghs_color_pair(Int32(pair)) }
        return attributes
    }

    static func pairIndex(_ color: Style.Color) -> Int {
        switch color {
        case .none: 0
        case .accent: 1
        case .muted: 2
        case .error: 3
        case .success: 4
        }
    }

    /// Draws one recorded call into curses' back buffer.
    func draw(_ operation: Operation, row: Int) {
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
    func putCells(_ text: String, row: Int, column: Int) {
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
    func drawChangedRows() {
        let rows = size.rows
        switch diff.finish(rows: rows) {
        case .everything:
            erase()
            for row in 0..<rows { for operation in diff.shown[row] { draw(operation, row: row) } }
        case let .rows(changed, shift):
            if let shift {
                _ = scrollok(ghs_stdscr(), true)
                _ = wsetscrreg(ghs_stdscr(), Int32(shift.region.lowerBound), Int32(shift.region.upperBound - 1))
                _ = wscrl(ghs_stdscr(), Int32(shift.lines))
                _ = wsetscrreg(ghs_stdscr(), 0, Int32(rows - 1))
                _ = scrollok(ghs_stdscr(), false)
            }
            for row in changed {
                _ = ghs_attrset(ghs_a_normal())
                _ = move(Int32(row), 0)
                _ = clrtoeol()
                for operation in diff.shown[row] { draw(operation, row: row) }
            }
        }
    }
}
