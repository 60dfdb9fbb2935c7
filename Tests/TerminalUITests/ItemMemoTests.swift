import ListCore
import Testing
@testable import TerminalUI

/// A screen that writes what it is given in ASCII, as curses does where the locale is not UTF-8.
final class ASCIIScreen: Screen {
    let cells: CellBuffer
    init(rows: Int, columns: Int) { cells = CellBuffer(rows: rows, columns: columns) }
    var size: (rows: Int, columns: Int) { cells.size }
    var colorDepth: ColorDepth { cells.colorDepth }
    func clear() { cells.clear() }
    func present() {}
    func put(row: Int, column: Int, _ text: String, style: Style) {
        cells.put(row: row, column: column, TerminalText.ascii(text), style: style)
    }
    func fill(row: Int, column: Int, count: Int, style: Style) { cells.fill(row: row, column: column, count: count, style: style) }
    func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {}
}

@Suite("Item rows kept between frames (ItemMemo)")
struct ItemMemoTests {
    /// The list as the browser draws it, with `names` for the titles, `select` selected;
    /// `described` counts the items described.
    func view(_ names: [Int: String], count: Int, height: Int, select: Int, heights: RowHeights = .compact,
              highlight: String? = nil, memo: ItemMemo<Person>?, described: Counter? = nil) -> ListView<[Person]> {
        let rows = RowModel(pull: nil, items: people(count), footer: nil, heights: heights)
        var viewport = Viewport(height: height, margin: 1)
        viewport.sync(rows)
        viewport.select(select, in: rows)
        var view = ListView(rows: rows, viewport: viewport, describe: { person in
            described?.count += 1
            return ItemText(title: names[person.id] ?? person.name, detail: "#\(person.id) · Zoë ★ ", shortDetail: "★ ",
                     subtitle: "sub \(person.id)")
        })
        view.highlight = highlight
        view.memo = memo
        return view
    }

    @Test("frame after frame (scrolling, a row renamed, the selection moved, narrower, two lines, a highlight, no colours) each frame equals one drawn afresh; three frames' rows at most are kept",
          arguments: [false, true])
    func memoFramesEqualFresh(knowsItems: Bool) {
        // Knowing the items, the memo takes a kept row as it was while the generation holds:
        // a rename moves it, as the browser moves it when a row's fill lands.
        let memo = knowsItems ? ItemMemo<Person>(same: { $0.id == $1.id && $0.name == $1.name }) : ItemMemo<Person>()
        var names: [Int: String] = [:]
        var frames = 0
        func check(_ step: String, width: Int = 40, select: Int, heights: RowHeights = .compact, highlight: String? = nil,
                   colorDepth: ColorDepth = .truecolor) {
            let withMemo = CellBuffer(rows: 6, columns: width, colorDepth: colorDepth)
            let fresh = CellBuffer(rows: 6, columns: width, colorDepth: colorDepth)
            let area = Rect(top: 0, left: 0, height: 6, width: width)
            view(names, count: 60, height: 6, select: select, heights: heights, highlight: highlight, memo: memo)
                .draw(on: withMemo, in: area)
            view(names, count: 60, height: 6, select: select, heights: heights, highlight: highlight, memo: nil)
                .draw(on: fresh, in: area)
            #expect(withMemo.lines == fresh.lines, "\(step):\n\(withMemo.lines.joined(separator: "\n"))")
            #expect(withMemo.styleLines == fresh.styleLines, "\(step)")
            #expect(memo.count <= 18, "\(step): \(memo.count) rows kept")
            frames += 1
        }
        for select in 0..<30 { check("down to \(select)", select: select) }
        names[27] = "renamed-27"
        memo.generation += 1
        check("a row renamed", select: 29)
        check("the selection up", select: 28)
        check("narrower", width: 18, select: 28)
        check("two lines", select: 28, heights: .comfortable)
        check("one line", select: 28)
        check("a highlight", select: 28, highlight: "p2")
        check("no colours", select: 28, colorDepth: .none)
        check("colours", select: 28)
        #expect(frames == 38)
    }

