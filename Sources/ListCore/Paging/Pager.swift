/// The paging state machine: events in, effects out, no I/O.
///
/// It holds the items (unique by id, in server order), the next cursor and the load state of
/// each direction. Every race — a refresh during an append, a stale page, a retry — is a
/// sequence of events, so it can be tested without threads or sleeps.
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
    private var policy: PolicyBox
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
    /// Every page of this generation, in order, with how many items it holds (its items are in
    /// the store for ``loadedPages`` only).
    public internal(set) var pages: [PageRecord<Cursor>] = []
    /// The pages whose items the store holds: always a contiguous run.
    public internal(set) var loadedPages: Range<Int> = 0..<0
    /// Items of the dropped pages before the loaded ones: the first loaded item's position in
    /// the whole list.
    public internal(set) var offset = 0
    /// Bumped by refresh and cancel; results of older generations are dropped.
    public internal(set) var generation = 0
    /// The total the source reported, if any.
    public internal(set) var totalCount: Int?
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
            let change = apply(page, for: request)
            return Step(effects: prefetchIfNeeded(), change: change)
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
        case .refresh:
            return Step(effects: refresh())
        case .retry:
            return Step(effects: retry())
        case .restart:
            return Step(effects: restart())
        case .cancel:
            return Step(effects: cancelAll())
        }
    }

    // MARK: - Fetching

    mutating func startFetch(_ direction: FetchDirection, at cursor: Cursor) -> Effect {
        nextTokenID += 1
        let token = FetchToken(id: nextTokenID, generation: generation, direction: direction)
        let request = FetchRequest(token: token, cursor: cursor, pageSize: pageSize)
        inFlight[direction] = request
        setState(.loading, for: direction)
        if let now { policy.value.observe(.requested(at: now)) }
        return .fetch(request)
    }

    /// The request this token answers, removed from the in-flight set; nil for a stale result.
    private mutating func takeRequest(_ token: FetchToken) -> FetchRequest<Cursor>? {
        guard token.generation == generation,
              let request = inFlight[token.direction], request.token == token
        else { return nil }
        inFlight[token.direction] = nil
        return request
    }

    mutating func setState(_ state: LoadState, for direction: FetchDirection) {
        switch direction {
        case .initial: initialState = state
        case .refresh: refreshState = state
        case .append: appendState = state
        case .prepend: prependState = state
        case .jump: jumpState = state
        }
    }

    /// How near the first loaded item the screen may come before the dropped page before it is
    /// asked for again: a screen and a bit, as the fixed rule does forwards.
    static func backwardDistance(viewportRows rows: Int) -> Int {
        FixedDistancePrefetch().effectiveDistance(viewportRows: rows)
    }

    private mutating func prefetchIfNeeded() -> [Effect] {
        guard hasLoadedFirstPage, let rows = viewportRows, inFlight.isEmpty else { return [] }
        let count = store.count
        let start = min(visibleStart, count)
        let visible = start..<min(count, start + rows)
        // Forward: the next page, or the first dropped one after the loaded run.
        let forward = loadedPages.upperBound < pages.count ? pages[loadedPages.upperBound].cursor : nextCursor
        if let cursor = forward, appendState == .idle {
            let context = PrefetchContext(visible: visible, loadedCount: count, viewportRows: rows, now: now)
            let screenNotFull = count < visibleStart + rows
            if screenNotFull || policy.value.shouldPrefetch(context) { return [startFetch(.append, at: cursor)] }
        }
        // Backward: a dropped page before the loaded run, a screen and a bit ahead.
        if loadedPages.lowerBound > 0, prependState == .idle,
           visible.lowerBound <= Self.backwardDistance(viewportRows: rows) {
            return [startFetch(.prepend, at: pages[loadedPages.lowerBound - 1].cursor)]
        }
        return []
    }

    // MARK: - Results

    /// Takes a page in; what it changed in the items.
    private mutating func apply(_ page: Page<Item, Cursor>, for request: FetchRequest<Cursor>) -> ListChange {
        let change: ListChange
        switch request.token.direction {
        case .initial, .refresh:
            change = store.reload(page.items)
            hasLoadedFirstPage = true
            initialState = .idle
            refreshState = .idle
            appendState = .idle
            prependState = .idle
            jumpState = .idle
            jumpPage = nil
            seenCursors = Set(pagesBefore + [request.cursor])
            listEnded = false
            totalCount = page.totalCount
            // A list opened past its end (page N of one with fewer): an empty first page has
            // nothing before it to count, or to walk back through page after empty page.
            let earlier = page.items.isEmpty ? [] : pagesBefore.map { PageRecord(cursor: $0, count: pageSize) }
            pages = earlier + [PageRecord(cursor: request.cursor, count: store.count)]
            loadedPages = earlier.count..<(earlier.count + 1)
            offset = earlier.count * pageSize
        case .append:
            let before = store.count
            let appended = store.append(contentsOf: page.items)
            appendState = .idle
            if let total = page.totalCount { totalCount = total }
            let added = store.count - before
            if loadedPages.upperBound < pages.count {
                // A dropped page, loaded again: the pages after it are remembered already.
                pages[loadedPages.upperBound].count = added
                loadedPages = loadedPages.lowerBound..<(loadedPages.upperBound + 1)
                retryCursor = nil
                // The last page again, of a list that ended: it still ends there.
                if listEnded, loadedPages.upperBound == pages.count { appendState = .endReached }
                return dropPages(fromFront: true, after: appended)
            }
            pages.append(PageRecord(cursor: request.cursor, count: added))
            loadedPages = loadedPages.lowerBound..<pages.count
            change = dropPages(fromFront: true, after: appended)
        case .prepend:
            let before = store.count
            let inserted = store.insert(page.items, at: 0)
            prependState = .idle
            let index = loadedPages.lowerBound - 1
            let added = store.count - before
            visibleStart += added
            offset = max(0, offset - pages[index].count)
            pages[index].count = added
            loadedPages = index..<loadedPages.upperBound
            return dropPages(fromFront: false, after: inserted)
        case .jump:
            return landJump(page)
        }
        retryCursor = nil
        if page.items.isEmpty {
            // An empty page ends the list, whatever cursor it names: following it could spin.
            end()
        } else if let next = page.next {
            if seenCursors.insert(next).inserted {
                nextCursor = next
            } else {
                nextCursor = nil
                retryCursor = request.cursor
                appendState = .failed(.repeatedCursor)
            }
        } else {
            end()
        }
        return change
    }

    private mutating func end() {
        nextCursor = nil
        listEnded = true
        appendState = .endReached
    }

    private mutating func fail(_ request: FetchRequest<Cursor>, with failure: LoadFailure) {
        let direction = request.token.direction
        setState(failure.reason == .cancelled ? .idle : .failed(failure), for: direction)
        if direction == .append { retryCursor = request.cursor }
    }

    // MARK: - Commands

    private mutating func refresh() -> [Effect] {
        guard hasLoadedFirstPage else {
            // Nothing shown yet: a refresh is the first load (again).
            guard initialState != .loading else { return [] }
            return [startFetch(.initial, at: firstCursor)]
        }
        guard refreshState != .loading else { return [] }
        generation += 1
        var effects: [Effect] = []
        for direction in [FetchDirection.append, .prepend, .jump] {
            if let request = inFlight.removeValue(forKey: direction) {
                effects.append(.cancelFetch(request.token))
                policy.value.observe(.abandoned)
            }
        }
        if appendState == .loading { appendState = .idle }
        if prependState == .loading { prependState = .idle }
        if jumpState == .loading { jumpState = .idle }
        effects.append(startFetch(.refresh, at: firstCursor))
        return effects
    }

    private mutating func retry() -> [Effect] {
        if case .failed = initialState, !hasLoadedFirstPage {
            return [startFetch(.initial, at: firstCursor)]
        }
        if case .failed = refreshState {
            return refresh()
        }
        if case .failed = appendState, inFlight.isEmpty,
           let cursor = loadedPages.upperBound < pages.count ? pages[loadedPages.upperBound].cursor : retryCursor ?? nextCursor {
            return [startFetch(.append, at: cursor)]
        }
        if case .failed = prependState, inFlight.isEmpty, loadedPages.lowerBound > 0 {
            return [startFetch(.prepend, at: pages[loadedPages.lowerBound - 1].cursor)]
        }
        if case .failed = jumpState, inFlight.isEmpty, let page = jumpPage, page < pages.count {
            return [startFetch(.jump, at: pages[page].cursor)]
        }
        return []
    }

    private mutating func restart() -> [Effect] {
        var effects: [Effect] = []
        for direction in FetchDirection.allCases {
            guard let request = inFlight.removeValue(forKey: direction) else { continue }
            effects.append(.cancelFetch(request.token))
            effects.append(startFetch(direction, at: request.cursor))
        }
        return effects
    }

    private mutating func cancelAll() -> [Effect] {
        let effects = FetchDirection.allCases.compactMap { direction -> Effect? in
            guard let request = inFlight.removeValue(forKey: direction) else { return nil }
            setState(.idle, for: direction)
            if direction == .append { retryCursor = request.cursor }
            return .cancelFetch(request.token)
        }
        if !effects.isEmpty {
            generation += 1
            policy.value.observe(.abandoned)
        }
        return effects
    }
}

/// A page of the list as the pager remembers it: where it starts and how many items it added.
public struct PageRecord<Cursor: Hashable & Sendable>: Sendable, Hashable {
    public var cursor: Cursor
    public var count: Int
}

// MARK: - Equality

extension Pager: Equatable where Item: Equatable {}

/// A prefetch policy that compares by value when its type is Equatable, else by type: what lets
/// a pager's equality be the synthesized one, every field compared.
struct PolicyBox: Sendable, Equatable {
    var value: any PrefetchPolicy

    init(_ value: any PrefetchPolicy) { self.value = value }

    static func == (lhs: PolicyBox, rhs: PolicyBox) -> Bool {
        guard let left = lhs.value as? any Equatable else { return type(of: lhs.value) == type(of: rhs.value) }
        return left.isEqual(to: rhs.value)
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
