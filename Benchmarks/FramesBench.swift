import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - Frame cost against list length

/// A screen that keeps nothing: the renderer's own cost, without a cell grid's.
final class NullScreen: TerminalUI.Screen {
    let size = (rows: 50, columns: 120)
    var characters = 0
    func clear() {}
    func put(row: Int, column: Int, _ text: String, style: Style) { characters &+= text.utf8.count }
    func fill(row: Int, column: Int, count: Int, style: Style) { characters &+= count }
    func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) { characters &+= 3 }
    let colorDepth = ColorDepth.truecolor
    func present() {}
}

/// Nanoseconds for one frame of a 50×120 in-memory screen over `count` items, after a one-row
/// move of the selection (`scroll` false: the rows stay) or a one-line scroll (`scroll` true).
func frameCost(count: Int, scroll: Bool, screen: some TerminalUI.Screen = CellBuffer(rows: 50, columns: 120)) -> Double {
    let list = items(count)
    let rows = RowModel(items: list, footer: .loading)
    let frames = 300
    return 1000 * median(iterations: frames) {
        var viewport = Viewport(height: 48)
        // Scrolling: the selection on the bottom margin, each j scrolls a line. Moving: in the
        // middle of the screen, j and k in turn.
        viewport.place(rows.row(forItem: count / 2), atLine: scroll ? 45 : 20, in: rows)
        for step in 0..<frames {
            viewport.perform(scroll || step % 2 == 0 ? .lineDown : .lineUp, in: rows)
            screen.clear()
            Bar.draw(left: " bench", right: "", row: 0, on: screen, columns: 120)
            ListView(rows: rows, viewport: viewport, describe: describe, spinnerStep: step)
                .draw(on: screen, in: Rect(top: 1, left: 0, height: 48, width: 120))
            Bar.draw(left: "status", right: "", row: 49, on: screen, columns: 120)
            screen.present()
        }
    }
}

/// Frame cost against list length.
@MainActor func runFramesSection() {
    var frames: [Int: Double] = [:]
    if wanted("frames") { heading("Frames (one frame into the in-memory 50×120 screen; medians of 7)") }
    for count in [1_000, 100_000, 1_000_000] where wanted("frames") {
        let label = count == 1_000 ? "1k" : count == 100_000 ? "100k" : "1m"
        record("frame_ns_move_\(label)", frameCost(count: count, scroll: false), "ns", "%.0f", note: "after a one-row move, \(count) items")
        let scrolled = frameCost(count: count, scroll: true)
        frames[count] = scrolled
        record("frame_ns_scroll_\(label)", scrolled, "ns", "%.0f", note: "after a one-line scroll, \(count) items")
    }
    if wanted("frames") {
    record("frame_ratio_1m_1k", frames[1_000_000].flatMap { large in frames[1_000].map { large / $0 } }, "×", "%.2f",
           note: "scroll frame, 1,000,000 items against 1,000")
    let renderer = frameCost(count: 1_000_000, scroll: true, screen: NullScreen())
    record("renderer_ns_1m", renderer, "ns", "%.0f", note: "the renderer alone (no cell grid), 1,000,000 items")
    }
}
