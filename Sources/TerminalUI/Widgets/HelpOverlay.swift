/// A box of key bindings drawn over the middle of an area.
///
/// It takes the roomiest layout that fits: with blank rows around the title, then without,
/// then the entries in two columns, a text too long for its column going on under itself when
/// the height allows (else cut to fit); what still does not fit is cut.
public struct HelpOverlay: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var keys: String
        public var text: String
        public init(keys: String, text: String) {
            self.keys = keys
            self.text = text
        }

        /// The text without its aside in parentheses: "up one row (on the first row: …)" is
        /// "up one row".
        public var mainText: String { Self.withoutAside(text) }

        /// `text` up to its aside in parentheses, if it has one.
        public static func withoutAside(_ text: String) -> String {
            text.range(of: " (").map { String(text[..<$0.lowerBound]) } ?? text
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
        let lines = layout(in: area)
        let width = min(area.width, (lines.map { TerminalText.width($0.text) }.max() ?? 0) + 4)
        let roomy = lines.count + 2 <= area.height
        let box = area.centered(height: lines.count + (roomy ? 2 : 0), width: width)
        for row in 0..<box.height {
            let index = roomy ? row - 1 : row
            let line = lines.indices.contains(index) ? lines[index] : StyledText("", .bar)
            screen.draw(line.text.isEmpty ? "" : "  " + line.text, row: row, in: box, style: line.style, pad: true)
        }
    }

    /// The box's lines for `area`.
    func layout(in area: Rect) -> [StyledText] {
        let heading = StyledText(title, Style(reverse: true, bold: true))
        let closing = footer.isEmpty ? [] : [StyledText(footer, .bar)]
        let oneColumn = column(entries, keyWidth: keyWidth(entries), textWidth: nil)
        let roomy = [heading, StyledText("", .bar)] + oneColumn + (footer.isEmpty ? [] : [StyledText("", .bar)]) + closing
        if roomy.count + 2 <= area.height { return roomy }
        let compact = [heading] + oneColumn + closing
        if compact.count <= area.height || entries.count < 2 { return compact }
        // Columns side by side, as few as fit the height (the footer goes first when short).
        for footerLines in [closing, []] {
            let rowsLeft = area.height - 1 - footerLines.count
            guard rowsLeft > 0 else { continue }
            let columns = (entries.count + rowsLeft - 1) / rowsLeft
            let columnWidth = (area.width - 4 - 3 * (columns - 1)) / max(1, columns)
            guard columns <= 4, columnWidth >= 12 else { continue }
            let perColumn = (entries.count + columns - 1) / columns
            let slices = stride(from: 0, to: entries.count, by: perColumn).map {
                Array(entries[$0..<min(entries.count, $0 + perColumn)])
            }
            // Whole texts, wrapped, in each column whose height that still fits.
            let parts = slices.map { slice in
                let wrapped = wrappedColumn(slice, keyWidth: keyWidth(slice), width: columnWidth)
                return wrapped.count <= rowsLeft ? wrapped : column(slice, keyWidth: keyWidth(slice), textWidth: columnWidth)
            }
            let height = parts.map(\.count).max() ?? 0
            let rows = (0..<height).map { index -> StyledText in
                let cells = parts.map { index < $0.count ? $0[index].text : "" }
                let text = cells.enumerated().map { position, cell in
                    position == cells.count - 1 ? cell : TerminalText.fit(cell, to: columnWidth)
                }.joined(separator: "   ")
                return StyledText(text, .bar)
            }
            return [heading] + rows + footerLines
        }
        return compact
    }

    private func keyWidth(_ entries: [Entry]) -> Int {
        entries.map { TerminalText.width($0.keys) }.max() ?? 0
    }

    /// An entry's keys and the blanks after them up to where the texts of its column start.
    private func keyCell(_ entry: Entry, keyWidth: Int) -> String {
        entry.keys + String(repeating: " ", count: keyWidth - TerminalText.width(entry.keys) + 2)
    }

    /// The entries' lines in `width` columns: a text too long goes on in the lines under it,
    /// under its own start, without its aside in parentheses.
    private func wrappedColumn(_ entries: [Entry], keyWidth: Int, width: Int) -> [StyledText] {
        let indent = keyWidth + 2
        return entries.flatMap { entry -> [StyledText] in
            let keys = keyCell(entry, keyWidth: keyWidth)
            guard TerminalText.width(keys + entry.text) > width else { return [StyledText(keys + entry.text, .bar)] }
            let lines = TextLayout.wrap(entry.mainText, columns: max(1, width - indent))
            let blank = String(repeating: " ", count: indent)
            return lines.enumerated().map { StyledText(($0.offset == 0 ? keys : blank) + $0.element, .bar) }
        }
    }

    /// The entries' lines; cut to `textWidth` when given, an entry's aside in parentheses
    /// going first ("up one row (on the first row: …)" is "up one row").
    private func column(_ entries: [Entry], keyWidth: Int, textWidth: Int?) -> [StyledText] {
        entries.map { entry in
            let keys = keyCell(entry, keyWidth: keyWidth)
            let text = keys + entry.text
            guard let textWidth, TerminalText.width(text) > textWidth else { return StyledText(text, .bar) }
            let short = keys + entry.mainText
            if short != text, TerminalText.width(short) <= textWidth { return StyledText(short, .bar) }
            return StyledText(TerminalText.truncate(text, to: textWidth), .bar)
        }
    }
}
