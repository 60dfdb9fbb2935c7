/// The text of a details pane (its content, the keys it names, what holds a load up) and how it
/// lays out in lines at a width: pure text layout. ``DetailsPane`` draws it; a caller that needs
/// to know how many lines it takes (a profile's about row) asks it without a widget.
public struct PaneText: Sendable, Equatable {
    public var content: DetailsPane.Content
    public var spinnerStep: Int
    /// The keys the pane names (retry).
    public var keys: WidgetKeys
    /// What holds the loading up, under "Loading details…" (a wait for the rate limit).
    public var notice: String?
    /// The label column's width when another part of the pane sets it (the facts below a
    /// picture line up with those beside it).
    var labelWidth: Int?

    typealias Field = DetailsPane.Field
    typealias Record = DetailsPane.Record

    public init(content: DetailsPane.Content, spinnerStep: Int = 0, keys: WidgetKeys = WidgetKeys(), notice: String? = nil) {
        self.content = content
        self.spinnerStep = spinnerStep
        self.keys = keys
        self.notice = notice
    }

    /// The lines the text needs to show all it has in a pane `width` columns wide (`border`: one
    /// with a line down its left edge), with a picture of `picture`'s cells top left: `beside`
    /// it, the picture's rows at least.
    public func linesNeeded(width: Int, picture: (columns: Int, rows: Int)?, beside: Bool, border: Bool) -> Int {
        let inner = Rect(top: 0, left: 0, height: Int.max / 2, width: width - (border ? 3 : 2))
        guard inner.width > 0 else { return 0 }
        guard let picture, beside, inner.width >= picture.columns + DetailsPane.textColumns else {
            return lines(width: inner.width, height: inner.height).count
        }
        let side = DetailsPane.beside(columns: picture.columns, in: inner)
        return max(picture.rows, lines(width: side.width, height: side.height).count)
    }

    /// The last line of a pane that cannot show all it has.
    static let cutNote = "… more on a taller terminal"

    /// The width of the label column: the longest label and two blanks, at most half of `width`.
    static func labelColumn(_ fields: [Field], width: Int) -> Int {
        min((fields.map { TerminalText.width($0.label) }.max() ?? 0) + 2, width / 2)
    }

    /// A fact's lines: the label, and its value wrapped in the column after it.
    static func fieldLines(_ field: Field, labelWidth: Int, width: Int) -> [[Segment]] {
        let values = TextLayout.wrap(field.value, columns: max(1, width - labelWidth))
        // A label wider than its column is cut, a blank kept before the value.
        let label = TerminalText.width(field.label) < labelWidth ? field.label
            : TerminalText.truncate(field.label, to: max(1, labelWidth - 1))
        return values.enumerated().map { index, value in
            (index == 0 ? [Segment(column: 0, text: StyledText(label, Style(color: .muted)))] : [])
                + [Segment(column: labelWidth, text: StyledText(value))]
        }
    }

    /// One piece of text at a column of a line.
    struct Segment {
        var column: Int
        var text: StyledText
        /// The record's action this segment shows (by index), after `lead` cells of space.
        var action: Int?
        var lead = 0
    }

    /// The pane's lines, each a few segments, at most `height` of them.
    func lines(width: Int, height: Int) -> [[Segment]] {
        func line(_ text: String, _ style: Style = .plain) -> [Segment] { [Segment(column: 0, text: StyledText(text, style))] }
        let headingStyle = Style(bold: true, color: .accent)
        var result: [[Segment]]
        switch content {
        case .loading(let heading):
            result = [line(heading, headingStyle), [], line("\(Spinner.glyph(spinnerStep)) Loading details…", Style(color: .muted))]
                + (notice.map { TextLayout.wrap($0, columns: width).map { line($0, Style(color: .muted)) } } ?? [])
        case .failed(let heading, let message):
            result = [line(heading, headingStyle), []]
                + TextLayout.wrap(message, columns: width).map { line($0, Style(color: .error)) }
                + (WidgetKeys.sentence(keys.retry, to: "retry").map { [[], line($0, Style(bold: true))] } ?? [])
        case .missing(let heading, let message):
            result = [line(heading, headingStyle), []] + TextLayout.wrap(message, columns: width).map { line($0) }
        case .record(let record):
            result = recordLines(record, width: width, height: height, headingStyle: headingStyle)
        }
        return Array(result.prefix(height))
    }

