import Testing
@testable import ListCore

/// Rows with explicit heights; the selectable rows are a sub-range.
struct Rows: RowHeightSource {
    var heights: [Int]
    var selectable: Range<Int>?
    /// Says every row is this high (the heights must agree), so the viewport takes its
    /// arithmetic shortcuts rather than counting row by row.
    var uniform: Int?
    var uniformRowHeight: Int? { uniform }
    var rowCount: Int { heights.count }
    func rowHeight(at index: Int) -> Int { heights[index] }
    var selectableRows: Range<Int> { selectable ?? 0..<heights.count }
}

/// Asserts the selection is on screen: its first line always, the whole row when it fits.
func expectSelectionVisible(_ viewport: Viewport, _ rows: Rows, _ context: @autoclosure () -> String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
    guard let selected = viewport.selection else {
        #expect(rows.selectableRows.isEmpty, "no selection with selectable rows; \(context())", sourceLocation: sourceLocation)
        return
    }
    #expect(rows.selectableRows.contains(selected), "selection \(selected) not selectable; \(context())",
            sourceLocation: sourceLocation)
    guard viewport.height > 0 else { return }
    #expect(selected >= viewport.top, "selection \(selected) above top \(viewport.top); \(context())",
            sourceLocation: sourceLocation)
    let startLine = rows.heights[viewport.top..<max(viewport.top, selected)].reduce(0, +) - viewport.topOffset
    #expect(startLine >= 0, "selection \(selected) starts above the screen; \(context())", sourceLocation: sourceLocation)
    #expect(startLine < viewport.height, "selection starts at line \(startLine) of \(viewport.height); \(context())",
            sourceLocation: sourceLocation)
    if rows.heights[selected] <= viewport.height {
        #expect(startLine + rows.heights[selected] <= viewport.height,
                "selected row cut off at the bottom; \(context())", sourceLocation: sourceLocation)
    }
}

@Suite("Viewport")
struct ViewportTests {
    @Test("12. the selection stays on screen through every command at every height 1...200, mixed row heights")
    func selectionAlwaysVisible() {
        var rng = SplitMix64(seed: 12)
        for height in 1...200 {
            let count = Int.random(in: 0...(height * 3 + 5), using: &rng)
            var rows = Rows(heights: (0..<count).map { _ in Int.random(in: 1...3, using: &rng) })
            if count > 4 { rows.selectable = 1..<(count - 1) }   // a header row and a footer row
            var viewport = Viewport(height: height, margin: Int.random(in: 0...4, using: &rng))
            viewport.sync(rows)
            for step in 0..<60 {
                let command = Viewport.Command.allCases.randomElement(using: &rng) ?? .lineDown
                viewport.perform(command, in: rows)
                expectSelectionVisible(viewport, rows, "height \(height), step \(step), \(command)")
                if step % 15 == 14 {
                    // The list grows by a page, as after an append.
                    rows.heights += (0..<10).map { _ in Int.random(in: 1...3, using: &rng) }
                    if rows.selectable != nil { rows.selectable = 1..<(rows.heights.count - 1) }
                    viewport.sync(rows)
                    expectSelectionVisible(viewport, rows, "height \(height) after growth")
                }
            }
        }
    }

    @Test("resizing to any height keeps the selection visible")
    func resizeKeepsSelection() {
        var rng = SplitMix64(seed: 99)
        let rows = Rows(heights: (0..<500).map { _ in Int.random(in: 1...2, using: &rng) })
        var viewport = Viewport(height: 40)
        viewport.select(250, in: rows)
        for height in [1, 2, 3, 200, 7, 0, 1, 33, 120, 5] {
            viewport.resize(height: height, in: rows)
            #expect(viewport.selection == 250)
            expectSelectionVisible(viewport, rows, "height \(height)")
        }
    }

    @Test("a resize keeps the selected row on the same screen line when it still fits")
    func resizeKeepsLine() {
        let rows = Rows(heights: Array(repeating: 1, count: 100))
        var viewport = Viewport(height: 20, margin: 0)
        viewport.select(50, in: rows)     // scrolled so that 50 is the bottom line
        let line = viewport.line(of: 50, in: rows)
        #expect(line == 19)
        viewport.resize(height: 30, in: rows)
        #expect(viewport.line(of: 50, in: rows) == 19)
        viewport.resize(height: 10, in: rows)
        #expect(viewport.line(of: 50, in: rows) == 9)
    }

    @Test("page down and up move a screen at a time and return to where they started")
    func paging() {
        let rows = Rows(heights: Array(repeating: 1, count: 100))
        var viewport = Viewport(height: 10, margin: 0)
        viewport.sync(rows)
        viewport.perform(.pageDown, in: rows)
        #expect(viewport.selection == 10)
        #expect(viewport.top == 10)
        viewport.perform(.halfPageDown, in: rows)
        #expect(viewport.selection == 15)
        viewport.perform(.halfPageUp, in: rows)
        viewport.perform(.pageUp, in: rows)
        #expect(viewport.selection == 0)
        #expect(viewport.top == 0)
        viewport.perform(.last, in: rows)
        #expect(viewport.selection == 99)
        #expect(viewport.top == 90)
        viewport.perform(.first, in: rows)
        #expect(viewport.selection == 0)
        #expect(viewport.top == 0)
    }

    @Test("the margin keeps rows of context below the selection")
    func margin() {
        let rows = Rows(heights: Array(repeating: 1, count: 100))
        var viewport = Viewport(height: 10, margin: 2)
        viewport.sync(rows)
        for _ in 0..<8 { viewport.perform(.lineDown, in: rows) }
        #expect(viewport.selection == 8)
        #expect(viewport.top == 1, "rows 9 and 10 stay visible below the selection")
        #expect(viewport.visibleRows(in: rows) == 1..<11)
    }

    @Test("an empty list has no selection, and a list that appears gets one")
    func emptyList() {
        var viewport = Viewport(height: 5)
        viewport.sync(Rows(heights: []))
        #expect(viewport.selection == nil)
        viewport.perform(.pageDown, in: Rows(heights: []))
        #expect(viewport.selection == nil)
        viewport.sync(Rows(heights: [1, 1, 1]))
        #expect(viewport.selection == 0)
    }
}
