import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// The browser's state between frames: pager snapshot, viewport, pull-to-refresh, help.
/// Pure values, so it can be tested without a terminal.
struct BrowserModel {
    typealias State = Pager<GitHubUser, GitHubCursor>

    let list: UserList
    let host: String
    private(set) var state: State?
    private(set) var version = -1
    private(set) var viewport = Viewport(height: 0, margin: 2)
    private(set) var pull = PullToRefresh()
    private(set) var showHelp = false
    private(set) var quit = false
    private(set) var spinner = 0
    private(set) var listHeight = 0
    /// The last rate limit the client saw, shown in the title line.
    var rateLimit: RateLimit?
    /// The wait the client is in, if any, and the time the frame is drawn at (for its countdown).
    var wait: Wait?
    var now = Date()
    private var selectedID: Int64?
    let keyMap = KeyMap()

    init(list: UserList, host: String) {
        self.list = list
        self.host = host
    }

    var rows: RowModel<GitHubUser> {
        RowModel(pull: pull.isPulled ? false : nil, items: state?.items ?? [], footer: state?.footer)
    }

    // MARK: - Inputs

    mutating func update(_ newState: State, version newVersion: Int) {
        guard newVersion != version else { return }
        let oldRows = self.rows
        let oldLine = viewport.selection.flatMap { viewport.line(of: $0, in: oldRows) }
        version = newVersion
        state = newState
        let rows = self.rows
        if let id = selectedID, let selected = viewport.selection {
            let index = rows.itemIndex(forRow: selected)
            if index.map({ newState.items[$0].id }) != id {
                // The list changed under the selection (a refresh): follow the user if it is still there.
                if let found = newState.items.firstIndex(where: { $0.id == id }) {
                    viewport.place(rows.row(forItem: found), atLine: oldLine ?? 0, in: rows)
                } else {
                    viewport.place(rows.itemRows.lowerBound, atLine: 0, in: rows)
                }
            }
        }
        viewport.sync(rows)
        rememberSelection()
    }

    mutating func resize(screenRows: Int) {
        listHeight = ListRenderer.listHeight(screenRows: screenRows)
        viewport.resize(height: listHeight, in: rows)
        rememberSelection()
    }

    static let spinnerPeriodMilliseconds = 100

    mutating func tick() { spinner &+= 1 }

    /// True while a spinner is on screen (anything loading), so frames must keep coming.
    var isAnimating: Bool {
        guard let state else { return true }
        return wait != nil || state.isRefreshing || state.appendState == .loading || !state.hasLoadedFirstPage && state.placeholder == .loading
    }

    /// Applies a key; returns the pager events it asks for.
    mutating func handle(_ key: Key) -> [PagerEvent<GitHubUser, GitHubCursor>] {
        if showHelp {
            showHelp = false
            if keyMap.action(for: key) == .quit, key != .escape { quit = true }
            return []
        }
        let action = keyMap.action(for: key)
        let rowsBefore = rows
        let atFirstRow = rowsBefore.itemRows.isEmpty || viewport.selection == rowsBefore.itemRows.lowerBound
        let wasPulled = pull.isPulled
        let released = pull.handle(action, atFirstRow: atFirstRow)
        if pull.isPulled != wasPulled || released {
            // The pull row appeared or went: keep the same user selected, and show the pull row.
            let rows = self.rows
            if let id = selectedID, let index = state?.items.firstIndex(where: { $0.id == id }) {
                viewport.place(rows.row(forItem: index), atLine: pull.isPulled ? 1 : 0, in: rows)
            } else {
                viewport.sync(rows)
            }
            if pull.isPulled { viewport.place(viewport.selection ?? 0, atLine: 1, in: rows) }
            if released { return [.refresh] }
            if pull.isPulled { return [] }
        }
        guard let action else { return [] }
        switch action {
        case .lineDown: move(.lineDown)
        case .lineUp: move(.lineUp)
        case .pageDown: move(.pageDown)
        case .pageUp: move(.pageUp)
        case .halfPageDown: move(.halfPageDown)
        case .halfPageUp: move(.halfPageUp)
        case .first: move(.first)
        case .last: move(.last)
        case .refresh: return [.refresh]
        case .retry: return [.retry]
        case .quit: quit = true
        case .help: showHelp = true
        }
        return []
    }

    private mutating func move(_ command: Viewport.Command) {
        viewport.perform(command, in: rows)
        rememberSelection()
    }

    private mutating func rememberSelection() {
        let rows = self.rows
        selectedID = viewport.selection.flatMap(rows.itemIndex(forRow:)).map { rows.items[$0].id }
    }

    // MARK: - Outputs

    /// The item indexes on screen and the rows the list holds, for prefetch.
    func visibleItems() -> (Range<Int>, Int)? {
        guard let state, state.hasLoadedFirstPage else { return nil }
        let rows = self.rows
        let visible = viewport.visibleRows(in: rows)
        let items = rows.itemRows
        let lower = min(max(visible.lowerBound, items.lowerBound), items.upperBound) - items.lowerBound
        let upper = min(max(visible.upperBound, items.lowerBound), items.upperBound) - items.lowerBound
        return (lower..<max(lower, upper), max(1, listHeight))
    }

    func frame() -> ListFrame<GitHubUser> {
        var right = host
        if let rateLimit { right += "  \(rateLimit.summary)" }
        var placeholder = Placeholder.loading as Placeholder?
        if let state { placeholder = state.placeholder }
        return ListFrame(
            title: "ghscroll · \(list.title)", titleRight: right, isRefreshing: state?.isRefreshing ?? false,
            rows: rows, viewport: viewport, describe: Self.describe, placeholder: placeholder,
            noun: list.noun, status: statusText, hint: "? help  q quit", spinnerStep: spinner,
            help: showHelp ? KeyMap.helpLines : nil, notice: wait?.summary(at: now))
    }

    static func describe(_ user: GitHubUser) -> ItemText {
        var detail = "#\(user.id)"
        if user.isOrganization { detail += " · org" }
        if user.siteAdmin == true { detail += " · staff" }
        return ItemText(title: user.login, detail: detail + " ", subtitle: user.htmlURL ?? "")
    }

    var statusText: String {
        guard let state else { return " Starting…" }
        let count = state.items.count
        var text = " \(count) \(list.noun)"
        if let total = state.totalCount, total > count { text += " of \(total)" }
        if let selected = viewport.selection.flatMap(rows.itemIndex(forRow:)) { text += " · \(selected + 1)/\(count)" }
        switch state.appendState {
        case .loading where wait != nil: break
        case .loading: text += " · loading more"
        case .failed: text += " · load failed (R retries)"
        case .endReached where count > 0: text += " · end"
        default: break
        }
        if let wait { text += " · " + wait.summary(at: now) }
        if pull.isPulled { text += " · k again refreshes" }
        return text
    }
}
