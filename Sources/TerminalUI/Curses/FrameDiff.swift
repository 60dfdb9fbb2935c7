/// Frames recorded row by row, and what changed since the one on screen: the rows to draw
/// again, after a scroll when most rows moved together. Pure: no terminal.
///
/// The ncurses screen draws the plan it gives into curses; ``FrameRecorder`` only counts it.
/// The two buffers trade places after each frame, so a steady frame allocates nothing.
struct FrameDiff {
    /// One drawing call, kept to compare frames row by row.
    enum Operation: Equatable {
        case text(column: Int, String, Style)
        case fill(column: Int, count: Int, Style)
        case pixel(column: Int, top: RGB, bottom: RGB)
    }

    /// What to do to the screen to show the frame.
    enum Plan: Equatable {
        /// Erase it and draw every row.
        case everything
        /// Scroll `region` by `lines` first (when set), then draw these rows again.
        case rows([Int], scroll: (region: Range<Int>, lines: Int)?)

        static func == (lhs: Plan, rhs: Plan) -> Bool {
            switch (lhs, rhs) {
            case (.everything, .everything): true
            case let (.rows(a, x), .rows(b, y)): a == b && x?.region == y?.region && x?.lines == y?.lines
            default: false
            }
        }
    }

    /// What each row of the frame being drawn shows, and of the frame on screen.
    private(set) var frame: [[Operation]] = []
    private(set) var shown: [[Operation]] = []
    /// The rows of each that may share their storage with a drawing's (``adopt(_:at:rows:)``):
    /// let go when emptied, where emptying in place would copy them first.
    private var frameShared: [Bool] = []
    private var shownShared: [Bool] = []
    /// False after a start or a resize: every row is drawn.
    var shownValid = false

    /// Starts a frame of `rows` rows.
    mutating func clear(rows: Int) {
        if frame.count == rows {
            for row in frame.indices { Self.empty(&frame, &frameShared, row) }
        } else {
            start(rows: rows)
        }
    }

    /// A frame of `rows` empty rows, none shared.
    private mutating func start(rows: Int) {
        frame = Array(repeating: [], count: rows)
        frameShared = Array(repeating: false, count: rows)
    }

    /// Empties `row`, keeping its storage when it is its own.
    private static func empty(_ rows: inout [[Operation]], _ shared: inout [Bool], _ row: Int) {
        if shared[row] {
            rows[row] = []
            shared[row] = false
        } else {
            rows[row].removeAll(keepingCapacity: true)
        }
    }

    mutating func record(_ operation: Operation, row: Int, rows: Int) {
        if frame.count != rows { start(rows: rows) }
        frame[row].append(operation)
    }

    /// Makes `drawn` (a drawing's rows, made once: ``DrawingRecorder/rows(left:columns:asciiOnly:)``) the
    /// frame's rows from `top` on, shared rather than copied: a row the frame shows again as
    /// it was then compares equal to the one on screen at once. Rows outside the frame are
    /// dropped; a row already drawn on gets them after what it has.
    mutating func adopt(_ drawn: [[Operation]], at top: Int, rows: Int) {
        if frame.count != rows { start(rows: rows) }
        for (offset, operations) in drawn.enumerated() where !operations.isEmpty {
            let row = top + offset
            guard row >= 0, row < rows else { continue }
            if frame[row].isEmpty {
                frame[row] = operations
                frameShared[row] = true
            } else {
                frame[row].append(contentsOf: operations)
            }
        }
    }

    /// The plan that shows the frame, and the frame made the one on screen (`shown`) for the
    /// next; the caller draws the plan's rows from ``shown`` after this.
    mutating func finish(rows: Int) -> Plan {
        if frame.count != rows { start(rows: rows) }
        defer {
            swap(&shown, &frame)
            swap(&shownShared, &frameShared)
            for row in frame.indices { Self.empty(&frame, &frameShared, row) }
        }
        guard shownValid, shown.count == rows else {
            shownValid = true
            return .everything
        }
        let shift = scratch.plan(from: shown, to: frame)
        if let shift {
            Self.shift(&shown, region: shift.region, by: shift.lines) { $0 = [] }
            // The flags follow their rows (a row left blank owns its empty storage).
            Self.shift(&shownShared, region: shift.region, by: shift.lines) { $0 = false }
        }
        // The rows the plan already found equal to what will be on screen are not compared again.
        let matched = scratch.matched
        return .rows((0..<rows).filter { !matched[$0] && frame[$0] != shown[$0] }, scroll: shift)
    }

    /// The operation a screen records for one of a drawing's calls moved right `left` columns
    /// (row relative to the drawing's), or nil where the screen's own call would draw nothing:
    /// text or a fill that starts off the `columns` of the screen, empty text, an image cell.
    /// `asciiOnly`: text as ASCII of the same width (``TerminalText/ascii(_:)``).
    static func operation(of call: DrawingRecorder.Call, left: Int, columns: Int, asciiOnly: Bool)
        -> (row: Int, Operation)? {
        switch call {
        case let .put(row, column, text, style):
            let column = left + column
            guard column >= 0, column < columns, !text.isEmpty else { return nil }
            return (row, .text(column: column, asciiOnly ? TerminalText.ascii(text) : text, style))
        case let .fill(row, column, count, style):
            let column = left + column
            guard column >= 0, column < columns, count > 0 else { return nil }
            return (row, .fill(column: column, count: count, style))
        case .halfBlock:
            return nil
        }
    }

