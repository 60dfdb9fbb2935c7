/// A picture in an area of a fixed size: half-block cells in colour, or, while it loads, when it
/// failed, or on a screen without colours, a placeholder box of the same size.
public struct ImageView: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case image(HalfBlockImage)
        /// A word or two in the box ("loading", "no picture").
        case placeholder(String)
    }

    public var content: Content
    public var columns: Int
    public var rows: Int

    public init(content: Content, columns: Int, rows: Int) {
        self.content = content
        self.columns = columns
        self.rows = rows
    }

    public func draw(on screen: some Screen, in area: Rect) {
        let box = Rect(top: area.top, left: area.left, height: min(rows, area.height), width: min(columns, area.width))
        guard !box.isEmpty else { return }
        if case .image(let image) = content, screen.colorDepth != .none {
            for row in 0..<min(box.height, image.rows) {
                for column in 0..<min(box.width, image.columns) {
                    let cell = image.cell(row: row, column: column)
                    screen.putHalfBlock(row: box.top + row, column: box.left + column, top: cell.top, bottom: cell.bottom)
                }
            }
            return
        }
        let label: String
        switch content {
        case .image: label = "picture"  // no colours to draw it in
        case .placeholder(let text): label = text
        }
        drawBox(label, on: screen, in: box)
    }

    /// A light frame with the label in the middle; a single line when there is no room for one.
    private func drawBox(_ label: String, on screen: some Screen, in box: Rect) {
        let muted = Style(color: .muted)
        guard box.height >= 3, box.width >= 4 else {
            screen.draw("[\(label)]", row: 0, in: box, style: muted)
            return
        }
        let inner = box.width - 2
        screen.draw("┌" + String(repeating: "─", count: inner) + "┐", row: 0, in: box, style: muted)
        for row in 1..<(box.height - 1) {
            screen.draw("│", row: row, in: box, style: muted)
            screen.draw("│", row: row, in: box, column: box.width - 1, style: muted)
        }
        screen.draw("└" + String(repeating: "─", count: inner) + "┘", row: box.height - 1, in: box, style: muted)
        let text = TerminalText.truncate(label, to: inner)
        let column = 1 + max(0, (inner - TerminalText.width(text)) / 2)
        screen.draw(text, row: box.height / 2, in: box, column: column, style: muted)
    }
}
