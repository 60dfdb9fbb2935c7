/// A rectangle of cells on the screen: where a widget draws.
public struct Rect: Sendable, Equatable, CustomStringConvertible {
    public var top: Int
    public var left: Int
    public var height: Int
    public var width: Int

    public init(top: Int, left: Int, height: Int, width: Int) {
        self.top = top
        self.left = left
        self.height = max(0, height)
        self.width = max(0, width)
    }

    public var bottom: Int { top + height }
    public var right: Int { left + width }
    public var isEmpty: Bool { height == 0 || width == 0 }

    /// The rows `from..<from + count` of this rectangle (clamped to it).
    public func rows(_ from: Int, _ count: Int) -> Rect {
        let start = min(max(0, from), height)
        return Rect(top: top + start, left: left, height: min(max(0, count), height - start), width: width)
    }

    /// Splits into a left part `leftWidth` wide and the rest.
    public func splitColumns(leftWidth: Int) -> (left: Rect, right: Rect) {
        let cut = min(max(0, leftWidth), width)
        return (Rect(top: top, left: left, height: height, width: cut),
                Rect(top: top, left: left + cut, height: height, width: width - cut))
    }

    /// A `height`×`width` rectangle centred in this one (shrunk to fit).
    public func centered(height wanted: Int, width wantedWidth: Int) -> Rect {
        let h = min(max(0, wanted), height)
        let w = min(max(0, wantedWidth), width)
        return Rect(top: top + (height - h) / 2, left: left + (width - w) / 2, height: h, width: w)
    }

    public var description: String { "\(width)x\(height)@\(left),\(top)" }
}

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
