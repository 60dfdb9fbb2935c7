@testable import ListCore

// A list's pager as a model test expects it, written out as values (the request it waits for,
// the pages it holds, the rows on screen) rather than by running the pager under test.

extension Pager {
    /// The request this pager makes next, in `direction` at `cursor`: the id after its last
    /// one, in its generation unless another is given (a refresh starts the next one).
    func nextRequest(_ direction: FetchDirection, at cursor: Cursor, generation: Int? = nil,
                     outdated: Bool = false) -> FetchRequest<Cursor> {
        let token = FetchToken(id: nextTokenID + 1, generation: generation ?? self.generation, direction: direction)
        return FetchRequest(token: token, cursor: cursor, pageSize: pageSize, outdated: outdated)
    }

    /// Waiting for the page at `cursor` in `direction`: its `id`th request.
    mutating func awaits(_ direction: FetchDirection, request id: Int, at cursor: Cursor, generation: Int = 0,
                         outdated: Bool = false) {
        nextTokenID = id
        let token = FetchToken(id: id, generation: generation, direction: direction)
        inFlight[direction] = FetchRequest(token: token, cursor: cursor, pageSize: pageSize, outdated: outdated)
        setState(.loading, for: direction)
    }

    /// Refreshing page `page` (an index into the pages; nil: the list from its first page) in a
    /// new generation with its `id`th request, the rows staying until it comes.
    mutating func refreshes(page: Int?, request id: Int, at cursor: Cursor, generation: Int) {
        self.generation = generation
        refreshPage = page
        awaits(.refresh, request: id, at: cursor, generation: generation)
    }

    /// Jumping to page `page` (an index into the pages), dropped, with its `id`th request.
    mutating func jumps(to page: Int, request id: Int, at cursor: Cursor) {
        jumpPage = page
        awaits(.jump, request: id, at: cursor, generation: generation)
    }

    /// `G` counted the pages named by `cursors` after the known ones, full until they come, the
    /// last to be loaded by a jump (``jumps(to:request:at:)``).
    mutating func countsToEnd(_ cursors: [Cursor]) {
        counted = CountedPages(first: pages.count, next: nextCursor)
        pages += cursors.map { PageRecord(cursor: $0, count: pageSize) }
        seenCursors.formUnion(cursors)
        nextCursor = nil
    }

    /// The jump on its way was called off.
    mutating func cancelsJump() {
        (inFlight[.jump], jumpPage, jumpState) = (nil, nil, .idle)
    }

    /// The request in `direction` failed: its state says so (a failed next page is retried at
    /// its cursor).
    mutating func failed(_ direction: FetchDirection, _ failure: LoadFailure) {
        if direction == .append { retryCursor = inFlight[direction]?.cursor }
        inFlight[direction] = nil
        setState(.failed(failure), for: direction)
    }

    /// Holding `page` as its first and only page, asked for at `cursor` (nothing in flight):
    /// its next page to come, or, without one, the end reached.
    mutating func holds(first page: Page<Item, Cursor>, at cursor: Cursor) {
        store = ListStore(page.items, dedupeWindow: store.dedupeWindow)
        inFlight = [:]
        (initialState, refreshState, appendState, prependState, jumpState) = (.idle, .idle, .idle, .idle, .idle)
        hasLoadedFirstPage = true
        totalCount = page.totalCount
        totalPages = page.totalPages
        isIncomplete = page.isIncomplete
        endedShort = page.endsShort
        pages = [PageRecord(cursor: cursor, count: store.count)]
        loadedPages = 0..<1
        offset = 0
        seenCursors = [cursor]
        ends(after: page)
    }

    /// Holding `page` after the pages it held, asked for at `cursor` (nothing in flight).
    mutating func holds(next page: Page<Item, Cursor>, at cursor: Cursor) {
        let before = store.count
        store.append(contentsOf: page.items)
        inFlight[.append] = nil
        appendState = .idle
        if let total = page.totalCount { totalCount = total }
        if let total = page.totalPages { totalPages = total }
        if page.isIncomplete { isIncomplete = true }
        if page.endsShort { endedShort = true }
        pages.append(PageRecord(cursor: cursor, count: store.count - before))
        loadedPages = loadedPages.lowerBound..<pages.count
        ends(after: page)
    }

    /// Page `index` (not the last) arrived for a jump or a refresh: it alone is loaded, in place
    /// of the rows before, `offset` items after the start of the list; the pages in `outdated`
    /// are to be asked of GitHub, not the cache, when loaded again.
    mutating func landed(_ page: Page<Item, Cursor>, on index: Int, offset: Int, outdated: Set<Int>) {
        store = ListStore(page.items, dedupeWindow: store.dedupeWindow)
        (inFlight[.jump], inFlight[.refresh]) = (nil, nil)
        (refreshState, appendState, prependState, jumpState) = (.idle, .idle, .idle, .idle)
        (jumpPage, refreshPage, retryCursor) = (nil, nil, nil)
        pages[index].count = store.count
        loadedPages = index..<(index + 1)
        self.offset = offset
        outdatedPages = outdated
    }

    /// The cursor after `page`, or the end of the list when it names none or is empty.
    private mutating func ends(after page: Page<Item, Cursor>) {
        if let next = page.next, !page.items.isEmpty {
            seenCursors.insert(next)
            nextCursor = next
        } else {
            nextCursor = nil
            listEnded = true
            appendState = .endReached
        }
    }

    /// The screen shows `rows` rows from `first`.
    mutating func shows(from first: Int, rows: Int) {
        visibleStart = first
        viewportRows = rows
    }
}
