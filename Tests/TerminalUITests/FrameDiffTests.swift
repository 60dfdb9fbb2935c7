import Testing
@testable import TerminalUI

@Suite("Frames drawn row by row")
struct FrameDiffTests {
    typealias Operation = FrameDiff.Operation

    /// A screen of a title, `rows` list rows starting at user `first` with one selected, and a
    /// status line.
    func frame(first: Int, selected: Int, rows: Int = 8) -> [[Operation]] {
        var lines: [[Operation]] = [[.text(column: 0, "All users", .bar)]]
        for user in first..<(first + rows) {
            let style: Style = user == selected ? .selected : .plain
            lines.append([.text(column: 0, " user\(user)", style), .fill(column: 9, count: 71, style)])
        }
        lines.append([.text(column: 0, "\(selected)/100", .bar)])
        return lines
    }

    @Test("a one-line scroll is found as the list rows moving up a line; only the new rows are drawn")
    func oneLineScroll() throws {
        let before = frame(first: 0, selected: 6)
        let after = frame(first: 1, selected: 7)
        let shift = try #require(FrameDiff.scroll(from: before, to: after))
        #expect(shift.lines == 1)
        // Rows 1…5 show what rows 2…6 showed; the region ends where moved rows end.
        #expect(shift.region == 1..<7)
        let scrolled = FrameDiff.scrolled(before, region: shift.region, by: shift.lines)
        let redrawn = after.indices.filter { after[$0] != scrolled[$0] }
        // The row that lost the selection, the one that gained it, the new last row, the status:
        // four rows drawn of ten.
        #expect(redrawn == [6, 7, 8, 9])
    }

    @Test("scrolling back up is a move down a line")
    func scrollUp() throws {
        let shift = try #require(FrameDiff.scroll(from: frame(first: 5, selected: 7), to: frame(first: 4, selected: 6)))
        #expect(shift.lines == -1)
        #expect(shift.region == 1..<9)
    }

    @Test("a moved selection is not a scroll: two rows and the status change")
    func selectionMove() {
        let before = frame(first: 0, selected: 2)
        let after = frame(first: 0, selected: 3)
        #expect(FrameDiff.scroll(from: before, to: after) == nil)
        #expect(after.indices.filter { after[$0] != before[$0] } == [3, 4, 9])
    }

    @Test("a jump of a screen is no scroll: everything is drawn again")
    func jump() {
        #expect(FrameDiff.scroll(from: frame(first: 0, selected: 2), to: frame(first: 50, selected: 52)) == nil)
    }

    /// The plan `finish` gives for `after` drawn over `before`.
    func plan(from before: [[Operation]], to after: [[Operation]]) -> FrameDiff.Plan {
        var diff = FrameDiff()
        for frame in [before, after] {
            diff.clear(rows: frame.count)
            for (row, operations) in frame.enumerated() {
                for operation in operations { diff.record(operation, row: row, rows: frame.count) }
            }
            if frame == before { _ = diff.finish(rows: frame.count) }
        }
        return diff.finish(rows: after.count)
    }

    @Test("a frame's plan draws exactly the rows that differ after its scroll, up or down, or without one")
    func finishedPlans() {
        // Down a line, up a line, the selection moved, and a row inside the scrolled region
        // changed as well (its name), which the scroll cannot explain.
        var renamed = frame(first: 1, selected: 7)
        renamed[3] = [.text(column: 0, " renamed", .plain), .fill(column: 8, count: 72, .plain)]
        let cases = [(frame(first: 0, selected: 6), frame(first: 1, selected: 7)),
                     (frame(first: 5, selected: 7), frame(first: 4, selected: 6)),
                     (frame(first: 0, selected: 2), frame(first: 0, selected: 3)),
                     (frame(first: 0, selected: 6), renamed)]
        for (before, after) in cases {
            let shift = FrameDiff.scroll(from: before, to: after)
            let shown = shift.map { FrameDiff.scrolled(before, region: $0.region, by: $0.lines) } ?? before
            let differing = after.indices.filter { after[$0] != shown[$0] }
            #expect(plan(from: before, to: after) == .rows(differing, scroll: shift))
        }
        // The renamed row is drawn again though the scroll brought a row there.
        guard case .rows(let rows, _) = plan(from: frame(first: 0, selected: 6), to: renamed) else {
            Issue.record("a scroll was expected")
            return
        }
        #expect(rows == [3, 6, 7, 8, 9])
    }

    @Test("rows taken whole from drawings give the plans of rows recorded call by call, frame after frame, also when more is drawn after them on the same row")
    func adoptedRows() {
        // Each row's operations made once, as a drawing keeps them, and given again each frame.
        var kept: [String: [[Operation]]] = [:]
        func drawing(_ operations: [Operation]) -> [[Operation]] {
            if let rows = kept["\(operations)"] { return rows }
            kept["\(operations)"] = [operations]
            return [operations]
        }
        var renamed = frame(first: 3, selected: 9)
        renamed[4] = [.text(column: 0, " renamed", .plain), .fill(column: 8, count: 72, .plain)]
        let frames = [frame(first: 0, selected: 6), frame(first: 1, selected: 7), frame(first: 2, selected: 8),
                      frame(first: 2, selected: 7), renamed, frame(first: 3, selected: 9), frame(first: 2, selected: 8)]
        var recorded = FrameDiff()
        var adopted = FrameDiff()
        for (number, lines) in frames.enumerated() {
            recorded.clear(rows: lines.count)
            adopted.clear(rows: lines.count)
            for (row, operations) in lines.enumerated() {
                for operation in operations { recorded.record(operation, row: row, rows: lines.count) }
                adopted.adopt(drawing(operations), at: row, rows: lines.count)
            }
            // A pane's text after the list's row on row 2: the adopted row gets it after its own.
            let pane = Operation.text(column: 60, "pane \(number)", .plain)
            recorded.record(pane, row: 2, rows: lines.count)
            adopted.record(pane, row: 2, rows: lines.count)
            #expect(adopted.finish(rows: lines.count) == recorded.finish(rows: lines.count), "frame \(number)")
            #expect(adopted.shown == recorded.shown, "frame \(number)")
        }
        // The drawings kept are as they were made: the pane's text went to the frame's own copy.
        #expect(kept.allSatisfy { "\($0.value[0])" == $0.key })
    }
}
