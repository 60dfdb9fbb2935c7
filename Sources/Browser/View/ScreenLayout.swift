import TerminalUI

/// Where each part of the screen goes at a terminal size: the title line, the list, the details
/// pane beside it or over it, the status line, and the picture's size.
///
/// Worked out from the size alone, it serves the model (how many lines the list has, how big a
/// picture to fetch) and the view (where to draw) alike: the model never asks a widget.
package struct ScreenLayout: Sendable, Equatable {
    /// The narrowest terminal that shows the details pane beside the list.
    static let splitColumns = 100

    package let rows: Int
    package let columns: Int

    package init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    /// Lines for the list: all but the title and the status line (none on a tiny screen).
    var listHeight: Int { rows >= 3 ? rows - 2 : 0 }

    /// The area between the title and the status line.
    package var body: Rect { Rect(top: rows >= 3 ? 1 : rows, left: 0, height: listHeight, width: columns) }

    /// True when the pane goes beside the list rather than over it.
    var paneBeside: Bool { columns >= Self.splitColumns }

    /// The pane's width beside the list: a little under half the screen.
    var paneWidth: Int { max(44, columns * 48 / 100) }

    /// Where the list goes and where the pane goes: the list alone; the two side by side; or
    /// on a narrow screen the pane in the list's place.
    func areas(paneOpen: Bool) -> (list: Rect?, pane: Rect?) {
        guard paneOpen else { return (body, nil) }
        guard paneBeside else { return (nil, body) }
        let (left, right) = body.splitColumns(leftWidth: columns - paneWidth)
        return (left, right)
    }

    /// The lines of a profile's about row: the `needed` ones (the picture, and all the text
    /// beside it) and a blank line, or less on a short screen, so a slice shows under it.
    func profileHeaderLines(needed: Int) -> Int {
        min(needed + 1, max(3, listHeight - 4))
    }

    /// The cells the picture in the pane takes: about a third of the pane's width (16×8 at 100
    /// columns), square (a cell is two pixels high), smaller on a short screen.
    var avatarSize: (columns: Int, rows: Int) {
        let width = paneBeside ? paneWidth - 3 : columns - 2
        let columns = min(20, max(8, width * 36 / 100))
        let rows = min(columns / 2, max(3, (listHeight - 6) / 2))
        return (rows * 2, rows)
    }
}
