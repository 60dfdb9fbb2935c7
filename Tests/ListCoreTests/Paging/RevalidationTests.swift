import Testing
@testable import ListCore

/// A first page from a copy that may be out of date (a stale cache) is shown at once, and the
/// source's own answer to the same request replaces it: stale-while-revalidate, with one
/// request token for both answers (#34 item 3).
@Suite("A first page shown from a copy, then the source's answer to the same request")
struct RevalidationTests {
    let list = NumberedList(total: 90, size: 10)

    /// The copy: the first page as it was, its users under their old names.
    func copy(_ ids: Range<Int> = 0..<10) -> Page<User, Int> {
        Page(items: ids.map { User($0, "old\($0)") }, next: 1, totalCount: 90)
    }

    /// A pager that asked for its first page and was answered with the copy.
    func showingCopy() -> (Harness, FetchRequest<Int>) {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 2))
        harness.send(.start)
        let request = harness.pending[0]
        harness.send(.stalePage(request.token, copy()))
        return (harness, request)
    }

    @Test("the copy is shown as a first page, its request stays in flight, and nothing else loads meanwhile")
    func copyShown() {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 2))
        harness.send(.start)
        let request = harness.pending[0]
        var expected = harness.pager
        harness.send(.stalePage(request.token, copy()))
        expected.store.reload(copy().items)
        expected.initialState = .idle
        expected.hasLoadedFirstPage = true
        expected.pages = [PageRecord(cursor: 0, count: 10)]
        expected.loadedPages = 0..<1
        expected.seenCursors = [0, 1]
        expected.nextCursor = 1
        expected.totalCount = 90
        #expect(harness.pager == expected, "the request is still in flight: \(harness.pager.inFlight)")
        #expect(harness.lastChange.inserted == Array(0..<10))
        #expect(harness.pager.isRevalidating)
        #expect(harness.pager.isRefreshing, "shown as a refresh under way")
        #expect(harness.pager.placeholder == nil && harness.pager.footer == nil)
        // At the end of the copy, with the source not answered yet: nothing is asked for.
        let effects = harness.send(.visibleRange(5..<10, viewportRows: 5))
        #expect(effects.isEmpty)
        #expect(harness.pending == [request])
    }

    @Test("the source's answer replaces the copy's rows, as a refresh of the first page does; then the next pages load")
    func answerReplaces() {
        var (harness, request) = showingCopy()
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        // Two users new at the top since the copy was kept.
        let grown = GrownList(total: 90, size: 10, added: 2)
        harness.load(grown.page(0), for: request)
        #expect(harness.ids == [-1, -2] + Array(0..<8))
        #expect(harness.pager.items.allSatisfy { !$0.name.hasPrefix("old") }, "the source's rows, not the copy's")
        #expect(harness.lastChange.inserted == [0, 1] && harness.lastChange.deleted == [8, 9])
        #expect(!harness.pager.isRevalidating && !harness.pager.isRefreshing)
        #expect(harness.pager.inFlight.isEmpty)
        #expect(harness.pager.pages == [PageRecord(cursor: 0, count: 10)])
        #expect(harness.pager.nextCursor == 1)
        // Nothing waits any more: scrolling loads the next page.
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [1])
        #expect(harness.pending.first?.token.direction == .append)
    }

    @Test("an answer with the same rows (GitHub's 304) changes nothing but ending the wait")
    func unchangedAnswer() {
        var (harness, request) = showingCopy()
        var expected = harness.pager
        harness.load(copy(), for: request)
        expected.inFlight = [:]
        #expect(harness.pager == expected)
        #expect(harness.lastChange.isEmpty)
    }

    @Test("a failed answer keeps the copy's rows and fails as a refresh: retry asks the source for the first page")
    func failedAnswer() {
        var (harness, request) = showingCopy()
        var expected = harness.pager
        harness.fail("offline", for: request)
        expected.inFlight = [:]
        expected.refreshState = .failed(LoadFailure(message: "offline"))
        #expect(harness.pager == expected, "the first load itself did not fail: its copy is on screen")
        #expect(harness.pager.failure == LoadFailure(message: "offline"))
        #expect(harness.pager.placeholder == nil && harness.ids == Array(0..<10))
        let effects = harness.send(.retry)
        let refresh = FetchRequest(token: FetchToken(id: request.token.id + 1, generation: 1, direction: .refresh),
                                   cursor: 0, pageSize: 10)
        #expect(effects == [.fetch(refresh)])
        harness.load(list.page(0))
        #expect(harness.pager.items == users(0..<10))
        #expect(harness.pager.refreshState == .idle)
    }

    @Test("an empty copy shows the loading placeholder until the source answers")
    func emptyCopy() {
        var harness = Harness()
        harness.send(.start)
        let request = harness.pending[0]
        harness.send(.stalePage(request.token, Page(items: [], next: nil)))
        #expect(harness.pager.placeholder == .loading)
        harness.load(list.page(0), for: request)
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.placeholder == nil)
    }

    @Test("meanwhile a refresh asks nothing more (the source is being asked); a restart asks the source alone")
    func whileRevalidating() {
        var (harness, request) = showingCopy()
        #expect(harness.send(.refresh(at: nil)).isEmpty)
        #expect(harness.send(.refresh(at: 5)).isEmpty)
        #expect(harness.pending == [request])
        let effects = harness.send(.restart)
        let again = FetchRequest(token: FetchToken(id: request.token.id + 1, generation: 0, direction: .initial),
                                 cursor: 0, pageSize: 10, outdated: true)
        #expect(effects == [.cancelFetch(request.token), .fetch(again)], "not from a copy again: it is out of date")
        #expect(harness.pager.isRevalidating)
        harness.load(list.page(0), for: again)
        #expect(harness.pager.items == users(0..<10))
        #expect(!harness.pager.isRevalidating)
    }

    @Test("a list opened past its start (`--page 4`) jumps to its top only once the source answered for its first page")
    func noJumpMeanwhile() {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 2))
        harness.pager = Pager(firstCursor: 3, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2), pagesBefore: [0, 1, 2])
        harness.send(.start)
        let request = harness.pending[0]
        harness.send(.stalePage(request.token, Page(items: users(30..<40), next: 4)))
        #expect(harness.pager.loadedPages == 3..<4)
        #expect(harness.send(.jump(toItem: 0)).isEmpty, "the first page shown may change yet")
        harness.load(list.page(3), for: request)
        #expect(harness.send(.jump(toItem: 0)).count == 1)
        #expect(harness.pending.map(\.cursor) == [0] && harness.pending.first?.token.direction == .jump)
    }

    @Test("a cancel ends the wait: the copy stays, a late answer changes nothing, and scrolling loads on")
    func cancelled() {
        var (harness, request) = showingCopy()
        harness.send(.cancel)
        #expect(harness.cancelled == [request.token])
        #expect(!harness.pager.isRevalidating)
        harness.send(.pageLoaded(request.token, list.page(0)))
        #expect(harness.pager.items == copy().items)
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [1])
    }

    @Test("a copy for any other load is its answer: a second answer to it changes nothing")
    func otherDirections() {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 2))
        harness.send(.start)
        harness.load(list.page(0))
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        let append = harness.pending[0]
        harness.send(.stalePage(append.token, copy(10..<20)))
        #expect(harness.ids == Array(0..<20))
        #expect(!harness.pager.isRevalidating)
        #expect(harness.pager.inFlight[.append] == nil)
        harness.send(.pageLoaded(append.token, list.page(1)))
        #expect(harness.pager.items[10].name == "old10")
    }

    @Test("a copy for a request no longer waited for changes nothing")
    func staleToken() {
        var (harness, request) = showingCopy()
        harness.send(.cancel)
        let before = harness.pager
        harness.send(.stalePage(request.token, copy(0..<5)))
        #expect(harness.pager == before)
    }
}
