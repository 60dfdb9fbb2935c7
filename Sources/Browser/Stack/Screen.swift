import Foundation
import GitHubAPI
import ListCore

/// One screen of the stack, of one of the kinds the browser has. Each kind owns its state and
/// its work (``start(at:)`` when it comes on the stack, ``stop(at:)`` when it leaves); what they
/// share (an id, a title path, a viewport, the pane) is read here.
package enum Screen: Sendable, Equatable {
    /// A list of accounts or repositories, paged.
    case list(ListScreen)
    /// An account's profile, made of slices.
    case profile(ProfileScreen)

    @inline(__always)
    package var id: ScreenID {
        switch self {
        case .list(let screen): screen.id
        case .profile(let screen): screen.id
        }
    }

    /// The title path, as facts: all users, then octocat and their followers for each level
    /// pushed (the view words them: "All users › octocat › followers").
    @inline(__always)
    var crumbs: [Crumb] {
        switch self {
        case .list(let screen): screen.crumbs
        case .profile(let screen): screen.crumbs
        }
    }

    package var viewport: Viewport {
        @inline(__always) get {
            switch self {
            case .list(let screen): screen.viewport
            case .profile(let screen): screen.viewport
            }
        }
        set {
            withList { $0.viewport = newValue }
            withProfile { $0.viewport = newValue }
        }
    }

    /// Whether the details pane is open over (or beside) the screen.
    var detailsOpen: Bool {
        @inline(__always) get {
            switch self {
            case .list(let screen): screen.detailsOpen
            case .profile(let screen): screen.detailsOpen
            }
        }
        set {
            withList { $0.detailsOpen = newValue }
            withProfile { $0.detailsOpen = newValue }
        }
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

    /// The address the screen kept for one of its rows, whose page does not follow the base.
    func keptWebPage(of row: Row) -> String? {
        switch self {
        case .list(let screen): screen.webPages[row.id]
        case .profile(let screen): screen.profile.keptWebPage(of: row)
        }
    }

    /// Whether a filter narrows the rows (only a list has one).
    @inline(__always)
    var isFiltered: Bool {
        guard case .list(let screen) = self else { return false }
        return screen.isFiltered
    }

    /// When the rows on screen came from the cache and GitHub has not confirmed them since.
    @inline(__always)
    var storedAt: Date? {
        guard case .list(let screen) = self else { return nil }
        return screen.storedAt
    }

    /// What `F` and `*` would act on here, for the status line's hints, without working out
    /// the selected row on every frame: a list's kind of rows (an organization's row says so
    /// when the key is pressed), a profile's selected item, else its own account.
    var actSubject: PaneSubject {
        switch self {
        case .list(let screen):
            return screen.fillsAccounts ? .user : .repository
        case .profile(let screen):
            if let row = screen.selectedRow { return PaneSubject(row) }
            return screen.profile.isOrganization == true ? .organization : .user
        }
    }

    /// Whether the screen is a search's results.
    @inline(__always)
    var isSearch: Bool {
        guard case .list(let screen) = self else { return false }
        return screen.isSearch
    }

    // MARK: - The kinds

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

    // MARK: - Work

    /// Its work when it comes on the stack.
    mutating func start(at now: Duration?) -> [Command] {
        withList { $0.start(at: now) } ?? withProfile { $0.start() } ?? []
    }

    /// Its work when it leaves the stack: what it has out is cancelled.
    mutating func stop(at now: Duration?) -> [Command] {
        withList { $0.stop(at: now) } ?? withProfile { $0.stop() } ?? []
    }

    /// The prefetch hint for what is on screen: the list's next page, the profile's slices.
    mutating func reportVisible(at now: Duration?) -> [Command] {
        withList { $0.reportVisible(at: now) } ?? withProfile { $0.loadNearScreen() } ?? []
    }

    mutating func move(_ command: Viewport.Command) {
        withList { $0.move(command) }
        withProfile { $0.move(command) }
    }

    /// Selects `row` of the rows shown (a click), as a key's move does.
    mutating func select(row: Int) {
        withList { $0.select(row: row) }
        withProfile { $0.select(row: row) }
    }

    mutating func resize(listHeight: Int) {
        withList { $0.resize(listHeight: listHeight) }
        withProfile { $0.resize(listHeight: listHeight) }
    }

    mutating func relayout(to heights: RowHeights) {
        withList { $0.relayout(to: heights) }
        withProfile { $0.relayout(to: heights) }
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
