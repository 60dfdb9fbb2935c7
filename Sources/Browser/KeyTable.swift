import TerminalUI

/// What a key asks the browser to do.
public enum Action: String, Sendable, Hashable, CaseIterable {
    case lineDown, lineUp, pageDown, pageUp, halfPageDown, halfPageUp, first, last
    case details, back, followers, following, filter, refresh, retry, open, copy, layout, help, suspend, quit
    case keepFilter, clearFilter, deleteCharacter, closeHelp
}

extension Action {
    /// How a configuration file names the action: `line-down`, `details`, `half-page-up`.
    public var configName: String {
        rawValue.reduce(into: "") { name, character in
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
    }

    /// The actions a configuration file may bind: those of the list and the details pane.
    public static var configurable: [Action] {
        KeyTable.defaultBindings.filter { !$0.modes.isDisjoint(with: [.list, .details]) }.map(\.action)
            .reduce(into: []) { list, action in if !list.contains(action) { list.append(action) } }
    }
}

/// What has the keyboard: the list, the list with the details pane, the filter line or the help.
public enum Mode: String, Sendable, Hashable, CaseIterable {
    case list, details, filter, help

    /// The case's place in `allCases`.
    var ordinal: Int {
        switch self {
        case .list: 0
        case .details: 1
        case .filter: 2
        case .help: 3
        }
    }

    // By case, not by the raw string (what RawRepresentable's defaults do): the key table asks
    // which modes a binding works in on every key and every frame.
    public static func == (lhs: Mode, rhs: Mode) -> Bool { lhs.ordinal == rhs.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// How help and the README name the mode.
    public var title: String {
        switch self {
        case .list: "In a list"
        case .details: "With the details pane open"
        case .filter: "Typing a filter"
        case .help: "In this help"
        }
    }
}

/// One binding: the action, its keys, what help says of it and where it works.
public struct KeyBinding: Sendable, Equatable {
    public var action: Action
    public var keys: [Key]
    /// The help line.
    public var help: String
    /// A word or two for the status line's hints; nil keeps it out of them.
    public var hint: String?
    public var modes: Set<Mode>
    /// Shown in the list mode only when there is something to go back from.
    public var needsSomethingToLeave = false

    public init(_ action: Action, _ keys: [Key], _ help: String, hint: String? = nil, modes: Set<Mode>,
                needsSomethingToLeave: Bool = false) {
        self.action = action
        self.keys = keys
        self.help = help
        self.hint = hint
        self.modes = modes
        self.needsSomethingToLeave = needsSomethingToLeave
    }

    /// "j ↓".
    public var keyLabel: String { keys.map(\.label).joined(separator: " ") }
}

/// The one key table: bindings as data. The key lookup, the help overlay, the status-line hints,
/// `--help` and the README's key list all come from it.
public struct KeyTable: Sendable, Equatable {
    public var bindings: [KeyBinding] {
        didSet {
            hints = Hints(bindings)
            actions = Actions(bindings)
        }
    }
    private var actions: Actions
    /// The status line's hints, worked out once per table rather than on every frame.
    private var hints: Hints

    private struct Hints: Sendable, Equatable {
        /// One mode's hints, in table order, and as the status line orders them: the others,
        /// then the help key's (which stays when the others give way), with the whole line
        /// and its width, the line most frames draw.
        struct Line: Sendable, Equatable {
            var all: [String]
            var others: [String]
            var help: String?
            var text: String
            var width: Int
        }

        /// At `ordinal * 2` with nothing to leave, at `ordinal * 2 + 1` with.
        var lines: [Line] = []

