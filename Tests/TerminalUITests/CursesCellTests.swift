import Testing
@testable import TerminalUI

@Suite("Text into curses cells")
struct CursesCellTests {
    /// Scalars the fast path takes as characters of their own.
    static let fastScalars: [Unicode.Scalar] = [0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x2190..<0x2C00]
        .flatMap { range in range.compactMap { Unicode.Scalar(UInt32($0)) } }

    @Test("every scalar the fast path takes stays a character of its own beside any other it takes")
    func fastPathScalarsNeverCombine() {
        let scalars = Self.fastScalars
        #expect(CursesScreen.oneScalarPerCharacter(String(String.UnicodeScalarView(scalars))))
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
            #expect(!CursesScreen.oneScalarPerCharacter(text), "\(text.debugDescription)")
        }
        for text in ["plain ascii", " 3/100 · end", " ghscroll · All users › octocat", "↑ Loading…", "— End of list —", "Zoë"] {
            #expect(CursesScreen.oneScalarPerCharacter(text), "\(text.debugDescription)")
        }
    }
}
