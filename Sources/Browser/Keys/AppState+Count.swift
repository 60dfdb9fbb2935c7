import ListCore
import TerminalUI

extension AppState {
    // MARK: - A count before a move

    /// The most a count goes to: more rows than any list GitHub serves.
    static let largestCount = 9_999_999

    /// A key while a count may be typed (the list, the pane closed): a digit adds to the count,
    /// a move uses it, the back key cancels it, any other key drops it and does what it does.
    /// Nil when the key is left to the list's keys.
    mutating func countKey(_ action: Action?, _ key: Key) -> [Command]? {
        if action == .count, let digit = key.typedCharacter?.wholeNumberValue {
            // A 0 first starts nothing.
            guard count != nil || digit > 0 else { return [] }
            count = min(Self.largestCount, (count ?? 0) * 10 + digit)
            return []
        }
        guard let times = count else { return nil }
        count = nil
        switch action {
        case .lineDown, .scrollDown, .pageDown, .halfPageDown: return moveDown(action ?? .lineDown, times: times)
        case .lineUp: return moveUp(.lineUp, times: times)
        case .scrollUp: return moveUp(.lineUp, times: times * Self.wheelRows)
        case .pageUp: return moveUp(.pageUp, times: times)
        case .halfPageUp: return moveUp(.halfPageUp, times: times)
        case .first, .last: return moveToRow(times)
        case .back: return []
        default: return nil
        }
    }

    /// A move down (`j`, the wheel, a page or half of one), `times` over; the screen walks it
    /// when it goes further than the rows loaded (``ScreenBody/walk(_:lines:times:)``).
    mutating func moveDown(_ action: Action, times: Int = 1) -> [Command] {
        let command: Viewport.Command
        let lines: Int
        let height = top.viewport.height
        switch action {
        case .pageDown: (command, lines) = (.pageDown, max(1, height))
        case .halfPageDown: (command, lines) = (.halfPageDown, max(1, height / 2))
        case .scrollDown: (command, lines) = (.lineDown, Self.wheelRows)
        default: (command, lines) = (.lineDown, 1)
        }
        let calledOff = callOffJump()
        if top.walk(command, lines: lines, times: times) { return calledOff }
        return calledOff + move(command, times: command == .lineDown ? lines * times : times)
    }

    /// A move up (`k`, the wheel, a page or half of one), `times` over; the screen walks it above
    /// the rows loaded (the rows before them dropped, or never loaded: after `G`).
    mutating func moveUp(_ command: Viewport.Command, times: Int = 1) -> [Command] {
        let calledOff = callOffJump()
        let height = top.viewport.height
        let lines = command == .pageUp ? max(1, height) : command == .halfPageUp ? max(1, height / 2) : 1
        if top.walk(command, lines: lines, times: times) { return calledOff }
        return calledOff + move(command, times: times)
    }

    /// `20G` (or `20g`): to row 20 of the whole list, as the screen finds it
    /// (``ScreenBody/moveToRow(_:at:)``); else the row of those shown.
    private mutating func moveToRow(_ number: Int) -> [Command] {
        let moment = moment
        if let moved = top.moveToRow(number - 1, at: moment) { return moved }
        top.move(.first)
        return number > 1 ? move(.lineDown, times: number - 1) : []
    }
}