        init(_ bindings: [KeyBinding]) {
            let helpKey = bindings.first { $0.action == .help }.flatMap { binding in
                binding.keys.first.map { $0.label + " " + (binding.hint ?? "help") }
            }
            lines = Mode.allCases.flatMap { mode in
                [false, true].map { canLeave in
                    let all = KeyTable.bindings(bindings, for: mode, canLeave: canLeave).compactMap { binding -> String? in
                        guard let key = binding.keys.first, let hint = binding.hint else { return nil }
                        return key.label + " " + hint
                    }
                    let others = all.filter { $0 != helpKey }
                    let help = all.contains { $0 == helpKey } ? helpKey : nil
                    let text = (others + (help.map { [$0] } ?? [])).joined(separator: "  ")
                    return Line(all: all, others: others, help: help, text: text, width: TerminalText.width(text))
                }
            }
        }

        subscript(mode: Mode, canLeave: Bool) -> Line { lines[mode.ordinal * 2 + (canLeave ? 1 : 0)] }
    }

    /// Each mode's keys and the action each asks for (the first binding of a key wins): a key
    /// press is one look-up, not a walk through the table. A typed ASCII character, the common
    /// case, is found by its code (hashing a `Character` costs more than the rest of the look-up).
    private struct Actions: Sendable, Equatable {
        /// By `mode.ordinal * 128 + code`.
        var ascii: [Action?]
        /// By `mode.ordinal`: every other key.
        var others: [[Key: Action]]

        init(_ bindings: [KeyBinding]) {
            ascii = Array(repeating: nil, count: Mode.allCases.count * 128)
            others = Array(repeating: [:], count: Mode.allCases.count)
            for binding in bindings {
                for mode in binding.modes {
                    for key in binding.keys {
                        if let code = Self.code(key) {
                            let index = mode.ordinal * 128 + code
                            if ascii[index] == nil { ascii[index] = binding.action }
                        } else if others[mode.ordinal][key] == nil {
                            others[mode.ordinal][key] = binding.action
                        }
                    }
                }
            }
        }

        static func code(_ key: Key) -> Int? {
            guard case .character(let character) = key, let code = character.asciiValue else { return nil }
            return Int(code)
        }

        subscript(key: Key, mode: Mode) -> Action? {
            if let code = Self.code(key) { return ascii[mode.ordinal * 128 + code] }
            return others[mode.ordinal][key]
        }
    }

    public init(bindings: [KeyBinding] = KeyTable.defaultBindings) {
        self.bindings = bindings
        hints = Hints(bindings)
        actions = Actions(bindings)
    }

    /// The action `key` asks for in `mode`.
    public func action(for key: Key, in mode: Mode) -> Action? {
        actions[key, mode]
    }

    /// The bindings that do something in `mode`, in table order. `canLeave` says whether there
    /// is a filter to clear or a list to go back from.
    public func bindings(for mode: Mode, canLeave: Bool = true) -> [KeyBinding] {
        Self.bindings(bindings, for: mode, canLeave: canLeave)
    }

    private static func bindings(_ all: [KeyBinding], for mode: Mode, canLeave: Bool) -> [KeyBinding] {
        all.filter { $0.modes.contains(mode) && (canLeave || !$0.needsSomethingToLeave || mode != .list) }
    }

    /// The label of the first key that does `action` in `mode` ("R"); nil when none does.
    public func label(_ action: Action, in mode: Mode) -> String? {
        bindings.first { $0.action == action && $0.modes.contains(mode) }?.keys.first?.label
    }

    /// The keys widgets name in their own text.
    public var widgetKeys: WidgetKeys {
        WidgetKeys(retry: label(.retry, in: .list), refresh: label(.refresh, in: .list), pull: label(.lineUp, in: .list))
    }

