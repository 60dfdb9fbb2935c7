/// A picture in an area of a fixed size: half-block cells in colour, on a screen without colours
/// shades of grey in characters (`░▒▓█`, no colour at all), or while it loads and when it failed,
/// a placeholder box of the same size.
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
        switch content {
        case .image(let image) where screen.colorDepth != .none:
            for row in 0..<min(box.height, image.rows) {
                for column in 0..<min(box.width, image.columns) {
                    let cell = image.cell(row: row, column: column)
                    screen.putHalfBlock(row: box.top + row, column: box.left + column, top: cell.top, bottom: cell.bottom)
                }
            }
        case .image(let image):
            for row in 0..<min(box.height, image.rows) {
                let line = (0..<min(box.width, image.columns)).map { column in
                    let cell = image.cell(row: row, column: column)
                    return Self.shade((Self.lightness(cell.top) + Self.lightness(cell.bottom)) / 2)
                }
                screen.draw(String(line), row: row, in: box, style: .plain)
            }
        case .placeholder(let text):
            drawBox(text, on: screen, in: box)
        }
    }

    /// Light as a terminal shows it on a dark ground: the cell more filled the lighter it is.
    static func shade(_ lightness: Double) -> Character {
        let shades: [Character] = [" ", "░", "▒", "▓", "█"]
        return shades[min(shades.count - 1, max(0, Int(lightness * Double(shades.count))))]
    }

    /// 0 (black) … 1 (white), as the eye weighs the colours.
    static func lightness(_ color: RGB) -> Double {
        (0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue)) / 255
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
