import TerminalUI

extension ScreenLayout {
    // MARK: - The measures the update needs

    /// How far the help open on `state` can scroll, and how many lines a page of it is (0 when
    /// it fits whole).
    func helpScroll(_ state: AppState) -> (limit: Int, page: Int) {
        guard let help = HelpWords.text(state) else { return (0, 1) }
        return (help.scrollLimit(in: body), max(1, HelpText.bodyRows(in: body) - 1))
    }

    /// The lines of the about row of `login`'s profile (with its own account's `fill`, if any):
    /// what its picture and text need in the list's width (narrower with the pane beside it),
    /// and a blank line; less on a short screen.
    func profileHeaderLines(_ state: AppState, login: String, fill: RowFill?, paneOpen: Bool) -> Int {
        let width = areas(paneOpen: paneOpen).list?.width ?? columns
        let text = PaneWords.user(state, login: login, page: state.accountPage(login), actions: false, fill: fill)
        let needed = text.linesNeeded(width: width, picture: avatarSize, beside: true, border: false)
        return profileHeaderLines(needed: needed)
    }
}
