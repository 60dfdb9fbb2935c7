import TerminalUI

extension AppState {
    /// The help over the screen: the keys of the mode under it.
    var help: HelpOverlay? {
        guard case .help(let fromFilter) = overlay else { return nil }
        let mode: Mode = fromFilter ? .filter : top.detailsOpen ? .details : .list
        let profile = top.profileScreen != nil
        let title = profile && mode == .list ? "on a profile" : mode.title.lowercased()
        return HelpOverlay(title: "Keys · \(title)", entries: keys.helpEntries(for: mode, canLeave: canLeave, profile: profile, search: top.isSearch),
                           footer: keys.helpFooter, scrollFooter: keys.helpScrollFooter, offset: helpOffset)
    }

    /// A key in the help: the scrolling keys scroll a help too long for the screen; any other
    /// key closes it (back to the filter line when it was opened from there), `q` also quits.
    mutating func helpKey(_ key: Key) -> [Command] {
        let action = keys.action(for: key, in: .help)
        let area = screenLayout.body
        if let help, case let limit = help.scrollLimit(in: area), limit > 0, let step = helpStep(action, area: area) {
            helpOffset = max(0, min(limit, min(helpOffset, limit) + step))
            return []
        }
        overlay = overlay == .help(fromFilter: true) ? .filter : nil
        helpOffset = 0
        if action == .quit { exitStatus = 0 }
        return []
    }

    /// How far a key scrolls the help, in lines; nil for a key that does not scroll.
    private func helpStep(_ action: Action?, area: Rect) -> Int? {
        let page = max(1, HelpOverlay.bodyRows(in: area) - 1)
        switch action {
        case .lineDown: return 1
        case .lineUp: return -1
        case .pageDown: return page
        case .pageUp: return -page
        default: return nil
        }
    }
}
