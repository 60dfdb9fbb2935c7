import ListCore

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
    /// The keys the rows name (retry, pull again).
    public var keys: WidgetKeys
    /// Text shown marked where it occurs in a title (what a filter matched), any case.
    public var highlight: String?
    /// Said after how to retry (when the program tries again by itself: "again in 12 s").
    public var retryNote: String?
    /// The end row's text in place of "End of list · N items" (a search GitHub cuts short).
    public var endText: String?
    /// Where the item rows' drawings are kept between frames (the loop's); nil draws each afresh.
    public var memo: ItemMemo<Items.Element>?

    public init(rows: RowModel<Items>, viewport: Viewport, describe: @escaping (Items.Element) -> ItemText,
                placeholder: [StyledText]? = nil, noun: String = "items", spinnerStep: Int = 0,
                notice: String? = nil, showsSelection: Bool = true, keys: WidgetKeys = WidgetKeys()) {
        self.rows = rows
        self.viewport = viewport
        self.describe = describe
        self.placeholder = placeholder
        self.noun = noun
        self.spinnerStep = spinnerStep
        self.notice = notice
        self.showsSelection = showsSelection
        self.keys = keys
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

    /// A failed row: `lead`, the failure's message and how to retry it, then `note`; the message
    /// is what gets cut when the row is short, so that the key stays in view.
    static func failureLine(_ lead: String, _ failure: LoadFailure, keys: WidgetKeys, note: String = "", columns: Int) -> String {
        let tail = (WidgetKeys.press(keys.retry, to: "retry").map { " — " + $0 } ?? "") + note
        let message = TerminalText.sanitize(failure.message)
        let room = columns - TerminalText.width(lead) - TerminalText.width(tail)
        // Too little room for a readable message: the row is cut at its end instead.
        guard room >= 12 else { return lead + message + tail }
        return lead + TerminalText.truncate(message, to: room) + tail
    }

    private static func style(for row: ListRow<Items.Element>, offset: Int) -> Style {
        switch row {
        case .retry: Style(color: .error)
        case .end, .loading, .pull, .header: Style(color: .muted)
        case .item: offset == 0 ? .plain : Style(color: .muted)
        }
    }

    /// Draws the `lines` lines of one row, each across all `columns`. An item's detail text
    /// (id, kind) sits against the right edge in a quieter colour, unless the row is selected;
    /// it gives way when the line is too narrow for it. Blank space is filled, never padded.
    private func drawRows(on screen: some Screen, in area: Rect) {
        // The same row loop as SlicedListView.drawRows, kept apart on purpose (rows of another kind).
        // The row at the top may start above the list: drawn whole, only its lines in the area show.
        var line = -viewport.topOffset
        var index = viewport.top
        memo?.startFrame()
        while index < rows.count, line < area.height {
            let rowHeight = rows.rowHeight(at: index)
            let selected = showsSelection && index == viewport.selection
            let lines = min(rowHeight, area.height - line)
            if line < 0 {
                drawRow(rows[index], selected: selected, top: area.top + line, lines: lines, left: area.left,
                        columns: area.width, on: screen.clipped(to: area))
            } else {
                drawRow(rows[index], at: index, selected: selected, top: area.top + line, lines: lines, left: area.left,
                        columns: area.width, on: screen)
            }
            line += rowHeight
            index += 1
        }
    }

    /// Draws one row; an item row at `index` (a row wholly in the area) through the memo, if any.
    private func drawRow(_ row: ListRow<Items.Element>, at index: Int? = nil, selected: Bool, top: Int, lines: Int,
                         left: Int, columns: Int, on screen: some Screen) {
        guard lines > 0 else { return }
        func style(_ offset: Int) -> Style { selected ? .selected : Self.style(for: row, offset: offset) }
        switch row {
        case .item(_, let item):
            guard let memo, let index else {
                return Self.drawItem(describe(item), highlight: highlight, selected: selected, top: top, lines: lines,
                                     left: left, columns: columns, on: screen)
            }
            let shape = ItemMemo<Items.Element>.Shape(highlight: highlight, lines: lines, columns: columns,
                                                      colorDepth: screen.colorDepth)
            return memo.draw(index: index, item, selected: selected, shape, top: top, left: left, on: screen,
                             describe: describe) { text, drawing in
                Self.drawItem(text, highlight: highlight, selected: selected, top: 0, lines: lines, left: 0,
                              columns: columns, on: drawing)
            }
        case .header(let text):
            screen.put(row: top, column: left, " " + TerminalText.sanitize(text), width: columns, style: style(0))
        case .pull(let armed):
            let again = keys.pull.map { " (press \($0) again)" } ?? ""
            screen.put(row: top, column: left, armed ? " ↑ Release to refresh" : " ↓ Pull to refresh\(again)",
                       width: columns, style: style(0))
        case .loading:
            let text = notice.map { "Waiting: " + TerminalText.sanitize($0) } ?? "Loading more \(noun)…"
            screen.put(row: top, column: left, " \(Spinner.glyph(spinnerStep)) \(text)", width: columns, style: style(0))
        case .retry(let failure):
            let note = retryNote.map { " · " + TerminalText.sanitize($0) } ?? ""
            screen.put(row: top, column: left, Self.failureLine(" ✗ ", failure, keys: keys, note: note, columns: columns),
                       width: columns, style: style(0))
        case .end(let count):
            let text = endText.map(TerminalText.sanitize) ?? "End of list · \(count) \(noun)"
            screen.put(row: top, column: left, " — \(text) —", width: columns, style: style(0))
        }
        for offset in 1..<max(1, lines) {
            screen.fill(row: top + offset, column: left, count: columns, style: style(offset))
        }
    }


    // MARK: - Placeholders

    /// The lines that stand for a list with no rows: loading (with what it waits for), the
    /// error with how to retry, or empty.
    public static func placeholderLines(_ placeholder: Placeholder, noun: String, spinnerStep: Int,
                                        notice: String?, width: Int, keys: WidgetKeys,
                                        retryNote: String? = nil) -> [StyledText] {
        func then(_ text: String?, _ style: Style) -> [StyledText] { text.map { [StyledText($0, style)] } ?? [] }
        switch placeholder {
        case .idle:
            return [StyledText("Nothing loaded.")] + then(WidgetKeys.sentence(keys.refresh, to: "load"), Style(color: .muted))
        case .loading:
            return [StyledText("\(Spinner.glyph(spinnerStep)) Loading…")]
                + (notice.map { [StyledText(""), StyledText("Waiting: " + $0, Style(color: .muted))] } ?? [])
        case .failed(let failure):
            let retry = then(WidgetKeys.sentence(keys.retry, to: "retry"), Style(bold: true))
                + then(retryNote.map { TerminalText.sanitize($0) }, Style(color: .muted))
            return TextLayout.wrap(TerminalText.sanitize(failure.message), columns: max(1, width - 4))
                .map { StyledText($0, Style(color: .error)) }
                + (retry.isEmpty ? [] : [StyledText("")] + retry)
        case .empty:
            return [StyledText("No \(noun).")] + then(WidgetKeys.sentence(keys.refresh, to: "refresh"), Style(color: .muted))
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
