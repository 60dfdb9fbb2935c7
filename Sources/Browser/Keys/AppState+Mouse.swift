import TerminalUI

extension AppState {
    // MARK: - The mouse

    /// A click, on what the frame showed under it: a row is selected, the selected row opened
    /// (as Enter), a link of the pane ("[1] followers") followed. In the help a click closes it
    /// as a key does; on the filter and command lines, and while a question is asked, it does
    /// nothing.
    mutating func clicked(_ target: HitMap.Target?) -> [Command] {
        guard mode != .question else { return [] }
        flash = nil
        switch overlay {
        case .help(let fromFilter)?:
            overlay = fromFilter ? .filter : nil
            helpOffset = 0
            return []
        case .filter?, .command?:
            return []
        case nil:
            break
        }
        count = nil
        switch target {
        case let .row(id, row)? where id == top.id:
            guard top.viewport.selection != row else { return mode == .list ? enter() : [] }
            let calledOff = callOffJump()
            top.select(row: row)
            return calledOff
        case let .pane(id, action)? where id == top.id && top.detailsOpen:
            return drillDown(action)
        default:
            return []
        }
    }
}
