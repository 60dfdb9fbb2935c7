/// The one-line bars at the top and bottom of the screen.
public enum Bar {
    /// A full-width reverse-video bar: `left`, and `right` against the right edge when both fit
    /// (the right side gives way when space is short). Both are sanitized here.
    public static func draw(left: String, right: String, row: Int, on screen: some Screen, columns: Int) {
        let leftText = TerminalText.sanitize(left)
        let rightText = right.isEmpty ? "" : TerminalText.sanitize(right) + " "
        let rightWidth = TerminalText.width(rightText)
        if TerminalText.width(leftText) + rightWidth + 1 <= columns {
            screen.put(row: row, column: 0, leftText, width: columns - rightWidth, style: .bar)
            screen.put(row: row, column: columns - rightWidth, rightText, style: .bar)
        } else {
            screen.put(row: row, column: 0, leftText, width: columns, style: .bar)
        }
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

    /// A one-line text field: `prompt`, the text typed so far and a block cursor after it. The
    /// text scrolls so its end (where the cursor is) stays visible.
    public static func field(prompt: String, text: String, right: String = "", row: Int, on screen: some Screen,
                             columns: Int) {
        let safe = TerminalText.sanitize(text)
        let rightText = right.isEmpty ? "" : TerminalText.sanitize(right) + " "
        let room = max(0, columns - TerminalText.width(prompt) - TerminalText.width(rightText) - 1)
        var shown = safe
        while TerminalText.width(shown) > room, !shown.isEmpty { shown.removeFirst() }
        let body = prompt + shown
        let bodyWidth = TerminalText.width(body)
        screen.put(row: row, column: 0, body, width: columns, style: .plain)
        screen.put(row: row, column: min(bodyWidth, max(0, columns - 1)), " ", style: .selected)
        if !rightText.isEmpty, bodyWidth + 2 + TerminalText.width(rightText) <= columns {
            screen.put(row: row, column: columns - TerminalText.width(rightText), rightText, style: Style(color: .muted))
        }
    }
}
