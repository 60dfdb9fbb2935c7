import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// Draws an ``AppState`` into a ``Screen``: the title path, the list (beside or under the details
/// pane), the help or the filter line, and the status line. Pure drawing: it changes nothing.
package enum AppView {
    /// What a frame can reuse from the last one: the loop keeps one for its screen. (A render
    /// without one draws everything afresh, as tests do.)
    package final class Memo {
        let title = DrawingMemo<Title>()
        package init() {}
    }

    package static func render(_ state: borrowing AppState, on screen: some TerminalUI.Screen, memo: Memo? = nil) {
        let (rows, columns) = screen.size
        screen.clear()
        screen.placeCursor(nil)
        guard rows > 0, columns > 0 else { return screen.present() }
        if rows >= 2 {
            let title = Title(state)
            if let memo {
                memo.title.draw(title, on: screen) { drawTitle(title, on: $0, columns: columns) }
            } else {
                drawTitle(title, on: screen, columns: columns)
            }
        }
        let layout = ScreenLayout(rows: rows, columns: columns)
        let paneRow = state.top.detailsOpen ? state.top.selectedRow : nil
        let areas = layout.areas(paneOpen: paneRow != nil)
        if let area = areas.list {
            switch state.top {
            case .profile(let profile): drawProfile(state, profile, on: screen, in: area)
            case .list(let top): list(state, top).draw(on: screen, in: area)
            }
        }
        if let paneRow, let area = areas.pane { pane(state, row: paneRow, border: areas.list != nil).draw(on: screen, in: area) }
        if let help = help(state) { help.draw(on: screen, in: layout.body) }
        if state.overlay == .command {
            drawPrompt(state, on: screen, rows: rows, columns: columns)
        } else if state.overlay == .filter {
            if let top = state.top.listScreen {
                Bar.field(prompt: "/", field: top.filterField, right: loadedOf(top, help: state.keys), row: rows - 1,
                          on: screen, columns: columns)
            }
        } else {
            let status = statusText(state)
            let room = columns - TerminalText.width(TerminalText.sanitize(status)) - 3
            Bar.draw(left: status, right: StatusHints(state).line.fitted(to: room),
                     row: rows - 1, on: screen, columns: columns, bottom: true)
        }
        screen.present()
    }

    // MARK: - Parts

    /// The help over the screen: the keys of the mode under it, on the kind of screen on top.
    static func help(_ state: AppState) -> HelpOverlay? {
        guard case .help(let fromFilter) = state.overlay else { return nil }
        let mode: Mode = fromFilter ? .filter : state.top.detailsOpen ? .details : .list
        let kind = state.top.kind
        let title = kind == .profile && mode == .list ? "on a profile" : mode.title.lowercased()
        return HelpOverlay(title: "Keys · \(title)", entries: state.keys.helpEntries(for: mode, canLeave: state.canLeave, kind: kind),
                           footer: state.keys.helpFooter, scrollFooter: state.keys.helpScrollFooter, offset: state.helpOffset)
    }

    static func list(_ state: AppState, _ top: ListScreen) -> ListView<ListScreen.Items> {
        let noun = top.list.noun
        let notice = state.wait?.summary(at: state.now)
        let keys = state.keys.widgetKeys
        var view = ListView(rows: top.rows, viewport: top.viewport,
                            describe: describer(state), noun: noun, spinnerStep: state.spinner,
                            notice: notice, keys: keys)
        view.highlight = top.isFiltered ? top.filter : nil
        view.retryNote = reconnectNote(state)
        view.endText = cutShort(top)
        if case .failed(let failure) = top.pager.placeholder, let what = notFound(failure) {
            view.placeholder = notFoundLines(what, state: state)
        } else if top.pager.placeholder == .empty, !top.pager.pagesBefore.isEmpty {
            // Opened at a page past the end.
            let page = top.pager.pagesBefore.count + 1
            view.placeholder = [StyledText("No \(noun) on page \(page) or after: the list ends before it."),
                                StyledText("Run it again with a smaller --page, or none.", Style(color: .muted))]
        } else if top.pager.placeholder == .empty, case .users(.search(let query, _)) = top.list {
            view.placeholder = noResults(query, state)
        } else if let placeholder = top.pager.placeholder {
            view.placeholder = ListView<ListScreen.Items>.placeholderLines(
                placeholder, noun: noun, spinnerStep: state.spinner, notice: notice, width: state.size.columns, keys: keys,
                retryNote: view.retryNote)
        } else if top.isFiltered, top.items.isEmpty {
            view.placeholder = noMatch(state, top)
        }
        return view
    }

    /// When GitHub could not be reached: when the next try goes by itself.
    static func reconnectNote(_ state: AppState) -> String? {
        guard let at = state.offline?.retryAt else { return nil }
        return "tries again by itself in \(Wait.clock(max(0, Int(at.timeIntervalSince(state.now).rounded(.up)))))"
    }

    /// What GitHub said does not exist, when a load failed for that: nothing a retry fixes.
    static func notFound(_ failure: LoadFailure) -> String? {
        guard case .notFound(let what)? = failure.underlying as? GitHubError else { return nil }
        return what
    }

    /// A list GitHub does not have: what was not found, and the way back (no retry: it would
    /// find nothing again).
    private static func notFoundLines(_ what: String, state: AppState) -> [StyledText] {
        let back = state.below.isEmpty ? state.keys.label(.quit, in: .list).map { "\($0) quits" }
            : state.keys.label(.back, in: .list).map { "\($0) goes back" }
        return [StyledText("\(what.prefix(1).uppercased() + what.dropFirst()) was not found on GitHub.", Style(color: .error)),
                StyledText("It may have been renamed or deleted, or be hidden from this token.")]
            + (back.map { [StyledText(""), StyledText($0, Style(color: .muted))] } ?? [])
    }

    /// A search GitHub found nothing for: the query, and how to change it.
    private static func noResults(_ query: String, _ state: AppState) -> [StyledText] {
        let parts = [state.keys.label(.search, in: .list).map { "\($0) to change the search" },
                     state.keys.label(.refresh, in: .list).map { "\($0) to ask again" }].compactMap { $0 }
        let next = parts.isEmpty ? [] : [StyledText("Press " + parts.joined(separator: ", or ") + ".", Style(color: .muted))]
        return [StyledText("No users match “\(query)”."), StyledText("")] + next
    }

    /// The filter matches none of the loaded users: what there is to do, with the keys of the
    /// mode the person is in (typing the filter, or back in the list with it kept).
    private static func noMatch(_ state: AppState, _ top: ListScreen) -> [StyledText] {
        let typing = state.mode == .filter
        let keys = state.keys
        let clear = keys.label(typing ? .clearFilter : .back, in: typing ? .filter : .list).map { "\($0) clears the filter" }
        let more = keys.label(.lineDown, in: typing ? .filter : .list).map { "\($0) loads more" }
        let retry = keys.label(.retry, in: .list).map { "\($0) retries" }
        let next: [String?]
        switch top.pager.appendState {
        case .endReached: next = ["That is the whole list", clear]
        case .loading: next = ["\(Spinner.glyph(state.spinner)) Loading more \(top.list.noun)…"]
        case .failed: next = ["Loading more failed", typing ? nil : retry, clear]
        case .idle: next = [more, clear]
        }
        return [StyledText("No loaded \(top.list.noun) match “\(top.filter)”."), StyledText(""),
                StyledText(next.compactMap { $0 }.joined(separator: " · "), Style(color: .muted))]
    }

    /// How the list describes a user: the login, the id (and kind), and in the comfortable
    /// layout a second line worth reading: the name and the company or place when their details
    /// are known, else the kind of account. The closure holds only what a row needs (one over
    /// the whole state would copy every screen and cache into its context on each frame).
    static func describer(_ state: AppState) -> (Row) -> ItemText {
        guard state.layout == .comfortable else { return itemText }
        let cache = state.details.cache
        return { row in
            var text = itemText(row)
            switch row {
            case .user(let user): text.subtitle = secondLine(user, known: cache.peek(user.login))
            case .repository(let repository): text.subtitle = repository.description ?? ""
            }
            return text
        }
    }

    /// A row's first line: its name, and right-aligned its detail, with what the detail gives
    /// way to where the name would be cut.
    private static func itemText(_ row: Row) -> ItemText {
        switch row {
        case .user(let user):
            let (detail, short) = detail(user)
            return ItemText(title: user.login, detail: detail, shortDetail: short)
        case .repository(let repository):
            let (detail, short) = detail(repository)
            return ItemText(title: repository.fullName, detail: detail, shortDetail: short)
        }
    }

    /// "fork · archived · ★ 1,234 · Swift ": the marks, the stars and the language; short, the
    /// stars. Stars GitHub did not send are left out, as the pane leaves them out (never "★ 0").
    private static func detail(_ repository: GitHubRepository) -> (String, short: String) {
        let stars = repository.stars.map { "★ " + Formatting.grouped($0) }
        var parts: [String] = []
        if repository.isFork { parts.append("fork") }
        if repository.isArchived { parts.append("archived") }
        if let stars { parts.append(stars) }
        if let language = repository.language, !language.isEmpty { parts.append(language) }
        return (parts.isEmpty ? "" : parts.joined(separator: " · ") + " ", stars.map { $0 + " " } ?? "")
    }

    /// "Mona Lisa Octocat · @github", or "Organization" when nothing more is known yet.
    static func secondLine(_ user: GitHubUser, known: UserDetails?) -> String {
        func text(_ value: String?) -> String? {
            value.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let facts = [text(known?.name), text(known?.company) ?? text(known?.location)].compactMap { $0 }
        if !facts.isEmpty { return facts.joined(separator: " · ") }
        return user.isOrganization ? "Organization" : user.isStaff ? "GitHub staff" : "User"
    }

    /// "#583231 ", or with the kind: "#9919 · org "; short, the kind alone ("org ") or nothing.
    /// In a contributors list the commits come first, where the eye reads down the column, and
    /// stay as the short one.
    private static func detail(_ user: GitHubUser) -> (String, short: String) {
        if user.contributions > 0 {
            let commits = (user.contributions == 1 ? "1 commit" : Formatting.grouped(Int(user.contributions)) + " commits") + " "
            return (commits + "· #" + String(user.id) + (user.isOrganization ? " · org " : " "), commits)
        }
        if !user.isOrganization, !user.isStaff, let label = idLabel(user.id) { return (label, "") }
        var detail = "#" + String(user.id)
        if user.isOrganization { detail += " · org" }
        if user.isStaff { detail += " · staff" }
        return (detail + " ", user.isOrganization ? "org " : user.isStaff ? "staff " : "")
    }

    /// "#583231 ", written straight into a string's bytes: every row of every frame has one, and
    /// building it by concatenation cost more than the rest of the row. Nil for an id too long
    /// for the few bytes a string keeps inline.
    static func idLabel(_ id: Int64) -> String? {
        guard id >= 0, id < 10_000_000_000_000 else { return nil }
        var digits = 1
        var rest = id / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return String(unsafeUninitializedCapacity: digits + 2) { bytes in
            bytes[0] = UInt8(ascii: "#")
            var value = id
            for index in stride(from: digits, to: 0, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            bytes[digits + 1] = UInt8(ascii: " ")
            return digits + 2
        }
    }

    static func pane(_ state: AppState, row: Row, border: Bool) -> DetailsPane {
        guard let repository = row.repository else { return userPane(state, login: row.name, border: border) }
        let shown = state.repository.shown(for: repository.fullName)
        let content = RepositoryText.pane(fullName: repository.fullName, shown: shown, page: state.selectedPage,
                                          now: state.now, keys: state.keys)
        var url: String?
        var named: Bool?
        switch shown {
        case .loaded(let details): (url, named) = (details.ownerAvatarURL, details.ownerAvatarURL != nil)
        case .failed: named = false  // nothing loads any more: no loading mark
        case .loading: break
        }
        return DetailsPane(content: content, spinnerStep: state.spinner, border: border,
                           image: picture(state, url: url, named: named), keys: state.keys.widgetKeys,
                           notice: state.wait?.summary(at: state.now))
    }

    /// An account's details as the pane shows them; `actions: false` leaves out the keys that
    /// lead on (a profile's header, whose rows lead on instead).
    static func userPane(_ state: AppState, login: String, border: Bool, actions: Bool = true) -> DetailsPane {
        let shown = state.details.shown(for: login)
        var content = ProfileText.pane(login: login, shown: shown, profileURL: state.profileURL(login), now: state.now,
                                       keys: state.keys)
        if !actions, case .record(var record) = content {
            record.actions = []
            content = .record(record)
        }
        var url: String?
        var named: Bool?
        switch shown {
        case .loaded(let details): (url, named) = (details.avatarURL, details.avatarURL != nil)
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

    /// The filter line's right side: the count, and the key that shows the line's keys.
    private static func loadedOf(_ top: ListScreen, help keys: KeyTable) -> String {
        let count = loadedOf(top)
        return keys.label(.help, in: .filter).map { "\(count) · \($0) keys" } ?? count
    }

    /// What a filter matched among the rows loaded: "312 of 1,200 loaded".
    private static func loadedOf(_ top: ListScreen) -> String {
        "\(Formatting.grouped(top.items.count)) of \(Formatting.grouped(top.pager.items.count)) loaded"
    }

    /// " (R retries)", as the key table binds retry; empty when nothing is bound to it.
    static func retriesNote(_ state: AppState) -> String {
        state.keys.label(.retry, in: .list).map { " (\($0) retries)" } ?? ""
    }

    /// The status line's left side: counts, position, loading, waits, or a one-off message.
    static func statusText(_ state: AppState) -> String {
        if let flash = flashText(state) { return " " + flash }
        let top: ListScreen
        switch state.top {
        case .profile(let profile): return profileStatus(state, profile)
        case .list(let list): top = list
        }
        let count = top.pager.knownCount
        var text: String
        // Numbers grouped as in the title ("2,856 found"): "1,000 users · 899/1,000".
        let grouped = Formatting.grouped
        if top.isFiltered {
            text = " " + loadedOf(top)
        } else {
            text = " \(grouped(count)) \(top.list.noun)"
            if let total = top.pager.totalCount, total > count {
                text += " of \(grouped(total))"
            } else if let expected = top.expectedCount, expected > count, top.pager.appendState != .endReached {
                text += " of \(grouped(expected))"
            }
        }
        if let position = top.selectedPosition {
            text += " · \(grouped(position))/\(grouped(top.matches == nil ? count : top.items.count))"
        }
        var retries: String { retriesNote(state) }
        switch top.pager.appendState {
        case .loading where state.isWaiting: break
        case .loading: text += " · loading more"
        case .failed: text += " · load failed" + retries
        case .endReached where count > 0: text += " · end"
        default: break
        }
        if top.pager.prependState.failure != nil || top.pager.jumpState.failure != nil {
            text += " · earlier ones failed" + retries
        }
        if let wait = state.wait { text += " · " + wait.summary(at: state.now) }
        if top.pull.isPulled, let pull = state.keys.label(.lineUp, in: .list) { text += " · \(pull) again refreshes" }
        if top.isFiltered { text += " · /\(top.filter)" }
        return text
    }
}
