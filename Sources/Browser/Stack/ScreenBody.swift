import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// What each kind of screen answers for itself: the update asks the screen on top, and what a
/// kind leaves to the default here (nothing to page, no filter, no account of its own) takes
/// the path common to every screen. Outside this folder nothing asks which kind a screen is: a
/// new kind is a type that conforms, a ``Screen`` case, and its drawing (``DrawnBody``).
protocol ScreenBody: DrawnBody, Sendable, Equatable {
    // MARK: What every screen has

    var id: ScreenID { get }
    /// The title path, as facts (the view words them: "All users › octocat › followers").
    var crumbs: [Crumb] { get }
    var viewport: Viewport { get set }
    /// Whether the details pane is open over (or beside) the screen.
    var detailsOpen: Bool { get set }
    /// What GitHub's GraphQL API said of the rows, beside them.
    var fills: RowFills { get set }
    /// The account or repository the selection is on, if any.
    var selectedRow: Row? { get }
    /// The keys as they see the screen: what does nothing on it, what its help is titled.
    var kind: ScreenKind { get }
    /// What `F` and `*` would act on here, without working out the selected row.
    var actSubject: PaneSubject { get }
    /// What Enter does on the selected row.
    var enterEffect: KeyTable.EnterHint { get }
    /// The screen as a ``Screen`` again (its case).
    var wrapped: Screen { get }

    // MARK: Its work

    /// Its work when it comes on the stack.
    mutating func start(at now: Duration?) -> [Command]
    /// Its work when it leaves the stack: what it has out is cancelled.
    mutating func stop(at now: Duration?) -> [Command]
    /// The prefetch hint for what is on screen.
    mutating func reportVisible(at now: Duration?) -> [Command]
    /// The fill request its rows need next, if any.
    mutating func fillWants(at now: Date) -> Command?
    /// An answer to one of its fill requests was taken (true when it was the one out).
    mutating func fillsTaken()
    mutating func move(_ command: Viewport.Command)
    /// Selects `row` of the rows shown (a click), as a key's move does.
    mutating func select(row: Int)
    mutating func resize(listHeight: Int)
    mutating func relayout(to heights: RowHeights)
    /// Whether something on it moves (a spinner) while `paneLoading` says the pane's details
    /// or repository are on their way.
    func animates(paneLoading: Bool) -> Bool
    /// `r`: what it shows asked of GitHub again; a flash when it will not be.
    mutating func refresh(at now: Duration?) -> Refreshed
    /// Tries GitHub again while it is out of reach: the load that failed, else a probe.
    mutating func tryAgain(at now: Duration?, pageSize: Int) -> [Command]
    /// The logins and repository names it shows, for Tab: all of them, or at most `limit`
    /// nearest the selection.
    func noteNames(into names: inout KnownNames, limit: Int?)

    // MARK: What only some kinds have (the defaults: none)

    /// The account the screen is of and shows as its own (a profile's): the details it wants
    /// without the pane, what F acts on with no row selected, what `o` opens there.
    var ownAccount: OwnAccount? { get }
    /// An account's details arrived: a screen of that account learns its kind and counts.
    mutating func learn(_ details: UserDetails)
    /// The lines its about row takes, to be measured again when what it shows changes.
    var header: HeaderFit? { get }
    mutating func setHeaderLines(_ lines: Int)
    /// Enter on a row that is not an item (an "All … →" row, a retry row).
    mutating func enterRow(at now: Duration?) -> Entered
    /// `R` before any other retry: the parts of its own that failed (a profile's slices).
    mutating func retryParts() -> [Command]
    /// Whether a part of its own failed.
    var partFailed: Bool { get }
    /// `R` after the pane, GitHub out of reach and waits: its page that failed.
    mutating func retryPage(at now: Duration?) -> [Command]?
    /// Whether it waits for `token`'s page.
    func awaits(_ token: FetchToken) -> Bool
    /// Whether its first page shown came from a stale copy and waits for GitHub's answer.
    var isRevalidating: Bool { get }
    /// Steps its pager (nothing on a screen without one).
    mutating func send(_ event: PagerEvent<Row, GitHubCursor>, at now: Duration?) -> [Command]
    /// A page for it: its rows' addresses, fills and age kept, the pager stepped. `misled` when
    /// a jump went by GitHub's count of pages and found the page empty.
    mutating func take(_ page: PageDelivery, at now: Duration?) -> (commands: [Command], misled: Bool)
    /// When the rows on screen came from the cache and GitHub has not confirmed them since.
    var storedAt: Date? { get set }
    /// Whether any of its rows are loaded.
    var hasRows: Bool { get }
    /// The `:` line it was opened with, for the prompt to come back with.
    var openedWith: String? { get set }
    /// GitHub's message when it refused the first page of a search opened from the prompt.
    func refusal(of token: FetchToken, _ failure: LoadFailure) -> String?
    /// The query of a search, for `/`... `s` to change.
    var searchQuery: String? { get }
    /// Whether a filter narrows the rows.
    var isFiltered: Bool { get }
    /// Whether its filter's `is:` qualifiers judge people (its rows are accounts).
    var filtersAccounts: Bool { get }
    /// The filter line opens on it; what it says when it has no filter.
    mutating func openFilter() -> Flash?
    mutating func clearFilter()
    mutating func editFilter(_ edit: TextField.Edit)
    /// Whether it judges rows by F's follows as of another revision of the writes than `revision`.
    func marksBehind(_ revision: Revision) -> Bool
    /// F's follows, as the filter judges them, brought up to the writes' `revision`.
    mutating func takeMarks(_ known: [WriteTarget: Bool], revision: Revision)
    /// A jump on its way (`g`, `G`, a count's row) is called off by a move made meanwhile.
    mutating func callOffJump(at now: Duration?) -> [Command]
    /// The pull-to-refresh row after `action`.
    mutating func pull(_ action: Action?) -> (changed: Bool, released: Bool)
    /// `g` and `G` across what its memory bounds dropped or never loaded; nil to move as usual.
    mutating func moveToEnd(_ command: Viewport.Command, at now: Duration?) -> [Command]?
    /// `20G`: to row 20 of the whole list; nil to count the rows shown.
    mutating func moveToRow(_ position: Int, at now: Duration?) -> [Command]?
    /// A move of `rows` rows, `times` over, past the rows loaded, walked as the pages come;
    /// false when the move is the viewport's.
    mutating func walk(_ command: Viewport.Command, lines: Int, times: Int) -> Bool
    /// A write to `target` changed what it holds: asked of GitHub again.
    mutating func refresh(changedBy target: WriteTarget, at now: Duration?) -> [Command]
    /// The address it kept for one of its rows, whose page does not follow the base.
    func keptWebPage(of row: Row) -> String?
}

