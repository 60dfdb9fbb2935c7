import ListCore
import TerminalUI

extension AppState {
    // MARK: - The filter line

    /// A key on the filter line. Typing and editing only filter the rows already loaded (a
    /// keystroke asks GitHub for nothing); moving down past the last match loads more.
    mutating func filterKey(_ key: Key) -> [Command] {
        let action = keys.action(for: key, in: .filter)
        switch action {
        case .keepFilter:
            overlay = nil
            return []
        case .clearFilter:
            overlay = nil
            top.clearFilter()
            return []
        case .lineDown:
            top.move(.lineDown)
            return []
        case .lineUp:
            top.move(.lineUp)
            return []
        case let action? where [.help, .suspend, .quit].contains(action):
            return anywhere(action, fromFilter: true)
        default:
            guard let edit = Self.edit(action, key) else { return [] }
            top.editFilter(edit)
            return []
        }
    }

    /// The edit a key makes on a line being typed (the filter, the command line): the editing
    /// keys' actions, else the character it types; nil for neither.
    static func edit(_ action: Action?, _ key: Key) -> TextField.Edit? {
        switch action {
        case .deleteCharacter: .deleteBackward
        case .deleteForward: .deleteForward
        case .deleteWord: .deleteWordBackward
        case .deleteToStart: .deleteToStart
        case .cursorLeft: .left
        case .cursorRight: .right
        case .lineStart: .start
        case .lineEnd: .end
        default: key.typedCharacter.map { .insert(String($0)) }
        }
    }

    /// What the help, suspend and quit keys do, in the list and on the filter line alike.
    mutating func anywhere(_ action: Action, fromFilter: Bool) -> [Command] {
        switch action {
        case .help:
            overlay = .help(fromFilter: fromFilter)
            return []
        case .suspend:
            return [.suspend]
        default:
            exitStatus = 0
            return []
        }
    }
}
