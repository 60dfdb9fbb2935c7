import Testing
@testable import TerminalUI

@Suite("Drawing once and again (DrawingMemo)")
struct DrawingMemoTests {
    /// A title bar as the app draws it: text on the left, more on the right, the rest blank.
    func drawTitle(_ title: String, on screen: some Screen) {
        Bar.title(prefix: " app · ", crumbs: [title], right: "host", on: screen, columns: screen.size.columns)
    }

    func frame(_ memo: DrawingMemo<String>?, title: String, calls: inout Int, on screen: CellBuffer) -> [String] {
        screen.clear()
        if let memo {
            memo.draw(title, on: screen) { recorder in
                calls += 1
                drawTitle(title, on: recorder)
            }
        } else {
            drawTitle(title, on: screen)
        }
        return screen.lines + screen.styleLines
    }

    @Test("a part drawn through the memo looks as drawn directly, and is laid out again only when its key changes")
    func replaysUntilTheKeyChanges() {
        let memo = DrawingMemo<String>()
        let viaMemo = CellBuffer(rows: 3, columns: 40)
        let direct = CellBuffer(rows: 3, columns: 40)
        var laidOut = 0
        var unused = 0
        for (step, title) in ["All users", "All users", "All users", "octocat › followers", "octocat › followers", "All users"].enumerated() {
            let drawn = frame(memo, title: title, calls: &laidOut, on: viaMemo)
            #expect(drawn == frame(nil, title: title, calls: &unused, on: direct), "step \(step)")
        }
        // Laid out for the first title, the second, and the first again.
        #expect(laidOut == 3)
    }

    @Test("a new screen size lays the part out again")
    func newSizeDrawsAgain() {
        let memo = DrawingMemo<String>()
        var laidOut = 0
        var unused = 0
        let wide = CellBuffer(rows: 3, columns: 40)
        _ = frame(memo, title: "octocat › followers", calls: &laidOut, on: wide)
        let narrow = CellBuffer(rows: 3, columns: 14)
        let drawn = frame(memo, title: "octocat › followers", calls: &laidOut, on: narrow)
        #expect(laidOut == 2)
        #expect(drawn == frame(nil, title: "octocat › followers", calls: &unused, on: CellBuffer(rows: 3, columns: 14)))
    }
}
