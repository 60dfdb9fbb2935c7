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

    /// A move down (`j`, the wheel, a page or half of one), `times` over. Further than the rows
    /// loaded, or while a walk is under way, it is walked (``ListScreen/walkTo``), as `G` with a
    /// count is: the presses made while the next page loads add up rather than stop at the last
    /// row loaded.
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
        // (Not past a page that failed: R retries it, and the presses before do not pile up.)
        let calledOff = callOffJump()
        if !top.isFiltered, let list = top.listScreen, let selected = list.selectedItem, list.pager.appendState.failure == nil {
            // (A walk up under way is given up: this one goes down from the selection.)
            let walking = list.walkTo.flatMap { $0 > selected ? $0 : nil }
            let target = min(Self.largestCount, (walking ?? selected) + Self.rows(lines, command, list) * times)
            if walking != nil || target >= list.pager.offset + list.pager.items.count {
                // Walked by the next pages as they are appended (a page memory bounds dropped
                // comes back by its cursor), never by a jump that would replace the rows loaded.
                return calledOff + walk(to: target, waitingOn: .last)
            }
        }
        return calledOff + move(command, times: command == .lineDown ? lines * times : times)
    }

    /// The rows a move of `lines` lines passes: a line a row, a page as many rows as it holds.
    private static func rows(_ lines: Int, _ command: Viewport.Command, _ list: ListScreen) -> Int {
        command == .lineDown || command == .lineUp ? lines : max(1, lines / max(1, list.heights.height(of: .item)))
    }

    /// A walk to `target` (``ListScreen/walkTo``): the row when it is loaded, else the loaded row
    /// nearest it (`edge`) while the pages between load; a walk down ends with the list.
    private mutating func walk(to target: Int, waitingOn edge: Viewport.Command) -> [Command] {
        top.withList { screen in
            if screen.select(item: target) { return screen.walkTo = nil }
            screen.move(edge)
            if edge == .first || screen.pager.appendState != .endReached { screen.walkTo = target }
        }
        return []
    }

    /// A move up (`k`, the wheel, a page or half of one), `times` over. Above the rows loaded (the
    /// rows before them dropped, or never loaded: after `G`), or while a walk up is under way, it
    /// is walked as a move down past them is: the presses made while the page before loads add up.
    mutating func moveUp(_ command: Viewport.Command, times: Int = 1) -> [Command] {
        let calledOff = callOffJump()
        if !top.isFiltered, let list = top.listScreen, let selected = list.selectedItem, list.pager.offset > 0,
           list.pager.prependState.failure == nil {
            let height = top.viewport.height
            let lines = command == .pageUp ? max(1, height) : command == .halfPageUp ? max(1, height / 2) : 1
            let walking = list.walkTo.flatMap { $0 < selected ? $0 : nil }
            let target = max(0, (walking ?? selected) - Self.rows(lines, command, list) * times)
            if walking != nil || target < list.pager.offset {
                return calledOff + walk(to: target, waitingOn: .first)
            }
        }
        return calledOff + move(command, times: times)
    }

    /// `20G` (or `20g`): to row 20 of the whole list. A row loaded is selected; one in a page
    /// memory bounds dropped is loaded in place of the loaded ones (a jump, as `G` does); one
    /// past what is loaded is walked to: the last row loaded, then each page as it comes, until
    /// the row is there (``ListScreen/walkTo``). On a profile or among a filter's matches: the
    /// row of those shown.
    private mutating func moveToRow(_ number: Int) -> [Command] {
        let position = number - 1
        guard let pager = top.listScreen?.pager, !top.isFiltered else {
            top.move(.first)
            return number > 1 ? move(.lineDown, times: number - 1) : []
        }
        guard pager.hasLoadedFirstPage else {
            top.withList { $0.pendingItem = position }
            return []
        }
        if top.withList({ $0.select(item: position) }) == true { return callOffJump() }
        let loadedEnd = pager.offset + pager.items.count
        let dropped = position < pager.offset || (position >= loadedEnd && position < pager.knownCount && pager.droppedAfter > 0)
        // Past the next page of a list whose pages GitHub counts: the page that holds the row, not
        // every page before it.
        let moment = moment
        if !dropped, let jump = top.withList({ $0.jumpAcrossCounted(toItem: position, at: moment) }) ?? nil {
            return jump
        }
        guard dropped else {
            // (Not `moveToEnd`: a count's row is walked to, never past; `move` calls off a jump.)
            let commands = move(position < pager.offset ? .first : .last)
            if position >= loadedEnd, pager.appendState != .endReached { top.withList { $0.walkTo = position } }
            return commands
        }
        return top.withList { $0.jump(toItem: position, at: moment) } ?? []
    }
}
