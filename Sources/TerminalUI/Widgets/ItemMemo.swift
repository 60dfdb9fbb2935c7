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
        var drawing: Drawing
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
              _ draw: (Drawing) -> Void) {
        if let entry = current[index] ?? previous[index], entry.shape == shape, entry.text == text {
            current[index] = entry
            return entry.drawing.replay(on: screen, top: top, left: left)
        }
        let drawing = Drawing(size: screen.size, colorDepth: screen.colorDepth)
        draw(drawing)
        current[index] = Entry(text: text, shape: shape, drawing: drawing)
        drawing.replay(on: screen, top: top, left: left)
    }

    /// The rows kept (for tests: at most those of two frames).
    package var count: Int { Set(current.keys).union(previous.keys).count }

    /// A screen that keeps the calls made to it, to make them again elsewhere.
    final class Drawing: Screen {
        private enum Call {
            case put(row: Int, column: Int, String, Style)
            case fill(row: Int, column: Int, count: Int, Style)
            case halfBlock(row: Int, column: Int, top: RGB, bottom: RGB)
        }

        let size: (rows: Int, columns: Int)
        let colorDepth: ColorDepth
        private var calls: [Call] = []

        init(size: (rows: Int, columns: Int), colorDepth: ColorDepth) {
            (self.size, self.colorDepth) = (size, colorDepth)
        }

        /// Makes the calls again, moved down `top` rows and right `left` columns.
        func replay(on screen: some Screen, top: Int, left: Int) {
            for call in calls {
                switch call {
                case let .put(row, column, text, style): screen.put(row: top + row, column: left + column, text, style: style)
                case let .fill(row, column, count, style):
                    screen.fill(row: top + row, column: left + column, count: count, style: style)
                case let .halfBlock(row, column, upper, lower):
                    screen.putHalfBlock(row: top + row, column: left + column, top: upper, bottom: lower)
                }
            }
        }

        /// Nothing to clear: it draws one row, never a whole frame.
        func clear() {}
        func present() {}

        func put(row: Int, column: Int, _ text: String, style: Style) {
            calls.append(.put(row: row, column: column, text, style))
        }

        func fill(row: Int, column: Int, count: Int, style: Style) {
            calls.append(.fill(row: row, column: column, count: count, style))
        }

        func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
            calls.append(.halfBlock(row: row, column: column, top: top, bottom: bottom))
        }
    }
}
