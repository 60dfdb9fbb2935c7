/// The paging state machine: events in, effects out, no I/O.
///
/// It holds the items (unique by id, in server order), the next cursor and the load state of
/// each direction. Every race — a refresh during an append, a stale page, a retry — is a
/// sequence of events, so it can be tested without threads or sleeps.
///
/// A refresh reloads the page that holds the selection by its remembered cursor (Paging 3's
/// refresh key; the first page at the top); the other loaded pages are dropped when it arrives
/// and loaded again as the person scrolls to them.
///
/// A first page from a copy that may be out of date (``PagerEvent/stalePage(_:_:)``) is shown
/// while its request stays in flight: the source's answer to the same token replaces it.
public struct Pager<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: Sendable
where Item.ID: Sendable {
    public typealias Event = PagerEvent<Item, Cursor>
    public typealias Effect = PagerEffect<Cursor>

    // MARK: - Configuration

    public let firstCursor: Cursor
    public let pageSize: Int
    public var prefetch: any PrefetchPolicy {
        get { policy.value }
        set { policy.value = newValue }
    }
    /// The policy, in a box that compares by value (``PolicyBox``). The pager tells it what
    /// happened in place (`policy.value.observe`): through ``prefetch`` every observation copied
    /// the boxed policy out and back.
    var policy: PolicyBox
    /// At most this many items are kept (nil: no limit): pages far from the viewport are
    /// dropped, and loaded again by their cursor when the person comes back to them.
    public let maxItems: Int?
    /// The pages before the first cursor, for a list opened past its start (`--page N`): as if
    /// they had been loaded and dropped, each counted as a full page until it is loaded.
    public let pagesBefore: [Cursor]

    // MARK: - State

    public internal(set) var store: ListStore<Item>
    /// The cursor of the next page; `nil` before the first page and at the end.
    public internal(set) var nextCursor: Cursor?
    public internal(set) var initialState: LoadState = .idle
    public internal(set) var refreshState: LoadState = .idle
    public internal(set) var appendState: LoadState = .idle
    /// Loading a dropped page before the loaded ones.
    public internal(set) var prependState: LoadState = .idle
    /// Loading a far page in place of the loaded ones (a jump).
    public internal(set) var jumpState: LoadState = .idle
    /// The page a jump loads (an index into ``pages``).
    public internal(set) var jumpPage: Int?
    /// Pages counted ahead by a jump across pages never seen (``PagerEvent/jumpToEnd(pagesAfter:)``,
    /// ``PagerEvent/jumpAcross(pagesAfter:toItem:)``), until the last of them comes and says
    /// where the list ends; what to undo if the list proves shorter.
    var counted: CountedPages<Cursor>?
    /// The source's count of pages proved wrong (a page it counted came back empty): it is not
    /// taken again.
    public internal(set) var pageCountMisleads = false
    /// The page a refresh loads again (an index into ``pages``): the one that held the
    /// selection. Nil while a refresh asks for the first page, which replaces the list.
    public internal(set) var refreshPage: Int?
    /// Every page of this generation, in order, with how many items it holds (its items are in
    /// the store for ``loadedPages`` only).
    public internal(set) var pages: [PageRecord<Cursor>] = []
    /// The pages loaded before the last refresh (of a page past the first) and not since: when
    /// one is asked for again, the request says it is ``FetchRequest/outdated``.
    public internal(set) var outdatedPages: Set<Int> = []
    /// The pages whose items the store holds: always a contiguous run.
    public internal(set) var loadedPages: Range<Int> = 0..<0
    /// Items of the dropped pages before the loaded ones: the first loaded item's position in
    /// the whole list.
    public internal(set) var offset = 0
    /// Bumped by refresh and cancel; results of older generations are dropped.
    public internal(set) var generation = 0
    /// The total the source reported, if any.
    public internal(set) var totalCount: Int?
    /// How many pages the whole list has, as the last page that said so reported (GitHub's
    /// `rel="last"`); nil when unknown, and from when a page it counted came back empty on
    /// (``pageCountMisleads``).
    public internal(set) var totalPages: Int?
    /// A page of this generation was marked incomplete by its source (a search that timed out
    /// before it found everything: GitHub's `incomplete_results`).
    public internal(set) var isIncomplete = false
    /// The list ended where its source stopped serving it, not at its own end (a page said
    /// ``Page/endsShort``): the rows after are there, out of the source's reach.
    public internal(set) var endedShort = false
    /// True once a first page has arrived.
    public internal(set) var hasLoadedFirstPage = false
    /// The fetches in flight, at most one per direction.
    public internal(set) var inFlight: [FetchDirection: FetchRequest<Cursor>] = [:]

    var nextTokenID = 0
    var seenCursors: Set<Cursor> = []
    var retryCursor: Cursor?
    /// The last page of the list was seen (it stays seen when that page is dropped).
    var listEnded = false
    var visibleStart = 0
    var viewportRows: Int?
    /// The time of the event being handled, if the caller gave one.
    var now: Duration?

    /// Ids a page is de-duplicated against: those of the last `dedupeWindow` items (repeats
    /// come from the pages next to it, when the list shifted between requests), so no set of
    /// every id loaded is kept.
    public static var defaultDedupeWindow: Int { 1_000 }

    /// `maxItems`: keep at most that many items (at least two pages' worth); nil keeps all.
    /// With a limit the store de-duplicates against every item it holds (they are few); without,
    /// against the last `dedupeWindow`.
    public init(firstCursor: Cursor, pageSize: Int, prefetch: any PrefetchPolicy = AdaptivePrefetch(),
                dedupeWindow: Int? = defaultDedupeWindow, maxItems: Int? = nil, pagesBefore: [Cursor] = []) {
        self.pagesBefore = pagesBefore
        self.firstCursor = firstCursor
        self.pageSize = max(1, pageSize)
        self.policy = PolicyBox(prefetch)
        self.maxItems = maxItems.map { max($0, 2 * max(1, pageSize)) }
        self.store = ListStore(dedupeWindow: maxItems == nil ? dedupeWindow.map { max($0, 3 * max(1, pageSize)) } : nil)
    }

    public var items: [Item] { store.items }

    // MARK: - Events

    /// What one event did: the effects to run, in order, and the change to the items.
    public struct Step: Sendable, Equatable {
        public var effects: [Effect]
        public var change: ListChange

        public init(effects: [Effect] = [], change: ListChange = .none) {
            self.effects = effects
            self.change = change
        }
    }

    /// Applies one event: the effects to run, in order, and what it changed in the items.
    ///
    /// `now` is the caller's clock (any origin, never going back). With it the prefetch policy
    /// learns how fast the person scrolls and how long pages take; without it, it cannot.
    @discardableResult
    public mutating func handle(_ event: Event, at now: Duration? = nil) -> Step {
        self.now = now
        defer { self.now = nil }
        switch event {
        case .start:
            guard !hasLoadedFirstPage, initialState == .idle, inFlight.isEmpty else { return Step() }
            return Step(effects: [startFetch(.initial, at: firstCursor)])
        case let .visibleRange(range, rows):
            visibleStart = max(0, range.lowerBound)
            viewportRows = max(rows, range.count, 0)
            if let now { policy.value.observe(.scrolled(visible: range, at: now)) }
            return Step(effects: prefetchIfNeeded())
        case let .pageLoaded(token, page):
            guard let request = takeRequest(token) else { return Step() }
            if let now { policy.value.observe(.answered(at: now)) }
            if token.direction == .refresh, refreshPage != nil, page.items.isEmpty {
                // The selection's page is no longer there (the list shrank): the list again
                // from its first page, the old rows on screen until it arrives.
                refreshPage = nil
                return Step(effects: [startFetch(.refresh, at: firstCursor)])
            }
            let change = apply(page, for: request)
            return Step(effects: prefetchIfNeeded(), change: change)
        case let .stalePage(token, page):
            return showStale(page, for: token)
        case let .pageFailed(token, failure):
            guard let request = takeRequest(token) else { return Step() }
            if failure.reason == .cancelled {
                policy.value.observe(.abandoned)
            } else if let now {
                policy.value.observe(.answered(at: now))
            }
            fail(request, with: failure)
            return Step()
        case .jump(let position):
            return Step(effects: jump(to: position))
        case .jumpToEnd(let cursors):
            return Step(effects: jump(across: cursors, to: nil))
        case let .jumpAcross(cursors, position):
            return Step(effects: jump(across: cursors, to: position))
        case .refresh(let position):
            return Step(effects: refresh(at: position))
        case .retry:
            return Step(effects: retry())
        case .restart:
            return Step(effects: restart())
        case .cancel:
            return Step(effects: cancelAll())
        case .cancelJump:
            return Step(effects: cancelJump())
        }
    }
}

// MARK: - Equality

extension Pager: Equatable where Item: Equatable {}
