import ListCore
import Testing
@testable import TerminalUI

/// A details pane shorter than all it has to say: the keys give way, and a note says more is
/// there.
@Suite("A pane cut short")
struct PaneCutTests {
    @Test("keys that do not all fit: as many of their lines as do, the note last; none when the facts fill the pane")
    func paneKeysCut() {
        let pane = DetailsPane(content: .record(.init(heading: "Mona", fields: [.init("Repos", "3")],
                                                      actions: ["1 followers", "2 following", "3 repositories"])))
        let lines = { (height: Int) in
            let screen = CellBuffer(rows: height, columns: 20)
            pane.draw(on: screen, in: Rect(top: 0, left: 0, height: height, width: 20))
            return screen.lines
        }
        // Mona, a blank, Repos; then a blank and the keys, one a line at 18 columns.
        #expect(lines(7) == [" Mona", "", " Repos  3", "", " 1 followers", " 2 following", " 3 repositories"])
        #expect(lines(6) == [" Mona", "", " Repos  3", "", " 1 followers", " … more on a talle…"])
        #expect(lines(5) == [" Mona", "", " Repos  3", "", " … more on a talle…"])
        let screen = CellBuffer(rows: 6, columns: 20)
        pane.draw(on: screen, in: Rect(top: 0, left: 0, height: 6, width: 20))
        #expect(screen.styleLines == [".AAAA...............", "....................", ".mmmmm..............", "....................",
                                      ".mmmmmmmmmmm........", ".mmmmmmmmmmmmmmmmmm."], "the heading in the accent, the label, the keys and the note muted")
        #expect(lines(4) == [" Mona", "", " Repos  3", " … more on a talle…"])
        #expect(lines(3) == [" Mona", "", " Repos  3"])
    }
}
