import ListCore
import Testing
@testable import TerminalUI

/// An item of a sliced list: a name.
private struct Name: Identifiable {
    var id: String
}

@Suite("The widget of a list made of slices")
struct SlicedListViewTests {
    @Test("the caller words a slice's heading, empty and All rows by slice and kind; without words, the slice's own texts show")
    func words() {
        let rows = SlicedList<Name, String>([
            ListSlice(id: "friends", heading: "", items: [Name(id: "ana"), Name(id: "bo")], state: .loaded, limit: 1,
                      seeAll: "", empty: ""),
            ListSlice(id: "foes", heading: "Foes", state: .loaded, empty: "None"),
        ])
        func drawn(_ words: @escaping (String, SlicedRowKind) -> String?) -> [String] {
            let screen = CellBuffer(rows: 5, columns: 24)
            SlicedListView(rows: rows, viewport: Viewport(height: 5, margin: 0, top: 0, selection: nil),
                           describe: { ItemText(title: $0.id) }, words: words)
                .draw(on: screen, in: Rect(top: 0, left: 0, height: 5, width: 24))
            return screen.lines
        }
        let worded = drawn { slice, kind in
            guard slice == "friends" else { return nil }
            return switch kind {
            case .heading: "Friends · 2"
            case .seeAll: "All 2 friends →"
            default: nil
            }
        }
        #expect(worded == [" Friends · 2", " ana", "   All 2 friends →", " Foes", "   None"])
        #expect(drawn { _, _ in nil } == ["", " ana", "", " Foes", "   None"], "no words: the texts the slices carry")
    }
}
