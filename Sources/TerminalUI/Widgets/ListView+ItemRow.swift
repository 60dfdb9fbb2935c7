/// How a caller describes one item row; TerminalUI knows nothing else of the items.
public struct ItemText: Sendable, Equatable {
    /// Left-aligned, e.g. a login.
    public var title: String
    /// Right-aligned, e.g. "#583231 · org".
    public var detail: String
    /// The second line of a two-line (comfortable) row.
    public var subtitle: String
    /// Muted after the title on its line, e.g. a person's name: the detail gives way before it,
    /// and it is cut before the title.
    public var note: String = ""
    /// What the detail gives way to where the whole title and the detail do not both fit (say
    /// "kind " for "#9919 · kind "); where even this would cut the title, it goes too: the
    /// title is cut only when it is wider than the row. Empty: the detail goes.
    public var shortDetail: String
    /// What the short detail gives way to where it too would cut the title (say a mark alone,
    /// "follows you "); where even this would, it goes too. Empty: the detail goes.
    public var leastDetail: String = ""

    public init(title: String, detail: String = "", shortDetail: String = "", subtitle: String = "") {
        self.title = title
        self.detail = detail
        self.shortDetail = shortDetail
        self.subtitle = subtitle
    }
}

/// An item row as the list draws it: the title and its note, the detail at the right edge,
/// the subtitle under them.
extension ListView {
    /// Draws the `lines` lines of an item's row: its title, its detail against the right edge
    /// in a quieter colour (unless selected; it gives way when the line is too narrow), and
    /// in a second line the subtitle.
    static func drawItem(_ text: ItemText, highlight: String?, selected: Bool, top: Int, lines: Int, left: Int,
                         columns: Int, on screen: some Screen) {
        guard lines > 0 else { return }
        let first: Style = selected ? .selected : .plain
        let title = TerminalText.sanitize(text.title)
        let note = text.note.isEmpty ? "" : TerminalText.sanitize(text.note)
        var detail = TerminalText.sanitize(text.detail)
        var detailWidth = TerminalText.width(detail)
        // What the detail makes room for: the title and its note, two blanks apart.
        let wanted = note.isEmpty ? title : title + "  " + note
        // A title never wider than its bytes fits without measuring it (nearly every row).
        // (With a note, a detail too wide for the row gives way too, rather than going whole.)
        if detailWidth > 0, detailWidth + 4 < columns || !note.isEmpty, wanted.utf8.count > columns - detailWidth - 3,
           TerminalText.width(wanted) > columns - detailWidth - 3 {
            // The title would be cut beside the detail: the detail gives way first, to its short
            // form, and to nothing when even that would cut the title (the login goes last).
            detail = TerminalText.sanitize(text.shortDetail)
            detailWidth = TerminalText.width(detail)
            let titleWidth = TerminalText.width(title)
            if detailWidth > 0, titleWidth > columns - detailWidth - 3 - (note.isEmpty ? 0 : 1) {
                // The least of it, when there is one that leaves the title whole.
                detail = text.leastDetail.isEmpty ? "" : TerminalText.sanitize(text.leastDetail)
                detailWidth = TerminalText.width(detail)
                if detailWidth > 0, titleWidth > columns - detailWidth - 3 - (note.isEmpty ? 0 : 1) {
                    (detail, detailWidth) = ("", 0)
                }
            }
        }
        if detailWidth > 0, detailWidth + 4 < columns {
            // A blank, the title (at least 2 columns), a blank, the detail, a blank: no strings
            // joined. A note (muted, as the detail is) keeps two blanks from the detail, so that
            // a name cut short does not read on into it.
            let room = columns - detailWidth - 1
            let gap = note.isEmpty ? 1 : 2
            screen.fill(row: top, column: left, count: 1, style: first)
            putTitle(title, note: note, highlight: highlight, row: top, column: left + 1, width: room - 1 - gap, style: first,
                     selected: selected, on: screen)
            screen.fill(row: top, column: left + room - gap, count: gap, style: first)
            if highlight == nil {
                // (Every bare row on every frame: no width to check, it was measured to fit.)
                screen.put(row: top, column: left + room, detail, style: selected ? .selected : Style(color: .muted))
            } else {
                putMarked(detail, highlight: highlight, row: top, column: left + room, width: detailWidth,
                          style: selected ? .selected : Style(color: .muted), selected: selected, on: screen)
            }
            screen.fill(row: top, column: left + room + detailWidth, count: 1, style: first)
        } else if note.isEmpty, highlight == nil {
            screen.put(row: top, column: left, " " + title, width: columns, style: first)
        } else if note.isEmpty {
            screen.fill(row: top, column: left, count: 1, style: first)
            putMarked(title, highlight: highlight, row: top, column: left + 1, width: columns - 1, style: first,
                      selected: selected, on: screen)
        } else {
            screen.fill(row: top, column: left, count: 1, style: first)
            putTitle(title, note: note, highlight: highlight, row: top, column: left + 1, width: columns - 1, style: first,
                     selected: selected, on: screen)
        }
        let rest: Style = selected ? .selected : Style(color: .muted)
        for offset in 1..<max(1, lines) {
            if offset == 1, highlight == nil {
                screen.put(row: top + 1, column: left, "   " + TerminalText.sanitize(text.subtitle), width: columns, style: rest)
            } else if offset == 1 {
                screen.put(row: top + 1, column: left, "   ", style: rest)
                putMarked(TerminalText.sanitize(text.subtitle), highlight: highlight, row: top + 1, column: left + 3,
                          width: columns - 3, style: rest, selected: selected, on: screen)
            } else {
                screen.fill(row: top + offset, column: left, count: columns, style: rest)
            }
        }
    }

