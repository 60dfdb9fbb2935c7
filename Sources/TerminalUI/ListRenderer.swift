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

/// Everything one frame shows, as plain values.
public struct ListFrame<Item> {
    public var title: String
    /// Right side of the title line: host, rate limit.
    public var titleRight: String
    public var isRefreshing: Bool
    public var rows: RowModel<Item>
    public var viewport: Viewport
    public var describe: (Item) -> ItemText
    /// Shown instead of the list when set.
    public var placeholder: Placeholder?
    /// What the items are called: "users", "followers".
    public var noun: String
    /// Left side of the status line.
    public var status: String
    /// Right side of the status line: key hints.
    public var hint: String
    /// Animation step of the spinners.
    public var spinnerStep: Int
    /// Key help drawn over the list when set.
    public var help: [String]?
    /// Why loading is paused (a rate-limit countdown, a retry's wait): shown in place of the
    /// loading texts while set.
    public var notice: String?

    public init(title: String, titleRight: String = "", isRefreshing: Bool = false, rows: RowModel<Item>,
                viewport: Viewport, describe: @escaping (Item) -> ItemText, placeholder: Placeholder? = nil,
                noun: String = "items", status: String = "", hint: String = "", spinnerStep: Int = 0,
                help: [String]? = nil, notice: String? = nil) {
        self.title = title
        self.titleRight = titleRight
        self.isRefreshing = isRefreshing
        self.rows = rows
        self.viewport = viewport
        self.describe = describe
        self.placeholder = placeholder
        self.noun = noun
        self.status = status
        self.hint = hint
        self.spinnerStep = spinnerStep
        self.help = help
        self.notice = notice
    }
}

/// Draws a ``ListFrame`` into a ``Screen``: title line, visible rows only, status line.
public enum ListRenderer {
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public static func spinnerGlyph(_ step: Int) -> String { spinner[((step % spinner.count) + spinner.count) % spinner.count] }

    /// Lines left for rows on a screen of `rows` lines (a title and a status line take two).
    public static func listHeight(screenRows rows: Int) -> Int {
        rows >= 3 ? rows - 2 : 0
    }

    public static func render<Item>(_ frame: ListFrame<Item>, on screen: some Screen) {
        let (rows, columns) = screen.size
        screen.clear()
        guard rows > 0, columns > 0 else { return screen.present() }
        let listTop = rows >= 3 ? 1 : rows
        let listHeight = listHeight(screenRows: rows)
        if rows >= 2 { drawTitle(frame, screen: screen, columns: columns) }
        if let placeholder = frame.placeholder {
            drawPlaceholder(placeholder, frame: frame, screen: screen, top: listTop, height: listHeight, columns: columns)
        } else {
            drawRows(frame, screen: screen, top: listTop, height: listHeight, columns: columns)
        }
        if let help = frame.help, listHeight > 0 {
            drawHelp(help, screen: screen, top: listTop, height: listHeight, columns: columns)
        }
        drawBar(left: frame.status, right: frame.hint, row: rows - 1, screen: screen, columns: columns)
        screen.present()
    }

    // MARK: - Parts

    private static func drawTitle<Item>(_ frame: ListFrame<Item>, screen: some Screen, columns: Int) {
        var left = " " + TerminalText.sanitize(frame.title)
        if frame.isRefreshing { left += "  " + spinnerGlyph(frame.spinnerStep) + " refreshing" }
        drawBar(left: left, right: TerminalText.sanitize(frame.titleRight), row: 0, screen: screen, columns: columns)
    }

    /// A full-width reverse-video bar; the right side gives way when space is short.
    private static func drawBar(left: String, right: String, row: Int, screen: some Screen, columns: Int) {
        let rightText = right.isEmpty ? "" : right + " "
        let rightWidth = TerminalText.width(rightText)
        let line: String
        if TerminalText.width(left) + rightWidth + 1 <= columns {
            line = TerminalText.fit(left, to: columns - rightWidth) + rightText
        } else {
            line = TerminalText.fit(left, to: columns)
        }
        screen.put(row: row, column: 0, line, style: .bar)
    }

    private static func drawRows<Item>(_ frame: ListFrame<Item>, screen: some Screen, top: Int, height: Int, columns: Int) {
        let model = frame.rows
        var line = 0
        var index = frame.viewport.top
        while index < model.count, line < height {
            let rowHeight = model.rowHeight(at: index)
            let selected = index == frame.viewport.selection
            let texts = rowLines(model[index], frame: frame, columns: columns, height: rowHeight)
            for (offset, text) in texts.lines.enumerated() where line + offset < height {
                let style: Style = selected ? .selected : styleFor(model[index], offset: offset)
                screen.put(row: top + line + offset, column: 0, TerminalText.fit(text, to: columns), style: style)
            }
            // The detail column (id, kind) in a quieter color, unless the row is highlighted.
            if !selected, let detail = texts.detail, line < height {
                screen.put(row: top + line, column: detail.column, detail.text, style: Style(color: .muted))
            }
            line += rowHeight
            index += 1
        }
    }

