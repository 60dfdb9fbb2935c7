import GitHubAPI
import ListCore
import TerminalUI

/// The words of an account's details pane, as text (``PaneText``): the pane draws them beside
/// the picture, and a profile's about row is measured by them, without a widget.
enum PaneWords {
    /// An account's details as the pane shows them, with its web page (`page`, as `o` opens it);
    /// `actions: false` leaves out the keys that lead on (a profile's header, whose rows lead on
    /// instead). `known`: what the row's fill says, shown at once while the details load;
    /// `fill` the fill itself, for how the token's owner and the account follow each other.
    static func user(_ state: AppState, login: String, page: String?, actions: Bool = true,
                     known: UserDetails? = nil, fill: RowFill? = nil) -> PaneText {
        let shown = state.details.shown(for: login)
        var text = shown
        if case .loading = shown, let known { text = .loaded(known) }
        if case .loaded(var user) = text, state.acting.counts[.account(login)] != nil {
            // A follow or an unfollow with `F`, at once.
            user.followers = state.acting.count(user.followers, of: .account(login))
            text = .loaded(user)
        }
        var content = ProfileText.pane(login: login, shown: text, profileURL: page, now: state.now,
                                       keys: state.keys, relation: relation(state, login: login, fill: fill))
        if !actions, case .record(var record) = content {
            record.actions = []
            content = .record(record)
        }
        return PaneText(content: content, spinnerStep: state.spinner, keys: state.keys.widgetKeys,
                        notice: state.wait?.summary(at: state.now))
    }

    /// How the token's owner and `login` follow each other, in the row's words ("mutual",
    /// "you follow"): from the row's fill, with what a write or a `GET` said since winning; with
    /// no fill, what those said alone.
    private static func relation(_ state: AppState, login: String, fill: RowFill?) -> String? {
        if state.isViewer(login) { return "you" }
        let follows = state.acting.known[.account(login)]
        guard let fill else { return follows == true ? "you follow" : nil }
        return AppView.relation(follows.map { fill.acted(viewerFollows: $0, followers: fill.followers) } ?? fill)
    }
}
