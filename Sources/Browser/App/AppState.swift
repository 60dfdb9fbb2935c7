import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// The whole browser as one value: a stack of screens (lists and profiles), what is drawn over
/// them, the details it knows, and the client's status. ``update(_:at:)`` is the only way it
/// changes; its one reconcile step derives what follows from the new state.
package struct AppState: Sendable, Equatable {
    /// What is drawn over the screens and has the keyboard.
    package enum Overlay: Sendable, Equatable {
        /// The keys of the mode under it; from the filter line, closing it goes back there.
        case help(fromFilter: Bool)
        case filter
        /// The `:` prompt.
        case command
    }

    /// One line a user, or two (the login, then the name or profile URL).
    package enum Layout: Sendable, Equatable {
        case compact, comfortable

        var heights: RowHeights { self == .compact ? .compact : .comfortable }
    }

    package struct Size: Sendable, Equatable {
        package var rows: Int
        package var columns: Int
        package init(rows: Int, columns: Int) {
            self.rows = max(0, rows)
            self.columns = max(0, columns)
        }
    }

    // MARK: - Settings

    /// The API's host, for the title line.
    package let host: String
    /// Where the token came from ("token: gh", "no token"), for the title line.
    let tokenLabel: String
    /// Where the API host's pages live on the web, learned from the `html_url`s GitHub sends
    /// (never built from the API's address): rows whose page follows it keep no address.
    var web: WebPages
    package let pageSize: Int
    /// Rows before the end that start the next page; nil to learn it (``AdaptivePrefetch``).
    package let prefetchDistance: Int?
    package let keys: KeyTable
    /// Users kept per list before far pages are dropped (nil: no limit).
    package let maxItems: Int?
    /// Whether rows are filled in from GitHub's GraphQL API (names, places, counts): only with
    /// a token, which GraphQL needs.
    package var fillsRows = false
    /// Whether there is a token: `me` and `@me` name its owner, and need one.
    package var hasToken = false
    /// The unit of the waits between tries while GitHub cannot be reached (a second).
    var reconnectUnit = Duration.seconds(1)

    // MARK: - State

    /// The screens, the one on screen on top.
    var stack: ScreenStack
    package internal(set) var overlay: Overlay?
    /// The first line shown of a help too long for the screen (0 when it opens).
    var helpOffset = 0
    /// The `:` prompt's line, error, history and completion (kept while it is closed: the
    /// history, for the next time).
    var prompt = CommandPrompt()
    package internal(set) var details = DetailsState()
    /// The repository details the pane shows, as ``details`` for users.
    package internal(set) var repository = RepositoryState()
    package internal(set) var avatar = AvatarState()
    package internal(set) var layout = Layout.compact
    package internal(set) var size: Size
    /// The rate limit of most requests (GitHub's `core`), as the last answer gave it.
    package internal(set) var rateLimit: RateLimit?
    /// The rate limit of searches, which GitHub counts apart.
    var searchRateLimit: RateLimit?
    /// GraphQL's own limit (the rows' fills), in points.
    var graphQLRateLimit: RateLimit?
    package internal(set) var wait: Wait?
    /// The time of the last tick or wait, for countdowns and ages.
    package internal(set) var now: Date
    package internal(set) var spinner = 0
    /// The tick asked for and not yet arrived.
    var pendingTick: Int?
    /// A one-off message in the status line ("Copied …"), until the next key.
    var flash: Flash?
    /// The count typed before a move (`20` of `20G`), until the move or another key.
    package internal(set) var count: Int?
    /// Set when the browser should end: 0 after `q`, 128 + N after signal N.
    package internal(set) var exitStatus: Int32?
    /// GitHub could not be reached at the last try, and how many tries ago that started.
    package internal(set) var offline: Offline?
    /// Following and starring: what is known, the question, the write under way.
    var acting = Acting()

    var nextScreenID = 1
    var nextTick = 0
    var nextReconnect = 0

    /// What the browser opens with: a list (at its first page, or at `--page`), or an account's
    /// profile (`ghscroll user LOGIN`).
    package enum Opening: Sendable, Equatable {
        case list(GitHubList, at: GitHubCursor? = nil)
        case profile(String)
    }

    /// A browser that opens with `list`, at `firstCursor` (`--page`) or its first page.
    package init(list: GitHubList, host: String, profileBase: String? = nil, pageSize: Int, prefetchDistance: Int?,
                size: Size, now: Date, keys: KeyTable = KeyTable(), firstCursor: GitHubCursor? = nil,
                layout: Layout = .compact, tokenLabel: String = "", maxItems: Int? = nil) {
        self.init(opening: .list(list, at: firstCursor), host: host, profileBase: profileBase, pageSize: pageSize,
                  prefetchDistance: prefetchDistance, size: size, now: now, keys: keys, layout: layout,
                  tokenLabel: tokenLabel, maxItems: maxItems)
    }

    /// - Parameters:
    ///   - opening: the first screen: a list (`--page`: where it starts) or a profile.
    ///   - profileBase: where pages live on the web, when already known (nil: GitHub's
    ///     `html_url`s teach it).
    ///   - maxItems: users kept per list (`--max-items`); nil keeps them all.
    package init(opening: Opening, host: String, profileBase: String? = nil, pageSize: Int, prefetchDistance: Int?,
                size: Size, now: Date, keys: KeyTable = KeyTable(),
                layout: Layout = .compact, tokenLabel: String = "", maxItems: Int? = nil) {
        self.maxItems = maxItems
        self.host = host
        self.tokenLabel = tokenLabel
        self.layout = layout
        self.web = WebPages(base: profileBase)
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance
        self.keys = keys
        self.size = size
        self.now = now
        let screenLayout = ScreenLayout(rows: size.rows, columns: size.columns)
        switch opening {
        case .profile(let login):
            // `ghscroll user LOGIN`: the profile is the first screen; its kind comes with its details.
            // (The about row takes its height once it starts: `fitProfileHeaders`.)
            let profile = Profile(login: login, isOrganization: nil, heights: layout.heights, headerLines: 1)
            stack = ScreenStack(.profile(ProfileScreen(id: ScreenID(1), profile: profile, crumbs: [.name(login)],
                                                       listHeight: screenLayout.listHeight)))
        case let .list(list, firstCursor):
            stack = ScreenStack(.list(ListScreen(id: ScreenID(1), list: list, crumbs: [.heading(list)], pageSize: pageSize,
                                                 prefetch: Self.prefetchPolicy(prefetchDistance),
                                                 listHeight: screenLayout.listHeight, heights: layout.heights,
                                                 firstCursor: firstCursor ?? list.firstCursor, maxItems: maxItems)))
        }
    }

    // MARK: - Derived

    /// The screen on top of the stack: on screen, with the keyboard.
    package internal(set) var top: Screen {
        _read { yield stack.top }
        _modify { yield &stack.top }
    }

    /// The screens under the top one, bottom first.
    package var below: [Screen] { stack.below }

    /// The stack of screens, bottom first; never empty. The last one is on screen.
    var screens: [Screen] {
        get { stack.screens }
        set { stack.screens = newValue }
    }

    /// Where each part of the screen goes at this size, for the model and the view alike.
    var screenLayout: ScreenLayout { ScreenLayout(rows: size.rows, columns: size.columns) }

    /// Who has the keyboard.
    package var mode: Mode {
        if acting.question != nil { return .question }
        return switch overlay {
        case .help: .help
        case .filter: .filter
        case .command: .command
        case nil: top.detailsOpen ? .details : .list
        }
    }

    /// Whether Esc has something to do in the list: a filter to clear or a list to go back from.
    var canLeave: Bool { top.detailsOpen || top.isFiltered || stack.canPop }

    /// What Enter does on the selected row: the key does it, the status line's hint says it.
    var enterEffect: KeyTable.EnterHint { top.enterEffect }

    /// The picture the pane wants: the one its details name, at the pane's size.
    var wantedAvatar: AvatarState.Key? { wantedAvatar(login: wantedDetails, repository: wantedRepository) }

    /// The picture of the details of `login`, else of the repository `name`, at the pane's size.
    func wantedAvatar(login: String?, repository name: String?) -> AvatarState.Key? {
        let url: String?
        if let login, case .loaded(let user) = details.shown(for: login) {
            url = user.avatarURL
        } else if let name, case .loaded(let found) = repository.shown(for: name) {
            url = found.ownerAvatarURL
        } else {
            url = nil
        }
        return avatarKey(url)
    }

    /// A picture at the pane's size, when `url` is a web address.
    func avatarKey(_ url: String?) -> AvatarState.Key? {
        guard let url, url.hasPrefix("https://") || url.hasPrefix("http://") else { return nil }
        let size = screenLayout.avatarSize
        return AvatarState.Key(url: url, columns: size.columns, rows: size.rows)
    }

    // MARK: - Starting

    /// The first screen's work: a list's first page, a profile's slices near the screen.
    package mutating func start() -> [Command] {
        if let login = top.ownAccount?.login, let known = details.cache.peek(login) { top.learn(known) }
        // The about rows fit first: what a profile loads near the screen depends on its height.
        fitHeaders()
        let moment = moment
        let started = top.start(at: moment)
        return started + reconcile(debounce: false, refit: false, since: Before(self))
    }

    // MARK: - Helpers for update

    /// Steps the top screen's pager, on the browser's clock (nothing on a profile).
    mutating func sendTop(_ event: PagerEvent<Row, GitHubCursor>) -> [Command] {
        let moment = moment
        return top.send(event, at: moment)
    }

    /// `--prefetch N` forces the fixed rule; without it the policy learns.
    static func prefetchPolicy(_ distance: Int?) -> any PrefetchPolicy {
        distance.map { FixedDistancePrefetch(distance: $0) } ?? AdaptivePrefetch()
    }

    /// ``now`` as the pagers' clock: they learn scroll speed and page latency from it.
    var moment: Duration { .milliseconds(Int64((now.timeIntervalSinceReferenceDate * 1000).rounded())) }

    /// The login whose details are wanted now: the pane's, else the profile's on screen (nil
    /// when neither shows).
    var wantedDetails: String? {
        top.detailsOpen ? top.selectedUser?.login : top.ownAccount?.login
    }

    /// The repository whose details the pane wants (OWNER/NAME), when it is open on one.
    var wantedRepository: String? {
        top.detailsOpen ? top.selectedRow?.repository?.fullName : nil
    }
}
