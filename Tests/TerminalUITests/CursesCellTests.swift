import CNcurses
import Foundation
import Testing
@testable import TerminalUI

@Suite("Text into curses cells")
struct CursesCellTests {
    init() { _ = setlocale(LC_CTYPE, "C.UTF-8") }

    /// Scalars the fast path takes as characters of their own: those ``TerminalText`` counts as
    /// standing alone.
    static let fastScalars: [Unicode.Scalar] = ([0x20...0x7E] + TerminalText.standaloneNarrow)
        .flatMap { range in range.compactMap { Unicode.Scalar($0) } }

    @Test("every scalar the fast path takes stays a character of its own beside any other it takes")
    func fastPathScalarsNeverCombine() {
        let scalars = Self.fastScalars
        #expect(TerminalText.standaloneWidth(String(String.UnicodeScalarView(scalars))) != nil)
        // Each takes a cell of its own, so none may be one the terminal gives no width (it would
        // join the cell before). Unassigned ones (-1) take a cell, as curses gives them.
        for scalar in scalars {
            #expect(ghs_wcwidth(wchar_t(bitPattern: scalar.value)) != 0, "U+\(String(scalar.value, radix: 16)) has no width")
        }
        // Each scalar after and before a sample of the others (every one of them against every
        // other would be 13 million strings): a letter, the bars' separators, an arrow, a symbol
        // that can be an emoji.
        let neighbours: [Unicode.Scalar] = ["a", "\u{B7}", "\u{203A}", "\u{2026}", "\u{2191}", "\u{2600}", "\u{2714}", " "]
        for scalar in scalars {
            for neighbour in neighbours {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: [neighbour, scalar, neighbour])
                #expect(String(view).count == 3, "U+\(String(scalar.value, radix: 16)) combines with U+\(String(neighbour.value, radix: 16))")
            }
        }
    }

    @Test("text with combining marks, joiners, variation selectors, wide or control characters takes the slow path")
    func otherTextIsSplitByCharacter() {
        for text in ["e\u{301}", "👍🏽", "👨\u{200D}👩\u{200D}👧", "☀\u{FE0F}", "漢字", "\u{1100}\u{1161}", "a\r\nb", "\u{1F1EB}\u{1F1F7}",
                     "tab\there"] {
            #expect(TerminalText.standaloneWidth(text) == nil, "\(text.debugDescription)")
        }
        for text in ["plain ascii", " 3/100 · end", " ghscroll · All users › octocat", "↑ Loading…", "— End of list —", "Zoë"] {
            #expect(TerminalText.standaloneWidth(text) != nil, "\(text.debugDescription)")
        }
    }
}

@Suite("Cells handed to curses")
struct CursesCellContentTests {
    /// Widths as the terminal and curses see them (`wcwidth`) need a UTF-8 locale, as the
    /// program sets at start.
    init() { _ = setlocale(LC_CTYPE, "C.UTF-8") }

    /// The scalars of each cell `text` becomes.
    func cells(_ text: String) -> [[UInt32]] {
        var buffer = [cchar_t](repeating: cchar_t(), count: max(1, text.utf8.count))
        let count = buffer.withUnsafeMutableBufferPointer { CursesScreen.fillCells(text, into: $0) }
        return buffer.prefix(count).map { cell in
            withUnsafeBytes(of: cell.chars) { raw in
                raw.bindMemory(to: wchar_t.self).prefix { $0 != 0 }.map { UInt32(bitPattern: $0) }
            }
        }
    }

    @Test("a cell per character the terminal gives a column or more, as many as TerminalText counts")
    func cellsFollowCharacters() {
        #expect(cells("ab") == [[0x61], [0x62]])
        #expect(cells(" 3/100 · end").count == 12)
        #expect(cells("e\u{301}x") == [[0x65, 0x301], [0x78]], "a mark stays with its letter")
        #expect(cells("漢字") == [[0x6F22], [0x5B57]], "a wide character is one cell (curses takes two columns for it)")
        #expect(cells("a\u{200B}b") == [[0x61, 0x200B], [0x62]], "a zero-width space joins the cell before it")
        #expect(cells("x\u{AD}y") == [[0x78], [0xAD], [0x79]], "a soft hyphen is a column wide to a terminal")
        #expect(cells("\u{301}x") == [[0x78]], "a mark with nothing before it is dropped")
        // Seven scalars, one character: the cell keeps the first five.
        #expect(cells("👨\u{200D}👩\u{200D}👧\u{200D}👦") == [[0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467]])
        // Joining never overflows a cell: the sixth mark and later are left out.
        #expect(cells("e" + String(repeating: "\u{301}", count: 8)) == [[0x65, 0x301, 0x301, 0x301, 0x301]])
        for text in ["Zoë 山田 🚀", "smile😀", "\u{FFFD}]0;x", "e\u{301}\u{301}\u{301}accents"] {
            let widths = text.map { TerminalText.width(of: $0) }
            #expect(cells(text).count == widths.filter { $0 > 0 }.count, "\(text.debugDescription)")
        }
    }
}