    /// A title and its note (muted, after two blanks) cut to `width`: the note first.
    private static func putTitle(_ title: String, note: String, highlight: String?, row: Int, column: Int, width: Int,
                                 style: Style, selected: Bool, on screen: some Screen) {
        guard !note.isEmpty else {
            return putMarked(title, highlight: highlight, row: row, column: column, width: width, style: style,
                             selected: selected, on: screen)
        }
        let titleWidth = TerminalText.width(title)
        let noteRoom = width - titleWidth - 2
        // (A note cut to one cell would be a lone "…": none rather.)
        guard noteRoom > 1 else {
            return putMarked(title, highlight: highlight, row: row, column: column, width: width, style: style,
                             selected: selected, on: screen)
        }
        putMarked(title, highlight: highlight, row: row, column: column, width: titleWidth + 2, style: style,
                  selected: selected, on: screen)
        putMarked(note, highlight: highlight, row: row, column: column + titleWidth + 2, width: noteRoom,
                  style: selected ? style : Style(color: .muted), selected: selected, on: screen)
    }

    /// `text` cut to `width`, where it holds `highlight` (whatever the case and the accents:
    /// "zoe" marks "Zoë") that part marked: bold, and in the accent colour unless selected.
    private static func putMarked(_ text: String, highlight: String?, row: Int, column: Int, width: Int, style: Style,
                                  selected: Bool, on screen: some Screen) {
        guard let needle = highlight, !needle.isEmpty,
              let found = text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]), !found.isEmpty else {
            return screen.put(row: row, column: column, text, width: width, style: style)
        }
        // Found in the whole text, marked where it is still shown once the text is cut to its
        // width ("Ham…" of "Hamilton"): the cut keeps the text's first characters.
        let cut = TerminalText.width(text) > width ? TerminalText.truncate(text, to: width) : text
        let shown = cut == text ? cut.count : cut.count - 1
        let first = text.distance(from: text.startIndex, to: found.lowerBound)
        guard first < shown else { return screen.put(row: row, column: column, text, width: width, style: style) }
        let last = min(text.distance(from: text.startIndex, to: found.upperBound), shown)
        let match = cut.index(cut.startIndex, offsetBy: first)..<cut.index(cut.startIndex, offsetBy: last)
        let before = String(cut[..<match.lowerBound])
        let matched = String(cut[match])
        var marked = style
        marked.bold = true
        if !selected { marked.color = .accent }
        let start = TerminalText.width(before)
        let end = start + TerminalText.width(matched)
        if !before.isEmpty { screen.put(row: row, column: column, before, style: style) }
        screen.put(row: row, column: column + start, matched, style: marked)
        screen.put(row: row, column: column + end, String(cut[match.upperBound...]), width: width - end, style: style)
    }
}