    private func recordLines(_ record: Record, width: Int, height: Int, headingStyle: Style) -> [[Segment]] {
        func line(_ text: String, _ style: Style = .plain) -> [Segment] { [Segment(column: 0, text: StyledText(text, style))] }
        var top = TextLayout.wrap(record.heading, columns: width).prefix(2).map { line($0, headingStyle) }
        if !record.subheading.isEmpty {
            // Who it is, on two lines at most, broken between its parts where it can.
            var lines = TextLayout.wrap(record.subheading, columns: width)
            if lines.count > 2 { lines = [lines[0], TerminalText.truncateExact(lines[1], to: max(0, width - 1)) + "…"] }
            top += lines.map { line($0, Style(color: .muted)) }
        }
        let labelWidth = self.labelWidth ?? Self.labelColumn(record.fields, width: width)
        let fields = record.fields.flatMap { Self.fieldLines($0, labelWidth: labelWidth, width: width) }
        let actions = record.actions.isEmpty ? [] : [[]] + wrapActions(record.actions, width: width)
        let paragraph = TextLayout.wrap(record.paragraph, columns: width)
        // Space goes first to the heading and the fields, then the paragraph, then the actions;
        // a paragraph cut short ends in an ellipsis.
        let essential = top.count + (fields.isEmpty ? 0 : fields.count + 1)
        let wanted = paragraph.isEmpty ? 0 : paragraph.count + 1
        let showActions = essential + wanted + actions.count <= height
        var shown = paragraph
        let budget = max(0, height - essential - (showActions ? actions.count : 0) - 1)
        if shown.count > budget {
            shown = Array(shown.prefix(budget))
            if let last = shown.popLast() {
                shown.append(TerminalText.truncateExact(last, to: max(0, width - 1)) + "…")
            }
        }
        var lines = top
        if !shown.isEmpty { lines += [[]] + shown.map { line($0) } }
        if !fields.isEmpty { lines += [[]] + fields }
        // Facts cut off at the bottom or the paragraph left out: the last line says so, in place
        // of a fact if it must; the keys left out (the status line has the main ones): on a line
        // to spare.
        let note = line(TerminalText.truncate(Self.cutNote, to: width), Style(color: .muted))
        if lines.count > height || (shown.isEmpty && !paragraph.isEmpty), height > top.count {
            return lines.count < height ? lines + [note] : Array(lines.prefix(height - 1)) + [note]
        }
        if showActions { return lines + actions }
        guard !actions.isEmpty, height > top.count else { return lines }
        // The keys do not all fit (the status line names the main ones): as many of their lines
        // as do and the note last, on the lines the facts leave; none when they leave none.
        let room = height - lines.count
        guard room > 0 else { return lines }
        return lines + actions.prefix(room - 1) + [note]
    }

    /// Action hints joined by two spaces, wrapped at whole hints: a segment each (the two
    /// spaces before it included), so that the pane can say where each landed.
    private func wrapActions(_ actions: [String], width: Int) -> [[Segment]] {
        var lines: [[Segment]] = []
        var current: [Segment] = []
        var used = 0
        for (index, action) in actions.enumerated() {
            let actionWidth = TerminalText.width(action)
            if current.isEmpty || used + 2 + actionWidth <= width {
                let lead = current.isEmpty ? 0 : 2
                current.append(Segment(column: used, text: StyledText(String(repeating: " ", count: lead) + action,
                                                                      Style(color: .muted)), action: index, lead: lead))
                used += lead + actionWidth
            } else {
                lines.append(current)
                current = [Segment(column: 0, text: StyledText(action, Style(color: .muted)), action: index)]
                used = actionWidth
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
