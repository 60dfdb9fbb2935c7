/// A line of text being typed and where the cursor is in it, with the edits a shell's line
/// editor makes: characters in at the cursor, a character, a word or everything before it out,
/// the cursor a character at a time or to either end. A value; drawn by ``Bar/field``.
public struct TextField: Sendable, Equatable {
    public private(set) var text: String
    /// The cursor, in characters from the start (0 ... text.count).
    public private(set) var cursor: Int

    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(0, cursor ?? text.count), text.count)
    }

    /// An edit the field knows.
    public enum Edit: Sendable, Equatable {
        case insert(String)
        case deleteBackward
        case deleteForward
        /// The word before the cursor, and the blanks after it (Ctrl-w).
        case deleteWordBackward
        /// Everything before the cursor (Ctrl-u).
        case deleteToStart
        case left, right, start, end
    }

    /// Applies `edit`; false when it changed nothing (the cursor already at that end, nothing to
    /// delete).
    @discardableResult
    public mutating func apply(_ edit: Edit) -> Bool {
        let before = self
        switch edit {
        case .insert(let typed):
            // One line: line breaks and tabs in a paste become spaces.
            let clean = String(typed.map { $0.isNewline || $0 == "\t" ? " " : $0 })
            // Counted in the text it joins: a mark or a joiner typed after a letter (e and U+0301,
            // ❤ and U+FE0F) makes one character with it, not two.
            let head = String(text[..<index(cursor)]) + clean
            text = head + text[index(cursor)...]
            cursor = min(head.count, text.count)
        case .deleteBackward:
            guard cursor > 0 else { break }
            text.remove(at: index(cursor - 1))
            cursor -= 1
        case .deleteForward:
            guard cursor < text.count else { break }
            text.remove(at: index(cursor))
        case .deleteWordBackward:
            let characters = Array(text)
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            text.removeSubrange(index(start)..<index(cursor))
            cursor = start
        case .deleteToStart:
            text.removeSubrange(text.startIndex..<index(cursor))
            cursor = 0
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .start: cursor = 0
        case .end: cursor = text.count
        }
        return self != before
    }

    /// The index `offset` characters in, never past the end.
    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: max(0, offset), limitedBy: text.endIndex) ?? text.endIndex
    }

    /// The text before the cursor.
    public var beforeCursor: Substring { text[..<index(cursor)] }
}
