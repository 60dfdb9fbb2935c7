/// A box of key bindings drawn over the middle of an area.
public struct HelpOverlay: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var keys: String
        public var text: String
        public init(keys: String, text: String) {
            self.keys = keys
            self.text = text
        }
    }

    public var title: String
    public var entries: [Entry]
    public var footer: String

    public init(title: String, entries: [Entry], footer: String = "") {
        self.title = title
        self.entries = entries
        self.footer = footer
    }

    public func draw(on screen: some Screen, in area: Rect) {
        guard !area.isEmpty else { return }
        let keyWidth = entries.map { TerminalText.width($0.keys) }.max() ?? 0
        let lines = [title, ""] + entries.map { entry in
            entry.keys + String(repeating: " ", count: keyWidth - TerminalText.width(entry.keys) + 2) + entry.text
        } + (footer.isEmpty ? [] : ["", footer])
        let width = (lines.map { TerminalText.width($0) }.max() ?? 0) + 4
        let box = area.centered(height: lines.count + 2, width: width)
        for row in 0..<box.height {
            let text = row == 0 || row > lines.count ? "" : "  " + lines[row - 1]
            screen.draw(text, row: row, in: box, style: row == 1 ? Style(reverse: true, bold: true) : .bar, pad: true)
        }
    }
}
