import ListCore

/// Where a row goes in a list's area.
struct RowPlacement {
    var index: Int
    /// The screen row its first line is on: above the area for a top row partly hidden.
    var top: Int
    /// Its lines to draw: all of them, but those past the area's bottom.
    var lines: Int
}

extension Viewport {
    /// The rows at least partly on screen in `area` and where each goes, the top row up by
    /// ``topOffset`` lines (it is drawn whole on a screen clipped to the area).
    func placements(rowCount: Int, rowHeight: (Int) -> Int, in area: Rect) -> [RowPlacement] {
        var placed: [RowPlacement] = []
        var line = -topOffset
        var index = top
        while index < rowCount, line < area.height {
            let height = rowHeight(index)
            placed.append(RowPlacement(index: index, top: area.top + line, lines: min(height, area.height - line)))
            line += height
            index += 1
        }
        return placed
    }
}

/// A widget that draws rows through a ``Viewport``: the list and the sliced list.
protocol RowsWidget {
    var viewport: Viewport { get }
    var rowCount: Int { get }
    func rowHeight(at index: Int) -> Int
    /// Draws row `index`, the first `lines` of its lines from screen row `top`.
    func drawRow(at index: Int, top: Int, lines: Int, left: Int, columns: Int, on screen: some Screen)
}

extension RowsWidget {
    /// The rows on screen in `area`; a row partly above it is drawn whole on a screen clipped
    /// to the area, so only its lines inside land.
    func drawRows(on screen: some Screen, in area: Rect) {
        let placed = viewport.placements(rowCount: rowCount, rowHeight: rowHeight(at:), in: area)
        if viewport.topOffset > 0 {
            drawRows(placed, on: screen.clipped(to: area), in: area)
        } else {
            drawRows(placed, on: screen, in: area)
        }
    }

    private func drawRows(_ placed: [RowPlacement], on screen: some Screen, in area: Rect) {
        for row in placed {
            drawRow(at: row.index, top: row.top, lines: row.lines, left: area.left, columns: area.width, on: screen)
        }
    }
}
