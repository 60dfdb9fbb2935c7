/// A run of text and how it looks: one line of a placeholder, a field of a pane.
public struct StyledText: Sendable, Equatable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

extension Screen {
    /// Draws `text` (sanitized here) on one row of `area`, cut to its width.
    func draw(_ text: String, row: Int, in area: Rect, column: Int = 0, style: Style = .plain, pad: Bool = false) {
        guard row >= 0, row < area.height, column < area.width else { return }
        let room = area.width - column
        let safe = TerminalText.sanitize(text)
        if pad { return put(row: area.top + row, column: area.left + column, safe, width: room, style: style) }
        let line = TerminalText.truncate(safe, to: room)
        guard !line.isEmpty else { return }
        put(row: area.top + row, column: area.left + column, line, style: style)
    }
}
