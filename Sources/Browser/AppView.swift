import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// Draws an ``AppState`` into a ``Screen``: the title path, the list (beside or under the details
/// pane), the help or the filter line, and the status line. Pure drawing: it changes nothing.
public enum AppView {
    /// The narrowest terminal that shows the details pane beside the list.
    public static let splitColumns = 100

    public static func render(_ state: AppState, on screen: some Screen) {
        let (rows, columns) = screen.size
        screen.clear()
        guard rows > 0, columns > 0 else { return screen.present() }
        let top = state.top
        if rows >= 2 { drawTitle(state, on: screen, columns: columns) }
        let body = ListRenderer.body(rows: rows, columns: columns)
        if top.detailsOpen, let user = top.selectedUser(state.heights) {
            if columns >= splitColumns {
                let (left, right) = body.splitColumns(leftWidth: columns - paneWidth(columns))
                list(state).draw(on: screen, in: left)
                pane(state, user: user, border: true).draw(on: screen, in: right)
            } else {
                pane(state, user: user, border: false).draw(on: screen, in: body)
            }
        } else {
            list(state).draw(on: screen, in: body)
        }
        if state.overlay == .help {
            let mode: Mode = top.detailsOpen ? .details : .list
            HelpOverlay(title: "Keys · \(mode.title.lowercased())",
                        entries: state.keys.helpEntries(for: mode, canLeave: state.canLeave),
                        footer: "Esc or ? closes this help · q quits").draw(on: screen, in: body)
        }
        if state.overlay == .filter {
            Bar.field(prompt: "/", text: top.filter, right: filterCount(state), row: rows - 1, on: screen, columns: columns)
        } else {
            let status = statusText(state)
            let room = columns - TerminalText.width(TerminalText.sanitize(status)) - 3
            Bar.draw(left: status, right: state.keys.hints(for: state.mode, canLeave: state.canLeave, width: room),
                     row: rows - 1, on: screen, columns: columns)
        }
        screen.present()
    }

    /// The pane's width beside the list: a little under half the screen.
    static func paneWidth(_ columns: Int) -> Int { max(44, columns * 48 / 100) }

    // MARK: - Parts

    private static func drawTitle(_ state: AppState, on screen: some Screen, columns: Int) {
        var right = state.host
        if !state.tokenLabel.isEmpty { right += " · \(state.tokenLabel)" }
        if let limit = state.rateLimit { right += "  \(limit.summary)" }
        var suffix = ""
        if state.offline != nil { suffix += " · offline" }
        if let storedAt = state.top.storedAt { suffix += " · cached \(ago(storedAt, now: state.now))" }
        if state.top.pager.isRefreshing { suffix += "  \(Spinner.glyph(state.spinner)) refreshing" }
        Bar.title(prefix: " ghscroll · ", crumbs: state.top.crumbs, suffix: suffix, right: right, on: screen, columns: columns)
    }

    /// "12 s ago", "5 min ago", "3 h ago", "2 days ago".
    static func ago(_ date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "\(seconds) s ago"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3_600) h ago"
        default: return "\(seconds / 86_400) day\(seconds / 86_400 == 1 ? "" : "s") ago"
        }
    }

    static func list(_ state: AppState) -> ListView<ListScreen.Items> {
        let top = state.top
        let noun = top.list.noun
        let notice = state.wait?.summary(at: state.now)
        var view = ListView(rows: top.rows(state.heights), viewport: top.viewport,
                            describe: { describe($0, state: state) }, noun: noun, spinnerStep: state.spinner,
                            notice: notice)
        if let placeholder = top.pager.placeholder {
            view.placeholder = ListView<ListScreen.Items>.placeholderLines(
                placeholder, noun: noun, spinnerStep: state.spinner, notice: notice, width: state.size.columns)
        } else if top.isFiltered, top.items.isEmpty {
            view.placeholder = noMatch(state)
        }
        return view
    }

    private static func noMatch(_ state: AppState) -> [StyledText] {
        let top = state.top
        let next: String
        switch top.pager.appendState {
        case .endReached: next = "That is the whole list · Esc clears the filter"
        case .loading: next = "\(Spinner.glyph(state.spinner)) Loading more \(top.list.noun)…"
        case .failed: next = "Loading more failed · R retries · Esc clears the filter"
        case .idle: next = "j loads more · Esc clears the filter"
        }
        return [StyledText("No loaded \(top.list.noun) match “\(top.filter)”."), StyledText(""),
                StyledText(next, Style(color: .muted))]
    }

    static func describe(_ user: GitHubUser, state: AppState) -> ItemText {
        var detail: String
        if !user.isOrganization, !user.isStaff, let label = idLabel(user.id) {
            detail = label
        } else {
            detail = "#" + String(user.id)
            if user.isOrganization { detail += " · org" }
            if user.isStaff { detail += " · staff" }
            detail += " "
        }
        // The second line exists only in the comfortable layout: nothing to look up otherwise.
        guard state.layout == .comfortable else { return ItemText(title: user.login, detail: detail) }
        let subtitle = state.details.cache.peek(user.login)?.name ?? state.profileURL(user.login)
        return ItemText(title: user.login, detail: detail, subtitle: subtitle)
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

    static func pane(_ state: AppState, user: GitHubUser, border: Bool) -> DetailsPane {
        let content = ProfileText.pane(login: user.login, shown: state.details.shown(for: user.login),
                                       profileURL: state.profileURL(user.login), now: state.now)
        let size = state.avatarSize
        let picture: ImageView.Content
        switch state.wantedAvatar.map(state.avatar.shown) {
        case .image(let image)?: picture = .image(image)
        case .unavailable?: picture = .placeholder("no picture")
        case .loading?, nil:
            // Loading details, or a user with no picture named: the box keeps the layout still.
            if case .loaded(let details) = state.details.shown(for: user.login), details.avatarURL == nil {
                picture = .placeholder("no picture")
            } else {
                picture = .placeholder("…")
            }
        }
        return DetailsPane(content: content, spinnerStep: state.spinner, border: border,
                           image: ImageView(content: picture, columns: size.columns, rows: size.rows))
    }

    private static func filterCount(_ state: AppState) -> String {
        "\(state.top.items.count) of \(state.top.pager.items.count) loaded"
    }

    /// The status line's left side: counts, position, loading, waits, or a one-off message.
    static func statusText(_ state: AppState) -> String {
        if let flash = state.flash { return " " + flash }
        let top = state.top
        let pager = top.pager
        let count = pager.knownCount
        var text: String
        if let matches = top.matches {
            text = " \(matches.count) of \(pager.items.count) loaded"
        } else {
            text = " \(count) \(top.list.noun)"
            if let total = pager.totalCount, total > count { text += " of \(total)" }
        }
        if let position = top.selectedPosition(state.heights) {
            text += " · \(position)/\(top.matches == nil ? count : top.items.count)"
        }
        switch pager.appendState {
        case .loading where state.wait != nil: break
        case .loading: text += " · loading more"
        case .failed: text += " · load failed (R retries)"
        case .endReached where count > 0: text += " · end"
        default: break
        }
        if let wait = state.wait { text += " · " + wait.summary(at: state.now) }
        if top.pull.isPulled { text += " · k again refreshes" }
        if top.isFiltered { text += " · /\(top.filter)" }
        return text
    }
}