/// The account a screen is of (a profile's).
struct OwnAccount: Sendable, Equatable {
    var login: String
    var isOrganization: Bool?
    /// What GraphQL said of it.
    var fill: RowFill?
}

/// What a screen's about row is measured by.
struct HeaderFit: Sendable, Equatable {
    var login: String
    var fill: RowFill?
    var paneOpen: Bool
    /// The lines it takes now.
    var lines: Int?
}

/// What `r` did.
enum Refreshed: Sendable, Equatable {
    case asked([Command])
    case refused(Flash)
}

/// What Enter on a row that is not an item did.
enum Entered: Sendable, Equatable {
    /// The whole list the row stands for, to push.
    case push(GitHubList, from: String)
    case asked([Command])
    case refused(Flash)
}

/// A page as the client gave it, for the screen that asked.
struct PageDelivery {
    var token: FetchToken
    var page: Page<Row, GitHubCursor>
    var event: PagerEvent<Row, GitHubCursor>
    /// When its rows were fetched, when not GitHub's latest (set by a first page).
    var storedAt: Date?
    var webPages: [Int64: String?]
    var fills: [AccountFill]
}

extension ScreenBody {
    var ownAccount: OwnAccount? { nil }
    mutating func learn(_ details: UserDetails) {}
    var header: HeaderFit? { nil }
    mutating func setHeaderLines(_ lines: Int) {}
    mutating func enterRow(at now: Duration?) -> Entered { .refused(.nothingToOpen) }
    mutating func retryParts() -> [Command] { [] }
    var partFailed: Bool { false }
    mutating func retryPage(at now: Duration?) -> [Command]? { nil }
    func awaits(_ token: FetchToken) -> Bool { false }
    var isRevalidating: Bool { false }
    mutating func send(_ event: PagerEvent<Row, GitHubCursor>, at now: Duration?) -> [Command] { [] }
    mutating func take(_ page: PageDelivery, at now: Duration?) -> (commands: [Command], misled: Bool) { ([], false) }
    var storedAt: Date? {
        get { nil }
        set {}
    }
    var hasRows: Bool { false }
    var openedWith: String? {
        get { nil }
        set {}
    }
    func refusal(of token: FetchToken, _ failure: LoadFailure) -> String? { nil }
    var searchQuery: String? { nil }
    var isFiltered: Bool { false }
    var filtersAccounts: Bool { false }
    mutating func clearFilter() {}
    mutating func editFilter(_ edit: TextField.Edit) {}
    func marksBehind(_ revision: Revision) -> Bool { false }
    mutating func takeMarks(_ known: [WriteTarget: Bool], revision: Revision) {}
    mutating func callOffJump(at now: Duration?) -> [Command] { [] }
    mutating func pull(_ action: Action?) -> (changed: Bool, released: Bool) { (false, false) }
    mutating func moveToEnd(_ command: Viewport.Command, at now: Duration?) -> [Command]? { nil }
    mutating func moveToRow(_ position: Int, at now: Duration?) -> [Command]? { nil }
    mutating func walk(_ command: Viewport.Command, lines: Int, times: Int) -> Bool { false }
    mutating func refresh(changedBy target: WriteTarget, at now: Duration?) -> [Command] { [] }
    func keptWebPage(of row: Row) -> String? { nil }
}
