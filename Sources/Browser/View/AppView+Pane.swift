import GitHubAPI
import ListCore
import TerminalUI

extension AppView {
    // MARK: - The details pane

    static func pane(_ state: AppState, row: Row, border: Bool) -> DetailsPane {
        guard let repository = row.repository else {
            let fill = state.top.fillsByID[row.id]
            return userPane(state, login: row.name, page: state.webPage(of: row), border: border,
                            known: fill.map { UserDetails($0, login: row.name, id: row.id) }, fill: fill)
        }
        var shown = state.repository.shown(for: repository.fullName)
        var starred = false
        if case .loaded(var found) = shown, let (owner, name) = repository.ownerAndName {
            // A star given or taken back with `*`, at once.
            let target = WriteTarget.repository(owner: owner, name: name)
            found.stars = state.acting.count(found.stars, of: target)
            starred = (state.acting.known[target] ?? state.top.fillsByID[row.id]?.viewerStarred) == true
            shown = .loaded(found)
        }
        let content = RepositoryText.pane(fullName: repository.fullName, shown: shown, page: state.webPage(of: row),
                                          now: state.now, keys: state.keys, starred: starred)
        return pane(state, content, shown: shown, picture: \.ownerAvatarURL, border: border)
    }

    /// An account's details as the pane shows them, with its web page (`page`, as `o` opens it);
    /// `actions: false` leaves out the keys that lead on (a profile's header, whose rows lead on
    /// instead). `known`: what the row's fill says, shown at once while the details load;
    /// `fill` the fill itself, for how the token's owner and the account follow each other.
    static func userPane(_ state: AppState, login: String, page: String?, border: Bool, actions: Bool = true,
                         known: UserDetails? = nil, fill: RowFill? = nil) -> DetailsPane {
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
        return pane(state, content, shown: shown, picture: \.avatarURL, border: border)
    }

    /// How the token's owner and `login` follow each other, in the row's words ("mutual",
    /// "you follow"): from the row's fill, with what a write or a `GET` said since winning; with
    /// no fill, what those said alone.
    private static func relation(_ state: AppState, login: String, fill: RowFill?) -> String? {
        if state.isViewer(login) { return "you" }
        let follows = state.acting.known[.account(login)]
        guard let fill else { return follows == true ? "you follow" : nil }
        return relation(follows.map { fill.acted(viewerFollows: $0, followers: fill.followers) } ?? fill)
    }

    /// A pane of `content`, with the picture its details name (at the key path `picture`).
    private static func pane<Details>(_ state: AppState, _ content: DetailsPane.Content, shown: DetailsLoader<Details>.Shown,
                                      picture path: KeyPath<Details, String?>, border: Bool) -> DetailsPane {
        var url: String?
        var named: Bool?
        switch shown {
        case .loaded(let details): (url, named) = (details[keyPath: path], details[keyPath: path] != nil)
        case .failed: named = false  // nothing loads any more: no loading mark
        case .loading: break
        }
        return DetailsPane(content: content, spinnerStep: state.spinner, border: border,
                           image: picture(state, url: url, named: named), keys: state.keys.widgetKeys,
                           notice: state.wait?.summary(at: state.now))
    }

    /// The picture of a pane: the one at `url` when it has come, else a box that keeps the
    /// layout still. `named`: whether the details name a picture (nil: still loading; false
    /// too when they failed, so the box no longer says it loads).
    private static func picture(_ state: AppState, url: String?, named: Bool?) -> ImageView {
        let size = state.screenLayout.avatarSize
        let picture: ImageView.Content
        switch state.avatarKey(url).map(state.avatar.shown) {
        case .image(let image)?: picture = .image(image)
        case .unavailable?: picture = .placeholder("no picture")
        case .loading?, nil:
            // Loading details, or none named (or none to come): the box keeps the layout still.
            if named == false {
                picture = .placeholder("no picture")
            } else {
                picture = .placeholder("…")
            }
        }
        return ImageView(content: picture, columns: size.columns, rows: size.rows)
    }
}
