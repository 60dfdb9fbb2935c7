import ListCore
import TerminalUI

/// The `:` prompt: the line being typed, the error it shows, the earlier commands ↑ and ↓ walk
/// through, and the completion Tab is in the middle of. A value; the update edits it.
package struct CommandPrompt: Sendable, Equatable {
    package internal(set) var field = TextField()
    /// Why the last line did not run; it stays until the line changes.
    package internal(set) var error: PromptError?
    package internal(set) var history = CommandHistory()
    /// While ↑ and ↓ walk the history: the entry shown, and the line typed before the walk.
    var walk: Walk?
    /// The candidates of the last Tab, while the line is still what it left.
    var completion: Completion?
    /// The names of the lists left (Esc) this run, the latest first, for Tab: at most
    /// ``namesKept`` of each kind.
    var leftNames = KnownNames()
    static let namesKept = 1_000
    /// A line that ran and waits for GitHub to say its account or repository exists.
    package internal(set) var checking: Checking?
    var nextCheck = 0

    /// A command waiting for its subject to be found.
    package struct Checking: Sendable, Equatable {
        package var id: RequestID
        package var command: GoCommand
        /// The line as typed, for the history once it runs.
        package var line: String
    }

    struct Walk: Sendable, Equatable {
        var index: Int
        var draft: String
    }

    /// Candidates for the word before the cursor. The first Tab fills in what they share and
    /// shows them; each Tab after it puts the next one in the line.
    package struct Completion: Sendable, Equatable {
        var candidates: [String]
        /// The candidate in the line; nil until the second Tab.
        var chosen: Int?
        /// The line before the word being completed, and after the cursor.
        var head: String
        var tail: String
    }

    package init() {}

    /// Keeps the names of `screen`, which leaves the stack, ahead of those kept before.
    mutating func remember(_ screen: Screen) {
        var names = KnownNames()
        names.note(screen, limit: Self.namesKept)
        leftNames = names.followed(by: leftNames, limit: Self.namesKept)
    }

    /// Opens the prompt with `text` typed in (empty for `:`).
    mutating func open(_ text: String = "") {
        field = TextField(text)
        error = nil
        walk = nil
        completion = nil
        checking = nil
    }

    /// An edit of the line: the error, the walk, the completion and a check under way end
    /// with it.
    mutating func edit(_ edit: TextField.Edit) {
        guard field.apply(edit) else { return }
        error = nil
        walk = nil
        completion = nil
        checking = nil
    }

    /// Waits for GitHub to say `command`'s subject exists; the request to make.
    mutating func check(_ command: GoCommand, line: String) -> RequestID {
        nextCheck += 1
        let id = RequestID(nextCheck)
        checking = Checking(id: id, command: command, line: line)
        error = nil
        return id
    }

    // MARK: - History

    /// ↑: the entry before the one shown (the last one first).
    mutating func older() {
        guard !history.entries.isEmpty else { return }
        let index = walk.map { max(0, $0.index - 1) } ?? history.entries.count - 1
        walk = Walk(index: index, draft: walk?.draft ?? field.text)
        show(history.entries[index])
    }

    /// ↓: the entry after the one shown; past the last, the line typed before the walk.
    mutating func newer() {
        guard let current = walk else { return }
        if current.index + 1 < history.entries.count {
            walk = Walk(index: current.index + 1, draft: current.draft)
            show(history.entries[current.index + 1])
        } else {
            walk = nil
            show(current.draft)
        }
    }

    private mutating func show(_ text: String) {
        field = TextField(text)
        error = nil
        completion = nil
        checking = nil
    }

    // MARK: - Completion

    /// Tab. `candidates` gives the words that may complete `word` (the one before the cursor),
    /// knowing the words before it.
    mutating func complete(_ candidates: (_ word: String, _ before: [String]) -> [String]) {
        if var current = completion, !current.candidates.isEmpty {
            let next = current.chosen.map { ($0 + 1) % current.candidates.count } ?? 0
            current.chosen = next
            completion = current
            put(current.candidates[next], current)
            return
        }
        let typed = String(field.beforeCursor)
        let tail = String(field.text.dropFirst(field.cursor))
        let start = typed.lastIndex(where: { $0.isWhitespace }).map { typed.index(after: $0) } ?? typed.startIndex
        let word = String(typed[start...])
        let before = typed[..<start].split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let found = candidates(word, before)
        let state = Completion(candidates: found, chosen: nil, head: String(typed[..<start]), tail: tail)
        switch found.count {
        case 0:
            error = word.isEmpty && before.isEmpty ? nil : .nothingToComplete(word: word)
        case 1:
            put(found[0] + (tail.hasPrefix(" ") ? "" : " "), state)
            completion = nil
        default:
            let shared = Self.sharedPrefix(found)
            if shared.count > word.count { put(shared, state) }
            completion = state
        }
    }

    /// The line with `word` in place of the one being completed, the cursor after it.
    private mutating func put(_ word: String, _ state: Completion) {
        let head = state.head + word
        field = TextField(head + state.tail, cursor: head.count)
        error = nil
        walk = nil
    }

    /// What every candidate starts with (compared without case, kept as the first one has it).
    static func sharedPrefix(_ words: [String]) -> String {
        guard var shared = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let other = Array(word.lowercased())
            var count = 0
            while count < shared.count, count < other.count, shared[count].lowercased() == String(other[count]) { count += 1 }
            shared = Array(shared.prefix(count))
        }
        return String(shared)
    }
}
