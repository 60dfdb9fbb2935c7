/// A pane that shows one record: a heading, a subheading, a paragraph, labelled fields and the
/// keys that lead on, or the loading, error and not-found states that stand in for them.
///
/// TerminalUI knows nothing of what the record is: the caller fills in the texts.
public struct DetailsPane: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        public var label: String
        public var value: String
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    public struct Record: Sendable, Equatable {
        public var heading: String
        public var subheading: String
        /// Free text with its own line breaks (a bio); wrapped to the pane.
        public var paragraph: String
        public var fields: [Field]
        /// Key hints at the bottom ("1 followers (120)").
        public var actions: [String]

        public init(heading: String, subheading: String = "", paragraph: String = "", fields: [Field] = [],
                    actions: [String] = []) {
            self.heading = heading
            self.subheading = subheading
            self.paragraph = paragraph
            self.fields = fields
            self.actions = actions
        }
    }

    public enum Content: Sendable, Equatable {
        case loading(heading: String)
        case failed(heading: String, message: String)
        case missing(heading: String, message: String)
        case record(Record)
    }

    public var content: Content
    public var spinnerStep: Int
    /// A line down the left edge, for a pane beside a list.
    public var border: Bool
    /// A picture at the top left, the heading and the first facts beside it.
    public var image: ImageView?
    /// The keys the pane names (retry).
    public var keys: WidgetKeys
    /// All the text beside the picture rather than under it (a profile's about row, which has
    /// the width, and takes the lines it needs: ``linesNeeded(width:)``).
    public var textBeside: Bool
    /// What holds the loading up, under "Loading details…" (a wait for the rate limit).
    public var notice: String?
    /// The label column's width when another part of the pane sets it (the facts below a
    /// picture line up with those beside it).
    var labelWidth: Int?

    public init(content: Content, spinnerStep: Int = 0, border: Bool = false, image: ImageView? = nil,
                keys: WidgetKeys = WidgetKeys(), textBeside: Bool = false, notice: String? = nil) {
        self.content = content
        self.notice = notice
        self.spinnerStep = spinnerStep
        self.border = border
        self.textBeside = textBeside
        self.image = image
        self.keys = keys
    }

    /// Draws the pane; returns where each of the record's actions landed (by its index in
    /// ``Record/actions``), for a caller that maps a click to the action under it.
    @discardableResult
    public func draw(on screen: some Screen, in area: Rect) -> [Int: Rect] {
        guard !area.isEmpty else { return [:] }
        if border {
            for row in 0..<area.height {
                screen.draw("│", row: row, in: area, style: Style(color: .muted))
            }
        }
        let inner = Rect(top: area.top, left: area.left + (border ? 2 : 1), height: area.height,
                         width: area.width - (border ? 3 : 2))
        guard !inner.isEmpty else { return [:] }
        // The picture goes with a profile, and only where it leaves room for the text.
        if let image, textBeside, inner.width >= image.columns + Self.textColumns {
            image.draw(on: screen, in: Rect(top: inner.top, left: inner.left, height: min(image.rows, inner.height),
                                            width: image.columns))
            let side = Self.beside(image, in: inner)
            return draw(lines(width: side.width, height: side.height), on: screen, in: side)
        } else if let image, case .record(let record) = content, inner.width >= image.columns + Self.textColumns,
                  inner.height >= image.rows + 6 {
            return drawWithImage(image, record: record, on: screen, in: inner)
        } else {
            return draw(lines(width: inner.width, height: inner.height), on: screen, in: inner)
        }
    }

    /// The last line of a pane that cannot show all it has.
    static let cutNote = "… more on a taller terminal"

    /// The narrowest text a picture leaves room for.
    private static let textColumns = 20

    /// Where the text goes beside the picture.
    private static func beside(_ image: ImageView, in inner: Rect) -> Rect {
        Rect(top: inner.top, left: inner.left + image.columns + 2, height: inner.height, width: inner.width - image.columns - 2)
    }

    /// The lines the pane needs to show all it has at `width` columns (with ``textBeside``,
    /// the picture's rows at least).
    public func linesNeeded(width: Int) -> Int {
        let inner = Rect(top: 0, left: 0, height: Int.max / 2, width: width - (border ? 3 : 2))
        guard inner.width > 0 else { return 0 }
        guard let image, textBeside, inner.width >= image.columns + Self.textColumns else {
            return lines(width: inner.width, height: inner.height).count
        }
        let side = Self.beside(image, in: inner)
        return max(image.rows, lines(width: side.width, height: side.height).count)
    }

    @discardableResult
    private func draw(_ lines: [[Segment]], on screen: some Screen, in area: Rect) -> [Int: Rect] {
        var actions: [Int: Rect] = [:]
        for (row, line) in lines.prefix(area.height).enumerated() {
            for segment in line {
                screen.draw(segment.text.text, row: row, in: area, column: segment.column, style: segment.text.style)
                guard let action = segment.action else { continue }
                let left = segment.column + segment.lead
                let width = min(TerminalText.width(segment.text.text) - segment.lead, area.width - left)
                if width > 0 { actions[action] = Rect(top: area.top + row, left: area.left + left, height: 1, width: width) }
            }
        }
        return actions
    }

    /// The picture top left; beside it the heading, who it is and the facts that fit there
    /// whole; below it the paragraph, the other facts and the keys.
    private func drawWithImage(_ image: ImageView, record: Record, on screen: some Screen, in inner: Rect) -> [Int: Rect] {
        image.draw(on: screen, in: Rect(top: inner.top, left: inner.left, height: image.rows, width: image.columns))
        let side = Rect(top: inner.top, left: inner.left + image.columns + 2, height: image.rows,
                        width: inner.width - image.columns - 2)
        let below = Rect(top: inner.top + image.rows, left: inner.left, height: inner.height - image.rows, width: inner.width)
        var top = DetailsPane(content: .record(Record(heading: record.heading, subheading: record.subheading)))
            .lines(width: side.width, height: side.height)
        // One label column for the facts beside the picture and those below it.
        let labelWidth = Self.labelWidth(record.fields, width: side.width)
        var besideCount = 0
        if top.count + 1 < side.height {
            top.append([])
            // The facts in their order while they fit beside it, words on at most two lines (an
            // address on one); from the first that does not, the rest go below.
            for field in record.fields {
                let lines = Self.fieldLines(field, labelWidth: labelWidth, width: side.width)
                guard lines.count <= (field.value.contains(" ") ? 2 : 1), top.count + lines.count <= side.height else { break }
                top += lines
                besideCount += 1
            }
        }
        draw(top, on: screen, in: side)
        let remainder = Record(heading: "", paragraph: record.paragraph, fields: Array(record.fields.dropFirst(besideCount)),
                               actions: record.actions)
        var rest = DetailsPane(content: .record(remainder))
        rest.labelWidth = labelWidth
        return draw(rest.lines(width: below.width, height: below.height), on: screen, in: below)
    }

    /// The width of the label column: the longest label and two blanks, at most half of `width`.
    private static func labelWidth(_ fields: [Field], width: Int) -> Int {
        min((fields.map { TerminalText.width($0.label) }.max() ?? 0) + 2, width / 2)
    }

    /// A fact's lines: the label, and its value wrapped in the column after it.
    private static func fieldLines(_ field: Field, labelWidth: Int, width: Int) -> [[Segment]] {
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
        let labelWidth = self.labelWidth ?? Self.labelWidth(record.fields, width: width)
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
