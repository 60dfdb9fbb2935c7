import Synchronization
import TerminalUI

/// The one key table: bindings as data. The key lookup, the help overlay, the status-line hints,
/// `--help` and the README's key list all come from it.
package struct KeyTable: Sendable, Equatable {
    package var bindings: [KeyBinding] {
        didSet {
            hints = HintCache(bindings)
            actions = Actions(bindings)
            labels = Self.labels(bindings)
            widgetKeys = Self.widgetKeys(labels)
        }
    }
    private var actions: Actions
    /// By `mode.ordinal`: the label of the first key of each action (what ``label(_:in:)``
    /// answers on every frame).
    private var labels: [[Action: String]]
    /// The keys widgets name in their own text (every frame asks).
    private(set) var widgetKeys: WidgetKeys
    /// The status line's hints, worked out once per kind on first use rather than on every frame:
    /// by what the pane is on (``PaneSubject``: how it names the keys that lead on), the kind of
    /// screen (``ScreenKind``: what it refuses), what Enter does and what the token may not do.
    /// (Kept apart from the value: derived from the bindings, and not worked out for the many
    /// kinds a run never shows.)
    private var hints: HintCache
    private struct HintsKind: Hashable, Sendable {
        var subject: PaneSubject
        var kind: ScreenKind
        var enter: EnterHint
        /// `F` or `*` when the token may not use them.
        var unable: Unable
        /// `F` or `*` when they would undo a follow or a star.
        var undo: Undo
    }

    /// The writes `F` and `*` would undo on what is selected, whose hints say so ("unfollow",
    /// "unstar").
    package struct Undo: OptionSet, Hashable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let unfollow = Undo(rawValue: 1)
        package static let unstar = Undo(rawValue: 2)
    }

    /// The writes a token may not do, whose keys the hints leave out (a byte: it is hashed on
    /// every frame).
    package struct Unable: OptionSet, Hashable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let follow = Unable(rawValue: 1)
        package static let star = Unable(rawValue: 2)
    }

    /// What Enter does on the selected row, for the status line's hint: show its details, open
    /// the list an "All … →" row leads to, retry a slice that failed, or nothing (a heading, a
    /// loading row, no match); `noRows`: the list has no rows at all, so nothing to filter
    /// either.
    package enum EnterHint: Hashable, Sendable, CaseIterable {
        case details, open, retry, nothing, noRows
    }
    /// The hints of each kind asked for, worked out at the first ask.
    private final class HintCache: Sendable {
        /// The table's bindings, which every kind of hints is made from.
        let bindings: [KeyBinding]
        private let made = Mutex<[HintsKind: Hints]>([:])

        init(_ bindings: [KeyBinding]) { self.bindings = bindings }

        subscript(kind: HintsKind) -> Hints {
            made.withLock { made in
                if let hints = made[kind] { return hints }
                let hints = Self.make(kind, bindings)
                made[kind] = hints
                return hints
            }
        }

        private static func make(_ kind: HintsKind, _ bindings: [KeyBinding]) -> Hints {
            var renamed = kind.subject.names
            var left = kind.kind.refused.union(kind.subject.notActedOn)
            if kind.unable.contains(.follow) { left.insert(.follow) }
            if kind.unable.contains(.star) { left.insert(.star) }
            if kind.undo.contains(.unfollow) { renamed[.follow] = "unfollow" }
            if kind.undo.contains(.unstar) { renamed[.star] = "unstar" }
            switch kind.enter {
            case .details: break
            case .open: renamed[.details] = "open"
            case .retry: renamed[.details] = "retry"
            case .nothing: left.insert(.details)
            case .noRows: left.formUnion([.details, .filter, .follow, .star])
            }
            return Hints(bindings, renaming: renamed, leaving: left)
        }
    }

    private struct Hints: Sendable, Equatable {
        /// At `ordinal * 2` with nothing to leave, at `ordinal * 2 + 1` with.
        var lines: [HintLine] = []

        init(_ bindings: [KeyBinding], renaming names: [Action: String] = [:], leaving left: Set<Action> = []) {
            let helpKey = bindings.first { $0.action == .help }.flatMap { binding in
                binding.keys.first.map { $0.label + " " + (binding.hint ?? "help") }
            }
            lines = Mode.allCases.flatMap { mode in
                [false, true].map { canLeave in
                    let all = KeyTable.bindings(bindings, for: mode, canLeave: canLeave).compactMap { binding -> String? in
                        guard let key = binding.keys.first, let hint = binding.hint, !left.contains(binding.action)
                        else { return nil }
                        return key.label + " " + (names[binding.action] ?? hint)
                    }
                    return HintLine(all, keeping: helpKey)
                }
            }
        }

        subscript(mode: Mode, canLeave: Bool) -> HintLine { lines[mode.ordinal * 2 + (canLeave ? 1 : 0)] }
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

    /// Two tables are the same when their bindings are: all the rest is made from them.
    package static func == (lhs: KeyTable, rhs: KeyTable) -> Bool { lhs.bindings == rhs.bindings }

    package init(bindings: [KeyBinding] = KeyTable.defaultBindings) {
        self.bindings = bindings
        hints = HintCache(bindings)
        actions = Actions(bindings)
        labels = Self.labels(bindings)
        widgetKeys = Self.widgetKeys(labels)
    }

    private static func labels(_ bindings: [KeyBinding]) -> [[Action: String]] {
        Mode.allCases.map { mode in
            var labels: [Action: String] = [:]
            for binding in bindings where binding.modes.contains(mode) && labels[binding.action] == nil {
                if let key = binding.keys.first { labels[binding.action] = key.label }
            }
            return labels
        }
    }

    /// The action `key` asks for in `mode`.
    package func action(for key: Key, in mode: Mode) -> Action? {
        actions[key, mode]
    }

    /// The bindings that do something in `mode`, in table order. `canLeave` says whether there
    /// is a filter to clear or a list to go back from.
    package func bindings(for mode: Mode, canLeave: Bool = true) -> [KeyBinding] {
        Self.bindings(bindings, for: mode, canLeave: canLeave)
    }

    private static func bindings(_ all: [KeyBinding], for mode: Mode, canLeave: Bool) -> [KeyBinding] {
        all.filter { $0.modes.contains(mode) && (canLeave || !$0.needsSomethingToLeave || mode != .list) }
    }

    /// The label of the first key that does `action` in `mode` ("R"); nil when none does.
    package func label(_ action: Action, in mode: Mode) -> String? {
        labels[mode.ordinal][action]
    }

    private static func widgetKeys(_ labels: [[Action: String]]) -> WidgetKeys {
        let list = labels[Mode.list.ordinal]
        return WidgetKeys(retry: list[.retry], refresh: list[.refresh], pull: list[.lineUp])
    }

    /// The help overlay's last line: "Esc or ? closes this help · q quits".
    var helpFooter: String {
        let close = bindings(for: .help).first { $0.action == .closeHelp }?.keys.map(\.label)
        let parts = [close.map { $0.joined(separator: " or ") + " closes this help" },
                     label(.quit, in: .help).map { "\($0) quits" }]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// The help overlay's last line when it scrolls: "j k scroll · Esc ? close · q quits".
    var helpScrollFooter: String {
        let close = bindings(for: .help).first { $0.action == .closeHelp }?.keys.map(\.label)
        let scroll = [label(.lineDown, in: .help), label(.lineUp, in: .help)].compactMap { $0 }
        let parts = [scroll.isEmpty ? nil : scroll.joined(separator: " ") + " scroll",
                     close.map { $0.joined(separator: " ") + " close" },
                     label(.quit, in: .help).map { "\($0) quits" }]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// What `action` does in `mode`, as the help says it without its aside ("open their
    /// followers"); nil when no key does it there.
    func shortHelp(_ action: Action, in mode: Mode) -> String? {
        bindings(for: mode).first { $0.action == action }.map { HelpText.Entry.withoutAside($0.help) }
    }

    /// The help overlay's lines for `mode` on a screen of `kind` (without what it refuses).
    func helpEntries(for mode: Mode, canLeave: Bool = true, kind: ScreenKind = .search) -> [HelpText.Entry] {
        bindings(for: mode, canLeave: canLeave)
            .filter { !kind.refused.contains($0.action) }
            .map { HelpText.Entry(keys: $0.keyLabel, text: $0.help) }
    }

    /// The status line's hints for `mode`, most useful first ("Enter details", "/ filter",
    /// "? help"): on a screen of `kind`, named for what the pane is on (`subject`), with what
    /// Enter does on the selected row (`enter`). A widget fits them to a width
    /// (``HintLine/fitted(to:)``).
    /// `unable`: `F` and `*` when the token may not use them, left out.
    func hints(for mode: Mode, canLeave: Bool = true, kind: ScreenKind = .list, subject: PaneSubject = .user,
                      enter: EnterHint = .details, unable: Unable = [], undo: Undo = []) -> HintLine {
        hints[HintsKind(subject: subject, kind: kind, enter: enter, unable: unable, undo: undo)][mode, canLeave]
    }
}
