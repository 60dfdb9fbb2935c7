import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// One screen of the stack, of one of the kinds the browser has. Each kind is a
/// ``ScreenBody``: it owns its state and answers for itself (its work, its keys, what it
/// refuses); the screen reads it as ``body`` and changes it in place through ``mutate(_:)``.
/// A new kind is a case here, and a line in each of ``body``, ``mutate(_:)`` and the few
/// members read on every key, which are switched on directly rather than through the body.
package enum Screen: Sendable, Equatable {
    /// A list of accounts or repositories, paged.
    case list(ListScreen)
    /// An account's profile, made of slices.
    case profile(ProfileScreen)

    /// The kind's state, to ask.
    var body: any ScreenBody {
        switch self {
        case .list(let screen): screen
        case .profile(let screen): screen
        }
    }

    /// Changes the kind's state in place (the enum lets go of its copy first, so the state's
    /// storage is changed, not copied).
    @discardableResult
    mutating func mutate<T>(_ change: (inout any ScreenBody) -> T) -> T {
        var body = self.body
        self = Self.vacant
        defer { self = body.wrapped }
        return change(&body)
    }

    /// Does `visitor`'s work on the kind's state, as the kind's own type: generic work (a frame
    /// drawn on any kind of terminal) is then made for each kind, not looked up as it runs, as
    /// it would be through ``body``.
    func visit<Visitor: BodyVisitor>(_ visitor: Visitor, in state: AppState) -> Visitor.Result {
        switch self {
        case .list(let screen): visitor.visit(screen, in: state)
        case .profile(let screen): visitor.visit(screen, in: state)
        }
    }

    // MARK: - Read on every key (switched on directly: no body to box)

    @inline(__always)
    package var id: ScreenID {
        switch self {
        case .list(let screen): screen.id
        case .profile(let screen): screen.id
        }
    }

    package var viewport: Viewport {
        @inline(__always) get {
            switch self {
            case .list(let screen): screen.viewport
            case .profile(let screen): screen.viewport
            }
        }
        set { mutate { $0.viewport = newValue } }
    }

    /// Whether the details pane is open over (or beside) the screen.
    var detailsOpen: Bool {
        @inline(__always) get {
            switch self {
            case .list(let screen): screen.detailsOpen
            case .profile(let screen): screen.detailsOpen
            }
        }
        set { mutate { $0.detailsOpen = newValue } }
    }

    /// The account or repository the selection is on, if any.
    @inline(__always)
    var selectedRow: Row? {
        switch self {
        case .list(let screen): screen.selectedRow
        case .profile(let screen): screen.selectedRow
        }
    }

    /// The account the selection is on, if any.
    @inline(__always)
    var selectedUser: GitHubUser? { selectedRow?.user }

    // MARK: - Asked of the kind

    /// The title path, as facts: all users, then octocat and their followers for each level
    /// pushed (the view words them: "All users › octocat › followers").
    var crumbs: [Crumb] { body.crumbs }
    var kind: ScreenKind { body.kind }
    var actSubject: PaneSubject { body.actSubject }
    var enterEffect: KeyTable.EnterHint { body.enterEffect }
    var ownAccount: OwnAccount? { body.ownAccount }
    var header: HeaderFit? { body.header }
    var partFailed: Bool { body.partFailed }
    var isRevalidating: Bool { body.isRevalidating }
    var hasRows: Bool { body.hasRows }
    var searchQuery: String? { body.searchQuery }
    var filtersAccounts: Bool { body.filtersAccounts }
    var fills: RowFills { body.fills }
    func keptWebPage(of row: Row) -> String? { body.keptWebPage(of: row) }
    func animates(paneLoading: Bool) -> Bool { body.animates(paneLoading: paneLoading) }
    func awaits(_ token: FetchToken) -> Bool { body.awaits(token) }
    func refusal(of token: FetchToken, _ failure: LoadFailure) -> String? { body.refusal(of: token, failure) }
    func noteNames(into names: inout KnownNames, limit: Int?) { body.noteNames(into: &names, limit: limit) }

    /// Whether a filter narrows the rows.
    @inline(__always)
    var isFiltered: Bool {
        switch self {
        case .list(let screen): screen.isFiltered
        case .profile(let screen): screen.isFiltered
        }
    }

    /// When the rows on screen came from the cache and GitHub has not confirmed them since.
    var storedAt: Date? {
        get { body.storedAt }
        set { mutate { $0.storedAt = newValue } }
    }

    /// The `:` line the screen was opened with.
    var openedWith: String? {
        get { body.openedWith }
        set { mutate { $0.openedWith = newValue } }
    }

    /// Whether the screen is a search's results.
    var isSearch: Bool { kind == .search }

    // MARK: - Work

    mutating func start(at now: Duration?) -> [Command] { mutate { $0.start(at: now) } }
    mutating func stop(at now: Duration?) -> [Command] { mutate { $0.stop(at: now) } }
    mutating func reportVisible(at now: Duration?) -> [Command] { mutate { $0.reportVisible(at: now) } }
    mutating func move(_ command: Viewport.Command) { mutate { $0.move(command) } }
    mutating func select(row: Int) { mutate { $0.select(row: row) } }
    mutating func resize(listHeight: Int) { mutate { $0.resize(listHeight: listHeight) } }
    mutating func relayout(to heights: RowHeights) { mutate { $0.relayout(to: heights) } }
    mutating func learn(_ details: UserDetails) { mutate { $0.learn(details) } }
    mutating func setHeaderLines(_ lines: Int) { mutate { $0.setHeaderLines(lines) } }
    mutating func refresh(at now: Duration?) -> Refreshed { mutate { $0.refresh(at: now) } }
    mutating func tryAgain(at now: Duration?, pageSize: Int) -> [Command] { mutate { $0.tryAgain(at: now, pageSize: pageSize) } }
    mutating func enterRow(at now: Duration?) -> Entered { mutate { $0.enterRow(at: now) } }
    mutating func retryParts() -> [Command] { mutate { $0.retryParts() } }
    mutating func retryPage(at now: Duration?) -> [Command]? { mutate { $0.retryPage(at: now) } }
    mutating func send(_ event: PagerEvent<Row, GitHubCursor>, at now: Duration?) -> [Command] {
        mutate { $0.send(event, at: now) }
    }
    mutating func take(_ page: PageDelivery, at now: Duration?) -> (commands: [Command], misled: Bool) {
        mutate { $0.take(page, at: now) }
    }
    mutating func openFilter() -> Flash? { mutate { $0.openFilter() } }
    mutating func clearFilter() { mutate { $0.clearFilter() } }
    mutating func editFilter(_ edit: TextField.Edit) { mutate { $0.editFilter(edit) } }
    /// F's follows brought up to the writes' `revision`, when the screen judges by others.
    mutating func takeMarks(_ known: [WriteTarget: Bool], revision: Revision) {
        guard body.marksBehind(revision) else { return }
        mutate { $0.takeMarks(known, revision: revision) }
    }
    mutating func callOffJump(at now: Duration?) -> [Command] { mutate { $0.callOffJump(at: now) } }
    mutating func pull(_ action: Action?) -> (changed: Bool, released: Bool) { mutate { $0.pull(action) } }
    mutating func moveToEnd(_ command: Viewport.Command, at now: Duration?) -> [Command]? {
        mutate { $0.moveToEnd(command, at: now) }
    }
    mutating func moveToRow(_ position: Int, at now: Duration?) -> [Command]? { mutate { $0.moveToRow(position, at: now) } }
    mutating func walk(_ command: Viewport.Command, lines: Int, times: Int) -> Bool {
        mutate { $0.walk(command, lines: lines, times: times) }
    }
    mutating func refresh(changedBy target: WriteTarget, at now: Duration?) -> [Command] {
        mutate { $0.refresh(changedBy: target, at: now) }
    }

    // MARK: - The kinds, for the stack's own code and the tests

    /// The list, when the screen is one; setting it replaces a list (tests build states so).
    var listScreen: ListScreen? {
        @inline(__always) get {
            guard case .list(let screen) = self else { return nil }
            return screen
        }
        set {
            guard let newValue, case .list = self else { return }
            self = .list(newValue)
        }
    }

    /// The profile, when the screen is one; setting it replaces a profile.
    var profileScreen: ProfileScreen? {
        @inline(__always) get {
            guard case .profile(let screen) = self else { return nil }
            return screen
        }
        set {
            guard let newValue, case .profile = self else { return }
            self = .profile(newValue)
        }
    }

    /// Changes the list in place, when the screen is one (its rows are not copied).
    @discardableResult
    mutating func withList<T>(_ body: (inout ListScreen) -> T) -> T? {
        guard case .list(var screen) = self else { return nil }
        // The enum lets go of its copy first, so the list's storage is changed in place.
        self = Self.vacant
        defer { self = .list(screen) }
        return body(&screen)
    }

    /// Changes the profile in place, when the screen is one.
    @discardableResult
    mutating func withProfile<T>(_ body: (inout ProfileScreen) -> T) -> T? {
        guard case .profile(var screen) = self else { return nil }
        self = Self.vacant
        defer { self = .profile(screen) }
        return body(&screen)
    }
}

extension Screen {
    /// Held by a screen for the moment its list or profile is changed in place (a list: one
    /// reference to copy).
    static let vacant = Screen.list(ListScreen.vacant)
}

extension ListScreen {
    /// An empty list: what ``Screen/vacant`` holds, and what a test gets that finds another
    /// kind where it expects a list.
    static let vacant = ListScreen(id: ScreenID(0), list: .users(.all(since: 0)), crumbs: [], pageSize: 1,
                                   prefetch: FixedDistancePrefetch(distance: 0), listHeight: 0, firstCursor: .first)
}

extension ProfileScreen {
    /// An empty profile, for a test that finds another kind where it expects a profile.
    static let vacant = ProfileScreen(id: ScreenID(0), profile: Profile(login: "", isOrganization: nil, heights: .compact,
                                                                        headerLines: 1),
                                      crumbs: [], listHeight: 0)
}

/// Work done on a screen's kind, whichever it is, in the browser's `state`
/// (``Screen/visit(_:in:)``).
protocol BodyVisitor {
    associatedtype Result
    func visit(_ body: some ScreenBody, in state: AppState) -> Result
}