    // MARK: - Scrolls

    /// The rows `before` with those in `region` moved up by `lines` (down when negative), the
    /// rows left behind blank: what curses' `wscrl` does to its window.
    static func scrolled(_ before: [[Operation]], region: Range<Int>, by lines: Int) -> [[Operation]] {
        var after = before
        shift(&after, region: region, by: lines)
        return after
    }

    /// ``scrolled(_:region:by:)`` in place: the rows trade places, nothing is copied.
    static func shift(_ rows: inout [[Operation]], region: Range<Int>, by lines: Int) {
        shift(&rows, region: region, by: lines) { $0.removeAll(keepingCapacity: true) }
    }

    /// ``shift(_:region:by:)`` for any rows, `blank` leaving a row behind empty.
    private static func shift<Row>(_ rows: inout [Row], region: Range<Int>, by lines: Int, blank: (inout Row) -> Void) {
        guard lines != 0, !region.isEmpty else { return }
        // Up: from the top row down; down: from the bottom row up (no array of the order made).
        for step in 0..<region.count {
            let row = lines > 0 ? region.lowerBound + step : region.upperBound - 1 - step
            let source = row + lines
            if region.contains(source) {
                rows.swapAt(row, source)
            } else {
                blank(&rows[row])
            }
        }
    }

    /// The scroll that turns `before` into `after` best: the shift of 1 to 3 lines that the most
    /// rows made (at least three, and more than stayed in place), and the region from the first
    /// to the last of them. Rows in between that did not move are drawn again anyway.
    static func scroll(from before: [[Operation]], to after: [[Operation]]) -> (region: Range<Int>, lines: Int)? {
        var scratch = Scratch()
        return scratch.plan(from: before, to: after)
    }

    /// The row marks ``Scratch/plan(from:to:)`` works with, kept from frame to frame (a frame's
    /// plan then allocates nothing).
    private var scratch = Scratch()

    struct Scratch {
        /// The rows of `after` found equal to what the screen shows once the scroll is made.
        private(set) var matched: [Bool] = []
        private var same: [Bool] = []
        private var moving: [Bool] = []
        private var bestMoving: [Bool] = []

        /// ``FrameDiff/scroll(from:to:)``; and in ``matched``, the rows of `after` found equal
        /// to what the screen shows once that scroll is made (or without one, to `before`): rows
        /// that moved with the scroll, and unchanged rows outside its region. ``finish(rows:)``
        /// compares only the others again.
        mutating func plan(from before: [[Operation]], to after: [[Operation]]) -> (region: Range<Int>, lines: Int)? {
            var best: (region: Range<Int>, lines: Int, moved: Int)?
            // Rows that changed at all (each row compared once); a shift can only explain those.
            same.removeAll(keepingCapacity: true)
            var changed = 0
            for row in after.indices {
                let equal = row < before.count && after[row] == before[row]
                same.append(equal)
                if !equal { changed += 1 }
            }
            guard changed >= 3 else {
                swap(&matched, &same)
                return nil
            }
            // The rows that moved with the shift tried, and with the best one so far.
            moving.removeAll(keepingCapacity: true)
            moving.append(contentsOf: repeatElement(false, count: after.count))
            for lines in [1, -1, 2, -2, 3, -3] {
                var moved = 0
                var first = -1
                var last = -1
                for row in after.indices {
                    moving[row] = false
                    guard !same[row] else { continue }
                    let source = row + lines
                    guard before.indices.contains(source), !after[row].isEmpty, after[row] == before[source] else { continue }
                    moving[row] = true
                    moved += 1
                    if first < 0 { first = row }
                    last = row
                }
                guard moved >= 3 else { continue }
                var stayed = 0
                for row in first...last where same[row] { stayed += 1 }
                guard moved > stayed, moved > (best?.moved ?? 0) else { continue }
                let low = max(0, min(first, first + lines))
                let high = min(after.count, max(last, last + lines) + 1)
                best = (low..<high, lines, moved)
                swap(&bestMoving, &moving)
                // Most rows moved together: take it (another shift could beat it only with rows
                // that repeat; any row the scroll gets wrong is drawn again anyway).
                if moved * 2 > after.count { break }
                moving.removeAll(keepingCapacity: true)
                moving.append(contentsOf: repeatElement(false, count: after.count))
            }
            guard let best else {
                swap(&matched, &same)
                return nil
            }
            // A moved row's source lies inside the region, so the shift brings it to the row; an
            // unchanged row outside the region stays as it was.
            matched.removeAll(keepingCapacity: true)
            for row in after.indices {
                matched.append((bestMoving[row] && best.region.contains(row + best.lines))
                               || (same[row] && !best.region.contains(row)))
            }
            return (best.region, best.lines)
        }
    }
}
