import TerminalUI

extension AppState {

    /// A key in the help: the scrolling keys scroll a help too long for the screen; any other
    /// key closes it (back to the filter line when it was opened from there), `q` also quits.
    /// The wheel only ever scrolls: over a help shown whole it does nothing.
    mutating func helpKey(_ key: Key) -> [Command] {
        let action = keys.action(for: key, in: .help)
        let scroll = screenLayout.helpScroll(self)
        if scroll.limit > 0, let step = helpStep(action, page: scroll.page) {
            let limit = scroll.limit
            helpOffset = max(0, min(limit, min(helpOffset, limit) + step))
            return []
        }
        if action == .scrollDown || action == .scrollUp { return [] }
        overlay = overlay == .help(fromFilter: true) ? .filter : nil
        helpOffset = 0
        if action == .quit { exitStatus = 0 }
        return []
    }

    /// How far a key scrolls the help, in lines; nil for a key that does not scroll.
    private func helpStep(_ action: Action?, page: Int) -> Int? {
        switch action {
        case .lineDown: return 1
        case .lineUp: return -1
        case .scrollDown: return Self.wheelRows
        case .scrollUp: return -Self.wheelRows
        case .pageDown: return page
        case .pageUp: return -page
        default: return nil
        }
    }
}
