import GitHubAPI
import ListCore
import TerminalUI

extension AppView {
    // MARK: - A profile

    /// A profile's rows: the account's picture and facts in the about row (while it is on
    /// screen: it is the first row), then its slices.
    static func drawProfile(_ state: AppState, _ top: ProfileScreen, on screen: some TerminalUI.Screen, in area: Rect) {
        let profile = top.profile
        let acting = state.acting
        let followers = { (count: Int) in acting.count(count, of: .account(profile.login)) ?? count }
        SlicedListView(rows: profile.rows, viewport: top.viewport, describe: describer(state), spinnerStep: state.spinner,
                       notice: state.wait?.summary(at: state.now), keys: state.keys.widgetKeys,
                       words: { ProfileWords.text(of: $1, in: $0, of: profile, followers: followers) })
            .draw(on: screen, in: area)
        guard top.viewport.top == 0, let lines = profile.rows.slice(.about)?.headingLines else { return }
        // At the end of a profile its first lines may be above the list: drawn whole, cut to the list.
        let hidden = top.viewport.topOffset
        let header = Rect(top: area.top - hidden, left: area.left, height: min(lines, area.height + hidden), width: area.width)
        let pane = aboutPane(state, login: profile.login, fill: top.ownFill)
        if hidden > 0 {
            pane.draw(on: screen.clipped(to: area), in: header)
        } else {
            pane.draw(on: screen, in: header)
        }
    }

    /// The about row of `login`'s profile: the picture, and beside it all the details pane's
    /// text but the keys (the rows under it lead on).
    /// `fill`: the profile's own account's (how you and it follow each other).
    static func aboutPane(_ state: AppState, login: String, fill: RowFill?) -> DetailsPane {
        var pane = userPane(state, login: login, page: state.accountPage(login), border: false, actions: false, fill: fill)
        pane.textBeside = true
        return pane
    }

    /// The status line of a profile: whose it is, where the selection is, what loads or failed.
    static func profileStatus(_ state: AppState, _ top: ProfileScreen) -> String {
        let profile = top.profile
        var text = " Profile of \(profile.login)"
        if let wait = state.wait { text += " · " + wait.shortSummary(at: state.now) }
        if let position = top.selectedSlicePosition {
            let noun = profile.list(for: position.slice)?.crumbNoun.form(for: position.of) ?? ProfileWords.noun(position.slice)
            text += " · \(position.index)/\(position.of) \(noun)"
        }
        if profile.isLoading { text += " · loading" }
        if state.ownPartFailed { text += " · a part failed" + retriesNote(state) }
        if top.fills.problem != nil || !top.fills.refusedScopes.isEmpty, let note = fillNote(top.fills, keys: state.keys) { text += " · " + note }
        return text
    }
}
