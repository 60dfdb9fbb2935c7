import Testing
@testable import ListCore

/// A profile on a 100×30 terminal: a 16-line about row, then organizations (3), repositories,
/// followers and following (5 each, then "All … →"): 25 one-line rows under it, 41 lines in all.
private func tallProfile(following: Int = 5) -> Profile {
    var list = Profile([
        ListSlice(id: "about", heading: "octocat", state: .loaded, headingLines: 16),
        ListSlice(id: "orgs", heading: "Organizations"),
        ListSlice(id: "repos", heading: "Repositories", limit: 5, seeAll: "All 14 repositories"),
        ListSlice(id: "followers", heading: "Followers", limit: 5, seeAll: "All 49 followers"),
        ListSlice(id: "following", heading: "Following", limit: 5, seeAll: "All 182 following"),
    ])
    list.setItems(users(1...3), of: "orgs")
    list.setItems(users(11...15), of: "repos", total: 14)
    list.setItems(users(21...25), of: "followers", total: 49)
    list.setItems(users(31..<(31 + following)), of: "following", total: following == 5 ? 182 : following)
    return list
}

/// Lines from the top of the screen to the end of the last row.
private func linesToEnd(_ viewport: Viewport, _ rows: some RowHeightSource) -> Int {
    (viewport.top..<rows.rowCount).reduce(0) { $0 + rows.rowHeight(at: $1) } - viewport.topOffset
}

@Suite("Viewport at the end of a list")
struct ViewportEndTests {
    @Test("G under a tall heading puts the last row on the bottom line: the heading shows its last 3 lines, no blank line below")
    func lastUnderTallHeading() {
        let list = tallProfile()
        #expect(list.rowCount == 26)
        var viewport = Viewport(height: 28)
        viewport.sync(list)
        #expect(viewport == Viewport(height: 28, top: 0, selection: 2), "the first organization, under the about row")
        viewport.perform(.last, in: list)
        #expect(viewport == Viewport(height: 28, top: 0, topOffset: 13, selection: 25))
        #expect(viewport.line(of: 25, in: list) == 27, "All 182 following on the bottom line")
        #expect(viewport.line(of: 0, in: list) == nil, "the about row starts above the screen")
        #expect(viewport.line(of: 1, in: list) == 3, "under the about row's last 3 lines")
        #expect(viewport.visibleRows(in: list) == 0..<26)
    }

    @Test("End, page down to the end and j past the end rest where G does")
    func otherWaysToTheEnd() {
        let list = tallProfile()
        let atEnd = Viewport(height: 28, top: 0, topOffset: 13, selection: 25)
        var paged = Viewport(height: 28)
        paged.sync(list)
        paged.perform(.pageDown, in: list)
        #expect(paged == atEnd)
        paged.perform(.pageDown, in: list)
        #expect(paged == atEnd, "page down at the end changes nothing")
        var stepped = Viewport(height: 28)
        stepped.sync(list)
        for _ in 0..<30 { stepped.perform(.lineDown, in: list) }
        #expect(stepped == atEnd)
        var half = Viewport(height: 28)
        half.sync(list)
        for _ in 0..<4 { half.perform(.halfPageDown, in: list) }
        #expect(half == atEnd)
    }

    @Test("k after G moves the selection and leaves the screen still; g goes back to the top")
    func upFromTheEnd() {
        let list = tallProfile()
        var viewport = Viewport(height: 28)
        viewport.sync(list)
        viewport.perform(.last, in: list)
        viewport.perform(.lineUp, in: list)
        #expect(viewport == Viewport(height: 28, top: 0, topOffset: 13, selection: 24))
        viewport.perform(.first, in: list)
        #expect(viewport == Viewport(height: 28, top: 0, selection: 2))
    }

    @Test("tiny slices: G shows the last lines of the about row over them; when everything fits it does not scroll")
    func tinySlices() {
        // 16 + 4 + 7 + 7 + 1 = 35 lines, 7 more than the screen.
        var list = tallProfile(following: 0)
        #expect(list.rowCount == 20)
        var viewport = Viewport(height: 28)
        viewport.sync(list)
        viewport.perform(.last, in: list)
        #expect(viewport == Viewport(height: 28, top: 0, topOffset: 7, selection: 18))
        #expect(linesToEnd(viewport, list) == 28)
        // A 12-line about row: 31 lines on a 31-line screen.
        list.update("about") { $0.headingLines = 12 }
        var fits = Viewport(height: 31)
        fits.sync(list)
        fits.perform(.last, in: list)
        #expect(fits == Viewport(height: 31, top: 0, selection: 18))
    }

