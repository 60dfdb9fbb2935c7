/// A key press, decoded from the terminal.
public enum Key: Sendable, Hashable {
    case character(Character)
    /// Control plus a letter (Ctrl-d is `.control("d")`).
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace, delete, tab
    case wheelUp, wheelDown
    /// The first mouse button pressed at a cell of the screen (0-based).
    case click(row: Int, column: Int)
    /// A function key: F1 is `.function(1)`.
    case function(Int)

    /// How help texts name the key: "j", "↓", "Ctrl-d", "Space", "Enter".
    public var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-\(letter)"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .tab: "Tab"
        case .wheelUp: "wheel up"
        case .wheelDown: "wheel down"
        case .click: "click"
        case .function(let number): "F\(number)"
        }
    }

    /// Whether this is a turn of the mouse wheel.
    public var isWheel: Bool { self == .wheelUp || self == .wheelDown }

    /// The character this key types into a text field, if any (printable characters only).
    public var typedCharacter: Character? {
        guard case .character(let character) = self else { return nil }
        let printable = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) }
        return printable ? character : nil
    }
}

extension Key {
    /// A key from its name, as a person writes it in a configuration file: a single character
    /// (`j`, `/`, `G`), `Ctrl-d` (or `C-d`), or a named key (`Space`, `Enter`, `Esc`, `Tab`,
    /// `Backspace`, `Delete`, `Up`, `Down`, `Left`, `Right`, `PgUp`, `PgDn`, `Home`, `End`, the
    /// arrows `↑ ↓ ← →`). Names are case-insensitive; single characters are not.
    public init?(name: String) {
        let text = name.trimmingCharacters(in: .whitespaces)
        if let arrow = ["↑": Key.up, "↓": .down, "←": .left, "→": .right][text] {
            self = arrow
            return
        }
        if text.count == 1, let character = text.first {
            guard Key.character(character).typedCharacter != nil else { return nil }
            self = character == " " ? .character(" ") : .character(character)
            return
        }
        let lower = text.lowercased()
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
            return
        }
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else { return nil }
            self = .control(letter)
            return
        }
        let named: [String: Key] = [
            "space": .character(" "), "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
            "tab": .tab, "backspace": .backspace, "delete": .delete, "del": .delete,
            "up": .up, "down": .down, "left": .left, "right": .right,
            "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown, "home": .home, "end": .end,
            "wheel up": .wheelUp, "wheel down": .wheelDown,
        ]
        guard let key = named[lower] else { return nil }
        self = key
    }
}
