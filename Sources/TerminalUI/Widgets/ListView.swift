import ListCore

/// How a caller describes one item row; TerminalUI knows nothing else of the items.
public struct ItemText: Sendable, Equatable {
    /// Left-aligned, e.g. a login.
    public var title: String
    /// Right-aligned, e.g. "#583231 · org".
    public var detail: String
    /// The second line of a two-line (comfortable) row.
    public var subtitle: String

    public init(title: String, detail: String = "", subtitle: String = "") {
        self.title = title
        self.detail = detail
        self.subtitle = subtitle
    }
}

/// The list widget: the visible rows of a ``RowModel`` in an area, or a placeholder in their place.
///
/// Only the rows on screen are described and drawn, so a frame costs the same for any list length.
public struct ListView<Items: RandomAccessCollection> where Items.Index == Int {
    public var rows: RowModel<Items>
    public var viewport: Viewport
    public var describe: (Items.Element) -> ItemText
    /// Shown centred instead of the rows when set.
    public var placeholder: [StyledText]?
    /// What the items are called: "users", "followers".
    public var noun: String
    /// Animation step of the spinners.
    public var spinnerStep: Int
    /// Why loading is paused (a rate-limit countdown, a retry's wait): shown in the loading row.
    public var notice: String?
    /// Whether the selected row is highlighted (off while another pane has the focus).
    public var showsSelection: Bool

    public init(rows: RowModel<Items>, viewport: Viewport, describe: @escaping (Items.Element) -> ItemText,
                placeholder: [StyledText]? = nil, noun: String = "items", spinnerStep: Int = 0,
                notice: String? = nil, showsSelection: Bool = true) {
        self.rows = rows
        self.viewport = viewport
        self.describe = describe
        self.placeholder = placeholder
        self.noun = noun
        self.spinnerStep = spinnerStep
        self.notice = notice
        self.showsSelection = showsSelection
    }

    public func draw(on screen: some Screen, in area: Rect) {
        guard !area.isEmpty else { return }
        if let placeholder {
            Self.drawCentered(placeholder, on: screen, in: area)
        } else {
            drawRows(on: screen, in: area)
        }
    }

    // MARK: - Rows

    private func drawRows(on screen: some Screen, in area: Rect) {
        let columns = area.width
        var line = 0
        var index = viewport.top
        while index < rows.count, line < area.height {
            let rowHeight = rows.rowHeight(at: index)
            let selected = showsSelection && index == viewport.selection
            let row = rows[index]
            let texts = rowLines(row, columns: columns, height: rowHeight)
            for (offset, text) in texts.lines.enumerated() where line + offset < area.height {
                let style: Style = selected ? .selected : Self.style(for: row, offset: offset)
                screen.put(row: area.top + line + offset, column: area.left, text, width: columns, style: style)
            }
            // The detail column (id, kind) in a quieter color, unless the row is highlighted.
            if !selected, let detail = texts.detail {
                screen.put(row: area.top + line, column: area.left + detail.column, detail.text, style: Style(color: .muted))
            }
            line += rowHeight
            index += 1
        }
    }

    private static func style(for row: ListRow<Items.Element>, offset: Int) -> Style {
        switch row {
        case .retry: Style(color: .error)
        case .end, .loading, .pull, .header: Style(color: .muted)
        case .item: offset == 0 ? .plain : Style(color: .muted)
        }
    }

    /// The text lines of one row (as many as its height), and for an item row where its detail
    /// text starts on the first line (nil when the line is too narrow to show it).
    func rowLines(_ row: ListRow<Items.Element>, columns: Int, height: Int)
        -> (lines: [String], detail: (column: Int, text: String)?) {
        var lines: [String]
        var detailSegment: (column: Int, text: String)?
        switch row {
        case .header(let text): lines = [" " + TerminalText.sanitize(text)]
        case .pull(let armed): lines = [armed ? " ↑ Release to refresh" : " ↓ Pull to refresh (press k again)"]
        case .loading:
            let text = notice.map { "Waiting: " + TerminalText.sanitize($0) } ?? "Loading more \(noun)…"
            lines = [" \(Spinner.glyph(spinnerStep)) \(text)"]
        case .retry(let failure): lines = [" ✗ \(TerminalText.sanitize(failure.message)) — press R to retry"]
        case .end(let count): lines = [" — End of list · \(count) \(noun) —"]
        case .item(_, let item):
            let text = describe(item)
            let title = " " + TerminalText.sanitize(text.title)
            let detail = TerminalText.sanitize(text.detail)
            let detailWidth = TerminalText.width(detail)
            if detailWidth > 0, detailWidth + 4 < columns {
                let room = columns - detailWidth - 1
                let cut = TerminalText.truncate(title, to: room)
                lines = [cut + String(repeating: " ", count: max(0, room - TerminalText.width(cut))) + detail]
                detailSegment = (room, detail)
            } else {
                lines = [title]
            }
            if height > 1 { lines.append("   " + TerminalText.sanitize(text.subtitle)) }
        }
        while lines.count < height { lines.append("") }
        return (Array(lines.prefix(height)), detailSegment)
    }

    // MARK: - Placeholders

    /// The lines that stand for a list with no rows: loading (with what it waits for), the
    /// error with how to retry, or empty.
    public static func placeholderLines(_ placeholder: Placeholder, noun: String, spinnerStep: Int,
                                        notice: String?, width: Int) -> [StyledText] {
        switch placeholder {
        case .idle:
            return [StyledText("Nothing loaded."), StyledText("Press r to load.", Style(color: .muted))]
        case .loading:
            return [StyledText("\(Spinner.glyph(spinnerStep)) Loading …")]
                + (notice.map { [StyledText(""), StyledText("Waiting: " + $0, Style(color: .muted))] } ?? [])
        case .failed(let failure):
            return TextLayout.wrap(TerminalText.sanitize(failure.message), columns: max(1, width - 4))
                .map { StyledText($0, Style(color: .error)) }
                + [StyledText(""), StyledText("Press R to retry.", Style(bold: true))]
        case .empty:
            return [StyledText("No \(noun)."), StyledText("Press r to refresh.", Style(color: .muted))]
        }
    }

    /// Lines centred in `area`, each cut to its width.
    static func drawCentered(_ lines: [StyledText], on screen: some Screen, in area: Rect) {
        guard area.height > 0 else { return }
        let shown = Array(lines.prefix(area.height))
        let first = max(0, (area.height - shown.count) / 2)
        for (offset, entry) in shown.enumerated() {
            let text = TerminalText.truncate(TerminalText.sanitize(entry.text), to: area.width)
            let column = max(0, (area.width - TerminalText.width(text)) / 2)
            screen.draw(text, row: first + offset, in: area, column: column, style: entry.style)
        }
    }
}

/// The loading spinner's frames.
public enum Spinner {
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public static func glyph(_ step: Int) -> String {
        frames[((step % frames.count) + frames.count) % frames.count]
    }
}
