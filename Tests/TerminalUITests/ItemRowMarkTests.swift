import ListCore
import Testing
@testable import TerminalUI

@Suite("An item row's marks for the filter's word")
struct ItemRowMarkTests {
    @Test("a filter's word is marked wherever the row shows it, whatever its case and accents: in the login, the name, the right side; selected, in bold on the bar")
    func filterMarks() {
        var text = ItemText(title: "zoe-dev", detail: "Montréal · 12 followers ")
        text.note = "Zoë Ångström"
        func drawn(_ highlight: String, selected: Bool = false, columns: Int = 60) -> (String, String) {
            let screen = CellBuffer(rows: 1, columns: columns)
            ListView<[Int]>.drawItem(text, highlight: highlight, selected: selected, top: 0, lines: 1, left: 0,
                                     columns: columns, on: screen)
            return (screen.lines[0], screen.styleLines[0])
        }
        let line = " zoe-dev  Zoë Ångström             Montréal · 12 followers"
        // The login and the name both hold "zoe" (the name with an accent): the first match in each is marked.
        #expect(drawn("zoe") == (line, ".AAA......AAAmmmmmmmmmmmmmmmmmmmm..mmmmmmmmmmmmmmmmmmmmmmmm."))
        #expect(drawn("ANGSTROM") == (line, "..........mmmmAAAAAAAAmmmmmmmmmmm..mmmmmmmmmmmmmmmmmmmmmmmm."))
        #expect(drawn("montreal") == (line, "..........mmmmmmmmmmmmmmmmmmmmmmm..AAAAAAAAmmmmmmmmmmmmmmmm."))
        #expect(drawn("nowhere") == (line, "..........mmmmmmmmmmmmmmmmmmmmmmm..mmmmmmmmmmmmmmmmmmmmmmmm."))
        #expect(drawn("zoe", selected: true).1 == "RHHHRRRRRRHHHRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR")
        // Too narrow for the right side: the login alone, still marked.
        text = ItemText(title: "zoe-dev")
        #expect(drawn("DEV", columns: 12) == (" zoe-dev", ".....AAA...."))
        // A match cut short is marked as far as it is shown; one cut off entirely, not at all.
        text = ItemText(title: "alexander-hamilton")
        #expect(drawn("hamilton", columns: 14) == (" alexander-ha…", "...........AA."))
        #expect(drawn("ton", columns: 14) == (" alexander-ha…", ".............."))
        // A two-line row's second line is marked too (a bio shown because it matched).
        let screen = CellBuffer(rows: 2, columns: 30)
        ListView<[Int]>.drawItem(ItemText(title: "ada", subtitle: "Writes programs"), highlight: "program", selected: false,
                                 top: 0, lines: 2, left: 0, columns: 30, on: screen)
        #expect((screen.lines[1], screen.styleLines[1]) == ("   Writes programs", "mmmmmmmmmmAAAAAAAmmmmmmmmmmmmm"))
    }
}
