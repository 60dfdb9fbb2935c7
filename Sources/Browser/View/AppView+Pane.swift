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

    /// An account's details as the pane shows them (``PaneWords/user(_:login:page:actions:known:fill:)``),
    /// with its picture.
    static func userPane(_ state: AppState, login: String, page: String?, border: Bool, actions: Bool = true,
                         known: UserDetails? = nil, fill: RowFill? = nil) -> DetailsPane {
        let text = PaneWords.user(state, login: login, page: page, actions: actions, known: known, fill: fill)
        return pane(state, text.content, shown: state.details.shown(for: login), picture: \.avatarURL, border: border)
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
