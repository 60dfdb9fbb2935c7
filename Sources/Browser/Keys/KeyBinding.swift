import TerminalUI

/// What a key asks the browser to do. (No raw strings: an action hashes by its case, and the
/// key table looks labels up by action on every frame; ``configName`` names it.)
package enum Action: Sendable, Hashable, CaseIterable {
    case lineDown, lineUp, scrollDown, scrollUp, pageDown, pageUp, halfPageDown, halfPageUp, first, last
    case details, profile, back, followers, following, repositories, starred, organizations, filter, command, search, sort, refresh, retry, open, copy
    case layout, help, suspend, quit, count, click, follow, star, yes, no
    case keepFilter, clearFilter, deleteCharacter, deleteForward, deleteWord, deleteToStart
    case cursorLeft, cursorRight, lineStart, lineEnd, closeHelp
    case runCommand, cancelCommand, complete, olderCommand, newerCommand
}

extension Action {
    /// How a configuration file names the action: `line-down`, `details`, `half-page-up`.
    package var configName: String {
        String(describing: self).reduce(into: "") { name, character in
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
    }

    /// The actions a configuration file may bind: those of the list and the details pane but
    /// the digits of a count and the click, whose keys are fixed.
    package static var configurable: [Action] {
        KeyTable.defaultBindings.filter { !$0.modes.isDisjoint(with: [.list, .details]) && ![.count, .click].contains($0.action) }
            .map(\.action)
            .reduce(into: []) { list, action in if !list.contains(action) { list.append(action) } }
    }
}

/// What has the keyboard: the list, the list with the details pane, the filter line, the `:`
/// prompt, the help, or a question before a follow or a star.
package enum Mode: Sendable, Hashable, CaseIterable {
    case list, details, filter, command, help, question

    /// The case's place in `allCases`.
    var ordinal: Int {
        switch self {
        case .list: 0
        case .details: 1
        case .filter: 2
        case .command: 3
        case .help: 4
        case .question: 5
        }
    }

    // By case, not by the raw string (what RawRepresentable's defaults do): the key table asks
    // which modes a binding works in on every key and every frame.
    package static func == (lhs: Mode, rhs: Mode) -> Bool { lhs.ordinal == rhs.ordinal }
    package func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// How help and the README name the mode.
    package var title: String {
        switch self {
        case .list: "In a list"
        case .details: "With the details pane open"
        case .filter: "Typing a filter"
        case .command: "Typing a command"
        case .help: "In this help"
        case .question: "Asked before a follow or a star"
        }
    }
}

/// One binding: the action, its keys, what help says of it and where it works.
package struct KeyBinding: Sendable, Equatable {
    package var action: Action
    package var keys: [Key]
    /// The help line.
    package var help: String
    /// A word or two for the status line's hints; nil keeps it out of them.
    var hint: String?
    var modes: Set<Mode>
    /// Shown in the list mode only when there is something to go back from.
    var needsSomethingToLeave = false
    /// How the help names a run of keys in one word ("0–9"), while the binding has all of
    /// them; nil names each key.
    package var range: (first: Key, last: Key)?
    /// The keys the run stands for.
    private var rangeKeys: [Key] = []

    package init(_ action: Action, _ keys: [Key], _ help: String, hint: String? = nil, modes: Set<Mode>,
                needsSomethingToLeave: Bool = false, range: (first: Key, last: Key)? = nil) {
        self.action = action
        self.keys = keys
        self.help = help
        self.hint = hint
        self.modes = modes
        self.needsSomethingToLeave = needsSomethingToLeave
        self.range = range
        if range != nil { rangeKeys = keys }
    }

    package static func == (lhs: KeyBinding, rhs: KeyBinding) -> Bool {
        lhs.action == rhs.action && lhs.keys == rhs.keys && lhs.help == rhs.help && lhs.hint == rhs.hint
            && lhs.modes == rhs.modes && lhs.needsSomethingToLeave == rhs.needsSomethingToLeave
            && lhs.range?.first == rhs.range?.first && lhs.range?.last == rhs.range?.last
    }

    /// The labels of its keys, a run as one ("0–9").
    var keyLabels: [String] {
        guard let range, keys == rangeKeys else { return keys.map(\.label) }
        return [range.first.label + "–" + range.last.label]
    }

    /// "j ↓".
    package var keyLabel: String { keyLabels.joined(separator: " ") }
}
