import ListCore

/// The widget for one list made of slices: the visible rows of a ``SlicedList`` (headings,
/// items, and each slice's loading, empty, retry and "see all" rows) in an area.
///
/// A heading with lines of its own (``ListSlice/headingLines``) is left for the caller to fill
/// (a profile draws its picture and facts there); at the top, ``Viewport/topOffset`` of its
/// lines may be above the area.
public struct SlicedListView<Item: Identifiable, SliceID: Hashable> {
    public var rows: SlicedList<Item, SliceID>
    public var viewport: Viewport
    public var describe: (Item) -> ItemText
    /// Animation step of the spinners.
    public var spinnerStep: Int
    /// Why loading is paused (a rate-limit countdown, a retry's wait): shown in loading rows.
    public var notice: String?
    /// Whether the selected row is highlighted (off while another pane has the focus).
    public var showsSelection: Bool
    /// The keys the rows name (retry).
    public var keys: WidgetKeys
    /// The caller's words for a slice's heading, empty and "see all" rows, by slice and row
    /// kind; nil: the text the slice carries.
    public var words: (SliceID, SlicedRowKind) -> String?

    public init(rows: SlicedList<Item, SliceID>, viewport: Viewport, describe: @escaping (Item) -> ItemText,
                spinnerStep: Int = 0, notice: String? = nil, showsSelection: Bool = true, keys: WidgetKeys = WidgetKeys(),
                words: @escaping (SliceID, SlicedRowKind) -> String? = { _, _ in nil }) {
        self.rows = rows
        self.viewport = viewport
        self.describe = describe
        self.spinnerStep = spinnerStep
        self.notice = notice
        self.showsSelection = showsSelection
        self.keys = keys
        self.words = words
    }

    public func draw(on screen: some Screen, in area: Rect) {
        guard !area.isEmpty else { return }
        drawRows(on: screen, in: area)
    }

    private func drawRows(on screen: some Screen, in area: Rect) {
        // The same row loop as ListView.drawRows, kept apart on purpose (rows of another kind).
        // The row at the top may start above the list: drawn whole, only its lines in the area show.
        var line = -viewport.topOffset
        var index = viewport.top
        while index < rows.count, line < area.height {
            let rowHeight = rows.rowHeight(at: index)
            let selected = showsSelection && index == viewport.selection
            let lines = min(rowHeight, area.height - line)
            if line < 0 {
                drawRow(rows[index], selected: selected, top: area.top + line, lines: lines, left: area.left,
                        columns: area.width, on: screen.clipped(to: area))
            } else {
                drawRow(rows[index], selected: selected, top: area.top + line, lines: lines, left: area.left,
                        columns: area.width, on: screen)
            }
            line += rowHeight
            index += 1
        }
    }

    private func drawRow(_ row: SlicedRow<Item, SliceID>, selected: Bool, top: Int, lines: Int, left: Int, columns: Int,
                         on screen: some Screen) {
        guard lines > 0 else { return }
        let text: String
        var style: Style
        switch row {
        case .item(_, _, let item):
            return ListView<[Item]>.drawItem(describe(item), highlight: nil, selected: selected, top: top, lines: lines,
                                             left: left, columns: columns, on: screen)
        case .heading(let id, let heading):
            // A heading of its own height is the caller's to draw.
            if rows.slice(id)?.headingLines != nil { return }
            (text, style) = (" " + TerminalText.sanitize(words(id, .heading) ?? heading), Style(bold: true, color: .accent))
        case .loading:
            let what = notice.map { "Waiting: " + TerminalText.sanitize($0) } ?? "Loading…"
            (text, style) = ("   \(Spinner.glyph(spinnerStep)) \(what)", Style(color: .muted))
        case .empty(let id, let empty):
            (text, style) = ("   " + TerminalText.sanitize(words(id, .empty) ?? empty), Style(color: .muted))
        case .failed(_, let failure):
            (text, style) = (ListView<[Item]>.failureLine("   ✗ ", failure, keys: keys, columns: columns), Style(color: .error))
        case .seeAll(let id, let all):
            (text, style) = ("   " + TerminalText.sanitize(words(id, .seeAll) ?? all), Style(color: .accent))
        }
        if selected { style = .selected }
        screen.put(row: top, column: left, text, width: columns, style: style)
        for offset in 1..<max(1, lines) {
            screen.fill(row: top + offset, column: left, count: columns, style: style)
        }
    }
}
