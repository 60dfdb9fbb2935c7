import ListCore
import TerminalUI

/// What is where on the frame the view drew, for the mouse: the list's rows and the pane's
/// links by the cells they took. ``AppView/render(_:on:memo:)`` returns it with the frame; the
/// loop turns a click into the target under it (``Message/clicked(_:)``), so that the model
/// never asks a widget where anything is.
package struct HitMap: Sendable, Equatable {
    /// What a click can land on.
    package enum Target: Sendable, Equatable {
        /// A row of the screen's list (its index among the rows, headings and footers counted).
        case row(ScreenID, Int)
        /// A link in the details pane ("[1] followers"): the action it names.
        case pane(ScreenID, Action)
    }

    struct Area: Sendable, Equatable {
        var rect: Rect
        var target: Target
    }

    var areas: [Area] = []

    package init() {}

    /// What is at screen `row` and `column`; nil for nothing that answers a click.
    package func target(row: Int, column: Int) -> Target? {
        areas.last { row >= $0.rect.top && row < $0.rect.bottom && column >= $0.rect.left && column < $0.rect.right }?.target
    }

    /// The rows a viewport shows in `area` (the one at the top may start above it), the rows
    /// the selection may rest on each as a target.
    mutating func addRows(_ rows: some RowHeightSource, viewport: Viewport, in area: Rect, screen: ScreenID) {
        var line = -viewport.topOffset
        var index = viewport.top
        while index < rows.rowCount, line < area.height {
            let height = rows.rowHeight(at: index)
            let first = max(0, line)
            let last = min(area.height, line + height)
            if last > first, rows.isSelectable(index) {
                areas.append(Area(rect: Rect(top: area.top + first, left: area.left, height: last - first, width: area.width),
                                  target: .row(screen, index)))
            }
            line += height
            index += 1
        }
    }

    /// The pane's links where they were drawn (`drawn`, by index in `links`): each names its
    /// key in brackets ("[1] followers"), as the key table binds the actions that lead on.
    mutating func addLinks(_ drawn: [Int: Rect], _ links: [String], keys: KeyTable, screen: ScreenID) {
        let leads = keys.bindings(for: .details).map(\.action).filter { Self.leadsOn.contains($0) }
        for (index, rect) in drawn.sorted(by: { $0.key < $1.key }) where links.indices.contains(index) {
            let action = leads.first { action in
                keys.label(action, in: .details).map { links[index].hasPrefix("[" + $0 + "]") } ?? false
            }
            if let action { areas.append(Area(rect: rect, target: .pane(screen, action))) }
        }
    }

    /// The actions a pane's links name.
    private static let leadsOn: Set<Action> = [.followers, .following, .repositories, .starred, .organizations]
}
