/// The text of a help: a title, entries (keys and what they do) and a last line, and how they
/// lay out in an area: the roomiest layout that shows every entry whole (with blank rows around
/// the title, then without, then the entries in columns, a text too long for its column going
/// on under itself, or cut where enough of it is left), else one column that scrolls. Pure
/// text layout: ``HelpOverlay`` draws it, and a caller that needs to know how far it scrolls
/// asks it without a widget.
public struct HelpText: Sendable, Equatable {
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
    /// The last line instead of ``footer`` when the help scrolls (how to scroll it, how to
    /// close it); the lines shown and their count go before it.
    public var scrollFooter: String

    public init(title: String, entries: [Entry], footer: String = "", scrollFooter: String = "") {
        self.title = title
        self.entries = entries
        self.footer = footer
        self.scrollFooter = scrollFooter
    }

    /// How a help fits an area: whole, or one column that scrolls.
    enum Shape: Equatable {
        case whole([StyledText])
        /// Every entry's lines, wrapped to the area's width; some show at a time.
        case scrolling([StyledText])
    }

    /// How many lines the help can scroll by in `area`: 0 when it shows whole.
    public func scrollLimit(in area: Rect) -> Int {
        guard case .scrolling(let body) = shape(in: area), Self.bodyRows(in: area) > 0 else { return 0 }
        return max(0, body.count - Self.bodyRows(in: area))
    }

    /// The lines of a page of a help that scrolls in `area`: all but the title and the last
    /// line, which says where they are (the title alone on one row, no last line on two).
    public static func bodyRows(in area: Rect) -> Int { area.height >= 3 ? area.height - 2 : max(0, area.height - 1) }

    /// The roomiest layout that shows every entry whole: blank rows around the title, then
    /// none, then columns whose texts fit, wrapped if need be; else one column that scrolls.
    func shape(in area: Rect) -> Shape {
        let heading = StyledText(title, Style(reverse: true, bold: true))
        let closing = footer.isEmpty ? [] : [StyledText(footer, .bar)]
        let oneColumn = column(entries, keyWidth: keyWidth(entries))
        let roomy = [heading, StyledText("", .bar)] + oneColumn + (footer.isEmpty ? [] : [StyledText("", .bar)]) + closing
        let widest = (oneColumn.map { TerminalText.width($0.text) }.max() ?? 0) + 4
        if widest <= area.width {
            if roomy.count + 2 <= area.height { return .whole(roomy) }
            let compact = [heading] + oneColumn + closing
            if compact.count <= area.height { return .whole(compact) }
        }
        if entries.count >= 2, let columns = columns(in: area, heading: heading, closing: closing) {
            return .whole(columns)
        }
        let body = wrappedColumn(entries, keyWidth: keyWidth(entries), width: max(1, area.width - 4), asides: true)
        // Whole, in one wrapped column, where that fits (a box too narrow for columns).
        if 1 + body.count + closing.count <= area.height { return .whole([heading] + body + closing) }
        return .scrolling(body)
    }

    /// The entries in columns side by side, as few as fit the height (the footer goes first
    /// when short), each text whole or wrapped under its own start; nil when some column would
    /// still be taller than the area.
    private func columns(in area: Rect, heading: StyledText, closing: [StyledText]) -> [StyledText]? {
        // Texts whole before texts cut; then the footer before the texts.
        for (footerLines, cutting) in [(closing, false), (closing, true), ([], false), ([], true)] {
            let rowsLeft = area.height - 1 - footerLines.count
            guard rowsLeft > 0 else { continue }
            // As few as the height allows, up to four (none when even four are too few).
            for columns in stride(from: (entries.count + rowsLeft - 1) / rowsLeft, through: 4, by: 1) {
                if let rows = columnRows(columns, in: area, rowsLeft: rowsLeft, cutting: cutting) {
                    return [heading] + rows + footerLines
                }
            }
        }
        return nil
    }