    private static func styleFor<Item>(_ row: ListRow<Item>, offset: Int) -> Style {
        switch row {
        case .retry: Style(color: .error)
        case .end, .loading, .pull, .header: Style(color: .muted)
        case .item: offset == 0 ? .plain : Style(color: .muted)
        }
    }

    /// The text lines of one row (as many as its height), and for an item row where its detail
    /// text starts on the first line (nil when the line is too narrow to show it).
    static func rowLines<Item>(_ row: ListRow<Item>, frame: ListFrame<Item>, columns: Int, height: Int)
        -> (lines: [String], detail: (column: Int, text: String)?) {
        var lines: [String]
        var detailSegment: (column: Int, text: String)?
        switch row {
        case .header(let text): lines = [" " + TerminalText.sanitize(text)]
        case .pull(let armed): lines = [armed ? " ↑ Release to refresh" : " ↓ Pull to refresh (press k again)"]
        case .loading:
            let text = frame.notice.map { "Waiting: " + TerminalText.sanitize($0) } ?? "Loading more \(frame.noun)…"
            lines = [" \(spinnerGlyph(frame.spinnerStep)) \(text)"]
        case .retry(let failure): lines = [" ✗ \(TerminalText.sanitize(failure.message)) — press R to retry"]
        case .end(let count): lines = [" — End of list · \(count) \(frame.noun) —"]
        case .item(_, let item):
            let text = frame.describe(item)
            let title = " " + TerminalText.sanitize(text.title)
            let detail = TerminalText.sanitize(text.detail)
            let detailWidth = TerminalText.width(detail)
            if detailWidth > 0, detailWidth + 4 < columns {
                let room = columns - detailWidth - 1
                lines = [TerminalText.fit(title, to: room) + detail]
                detailSegment = (room, detail)
            } else {
                lines = [title]
            }
            if height > 1 { lines.append("   " + TerminalText.sanitize(text.subtitle)) }
        }
        while lines.count < height { lines.append("") }
        return (Array(lines.prefix(height)), detailSegment)
    }

    private static func drawPlaceholder<Item>(_ placeholder: Placeholder, frame: ListFrame<Item>, screen: some Screen,
                                              top: Int, height: Int, columns: Int) {
        let lines: [(String, Style)]
        switch placeholder {
        case .idle: lines = [("Nothing loaded.", .plain), ("Press r to load.", Style(color: .muted))]
        case .loading:
            lines = [("\(spinnerGlyph(frame.spinnerStep)) Loading …", .plain)]
                + (frame.notice.map { [("", .plain), ("Waiting: " + TerminalText.sanitize($0), Style(color: .muted))] } ?? [])
        case .failed(let failure):
            lines = wrap(TerminalText.sanitize(failure.message), columns: max(1, columns - 4)).map { ($0, Style(color: .error)) }
                + [("", .plain), ("Press R to retry.", Style(bold: true))]
        case .empty: lines = [("No \(frame.noun).", .plain), ("Press r to refresh.", Style(color: .muted))]
        }
        guard height > 0 else { return }
        let shown = Array(lines.prefix(height))
        let first = top + max(0, (height - shown.count) / 2)
        for (offset, entry) in shown.enumerated() {
            let text = TerminalText.truncate(entry.0, to: columns)
            let column = max(0, (columns - TerminalText.width(text)) / 2)
            screen.put(row: first + offset, column: column, text, style: entry.1)
        }
    }

    private static func drawHelp(_ help: [String], screen: some Screen, top: Int, height: Int, columns: Int) {
        let width = min(columns, (help.map { TerminalText.width($0) }.max() ?? 0) + 4)
        let shown = Array(help.prefix(height))
        let left = max(0, (columns - width) / 2)
        let first = top + max(0, (height - shown.count) / 2)
        for (offset, text) in shown.enumerated() {
            screen.put(row: first + offset, column: left, TerminalText.fit("  " + text, to: width), style: .bar)
        }
    }

    /// Words wrapped to `columns`; a word longer than a line is cut.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if TerminalText.width(candidate) <= columns {
                current = candidate
            } else {
                if !current.isEmpty { lines.append(current) }
                current = TerminalText.truncate(String(word), to: columns)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
