/// Lays text out in columns: word wrapping that keeps the text's own line breaks.
public enum TextLayout {
    /// `text` wrapped to `columns`, sanitized. Words move to the next line whole when they
    /// fit on one; a word longer than a line is broken across lines, so nothing is lost.
    public static func wrap(_ text: String, columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        let paragraphs = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for paragraph in paragraphs {
            let safe = TerminalText.sanitize(paragraph)
            if safe.allSatisfy({ $0 == " " }) {
                lines.append("")
                continue
            }
            var current = ""
            var currentWidth = 0
            for word in safe.split(separator: " ") {
                let wordWidth = TerminalText.width(word)
                if currentWidth > 0, currentWidth + 1 + wordWidth <= columns {
                    current += " " + word
                    currentWidth += 1 + wordWidth
                    continue
                }
                if currentWidth > 0 {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                // Break a word wider than a line into line-sized pieces.
                var rest = Substring(word)
                while TerminalText.width(rest) > columns {
                    let piece = TerminalText.truncateExact(String(rest), to: columns)
                    guard !piece.isEmpty else { break }
                    lines.append(piece)
                    rest = rest.dropFirst(piece.count)
                }
                current = String(rest)
                currentWidth = TerminalText.width(rest)
            }
            lines.append(current)
        }
        // Trailing blank lines carry nothing.
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
