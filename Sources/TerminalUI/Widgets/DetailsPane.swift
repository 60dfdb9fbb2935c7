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
    /// The pane's text, as it lays out (``PaneText``): what it draws, and what a caller measures.
    public var text: PaneText {
        PaneText(content: content, spinnerStep: spinnerStep, keys: keys, notice: notice)
    }

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
            return draw(text.lines(width: side.width, height: side.height), on: screen, in: side)
        } else if let image, case .record(let record) = content, inner.width >= image.columns + Self.textColumns,
                  inner.height >= image.rows + 6 {
            return drawWithImage(image, record: record, on: screen, in: inner)
        } else {
            return draw(text.lines(width: inner.width, height: inner.height), on: screen, in: inner)
        }
    }

    /// The narrowest text a picture leaves room for.
    static let textColumns = 20

    /// Where the text goes beside the picture.
    static func beside(_ image: ImageView, in inner: Rect) -> Rect {
        beside(columns: image.columns, in: inner)
    }

    /// Where the text goes beside a picture `columns` wide.
    static func beside(columns: Int, in inner: Rect) -> Rect {
        Rect(top: inner.top, left: inner.left + columns + 2, height: inner.height, width: inner.width - columns - 2)
    }

    /// The lines the pane needs to show all it has at `width` columns (with ``textBeside``,
    /// the picture's rows at least).
    public func linesNeeded(width: Int) -> Int {
        text.linesNeeded(width: width, picture: image.map { (columns: $0.columns, rows: $0.rows) }, beside: textBeside,
                         border: border)
    }

    @discardableResult
    private func draw(_ lines: [[PaneText.Segment]], on screen: some Screen, in area: Rect) -> [Int: Rect] {
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
        var top = PaneText(content: .record(Record(heading: record.heading, subheading: record.subheading)))
            .lines(width: side.width, height: side.height)
        // One label column for the facts beside the picture and those below it.
        let labelWidth = PaneText.labelColumn(record.fields, width: side.width)
        var besideCount = 0
        if top.count + 1 < side.height {
            top.append([])
            // The facts in their order while they fit beside it, words on at most two lines (an
            // address on one); from the first that does not, the rest go below.
            for field in record.fields {
                let lines = PaneText.fieldLines(field, labelWidth: labelWidth, width: side.width)
                guard lines.count <= (field.value.contains(" ") ? 2 : 1), top.count + lines.count <= side.height else { break }
                top += lines
                besideCount += 1
            }
        }
        draw(top, on: screen, in: side)
        let remainder = Record(heading: "", paragraph: record.paragraph, fields: Array(record.fields.dropFirst(besideCount)),
                               actions: record.actions)
        var rest = text
        rest.content = .record(remainder)
        rest.labelWidth = labelWidth
        return draw(rest.lines(width: below.width, height: below.height), on: screen, in: below)
    }
}
