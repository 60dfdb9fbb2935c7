import Testing
@testable import ListCore

/// A page-numbered list that grew at its top: `added` new items (ids -1, -2, …) before the
/// `total` there were, so every page shifts down by that many.
struct GrownList {
    var total: Int
    var size: Int
    var added: Int

    func page(_ cursor: Int) -> Page<User, Int> {
        let ids = Array((-added..<0).reversed()) + Array(0..<total)
        let start = min(ids.count, cursor * size)
        let end = min(ids.count, start + size)
        return Page(items: users(ids[start..<end]), next: end < ids.count ? cursor + 1 : nil)
    }
}

/// `r` deep in a list: the page that holds the selection is loaded again by its remembered
/// cursor (Paging 3's refresh key), the other pages are dropped and load again as the person
/// scrolls to them; at the top it is the first page, which replaces the list (#37 item 7).
@Suite("A refresh where the selection is")
struct RefreshTests {
    let list = NumberedList(total: 90, size: 10)

    /// The whole list of 90 loaded in pages of 10 (its end reached), items 70..<75 on a screen of 5.
    func loadedToTheEnd() -> Harness {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 2))
        harness.send(.start)
        harness.load(list.page(0))
        while harness.pager.appendState != .endReached {
            let count = harness.pager.items.count
            harness.send(.visibleRange((count - 5)..<count, viewportRows: 5))
            guard let request = harness.pending.first else { break }
            harness.load(list.page(request.cursor))
        }
        harness.send(.visibleRange(70..<75, viewportRows: 5))
        return harness
    }

    @Test("r on item 72 of 90 asks for page 8 again by its cursor; the old rows stay until it arrives, then it alone is loaded, at its place")
    func reloadsTheSelectionsPage() {
        var harness = loadedToTheEnd()
        #expect(harness.ids == Array(0..<90))
        var expected = harness.pager
        let effects = harness.send(.refresh(at: 72))
        let request = FetchRequest(token: FetchToken(id: expected.nextTokenID + 1, generation: 1, direction: .refresh),
                                   cursor: 7, pageSize: 10)
        #expect(effects == [.fetch(request)])
        expected.generation = 1
        expected.nextTokenID += 1
        expected.refreshState = .loading
        expected.refreshPage = 7
        expected.inFlight = [.refresh: request]
        #expect(harness.pager == expected, "only the request: every row stays on screen")
        #expect(harness.pager.isRefreshing)

        harness.load(list.page(7))
        expected.store.reload(users(70..<80))
        expected.refreshState = .idle
        expected.refreshPage = nil
        expected.inFlight = [:]
        expected.loadedPages = 7..<8
        expected.offset = 70
        expected.appendState = .idle
        expected.visibleStart = 0
        // The screen is at the page's first row: the page before it is asked for at once.
        // (It was shown before the refresh: the source is asked, not a copy kept from then.)
        let prepend = FetchRequest(token: FetchToken(id: request.token.id + 1, generation: 1, direction: .prepend),
                                   cursor: 6, pageSize: 10, outdated: true)
        expected.outdatedPages = [0, 1, 2, 3, 4, 5, 6, 8]
        expected.nextTokenID += 1
        expected.prependState = .loading
        expected.inFlight = [.prepend: prepend]
        #expect(harness.pager == expected)
        #expect(harness.pending == [prepend])
        #expect(harness.ids == Array(70..<80))
        #expect(harness.pager.knownCount == 90, "the dropped pages are still counted: the position stays 73/90")
        #expect(harness.lastChange.deleted == Array(0..<70) + Array(80..<90))
        #expect(harness.lastChange.inserted.isEmpty)
    }

    @Test("the pages shown before the refresh are asked for as outdated when they load again, each once; pages new since are not")
    func outdatedPages() {
        var harness = loadedToTheEnd()
        #expect(harness.requested.allSatisfy { !$0.outdated })
        harness.send(.refresh(at: 72))
        #expect(harness.pending.first?.outdated == false, "the refresh itself asks the source anyway")
        harness.load(list.page(7))
        #expect(harness.pager.outdatedPages == Set(0..<9).subtracting([7]))
        #expect(harness.pending.map(\.cursor) == [6] && harness.pending.first?.outdated == true)
        harness.load(list.page(6))
        #expect(!harness.pager.outdatedPages.contains(6))
        #expect(harness.pending.map(\.cursor) == [5] && harness.pending.first?.outdated == true)
        harness.load(list.page(5))
        harness.send(.visibleRange(25..<30, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [8] && harness.pending.first?.outdated == true)
        harness.fail("offline")
        harness.send(.retry)
        #expect(harness.pending.map(\.cursor) == [8] && harness.pending.first?.outdated == true, "a retry asks the same way")
        harness.load(list.page(8))
        #expect(harness.pager.outdatedPages == Set(0..<5))
        // At the top, the first page again: nothing is left from before.
        harness.send(.refresh(at: nil))
        harness.load(list.page(0))
        #expect(harness.pager.outdatedPages.isEmpty)
    }

    @Test("scrolling from the reloaded page loads the others again by their cursors, and the list ends where it did")
    func otherPagesLoadAgain() {
        var harness = loadedToTheEnd()
        harness.send(.refresh(at: 72))
        let before = harness.requested.count
        harness.load(list.page(7))
        for _ in 0..<10 {
            guard let request = harness.pending.first else { break }
            harness.load(list.page(request.cursor))
            harness.send(.visibleRange(0..<5, viewportRows: 5))
        }
        let up = harness.requested[before...]
        #expect(up.map(\.cursor) == [6, 5, 4, 3, 2, 1, 0])
        #expect(up.allSatisfy { $0.token.direction == .prepend })
        #expect(harness.ids == Array(0..<80))
        #expect(harness.pager.offset == 0)
        harness.send(.visibleRange(75..<80, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [8])
        #expect(harness.pending.first?.token.direction == .append)
        harness.load(list.page(8))
        #expect(harness.ids == Array(0..<90))
        #expect(harness.pager.footer == .end(count: 90))
    }

    @Test("in a list that grew at its top the reloaded page shows its rows now; rows repeated at its edges show once; the new rows appear at the top")
    func shiftedList() {
        var harness = loadedToTheEnd()
        harness.send(.refresh(at: 72))
        // Two new items at the top: page 8 now starts two items earlier.
        let grown = GrownList(total: 90, size: 10, added: 2)
        harness.load(grown.page(7))
        #expect(harness.ids == Array(68..<78))
        #expect(harness.pager.offset == 70)
        // One of the two goes again before page 7 comes: it repeats the first row shown.
        let shrunk = GrownList(total: 90, size: 10, added: 1)
        #expect(harness.pending.map(\.cursor) == [6])
        harness.load(shrunk.page(6))
        #expect(harness.ids == Array(59..<78), "68 once")
        #expect(harness.pager.pages[6].count == 9)
        // Up to the top: the new item comes with the first page.
        for _ in 0..<10 {
            harness.send(.visibleRange(0..<5, viewportRows: 5))
            guard let request = harness.pending.first else { break }
            harness.load(shrunk.page(request.cursor))
        }
        #expect(harness.ids == [-1] + Array(0..<78))
        #expect(harness.pager.offset == 0)
        #expect(Set(harness.ids).count == harness.ids.count)
    }

    @Test("rows the list pushed past where it ended appear after it: the last page, loaded again, names a next one")
    func rowsPushedPastTheEnd() {
        var harness = loadedToTheEnd()
        harness.send(.refresh(at: 72))
        let grown = GrownList(total: 90, size: 10, added: 3)
        harness.load(grown.page(7))
        #expect(harness.ids == Array(67..<77))
        // Down to the end, each page asked for answered as the list is now.
        for _ in 0..<10 {
            let count = harness.pager.items.count
            harness.send(.visibleRange((count - 5)..<count, viewportRows: 5))
            guard let request = harness.pending.first else { break }
            harness.load(grown.page(request.cursor))
        }
        #expect(harness.ids.last == 89, "the three pushed past the old end are there")
        #expect(harness.ids == Array((90 - harness.ids.count)..<90))
        #expect(harness.pager.footer == .end(count: 93))
        #expect(harness.requested.map(\.cursor).suffix(2) == [8, 9], "page 9, which did not exist before, asked for")
    }

    @Test("on the first page, or at the top, a refresh asks for the first page, which replaces the list as before")
    func atTheTop() {
        for position in [nil, 3] as [Int?] {
            var harness = loadedToTheEnd()
            let effects = harness.send(.refresh(at: position))
            #expect(effects.count == 1)
            #expect(harness.pending.map(\.cursor) == [0])
            #expect(harness.pager.refreshPage == nil)
            harness.load(Page(items: users([100] + Array(0..<9)), next: 1))
            #expect(harness.ids == [100] + Array(0..<9))
            #expect(harness.pager.pages.map(\.cursor) == [0])
            #expect(harness.pager.loadedPages == 0..<1)
            #expect(harness.pager.offset == 0)
            #expect(harness.pager.nextCursor == 1)
            #expect(!harness.pager.listEnded)
        }
    }

    @Test("a failed reload keeps every row and page as they were; retry asks for the same page again")
    func failedReload() throws {
        var harness = loadedToTheEnd()
        harness.send(.refresh(at: 72))
        var expected = harness.pager
        harness.fail("offline")
        expected.refreshState = .failed(LoadFailure(message: "offline"))
        expected.inFlight = [:]
        #expect(harness.pager == expected)
        #expect(harness.ids == Array(0..<90))
        #expect(harness.pager.footer == .end(count: 90))
        harness.send(.retry)
        #expect(harness.pending.map(\.cursor) == [7])
        #expect(harness.pending.first?.token.direction == .refresh)
        harness.load(list.page(7))
        #expect(harness.ids == Array(70..<80))
    }

    @Test("a reloaded page that now ends the list forgets the pages after it, and the end row counts to it")
    func endsThereNow() {
        var harness = loadedToTheEnd()
        harness.send(.refresh(at: 42))
        harness.load(Page(items: users(40..<45), next: nil))
        #expect(harness.ids == Array(40..<45))
        #expect(harness.pager.pages.count == 5)
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.footer == .end(count: 45))
        #expect(harness.pending.map(\.cursor) == [3], "the pages before it load again")
    }

    @Test("the selection's page is gone (the list shrank before it): the first page is asked for and replaces the list")
    func pageGone() {
        var harness = loadedToTheEnd()
        harness.send(.refresh(at: 72))
        harness.load(Page(items: [], next: nil))
        #expect(harness.ids == Array(0..<90), "the rows stay until the first page comes")
        #expect(harness.lastChange.isEmpty)
        #expect(harness.pending.map(\.cursor) == [0])
        #expect(harness.pending.first?.token.direction == .refresh)
        #expect(harness.pager.isRefreshing)
        harness.load(Page(items: users(0..<10), next: 1))
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.pages.map(\.cursor) == [0])
    }

    @Test("a refresh cancels a load in flight, whose late page changes nothing")
    func cancelsLoads() {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 2))
        harness.send(.start)
        harness.load(list.page(0))
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        harness.load(list.page(1))
        harness.send(.visibleRange(15..<20, viewportRows: 5))
        let append = harness.pending[0]
        harness.send(.refresh(at: 17))
        #expect(harness.cancelled == [append.token])
        #expect(harness.pending.map(\.cursor) == [1])
        harness.send(.pageLoaded(append.token, list.page(2)))
        #expect(harness.ids == Array(0..<20))
        harness.load(list.page(1))
        #expect(harness.ids == Array(10..<20))
        #expect(harness.pager.offset == 10)
        #expect(harness.pager.nextCursor == 2, "the next page after it, asked for as you scroll")
    }

    @Test("deep in a list its source cut short, a refresh keeps it cut short")
    func cutShort() {
        var harness = EndedShortTests().cutAtThirty()
        harness.load(Page(items: [], next: nil, endsShort: true))
        let before = harness.requested.count
        harness.send(.refresh(at: 25))
        #expect(harness.pending.map(\.cursor) == [2])
        harness.load(Page(items: users(20..<30), next: 3))
        #expect(harness.pager.endedShort)
        // Down to the end again: the page that said so is asked again, and says so again.
        for _ in 0..<10 {
            let count = harness.pager.items.count
            harness.send(.visibleRange((count - 5)..<count, viewportRows: 5))
            guard let request = harness.pending.first else { break }
            harness.load(request.cursor == 3 ? Page(items: [], next: nil, endsShort: true)
                         : Page(items: users((request.cursor * 10)..<(request.cursor * 10 + 10)), next: request.cursor + 1),
                         for: request)
        }
        // The page again, the one after it (the cut), and the one before it, as the screen wants them.
        #expect(harness.requested[before...].map(\.cursor) == [2, 3, 1])
        #expect(harness.ids == Array(10..<30))
        #expect(harness.pager.endedShort)
        #expect(harness.pager.footer == .end(count: 30))
    }

    @Test("under a memory cap a reload keeps one page, and scrolling back stays within the cap")
    func cappedReload() {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 2))
        harness.pager = Pager(firstCursor: 0, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2), maxItems: 30)
        harness.send(.start)
        harness.load(list.page(0))
        for _ in 0..<8 {
            let count = harness.pager.items.count
            harness.send(.visibleRange((count - 5)..<count, viewportRows: 5))
            if let request = harness.pending.first { harness.load(list.page(request.cursor)) }
        }
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.ids.count <= 40)
        harness.send(.refresh(at: 87))
        #expect(harness.pending.map(\.cursor) == [8])
        harness.load(list.page(8))
        #expect(harness.ids == Array(80..<90))
        for _ in 0..<10 {
            if let request = harness.pending.first { harness.load(list.page(request.cursor)) }
            harness.send(.visibleRange(0..<5, viewportRows: 5))
            #expect(harness.ids.count <= 40)
            #expect(harness.ids == Array(harness.pager.offset..<(harness.pager.offset + harness.ids.count)))
        }
        #expect(harness.pager.offset == 0)
    }
}

@Suite("A refresh in a list opened past its first pages (--page N)")
struct StartPageRefreshTests {
    let list = NumberedList(total: 45, size: 10)

    @Test("on a page before the one it was opened at, a refresh reloads that page by its cursor; on the opened page, the opened page replaces the list")
    func pagesBefore() {
        var harness = Harness(pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        harness.pager = Pager(firstCursor: 2, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2), pagesBefore: [0, 1])
        harness.send(.start)
        harness.load(list.page(2))
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        harness.load(list.page(1))
        #expect(harness.ids == Array(10..<30))
        harness.send(.refresh(at: 12))
        #expect(harness.pending.map(\.cursor) == [1])
        #expect(harness.pager.refreshPage == 1)
        harness.load(list.page(1))
        #expect(harness.ids == Array(10..<20))
        #expect(harness.pager.offset == 10)
        #expect(harness.pager.pages.map(\.cursor) == [0, 1, 2])

        harness.send(.cancel)
        harness.send(.refresh(at: 15))
        #expect(harness.pending.map(\.cursor) == [1])
        harness.send(.cancel)
        harness.send(.refresh(at: 0))
        #expect(harness.pending.map(\.cursor) == [0], "page 1, by its cursor")
    }
}