    /// The help overlay's last line: "Esc or ? closes this help · q quits".
    public var helpFooter: String {
        let close = bindings(for: .help).first { $0.action == .closeHelp }?.keys.map(\.label)
        let parts = [close.map { $0.joined(separator: " or ") + " closes this help" },
                     label(.quit, in: .help).map { "\($0) quits" }]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// The help overlay's lines for `mode`.
    public func helpEntries(for mode: Mode, canLeave: Bool = true) -> [HelpOverlay.Entry] {
        bindings(for: mode, canLeave: canLeave).map { HelpOverlay.Entry(keys: $0.keyLabel, text: $0.help) }
    }

    /// The status line's hints for `mode`, most useful first: "Enter details", "/ filter", "? help".
    public func hints(for mode: Mode, canLeave: Bool = true) -> [String] {
        hints[mode, canLeave].all
    }

    /// The hints that fit in `width` columns, joined: the first ones, and the help key always
    /// when it fits at all.
    public func hints(for mode: Mode, canLeave: Bool = true, width: Int) -> String {
        let line = hints[mode, canLeave]
        if line.width <= width { return line.text }
        var kept = line.others
        let tail = line.help.map { [$0] } ?? []
        // Each hint and two spaces between: drop from the end of the others until they fit.
        let widths = kept.map { TerminalText.width($0) }
        let tailWidth = line.help.map { TerminalText.width($0) }
        var used = line.width
        while !kept.isEmpty, used > width {
            used -= widths[kept.count - 1] + 2
            kept.removeLast()
        }
        if kept.isEmpty { used = tailWidth ?? 0 }
        return used <= width ? (kept + tail).joined(separator: "  ") : ""
    }

    /// The bindings grouped by the modes they work in, in table order, each group with a title:
    /// how `--help` and the README list them (the help overlay shows one mode at a time).
    public func sections() -> [(title: String, bindings: [KeyBinding])] {
        var groups: [(modes: Set<Mode>, bindings: [KeyBinding])] = []
        for binding in bindings {
            if let index = groups.firstIndex(where: { $0.modes == binding.modes }) {
                groups[index].bindings.append(binding)
            } else {
                groups.append((binding.modes, [binding]))
            }
        }
        return groups.map { (Self.title(for: $0.modes), $0.bindings) }
    }

    static func title(for modes: Set<Mode>) -> String {
        switch modes {
        case [.list, .details]: "In a list (with or without the details pane)"
        case [.list]: "In a list, the details pane closed"
        case [.details]: "With the details pane open"
        case [.filter]: "Typing a filter (after /)"
        case [.help]: "In the help (after ?)"
        default: Mode.allCases.filter(modes.contains).map(\.title).joined(separator: "; ")
        }
    }

    /// The key list as Markdown, a table a section (for the README and the man page).
    public func markdown() -> String {
        sections().map { section in
            let rows = section.bindings.map { binding in
                let keys = binding.keys.map { "`\($0.label)`" }.joined(separator: " ")
                return "| \(keys) | \(binding.help) |"
            }
            return (["\(section.title):", "", "| keys | action |", "|---|---|"] + rows).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The key list as plain text, for `--help`.
    public func plainText() -> String {
        let width = bindings.map { $0.keyLabel.count }.max() ?? 0
        return sections().map { section in
            let lines = section.bindings.map {
                "  " + $0.keyLabel.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help
            }
            return ([section.title + ":"] + lines).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    // MARK: - Changing it

    /// Two actions that share a key in a mode.
    public struct Conflict: Error, Equatable, CustomStringConvertible {
        public var key: Key
        public var mode: Mode
        public var actions: [Action]
        public var description: String {
            "\(key.label) would both \(actions.map(\.configName).joined(separator: " and ")) (\(mode.title.lowercased()))"
        }
    }

    /// The table with `action` on `keys` instead of its own keys wherever it works in the list
    /// or the details pane. Fails when that gives a key two actions in one mode.
    public func binding(_ action: Action, to keys: [Key]) throws -> KeyTable {
        var table = self
        for index in table.bindings.indices where table.bindings[index].action == action
            && !table.bindings[index].modes.isDisjoint(with: [.list, .details]) {
            table.bindings[index].keys = keys
        }
        if let conflict = table.conflicts().first { throw conflict }
        return table
    }

    /// Keys bound to two actions in one mode.
    public func conflicts() -> [Conflict] {
        var found: [Conflict] = []
        for mode in Mode.allCases {
            var seen: [Key: Action] = [:]
            for binding in bindings where binding.modes.contains(mode) {
                for key in binding.keys {
                    if let other = seen[key], other != binding.action {
                        found.append(Conflict(key: key, mode: mode, actions: [other, binding.action]))
                    }
                    seen[key] = binding.action
                }
            }
        }
        return found
    }

    // MARK: - The defaults

    private static let moving: Set<Mode> = [.list, .details]

    public static let defaultBindings: [KeyBinding] = [
        KeyBinding(.lineDown, [.character("j"), .down, .wheelDown], "down one row", modes: moving),
        KeyBinding(.lineUp, [.character("k"), .up, .wheelUp], "up one row (on the first row: pull to refresh)", modes: moving),
        KeyBinding(.pageDown, [.character(" "), .character("f"), .pageDown], "down a page", modes: moving),
        KeyBinding(.pageUp, [.character("b"), .pageUp], "up a page", modes: moving),
        KeyBinding(.halfPageDown, [.control("d")], "half a page down", modes: moving),
        KeyBinding(.halfPageUp, [.control("u")], "half a page up", modes: moving),
        KeyBinding(.first, [.character("g"), .home], "first row", modes: moving),
        KeyBinding(.last, [.character("G"), .end], "last loaded row (loads more)", modes: moving),
        KeyBinding(.details, [.enter, .character("l"), .right], "show the user's details", hint: "details", modes: [.list]),
        KeyBinding(.followers, [.character("1")], "open their followers (an organization's members)", hint: "followers",
                   modes: [.details]),
        KeyBinding(.following, [.character("2")], "open the users they follow", hint: "following", modes: [.details]),
        KeyBinding(.back, [.escape, .character("h"), .left, .backspace],
                   "back: close the pane, clear the filter, or leave the list", hint: "back",
                   modes: moving, needsSomethingToLeave: true),
        KeyBinding(.filter, [.character("/")], "filter the loaded rows by login", hint: "filter", modes: moving),
        KeyBinding(.open, [.character("o")], "open the profile in the browser", modes: moving),
        KeyBinding(.copy, [.character("y")], "copy the profile URL (OSC 52)", modes: moving),
        KeyBinding(.layout, [.character("v")], "one line or two lines a user", modes: moving),
        KeyBinding(.refresh, [.character("r"), .control("r")], "refresh the list", modes: moving),
        KeyBinding(.retry, [.character("R")], "retry what failed", modes: moving),
        KeyBinding(.help, [.character("?")], "the keys of this mode", hint: "help", modes: moving),
        KeyBinding(.suspend, [.control("z")], "suspend to the shell (fg comes back)", modes: moving),
        KeyBinding(.quit, [.character("q"), .control("c")], "quit", hint: "quit", modes: moving),
        KeyBinding(.keepFilter, [.enter], "keep the filter and go back to the list", hint: "keep", modes: [.filter]),
        KeyBinding(.clearFilter, [.escape], "clear the filter", hint: "clear", modes: [.filter]),
        KeyBinding(.deleteCharacter, [.backspace], "delete the last character", modes: [.filter]),
        KeyBinding(.lineDown, [.down], "down one row", modes: [.filter]),
        KeyBinding(.lineUp, [.up], "up one row", modes: [.filter]),
        KeyBinding(.suspend, [.control("z")], "suspend to the shell (fg comes back)", modes: [.filter]),
        KeyBinding(.quit, [.control("c")], "quit", modes: [.filter]),
        KeyBinding(.closeHelp, [.escape, .character("?")], "close this help (so does any other key)", hint: "close",
                   modes: [.help]),
        KeyBinding(.quit, [.character("q"), .control("c")], "quit", hint: "quit", modes: [.help]),
    ]
}
