import Testing
@testable import ListCore

/// The same rows, without saying their heights are all the same: the viewport counts them one
/// by one, the way it did before the shortcut.
private struct RowByRow<Rows: RowHeightSource>: RowHeightSource {
    let rows: Rows
    var rowCount: Int { rows.rowCount }
    func rowHeight(at index: Int) -> Int { rows.rowHeight(at: index) }
    var selectableRows: Range<Int> { rows.selectableRows }
}

@Suite("Viewport with rows of one height")
struct UniformHeightTests {
    @Test("counting lines by multiplying moves and shows exactly what counting row by row does",
          arguments: [RowHeights.compact, RowHeights([.item: 2, .header: 2, .pull: 2, .loading: 2, .retry: 2, .end: 2])])
    func sameAsRowByRow(heights: RowHeights) {
        var random = SplitMix64(seed: 42)
        for round in 0..<200 {
            let count = Int(random.next() % 60)
            let rows = RowModel(headers: round % 3 == 0 ? ["earlier"] : [], items: Array(0..<count),
                                footer: round % 2 == 0 ? .loading : nil, heights: heights)
            #expect(rows.uniformRowHeight == heights.height(of: .item))
            let slow = RowByRow(rows: rows)
            let height = Int(random.next() % 12)
            var fast = Viewport(height: height, margin: Int(random.next() % 4))
            var checked = fast
            fast.sync(rows)
            checked.sync(slow)
            for _ in 0..<40 {
                let step = random.next() % 10
                switch step {
                case 0..<8:
                    let command = Viewport.Command.allCases[Int(step)]
                    fast.perform(command, in: rows)
                    checked.perform(command, in: slow)
                case 8:
                    let newHeight = Int(random.next() % 12)
                    fast.resize(height: newHeight, in: rows)
                    checked.resize(height: newHeight, in: slow)
                default:
                    let row = Int(random.next() % UInt64(max(1, rows.rowCount)))
                    let line = Int(random.next() % 12)
                    fast.place(row, atLine: line, in: rows)
                    checked.place(row, atLine: line, in: slow)
                }
                #expect(fast == checked)
                #expect(fast.visibleRows(in: rows) == checked.visibleRows(in: slow))
                for row in 0..<rows.rowCount {
                    #expect(fast.line(of: row, in: rows) == checked.line(of: row, in: slow))
                }
            }
        }
    }

    @Test("rows of different heights are counted one by one")
    func mixed() {
        #expect(RowHeights.comfortable.uniform == nil)
        #expect(RowModel(items: [1, 2], footer: nil, heights: .comfortable).uniformRowHeight == nil)
    }
}