    @Test("a row kept from a UTF-8 screen is written in ASCII on one that has only ASCII")
    func asciiScreen() {
        let memo = ItemMemo<Person>()
        let utf8 = CellBuffer(rows: 2, columns: 30)
        let area = Rect(top: 0, left: 0, height: 2, width: 30)
        view([:], count: 2, height: 2, select: 0, memo: memo).draw(on: utf8, in: area)
        #expect(utf8.lines[1] == " p2" + String(repeating: " ", count: 15) + "#2 · Zoë ★")
        let ascii = ASCIIScreen(rows: 2, columns: 30)
        view([:], count: 2, height: 2, select: 0, memo: memo).draw(on: ascii, in: area)
        #expect(ascii.cells.lines[1] == " p2" + String(repeating: " ", count: 15) + "#2 - Zoe *")
    }

    @Test("knowing the items, a one-line scroll describes only the row that came into view; the selection moving on draws the row it left as it was drawn before it came; a new generation describes every row again")
    func describesOnlyNewRows() {
        let memo = ItemMemo<Person>(same: { $0.id == $1.id && $0.name == $1.name })
        let described = Counter()
        let area = Rect(top: 0, left: 0, height: 6, width: 40)
        func frame(select: Int) -> CellBuffer {
            let screen = CellBuffer(rows: 6, columns: 40)
            view([:], count: 60, height: 6, select: select, memo: memo, described: described).draw(on: screen, in: area)
            return screen
        }
        _ = frame(select: 0)
        #expect(described.count == 6)
        // Down within the screen: nothing new to describe.
        _ = frame(select: 1)
        #expect(described.count == 6)
        // Down to the bottom margin, then one line further: the list scrolls by one row.
        for select in 2...4 { _ = frame(select: select) }
        #expect(described.count == 6)
        let scrolled = frame(select: 5)
        #expect(described.count == 7)
        let fresh = CellBuffer(rows: 6, columns: 40)
        view([:], count: 60, height: 6, select: 5, memo: nil).draw(on: fresh, in: area)
        #expect(scrolled.lines == fresh.lines)
        #expect(scrolled.styleLines == fresh.styleLines)
        memo.generation += 1
        _ = frame(select: 5)
        #expect(described.count == 13)
    }

    @Test("rows drawn out of order are found again in the next frame without being described; rows drawn far apart are drawn as they would be afresh")
    func rowsInAnyOrder() {
        let memo = ItemMemo<Person>(same: { $0.id == $1.id && $0.name == $1.name })
        let described = Counter()
        let shape = ItemMemo<Person>.Shape(highlight: nil, lines: 1, columns: 20, colorDepth: .none)
        /// One frame: the people at `indexes`, drawn in that order, each on its own line.
        func frame(_ indexes: [Int]) -> CellBuffer {
            let screen = CellBuffer(rows: indexes.count, columns: 20)
            memo.startFrame()
            for (line, index) in indexes.enumerated() {
                memo.draw(index: index, Person(id: index, name: "p\(index)"), selected: false, shape, top: line, left: 0,
                          on: screen, describe: { person in
                              described.count += 1
                              return ItemText(title: person.name, detail: "#\(person.id)")
                          }) { text, drawing in
                    drawing.put(row: 0, column: 0, text.title + " " + text.detail, style: .plain)
                }
            }
            return screen
        }
        // Backwards, then forwards: the three rows are kept whatever the order.
        _ = frame([3, 2, 1])
        #expect(described.count == 3)
        #expect(frame([1, 2, 3]).lines == ["p1 #1", "p2 #2", "p3 #3"])
        #expect(described.count == 3)
        // Rows further apart than a run spans: each is still drawn as it is.
        let apart = frame([0, 9_000, 1])
        #expect(apart.lines == ["p0 #0", "p9000 #9000", "p1 #1"])
        #expect(memo.count <= 6)
    }
}

/// Counts the calls of a closure (a class: the closure is escaping).
final class Counter {
    var count = 0
}
