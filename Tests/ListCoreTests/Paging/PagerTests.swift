import Testing
@testable import ListCore

@Suite("Pager")
struct PagerTests {
    let list = NumberedList(total: 45, size: 10)

    /// Starts and loads the first page; the viewport shows rows 0..<5 of 5.
    func started(prefetch: Int = 3) -> Harness {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: prefetch))
        harness.send(.start)
        harness.load(list.page(0))
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        return harness
    }

    @Test("1. crossing the prefetch threshold many times while loading issues exactly one fetch")
    func prefetchThresholdIssuesOneFetch() {
        var harness = started()
        #expect(harness.pending.isEmpty)
        for _ in 0..<20 {
            harness.send(.visibleRange(5..<10, viewportRows: 5))
            harness.send(.visibleRange(4..<9, viewportRows: 5))
        }
        #expect(harness.pending.map(\.cursor) == [1])
        #expect(harness.requested.count == 2)
        #expect(harness.pager.appendState == .loading)
        #expect(harness.pager.footer == .loading)
    }

    @Test("2. a page that repeats ids from earlier pages adds only the new ones, in order")
    func repeatedIdsAreDropped() {
        var harness = started()
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        // The server's list shifted: the next page repeats 7, 8, 9 and 3.
        harness.load(Page(items: users([7, 8, 9, 10, 3, 11, 12]), next: 2))
        #expect(harness.ids == Array(0...12))
        #expect(harness.lastChange.inserted == [10, 11, 12])
    }

    @Test("3. a refresh at the top replaces the list when its first page arrives; old rows stay until then")
    func refreshReplacesOnFirstPage() {
        var harness = started()
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        harness.load(list.page(1))
        #expect(harness.ids.count == 20)
        harness.send(.refresh(at: nil))
        #expect(harness.pager.isRefreshing)
        #expect(harness.ids == Array(0..<20), "old rows stay on screen while refreshing")
        #expect(harness.pager.placeholder == nil)
        harness.load(Page(items: users([100, 0, 1, 2]), next: 1))
        #expect(harness.ids == [100, 0, 1, 2])
        #expect(!harness.pager.isRefreshing)
        #expect(harness.lastChange.inserted == [0])
        #expect(harness.lastChange.deleted == Array(3..<20))
    }

    @Test("4. a page of the generation before a refresh, arriving after it, changes nothing")
    func stalePageIsDropped() {
        var harness = started()
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        let staleAppend = harness.pending[0]
        harness.send(.refresh(at: nil))
        #expect(harness.cancelled == [staleAppend.token])
        let before = harness.ids
        let effects = harness.send(.pageLoaded(staleAppend.token, list.page(1)))
        #expect(effects.isEmpty)
        #expect(harness.ids == before)
        #expect(harness.lastChange.isEmpty)
        #expect(harness.pager.isRefreshing)
        harness.send(.pageFailed(staleAppend.token, LoadFailure(message: "late")))
        #expect(harness.pager.appendState == .idle)
    }

    @Test("5. an append error keeps every item; retry asks for the same cursor")
    func appendErrorThenRetry() {
        var harness = started()
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        harness.load(list.page(1))
        harness.send(.visibleRange(15..<20, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [2])
        harness.fail("HTTP 502")
        #expect(harness.ids == Array(0..<20))
        #expect(harness.pager.footer == .failed(LoadFailure(message: "HTTP 502")))
        // Scrolling does not retry by itself.
        harness.send(.visibleRange(15..<20, viewportRows: 5))
        #expect(harness.pending.isEmpty)
        harness.send(.retry)
        #expect(harness.pending.map(\.cursor) == [2])
        harness.load(list.page(2))
        #expect(harness.ids == Array(0..<30))
    }

    @Test("6. an empty page after items ends the list and never shows the empty state")
    func emptyPageAfterItemsEnds() {
        var harness = started()
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        harness.load(Page(items: [], next: 2))
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.placeholder == nil)
        #expect(harness.pager.footer == .end(count: 10))
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        #expect(harness.pending.isEmpty)
    }

    @Test("7. an empty first page shows the empty state, not loading forever")
    func emptyFirstPage() {
        var harness = Harness()
        harness.send(.start)
        #expect(harness.pager.placeholder == .loading)
        harness.load(Page(items: [], next: nil))
        #expect(harness.pager.placeholder == .empty)
        #expect(harness.pager.initialState == .idle)
        harness.send(.visibleRange(0..<0, viewportRows: 20))
        #expect(harness.pending.isEmpty)
    }

    @Test("8. a cursor the source already returned is an error, not a loop")
    func repeatedCursorIsAnError() {
        var harness = started()
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        harness.load(Page(items: users(10..<20), next: 1))   // page 1 says "next is page 1"
        #expect(harness.pager.appendState == .failed(.repeatedCursor))
        #expect(harness.ids == Array(0..<20))
        harness.send(.visibleRange(15..<20, viewportRows: 5))
        #expect(harness.pending.isEmpty, "no fetch follows the repeated cursor")
        harness.send(.retry)
        #expect(harness.pending.map(\.cursor) == [1], "retry asks the page that answered badly again")
    }

    @Test("9. rows that do not fill the viewport keep loading with no scroll until full")
    func shortContentFillsViewport() {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 0))
        harness.send(.visibleRange(0..<0, viewportRows: 35))
        harness.send(.start)
        var loads = 0
        while let request = harness.pending.first, loads < 10 {
            harness.load(list.page(request.cursor))
            loads += 1
        }
        #expect(harness.ids.count == 40, "stops after the page that filled 35 rows")
        #expect(harness.pager.nextCursor == 4)

        var short = Harness(prefetch: FixedDistancePrefetch(distance: 0))
        short.send(.visibleRange(0..<0, viewportRows: 100))
        short.send(.start)
        while let request = short.pending.first, short.requested.count < 10 {
            short.load(list.page(request.cursor))
        }
        #expect(short.ids == Array(0..<45))
        #expect(short.pager.footer == .end(count: 45))
    }

    @Test("10. cancel leaves no load state stuck in loading")
    func cancelClearsLoading() {
        var harness = Harness()
        harness.send(.start)
        harness.send(.cancel)
        #expect(harness.pager.initialState == .idle)
        #expect(harness.pending.isEmpty)
        harness.send(.start)
        harness.load(list.page(0))
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        harness.send(.refresh(at: nil))
        harness.send(.cancel)
        #expect(harness.pager.initialState == .idle)
        #expect(harness.pager.refreshState == .idle)
        #expect(harness.pager.appendState == .idle)
        #expect(harness.pager.inFlight.isEmpty)
        #expect(harness.pending.isEmpty)
        // The list is usable again: scrolling loads the next page.
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [1])
    }

    @Test("an initial failure shows the error; retry loads the first page")
    func initialFailureAndRetry() {
        var harness = Harness()
        harness.send(.start)
        harness.fail("connection refused")
        #expect(harness.pager.placeholder == .failed(LoadFailure(message: "connection refused")))
        harness.send(.retry)
        #expect(harness.pager.placeholder == .loading)
        harness.load(list.page(0))
        #expect(harness.ids == Array(0..<10))
    }

    @Test("a failed refresh keeps the old rows and retry refreshes again")
    func failedRefreshKeepsRows() {
        var harness = started()
        harness.send(.refresh(at: nil))
        harness.fail("HTTP 500")
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.refreshState.failure?.message == "HTTP 500")
        harness.send(.retry)
        #expect(harness.pending.first?.token.direction == .refresh)
        #expect(harness.pending.first?.cursor == 0)
    }

    @Test("a refresh while refreshing does not start a second one")
    func doubleRefresh() {
        var harness = started()
        harness.send(.refresh(at: nil))
        harness.send(.refresh(at: nil))
        #expect(harness.pending.count == 1)
    }

    @Test("a configurable first cursor is where loading starts")
    func firstCursor() {
        var harness = Harness(firstCursor: 3)
        harness.send(.start)
        #expect(harness.pending.first?.cursor == 3)
        #expect(harness.pending.first?.pageSize == 10)
    }
}
