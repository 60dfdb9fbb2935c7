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
    /// At most this many items are kept (nil: no limit): pages far from the viewport are
    /// dropped, and loaded again by their cursor when the person comes back to them.
    public let maxItems: Int?

    // MARK: - State

    public private(set) var store: ListStore<Item>
    /// The cursor of the next page; `nil` before the first page and at the end.
    public private(set) var nextCursor: Cursor?
    public private(set) var initialState: LoadState = .idle
    public private(set) var refreshState: LoadState = .idle
    public private(set) var appendState: LoadState = .idle
    /// Loading a dropped page before the loaded ones.
    public private(set) var prependState: LoadState = .idle
    /// Loading a far page in place of the loaded ones (a jump).
    public private(set) var jumpState: LoadState = .idle
    /// The page a jump loads (an index into ``pages``).
    public private(set) var jumpPage: Int?
    /// Every page of this generation, in order, with how many items it holds (its items are in
    /// the store for ``loadedPages`` only).
    public private(set) var pages: [PageRecord<Cursor>] = []
    /// The pages whose items the store holds: always a contiguous run.
    public private(set) var loadedPages: Range<Int> = 0..<0
    /// Items of the dropped pages before the loaded ones: the first loaded item's position in
    /// the whole list.
    public private(set) var offset = 0
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
    /// The last page of the list was seen (it stays seen when that page is dropped).
    private var listEnded = false
    private var visibleStart = 0
    private var viewportRows: Int?
    /// The time of the event being handled, if the caller gave one.
    private var now: Duration?

    /// Ids a page is de-duplicated against: those of the last `dedupeWindow` items (repeats
    /// come from the pages next to it, when the list shifted between requests), so no set of
    /// every id loaded is kept.
    public static var defaultDedupeWindow: Int { 1_000 }

    /// `maxItems`: keep at most that many items (at least two pages' worth); nil keeps all.
    /// With a limit the store de-duplicates against every item it holds (they are few); without,
    /// against the last `dedupeWindow`.
    public init(firstCursor: Cursor, pageSize: Int, prefetch: any PrefetchPolicy = AdaptivePrefetch(),
                dedupeWindow: Int? = defaultDedupeWindow, maxItems: Int? = nil) {
        self.firstCursor = firstCursor
        self.pageSize = max(1, pageSize)
        self.prefetch = prefetch
        self.maxItems = maxItems.map { max($0, 2 * max(1, pageSize)) }
        self.store = ListStore(dedupeWindow: maxItems == nil ? dedupeWindow.map { max($0, 3 * max(1, pageSize)) } : nil)
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
        case .jump(let position):
            return jump(to: position)
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
        case .prepend: prependState = state
        case .jump: jumpState = state
        }
    }

    /// How near the first loaded item the screen may come before the dropped page before it is
    /// asked for again: a screen and a bit, as the fixed rule does forwards.
    private static func backwardDistance(viewportRows rows: Int) -> Int {
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
            if screenNotFull || prefetch.shouldPrefetch(context) { return [startFetch(.append, at: cursor)] }
        }
        // Backward: a dropped page before the loaded run, a screen and a bit ahead.
        if loadedPages.lowerBound > 0, prependState == .idle,
           visible.lowerBound <= Self.backwardDistance(viewportRows: rows) {
            return [startFetch(.prepend, at: pages[loadedPages.lowerBound - 1].cursor)]
        }
        return []
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
            prependState = .idle
            jumpState = .idle
            jumpPage = nil
            seenCursors = [request.cursor]
            listEnded = false
            totalCount = page.totalCount
            pages = [PageRecord(cursor: request.cursor, count: store.count)]
            loadedPages = 0..<1
            offset = 0
        case .append:
            let before = store.count
            lastChange = store.append(contentsOf: page.items)
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
                dropPages(fromFront: true)
                return
            }
            pages.append(PageRecord(cursor: request.cursor, count: added))
            loadedPages = loadedPages.lowerBound..<pages.count
            dropPages(fromFront: true)
        case .prepend:
            let before = store.count
            lastChange = store.insert(page.items, at: 0)
            prependState = .idle
            let index = loadedPages.lowerBound - 1
            let added = store.count - before
            visibleStart += added
            offset = max(0, offset - pages[index].count)
            pages[index].count = added
            loadedPages = index..<loadedPages.upperBound
            dropPages(fromFront: false)
            return
        case .jump:
            landJump(page)
            return
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

    /// Drops whole pages from the end away from the one just loaded while more than
    /// ``maxItems`` are held: never the page just loaded, nor one so near the screen that it
    /// would be asked for again at once. The limit gives way a little instead (two pages
    /// chasing each other would never stop); the next load at the other end drops what is then
    /// far. The change reported is the net one: deletions in the indexes before the load,
    /// insertions in the indexes after the drop.
    private mutating func dropPages(fromFront: Bool) {
        guard let maxItems, store.count > maxItems else { return }
        let inserted = lastChange.inserted
        let rows = viewportRows ?? 0
        var front = 0
        var back = 0
        while store.count - front - back > maxItems, loadedPages.count > 1 {
            if fromFront {
                let page = loadedPages.lowerBound
                let firstShown = visibleStart - front - pages[page].count
                guard firstShown > Self.backwardDistance(viewportRows: rows) else { break }
                front += pages[page].count
                offset += pages[page].count
                loadedPages = (page + 1)..<loadedPages.upperBound
            } else {
                let page = loadedPages.upperBound - 1
                let remaining = store.count - back - pages[page].count
                let start = min(visibleStart, remaining)
                guard remaining >= visibleStart + rows else { break }
                let context = PrefetchContext(visible: start..<(start + rows), loadedCount: remaining,
                                              viewportRows: max(rows, 1), now: now)
                guard !prefetch.shouldPrefetch(context) else { break }
                back += pages[page].count
                loadedPages = loadedPages.lowerBound..<page
                // The end is no longer loaded: scrolling down loads the dropped pages again.
                if appendState == .endReached { appendState = .idle }
            }
        }
        guard front + back > 0 else { return }
        let count = store.count
        store.delete(at: Array(0..<front) + Array((count - back)..<count))
        // What is on screen moved down in the store's indexes with the items before it.
        visibleStart = max(0, visibleStart - front)
        if fromFront {
            // Appended at the end: the dropped items were the first ones before it too.
            lastChange = ListChange(inserted: inserted.map { $0 - front }, deleted: Array(0..<front))
        } else {
            // Inserted at the start: the dropped ones were the last before it.
            let before = count - inserted.count
            lastChange = ListChange(inserted: inserted, deleted: Array((before - back)..<before))
        }
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

    // MARK: - Jumps

    /// The page holding the item at `position` of the whole list, or the last page known.
    public func page(holding position: Int) -> Int? {
        guard !pages.isEmpty else { return nil }
        var start = 0
        for (index, page) in pages.enumerated() {
            if position < start + page.count { return index }
            start += page.count
        }
        return pages.count - 1
    }

    private mutating func jump(to position: Int) -> [Effect] {
        guard hasLoadedFirstPage, let target = page(holding: max(0, position)), !loadedPages.contains(target) else {
            return []
        }
        if jumpPage == target, jumpState == .loading { return [] }
        // Loads at the edges of the rows being replaced are of no use now.
        var effects: [Effect] = []
        for direction in [FetchDirection.append, .prepend, .jump] {
            guard let request = inFlight.removeValue(forKey: direction) else { continue }
            setState(.idle, for: direction)
            effects.append(.cancelFetch(request.token))
        }
        jumpPage = target
        effects.append(startFetch(.jump, at: pages[target].cursor))
        return effects
    }

    /// The far page arrived: it replaces the loaded ones, counted at its place in the list.
    private mutating func landJump(_ page: Page<Item, Cursor>) {
        jumpState = .idle
        guard let index = jumpPage, index < pages.count else { return }
        jumpPage = nil
        lastChange = store.reload(page.items)
        offset = pages[..<index].reduce(0) { $0 + $1.count }
        pages[index].count = store.count
        loadedPages = index..<(index + 1)
        visibleStart = 0
        retryCursor = nil
        appendState = listEnded && index == pages.count - 1 ? .endReached : .idle
        prependState = .idle
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
                prefetch.observe(.abandoned)
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

/// A page of the list as the pager remembers it: where it starts and how many items it added.
public struct PageRecord<Cursor: Hashable & Sendable>: Sendable, Hashable {
    public var cursor: Cursor
    public var count: Int
}

// MARK: - Equality

extension Pager: Equatable where Item: Equatable {
    /// Two pagers are equal when every fact they hold is: items, cursors, load states, requests
    /// in flight, what they remember of the viewport, and their prefetch policy.
    public static func == (lhs: Pager, rhs: Pager) -> Bool {
        // What a scroll or a page changes first, so that unequal pagers are told apart cheaply;
        // the policy (a dynamic cast) last.
        lhs.visibleStart == rhs.visibleStart && lhs.lastChange == rhs.lastChange
            && lhs.appendState == rhs.appendState && lhs.inFlight == rhs.inFlight
            && lhs.offset == rhs.offset && lhs.generation == rhs.generation
            && lhs.nextTokenID == rhs.nextTokenID && lhs.pageSize == rhs.pageSize
            && lhs.viewportRows == rhs.viewportRows && lhs.maxItems == rhs.maxItems
            && lhs.initialState == rhs.initialState && lhs.refreshState == rhs.refreshState
            && lhs.prependState == rhs.prependState && lhs.totalCount == rhs.totalCount
            && lhs.jumpState == rhs.jumpState && lhs.jumpPage == rhs.jumpPage
            && lhs.hasLoadedFirstPage == rhs.hasLoadedFirstPage && lhs.listEnded == rhs.listEnded
            && lhs.firstCursor == rhs.firstCursor && lhs.nextCursor == rhs.nextCursor
            && lhs.retryCursor == rhs.retryCursor && lhs.store == rhs.store
            && lhs.loadedPages == rhs.loadedPages && lhs.pages == rhs.pages
            && lhs.seenCursors == rhs.seenCursors && samePolicy(lhs.prefetch, rhs.prefetch)
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
