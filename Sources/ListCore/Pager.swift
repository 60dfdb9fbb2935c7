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
    public var prefetch: any PrefetchPolicy

    // MARK: - State

    public private(set) var store: ListStore<Item>
    /// The cursor of the next page; `nil` before the first page and at the end.
    public private(set) var nextCursor: Cursor?
    public private(set) var initialState: LoadState = .idle
    public private(set) var refreshState: LoadState = .idle
    public private(set) var appendState: LoadState = .idle
    /// Bumped by refresh and cancel; results of older generations are dropped.
    public private(set) var generation = 0
    /// The total the source reported, if any.
    public private(set) var totalCount: Int?
    /// True once a first page has arrived.
    public private(set) var hasLoadedFirstPage = false
    /// What the last event did to the items.
    public private(set) var lastChange = ListChange.none
    /// The fetches in flight, at most one per direction.
    public private(set) var inFlight: [FetchDirection: FetchRequest<Cursor>] = [:]

    private var nextTokenID = 0
    private var seenCursors: Set<Cursor> = []
    private var retryCursor: Cursor?
    private var visibleStart = 0
    private var viewportRows: Int?
    /// The time of the event being handled, if the caller gave one.
    private var now: Duration?

    /// Ids a page is de-duplicated against: those of the last `dedupeWindow` items (repeats
    /// come from the pages next to it, when the list shifted between requests), so no set of
    /// every id loaded is kept.
    public static var defaultDedupeWindow: Int { 1_000 }

    public init(firstCursor: Cursor, pageSize: Int, prefetch: any PrefetchPolicy = AdaptivePrefetch(),
                dedupeWindow: Int? = defaultDedupeWindow) {
        self.firstCursor = firstCursor
        self.pageSize = max(1, pageSize)
        self.prefetch = prefetch
        self.store = ListStore(dedupeWindow: dedupeWindow.map { max($0, 3 * max(1, pageSize)) })
    }

    public var items: [Item] { store.items }

    // MARK: - Events

    /// Applies one event and returns the effects to run, in order.
    ///
    /// `now` is the caller's clock (any origin, never going back). With it the prefetch policy
    /// learns how fast the person scrolls and how long pages take; without it, it cannot.
    public mutating func handle(_ event: Event, at now: Duration? = nil) -> [Effect] {
        lastChange = .none
        self.now = now
        defer { self.now = nil }
        switch event {
        case .start:
            guard !hasLoadedFirstPage, initialState == .idle, inFlight.isEmpty else { return [] }
            return [startFetch(.initial, at: firstCursor)]
        case let .visibleRange(range, rows):
            visibleStart = max(0, range.lowerBound)
            viewportRows = max(rows, range.count, 0)
            if let now { prefetch.observe(.scrolled(visible: range, at: now)) }
            return prefetchIfNeeded()
        case let .pageLoaded(token, page):
            guard let request = takeRequest(token) else { return [] }
            if let now { prefetch.observe(.answered(at: now)) }
            apply(page, for: request)
            return prefetchIfNeeded()
        case let .pageFailed(token, failure):
            guard let request = takeRequest(token) else { return [] }
            if failure.reason == .cancelled {
                prefetch.observe(.abandoned)
            } else if let now {
                prefetch.observe(.answered(at: now))
            }
            fail(request, with: failure)
            return []
        case .refresh:
            return refresh()
        case .retry:
            return retry()
        case .cancel:
            return cancelAll()
        }
    }

    // MARK: - Fetching

    private mutating func startFetch(_ direction: FetchDirection, at cursor: Cursor) -> Effect {
        nextTokenID += 1
        let token = FetchToken(id: nextTokenID, generation: generation, direction: direction)
        let request = FetchRequest(token: token, cursor: cursor, pageSize: pageSize)
        inFlight[direction] = request
        setState(.loading, for: direction)
        if let now { prefetch.observe(.requested(at: now)) }
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

    private mutating func setState(_ state: LoadState, for direction: FetchDirection) {
        switch direction {
        case .initial: initialState = state
        case .refresh: refreshState = state
        case .append: appendState = state
        }
    }

    private mutating func prefetchIfNeeded() -> [Effect] {
        guard hasLoadedFirstPage, let rows = viewportRows, let cursor = nextCursor,
              appendState == .idle, inFlight.isEmpty
        else { return [] }
        let count = store.count
        let start = min(visibleStart, count)
        let context = PrefetchContext(
            visible: start..<min(count, start + rows), loadedCount: count, viewportRows: rows, now: now)
        let screenNotFull = count < visibleStart + rows
        guard screenNotFull || prefetch.shouldPrefetch(context) else { return [] }
        return [startFetch(.append, at: cursor)]
    }

    // MARK: - Results

    private mutating func apply(_ page: Page<Item, Cursor>, for request: FetchRequest<Cursor>) {
        switch request.token.direction {
        case .initial, .refresh:
            lastChange = store.reload(page.items)
            hasLoadedFirstPage = true
            initialState = .idle
            refreshState = .idle
            appendState = .idle
            seenCursors = [request.cursor]
            totalCount = page.totalCount
        case .append:
            lastChange = store.append(contentsOf: page.items)
            appendState = .idle
            if let total = page.totalCount { totalCount = total }
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
    }

    private mutating func end() {
        nextCursor = nil
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
        if let append = inFlight.removeValue(forKey: .append) {
            effects.append(.cancelFetch(append.token))
            prefetch.observe(.abandoned)
        }
        if appendState == .loading { appendState = .idle }
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
        if case .failed = appendState, let cursor = retryCursor ?? nextCursor, inFlight.isEmpty {
            return [startFetch(.append, at: cursor)]
        }
        return []
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
            prefetch.observe(.abandoned)
        }
        return effects
    }
}

// MARK: - Equality

extension Pager: Equatable where Item: Equatable {
    /// Two pagers are equal when every fact they hold is: items, cursors, load states, requests
    /// in flight, what they remember of the viewport, and their prefetch policy.
    public static func == (lhs: Pager, rhs: Pager) -> Bool {
        lhs.firstCursor == rhs.firstCursor && lhs.pageSize == rhs.pageSize
            && samePolicy(lhs.prefetch, rhs.prefetch)
            && lhs.store == rhs.store && lhs.nextCursor == rhs.nextCursor
            && lhs.initialState == rhs.initialState && lhs.refreshState == rhs.refreshState
            && lhs.appendState == rhs.appendState && lhs.generation == rhs.generation
            && lhs.totalCount == rhs.totalCount && lhs.hasLoadedFirstPage == rhs.hasLoadedFirstPage
            && lhs.lastChange == rhs.lastChange && lhs.inFlight == rhs.inFlight
            && lhs.nextTokenID == rhs.nextTokenID && lhs.seenCursors == rhs.seenCursors
            && lhs.retryCursor == rhs.retryCursor && lhs.visibleStart == rhs.visibleStart
            && lhs.viewportRows == rhs.viewportRows
    }
}

/// Policies of the same type compare by value when they are Equatable, else by type.
func samePolicy(_ lhs: any PrefetchPolicy, _ rhs: any PrefetchPolicy) -> Bool {
    guard let lhs = lhs as? any Equatable else { return type(of: lhs) == type(of: rhs) }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
