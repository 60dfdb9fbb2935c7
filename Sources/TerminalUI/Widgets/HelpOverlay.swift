/// A box of key bindings (a ``HelpText``) drawn over the middle of an area, as the text lays
/// out there; when it does not fit whole, one column scrolls (``offset``), its last line saying
/// which lines show and how to scroll.
public struct HelpOverlay: Sendable, Equatable {
    public typealias Entry = HelpText.Entry

    public var text: HelpText
    /// The first line of a help too long for its area that is shown (clamped to what scrolls).
    public var offset: Int

    public init(_ text: HelpText, offset: Int = 0) {
        self.text = text
        self.offset = offset
    }

    public init(title: String, entries: [Entry], footer: String = "", scrollFooter: String = "", offset: Int = 0) {
        self.init(HelpText(title: title, entries: entries, footer: footer, scrollFooter: scrollFooter), offset: offset)
    }

    /// How many lines the help can scroll by in `area`: 0 when it shows whole.
    public func scrollLimit(in area: Rect) -> Int { text.scrollLimit(in: area) }

    public func draw(on screen: some Screen, in area: Rect) {
        guard !area.isEmpty else { return }
        let shape = text.shape(in: area)
        let lines = layout(shape, in: area)
        let roomy: Bool
        let width: Int
        if case .scrolling = shape {
            // As wide as the area, whichever lines show: the box stays put as it scrolls.
            (roomy, width) = (false, area.width)
        } else {
            roomy = lines.count + 2 <= area.height
            width = min(area.width, (lines.map { TerminalText.width($0.text) }.max() ?? 0) + 4)
        }
        let box = area.centered(height: lines.count + (roomy ? 2 : 0), width: width)
        for row in 0..<box.height {
            let index = roomy ? row - 1 : row
            let line = lines.indices.contains(index) ? lines[index] : StyledText("", .bar)
            screen.draw(line.text.isEmpty ? "" : "  " + line.text, row: row, in: box, style: line.style, pad: true)
        }
    }

    /// The box's lines for `area`, in `shape`.
    private func layout(_ shape: HelpText.Shape, in area: Rect) -> [StyledText] {
        switch shape {
        case .whole(let lines):
            return lines
        case .scrolling(let body):
            let heading = StyledText(text.title, Style(reverse: true, bold: true))
            let rows = HelpText.bodyRows(in: area)
            let first = max(0, min(offset, body.count - rows))
            let shown = Array(body[first..<min(body.count, first + rows)])
            guard area.height >= 3 else { return Array(([heading] + shown).prefix(area.height)) }
            let place = "\(first + 1)–\(first + shown.count) of \(body.count)"
            let closing = text.scrollFooter.isEmpty ? text.footer : text.scrollFooter
            return [heading] + shown + [StyledText(closing.isEmpty ? place : place + " · " + closing, .bar)]
        }
    }
}
