/// The one-line bars at the top and bottom of the screen.
public enum Bar {
    /// A full-width reverse-video bar: `left`, and `right` against the right edge when both fit
    /// (the right side gives way when space is short). Both are sanitized here. On the screen's
    /// last row (`bottom`) the text stays out of the last cell, which a terminal cannot take
    /// without scrolling and the screen never writes: a cut left side still ends in "…".
    public static func draw(left: String, right: String, row: Int, on screen: some Screen, columns: Int,
                            bottom: Bool = false) {
        let leftText = TerminalText.sanitize(left)
        // The right side keeps a blank cell from the edge: its own, or the one left unwritten.
        let rightText = right.isEmpty ? "" : TerminalText.sanitize(right) + (bottom ? "" : " ")
        let rightWidth = TerminalText.width(rightText)
        let room = bottom ? max(1, columns - 1) : columns
        if TerminalText.width(leftText) + rightWidth + 1 <= room {
            screen.put(row: row, column: 0, leftText, width: room - rightWidth, style: .bar)
            screen.put(row: row, column: room - rightWidth, rightText, style: .bar)
        } else {
            screen.put(row: row, column: 0, leftText, width: room, style: .bar)
        }
        if room < columns { screen.fill(row: row, column: room, count: columns - room, style: .bar) }
    }

    /// The title: a path of crumbs ("All users › octocat › followers") after `prefix`. When the
    /// path is too long the leading crumbs give way to "…", so the current list stays readable.
    public static func title(prefix: String, crumbs: [String], suffix: String = "", right: String, row: Int = 0,
                             on screen: some Screen, columns: Int) {
        let separator = " › "
        let safeCrumbs = crumbs.map { TerminalText.sanitize($0) }
        let rightWidth = right.isEmpty ? 0 : TerminalText.width(TerminalText.sanitize(right)) + 2
        let room = columns - rightWidth - 1
        var dropped = 0
        var text = prefix + safeCrumbs.joined(separator: separator) + suffix
        while TerminalText.width(text) > room, dropped < safeCrumbs.count - 1 {
            dropped += 1
            text = prefix + (["…"] + safeCrumbs.dropFirst(dropped)).joined(separator: separator) + suffix
        }
        draw(left: text, right: right, row: row, on: screen, columns: columns)
    }

    /// The fewest columns a field's right text is cut to before it goes.
    static let leastRight = 12

    /// A one-line text field on the screen's last row: `prompt`, the text typed so far, and the
    /// terminal's cursor where typing goes on. The text scrolls so the cursor stays in view;
    /// `right` (a count, a hint) shows at the right edge while there is room for it, cut short
    /// when it is long.
    public static func field(prompt: String, field: TextField, right: String = "", row: Int, on screen: some Screen,
                             columns: Int) {
        var rightText = right.isEmpty ? "" : TerminalText.sanitize(right) + " "
        var rightWidth = TerminalText.width(rightText)
        let promptWidth = TerminalText.width(prompt)
        // A right text too long for the room the text leaves is cut to it (its start is what
        // matters: the count, then why), not dropped, while that room is worth a few words.
        let spare = columns - promptWidth - TerminalText.width(TerminalText.sanitize(field.text)) - 3
        if rightWidth > spare, spare >= Self.leastRight {
            rightText = TerminalText.truncate(String(rightText.dropLast()), to: spare - 1) + " "
            rightWidth = TerminalText.width(rightText)
        }
        let withRight = columns - promptWidth - rightWidth - 1
        // Room for the text and the cursor after it: beside the right text when both fit, else
        // the whole line but its last cell (the field sits on the bottom row, whose last cell
        // the screen never writes).
        let showsRight = !rightText.isEmpty && TerminalText.width(TerminalText.sanitize(field.text)) < withRight
        let room = max(1, showsRight ? withRight : columns - promptWidth - 1)
        // The characters before the cursor, as few dropped from the start as keeps it in view.
        var before = TerminalText.sanitize(field.beforeCursor)
        var dropped = 0
        while TerminalText.width(before) >= room, !before.isEmpty {
            before.removeFirst()
            dropped += 1
        }
        let after = TerminalText.sanitize(field.text.dropFirst(field.cursor))
        let shown = TerminalText.truncateExact(before + after, to: room)
        screen.put(row: row, column: 0, prompt + shown, width: columns, style: .plain)
        if showsRight {
            screen.put(row: row, column: columns - rightWidth, rightText, style: Style(color: .muted))
        }
        screen.placeCursor((row: row, column: min(columns - 1, promptWidth + TerminalText.width(before))))
    }
}