    /// The entries in `columns` columns side by side, if each is at least 12 wide and fits in
    /// `rowsLeft` rows: its texts wrapped, or else (when `cutting`) cut where that leaves each
    /// at least ``shortestCutText`` columns.
    private func columnRows(_ columns: Int, in area: Rect, rowsLeft: Int, cutting: Bool) -> [StyledText]? {
        let columnWidth = (area.width - 4 - 3 * (columns - 1)) / max(1, columns)
        guard columnWidth >= 12 else { return nil }
        let perColumn = (entries.count + columns - 1) / columns
        var parts: [[StyledText]] = []
        for start in stride(from: 0, to: entries.count, by: perColumn) {
            let slice = Array(entries[start..<min(entries.count, start + perColumn)])
            let wrapped = wrappedColumn(slice, keyWidth: keyWidth(slice), width: columnWidth)
            if wrapped.count <= rowsLeft {
                parts.append(wrapped)
            } else if cutting, columnWidth - keyWidth(slice) - 2 >= Self.shortestCutText {
                parts.append(column(slice, keyWidth: keyWidth(slice), textWidth: columnWidth))
            } else {
                return nil
            }
        }
        let height = parts.map(\.count).max() ?? 0
        return (0..<height).map { index -> StyledText in
            let cells = parts.map { index < $0.count ? $0[index].text : "" }
            let text = cells.enumerated().map { position, cell in
                position == cells.count - 1 ? cell : TerminalText.fit(cell, to: columnWidth)
            }.joined(separator: "   ")
            return StyledText(text, .bar)
        }
    }

    private func keyWidth(_ entries: [Entry]) -> Int {
        entries.map { TerminalText.width($0.keys) }.max() ?? 0
    }

    /// An entry's keys and the blanks after them up to where the texts of its column start.
    private func keyCell(_ entry: Entry, keyWidth: Int) -> String {
        entry.keys + String(repeating: " ", count: keyWidth - TerminalText.width(entry.keys) + 2)
    }

    /// The entries' lines in `width` columns: a text too long goes on in the lines under it,
    /// under its own start (its aside in parentheses dropped unless `asides`); where the keys
    /// leave too little room, the text goes under them.
    private func wrappedColumn(_ entries: [Entry], keyWidth: Int, width: Int, asides: Bool = false) -> [StyledText] {
        let under = width - keyWidth - 2 < 12
        let indent = under ? 2 : keyWidth + 2
        let blank = String(repeating: " ", count: indent)
        return entries.flatMap { entry -> [StyledText] in
            let keys = keyCell(entry, keyWidth: keyWidth)
            guard TerminalText.width(keys + entry.text) > width else { return [StyledText(keys + entry.text, .bar)] }
            let lines = TextLayout.wrap(asides ? entry.text : entry.mainText, columns: max(1, width - indent))
            if under {
                return [StyledText(TerminalText.truncate(entry.keys, to: width), .bar)] + lines.map { StyledText(blank + $0, .bar) }
            }
            return lines.enumerated().map { StyledText(($0.offset == 0 ? keys : blank) + $0.element, .bar) }
        }
    }

    /// The fewest columns a text cut to fit a column keeps: less and the help scrolls instead.
    static let shortestCutText = 20

    /// The entries' lines, one each; cut to `textWidth` when given, an entry's aside in
    /// parentheses going first ("up one row (on the first row: …)" is "up one row").
    private func column(_ entries: [Entry], keyWidth: Int, textWidth: Int? = nil) -> [StyledText] {
        entries.map { entry in
            let keys = keyCell(entry, keyWidth: keyWidth)
            let text = keys + entry.text
            guard let textWidth, TerminalText.width(text) > textWidth else { return StyledText(text, .bar) }
            let short = keys + entry.mainText
            if TerminalText.width(short) <= textWidth { return StyledText(short, .bar) }
            return StyledText(TerminalText.truncate(text, to: textWidth), .bar)
        }
    }
}
