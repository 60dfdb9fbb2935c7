/// A key press, decoded from the terminal.
public enum Key: Sendable, Hashable {
    case character(Character)
    /// Control plus a letter (Ctrl-d is `.control("d")`).
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace, delete, tab
    case wheelUp, wheelDown
    case resize

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
        case .resize: "resize"
        }
    }

    /// The character this key types into a text field, if any (printable characters only).
    public var typedCharacter: Character? {
        guard case .character(let character) = self else { return nil }
        let printable = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) }
        return printable ? character : nil
    }
}
