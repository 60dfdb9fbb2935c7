/// The drawings of a list's item rows, kept from one frame to the next: a row whose text, width,
/// lines, selection, highlight and colours are what they were when it was last drawn at the same
/// place in the list is drawn by repeating the calls made then, not laid out again (a one-line
/// scroll draws one new row; the others only move). Keeps the rows of the last two frames only.
///
/// An entry is found by the row's index in the list, and used only when everything the drawing
/// depends on compares equal: an index that now holds another row draws it afresh.
public final class ItemMemo {
    /// What an item's drawing depends on besides its text.
    struct Shape: Equatable {
        var selected: Bool
        var highlight: String?
        var lines: Int
        var columns: Int
        var colorDepth: ColorDepth
    }

    private struct Entry {
        var text: ItemText
        var shape: Shape
        var drawing: DrawingRecorder
    }

    private var current: [Int: Entry] = [:]
    private var previous: [Int: Entry] = [:]

    public init() {}

    /// Begins a frame: what the frame before did not draw again is let go.
    func startFrame() {
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
    }

    /// Draws the item at `index` with its top-left cell at `top`, `left`: by repeating the calls
    /// `draw` made for the same text and shape, or by calling it at 0, 0 and keeping its calls.
    func draw(index: Int, _ text: ItemText, _ shape: Shape, top: Int, left: Int, on screen: some Screen,
              _ draw: (DrawingRecorder) -> Void) {
        if let entry = current[index] ?? previous[index], entry.shape == shape, entry.text == text {
            current[index] = entry
            return entry.drawing.replay(on: screen, top: top, left: left)
        }
        let drawing = DrawingRecorder(size: screen.size, colorDepth: screen.colorDepth)
        draw(drawing)
        current[index] = Entry(text: text, shape: shape, drawing: drawing)
        drawing.replay(on: screen, top: top, left: left)
    }

    /// The rows kept (for tests: at most those of two frames).
    package var count: Int { Set(current.keys).union(previous.keys).count }
}
