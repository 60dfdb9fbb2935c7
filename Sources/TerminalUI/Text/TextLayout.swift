/// Lays text out in columns: word wrapping that keeps the text's own line breaks.
public enum TextLayout {
    /// `text` wrapped to `columns`, sanitized. Words move to the next line whole when they
    /// fit on one; a part of a line set apart by ` · ` ("14 public · 36 gists") that does not
    /// fit on the line starts the next when it fits there whole, the line break standing for
    /// the dot; a word longer than a line is broken across
    /// lines, after a `/`, `.`, `-` or the like where there is one (an address), so nothing is
    /// lost.
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
            var line = Line(columns: columns)
            for (index, part) in safe.components(separatedBy: " · ").enumerated() {
                let words = part.split(separator: " ")
                if index > 0, line.width > 0, let first = words.first {
                    let partWidth = words.reduce(-1) { $0 + 1 + TerminalText.width($1) }
                    // A part that does not fit here starts the next line when it fits there
                    // whole, or when not even its first word fits here; else it flows on after the dot.
                    let fits = line.width + 3 + partWidth <= columns
                    if !fits, partWidth <= columns || line.width + 3 + TerminalText.width(first) > columns {
                        line.end(into: &lines)
                    } else {
                        line.add("·", into: &lines)
                    }
                }
                for word in words { line.add(word, into: &lines) }
            }
            line.end(into: &lines)
        }
        // Trailing blank lines carry nothing.
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The line being filled.
    private struct Line {
        let columns: Int
        var text = ""
        var width = 0

        init(columns: Int) { self.columns = columns }

        /// Adds `word` after a blank, or on a new line when it does not fit on this one.
        mutating func add(_ word: Substring, into lines: inout [String]) {
            let wordWidth = TerminalText.width(word)
            if width > 0, width + 1 + wordWidth <= columns {
                text += " " + word
                width += 1 + wordWidth
                return
            }
            if width > 0 { end(into: &lines) }
            // A word wider than a line, in line-sized pieces.
            var rest = Substring(word)
            while TerminalText.width(rest) > columns {
                let piece = TextLayout.piece(of: rest, columns: columns)
                guard !piece.isEmpty else { break }
                lines.append(String(piece))
                rest = rest.dropFirst(piece.count)
            }
            (text, width) = (String(rest), TerminalText.width(rest))
        }

        /// Ends the line (an empty one too: a paragraph of its own).
        mutating func end(into lines: inout [String]) {
            lines.append(text)
            (text, width) = ("", 0)
        }
    }

    /// The start of `word` that fills a line of `columns`: up to the last `/`, `.`, `-`, `_`,
    /// `?`, `&`, `=`, `#` or `:` in it when that leaves at least a third of the line filled,
    /// else as much as fits.
    static func piece(of word: Substring, columns: Int) -> Substring {
        let whole = Substring(TerminalText.truncateExact(String(word), to: columns))
        guard whole.count < word.count,
              let cut = whole.lastIndex(where: { "/.-_?&=#:".contains($0) }) else { return whole }
        let piece = whole[...cut]
        return TerminalText.width(piece) * 3 >= columns ? piece : whole
    }
}
