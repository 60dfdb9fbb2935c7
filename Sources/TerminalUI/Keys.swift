/// A key press, decoded from the terminal.
public enum Key: Sendable, Hashable {
    case character(Character)
    /// Control plus a letter (Ctrl-d is `.control("d")`).
    case control(Character)
    case up, down, pageUp, pageDown, home, end, enter, escape
    case wheelUp, wheelDown
    case resize
}

/// What a key asks for.
public enum Action: Sendable, Hashable {
    case lineDown, lineUp, pageDown, pageUp, halfPageDown, halfPageUp, first, last
    case refresh, retry, quit, help
}

/// Key bindings as data: the defaults below, changeable by a caller.
public struct KeyMap: Sendable {
    public var bindings: [Key: Action]

    public init(bindings: [Key: Action] = KeyMap.defaultBindings) {
        self.bindings = bindings
    }

    public func action(for key: Key) -> Action? { bindings[key] }

    public static let defaultBindings: [Key: Action] = [
        .character("j"): .lineDown, .down: .lineDown, .wheelDown: .lineDown,
        .character("k"): .lineUp, .up: .lineUp, .wheelUp: .lineUp,
        .character(" "): .pageDown, .character("f"): .pageDown, .pageDown: .pageDown,
        .character("b"): .pageUp, .pageUp: .pageUp,
        .control("d"): .halfPageDown, .control("u"): .halfPageUp,
        .character("g"): .first, .home: .first,
        .character("G"): .last, .end: .last,
        .character("r"): .refresh, .control("r"): .refresh,
        .character("R"): .retry,
        .character("q"): .quit, .escape: .quit, .control("c"): .quit,
        .character("?"): .help,
    ]

    /// The help text, one line a binding group.
    public static let helpLines = [
        "j ↓            down one row",
        "k ↑            up one row; on the first row, pull to refresh",
        "Space f PgDn   down a page",
        "b PgUp         up a page",
        "Ctrl-d Ctrl-u  half a page down / up",
        "g Home         first row",
        "G End          last loaded row (loads more)",
        "mouse wheel    scroll",
        "r Ctrl-r       refresh",
        "R              retry a failed load",
        "?              this help (any key closes it)",
        "q Esc Ctrl-c   quit",
    ]
}

/// Keyboard pull-to-refresh: on the first row one more "up" shows the pull row, a second
/// releases it; any other key cancels.
public struct PullToRefresh: Sendable, Equatable {
    public private(set) var isPulled = false

    public init() {}

    /// Feeds an action; returns true when the pull was released and a refresh should start.
    public mutating func handle(_ action: Action?, atFirstRow: Bool) -> Bool {
        if action == .lineUp {
            if isPulled {
                isPulled = false
                return true
            }
            if atFirstRow {
                isPulled = true
            }
            return false
        }
        isPulled = false
        return false
    }
}