    @Test("a resize after G keeps the last row on the bottom line, or shows everything when it all fits")
    func resizeAfterLast() {
        let list = tallProfile()
        var viewport = Viewport(height: 28)
        viewport.sync(list)
        viewport.perform(.last, in: list)
        viewport.resize(height: 38, in: list)
        #expect(viewport == Viewport(height: 38, top: 0, topOffset: 3, selection: 25))
        viewport.resize(height: 45, in: list)
        #expect(viewport == Viewport(height: 45, top: 0, selection: 25))
        viewport.resize(height: 20, in: list)
        #expect(viewport == Viewport(height: 20, top: 6, selection: 25))
        #expect(viewport.line(of: 25, in: list) == 19)
        viewport.resize(height: 28, in: list)
        #expect(viewport == Viewport(height: 28, top: 0, topOffset: 13, selection: 25))
    }

    @Test("rows of two lines and an odd height: G shows the last line of the row at the top, the end row on the bottom line")
    func twoLineRows() {
        let rows = RowModel(items: Array(0..<10), footer: .end(count: 10), heights: .comfortable)
        var viewport = Viewport(height: 8)
        viewport.sync(rows)
        viewport.perform(.last, in: rows)
        #expect(viewport == Viewport(height: 8, top: 6, topOffset: 1, selection: 9))
        #expect(viewport.line(of: 9, in: rows) == 5)
        #expect(viewport.line(of: 10, in: rows) == 7)
        #expect(viewport.visibleRows(in: rows) == 6..<11)
        // Rows all two lines high, by the arithmetic for uniform rows and counted row by row:
        // the same place, the first row's first line hidden.
        for uniform in [2, nil] {
            let even = Rows(heights: Array(repeating: 2, count: 10), uniform: uniform)
            var end = Viewport(height: 7)
            end.sync(even)
            end.perform(.last, in: even)
            #expect(end == Viewport(height: 7, top: 6, topOffset: 1, selection: 9), "uniform \(String(describing: uniform))")
            #expect(end.visibleRows(in: even) == 6..<10)
            #expect(end.line(of: 9, in: even) == 5)
        }
    }

    @Test("a last row taller than the screen shows its first line when selected")
    func tallLastRow() {
        let rows = Rows(heights: [1, 1, 10])
        var viewport = Viewport(height: 5)
        viewport.sync(rows)
        viewport.perform(.last, in: rows)
        #expect(viewport == Viewport(height: 5, top: 2, selection: 2))
    }

    @Test("no command leaves blank lines under the last row while rows are hidden above, at any height, rows of mixed or of one height",
          arguments: [false, true])
    func neverPastTheEnd(uniform: Bool) {
        var rng = SplitMix64(seed: uniform ? 11 : 7)
        for height in 0...60 {
            let count = Int.random(in: 1...(height + 30), using: &rng)
            let each = Int.random(in: 1...3, using: &rng)
            // Mostly short rows, now and then a tall one (a profile's about row); or all alike.
            var rows = Rows(heights: (0..<count).map { _ in
                if uniform { return each }
                return Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 4...20, using: &rng) : Int.random(in: 1...2, using: &rng)
            }, uniform: uniform ? each : nil)
            if count > 2 { rows.selectable = 1..<count }
            var viewport = Viewport(height: height, margin: Int.random(in: 0...3, using: &rng))
            viewport.sync(rows)
            for step in 0..<50 {
                let choice = Int.random(in: 0..<10, using: &rng)
                if choice < 8 {
                    viewport.perform(Viewport.Command.allCases[choice], in: rows)
                } else if choice == 8 {
                    viewport.resize(height: Int.random(in: 0...60, using: &rng), in: rows)
                } else {
                    viewport.place(Int.random(in: 0..<count, using: &rng), atLine: Int.random(in: 0...height, using: &rng), in: rows)
                }
                let context = "height \(viewport.height), step \(step), \(viewport), rows \(rows.heights)"
                #expect(viewport.topOffset < rows.heights[viewport.top], "\(context)")
                if viewport.top > 0 || viewport.topOffset > 0 {
                    #expect(linesToEnd(viewport, rows) >= viewport.height, "blank lines under the last row; \(context)")
                }
                expectSelectionVisible(viewport, rows, context)
            }
        }
    }
}
