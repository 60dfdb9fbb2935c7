import Testing
@testable import ListCore

/// A list of `total` items in pages of 10 whose source counts its pages (GitHub's `rel="last"`):
/// cursor n holds items n*10 ..< n*10+10, and cursor 100+n is the same page named by its number
/// (as the browser names pages it never loaded), so the two never collide.
private struct CountedList {
    var total: Int
    var pages: Int { (total + 9) / 10 }

    func page(_ cursor: Int, next: Int?? = nil) -> Page<User, Int> {
        let number = cursor >= 100 ? cursor - 100 : cursor
        let start = number * 10
        let end = min(total, start + 10)
        let following = end < total ? number + 1 : nil
        return Page(items: users(start..<max(start, end)), next: next ?? following, totalPages: pages)
    }

    /// The cursors of pages `numbers`, by number.
    func counted(_ numbers: ClosedRange<Int>) -> [Int] { numbers.map { 100 + $0 } }
}

@Suite("G on a list whose last pages were never loaded: they are counted, and the last one loaded in place")
struct EndJumpTests {
    /// The first page of `list` loaded, eight rows on screen.
    private func started(_ list: CountedList) -> Harness {
        var harness = Harness(pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        harness.send(.start)
        harness.load(list.page(0))
        harness.send(.visibleRange(0..<8, viewportRows: 8))
        return harness
    }

    /// `started(list)`, then G: every page after the first counted, the last on its way.
    private func jumping(_ list: CountedList) -> Harness {
        var harness = started(list)
        harness.send(.jumpToEnd(pagesAfter: list.counted(1...(list.pages - 1))))
        return harness
    }

    @Test("the pages counted as full, the last asked for by its cursor; it lands at its place, the list ends there, and the page before comes as you scroll up")
    func landsAtTheEnd() {
        let list = CountedList(total: 195)
        var harness = started(list)
        #expect(harness.pager.totalPages == 20)
        #expect(harness.pager.nextCursor == 1)
        // The next page, asked for as the screen neared the end of the first, is of no use now.
        let next = FetchRequest(token: FetchToken(id: 2, generation: 0, direction: .append), cursor: 1, pageSize: 10)
        #expect(harness.pending == [next])
        let effects = harness.send(.jumpToEnd(pagesAfter: list.counted(1...19)))
        let jump = FetchRequest(token: FetchToken(id: 3, generation: 0, direction: .jump), cursor: 119, pageSize: 10)
        #expect(effects == [.cancelFetch(next.token), .fetch(jump)])
        #expect(harness.pager.appendState == .idle)
        #expect(harness.pager.pages.map(\.cursor) == [0] + list.counted(1...19))
        #expect(harness.pager.pages.dropFirst().allSatisfy { $0.count == 10 })
        #expect(harness.pager.knownCount == 200, "each page counted as full until it comes")
        #expect(harness.pager.nextCursor == nil)
        #expect(harness.pager.jumpState == .loading)
        #expect(harness.ids == Array(0..<10), "the rows stay until the page comes")

        harness.load(list.page(119))
        #expect(harness.ids == Array(190..<195))
        #expect(harness.pager.offset == 190)
        #expect(harness.pager.knownCount == 195)
        #expect(harness.pager.loadedPages == 19..<20)
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.footer == .end(count: 195))
        #expect(harness.pager.jumpState == .idle)
        #expect(harness.pager.jumpPage == nil)
        #expect(harness.pager.counted == nil)

        // Up: the page before, by the cursor it was counted with; it holds 7 now (the list
        // shrank meanwhile), and the count of the rows before follows.
        harness.send(.visibleRange(0..<5, viewportRows: 8))
        #expect(harness.pending.map(\.cursor) == [118])
        #expect(harness.pending.first?.token.direction == .prepend)
        harness.load(Page(items: users(183..<190), next: 119, totalPages: 20))
        #expect(harness.pager.offset == 180)
        #expect(harness.ids == Array(183..<195))
        #expect(harness.pager.knownCount == 192)
    }

    @Test("a last page that comes back empty (the source serves only so far): the counted pages are forgotten, the rows stay, and paging goes on from where it was")
    func emptyLastPageUndoes() {
        let list = CountedList(total: 195)
        var harness = jumping(list)
        let before = harness.requested.count
        harness.load(Page(items: [], next: nil, endsShort: true))
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.pages == [PageRecord(cursor: 0, count: 10)])
        #expect(harness.pager.nextCursor == 1)
        #expect(harness.pager.totalPages == nil, "G goes page by page from now on")
        #expect(harness.pager.jumpState == .idle)
        #expect(harness.pager.jumpPage == nil)
        #expect(harness.pager.counted == nil)
        #expect(harness.pager.endedShort == false)
        // The next page at once, as the screen near the end of the rows wants; nothing else.
        #expect(harness.requested.count == before + 1)
        #expect(harness.pending.map(\.cursor) == [1])
        #expect(harness.pending.first?.token.direction == .append)
        harness.load(list.page(1))
        #expect(harness.pager.totalPages == nil, "a count of pages that misled is not taken again: G goes page by page")
    }

    @Test("a list that grew past its count: its last page names the next, and paging goes on past it")
    func grewPastTheCount() {
        let list = CountedList(total: 195)
        var harness = jumping(list)
        harness.load(list.page(119, next: .some(20)))
        #expect(harness.pager.nextCursor == 20)
        #expect(harness.pager.listEnded == false)
        // Five rows do not fill the screen: the page after them at once, not an end.
        #expect(harness.pending.map(\.cursor) == [20])
        #expect(harness.pending.first?.token.direction == .append)
        #expect(harness.pager.footer == .loading)
    }

    @Test("after an end jump that failed, scrolling down loads the counted pages one by one, and the last one ends the list")
    func scrollsThroughCountedPages() {
        let list = CountedList(total: 36)
        var harness = started(list)
        harness.send(.jumpToEnd(pagesAfter: list.counted(1...3)))
        harness.fail("offline")
        #expect(harness.pager.jumpState == .failed(LoadFailure(message: "offline")))
        #expect(harness.ids == Array(0..<10))
        for number in 1...3 {
            let count = harness.pager.items.count
            harness.send(.visibleRange(max(0, count - 4)..<count, viewportRows: 8))
            #expect(harness.pending.map(\.cursor) == [100 + number])
            #expect(harness.pending.first?.token.direction == .append)
            harness.load(list.page(100 + number))
        }
        #expect(harness.ids == Array(0..<36))
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.footer == .end(count: 36))
        #expect(harness.pager.pages.map(\.count) == [10, 10, 10, 6])
        let count = harness.pager.items.count
        harness.send(.visibleRange(count - 4..<count, viewportRows: 8))
        #expect(harness.pending.isEmpty, "nothing asked past the end")
    }

    @Test("not taken: a list that ended, a cursor already seen, pages already known after the loaded ones, nothing to count")
    func notTaken() {
        var ended = started(CountedList(total: 8))
        #expect(ended.send(.jumpToEnd(pagesAfter: [101])).isEmpty)
        #expect(ended.pager.pages.count == 1)

        let list = CountedList(total: 195)
        var seen = started(list)
        #expect(seen.send(.jumpToEnd(pagesAfter: [1, 102])).isEmpty, "cursor 1 is the next page's, seen already")
        #expect(seen.send(.jumpToEnd(pagesAfter: [])).isEmpty)
        #expect(seen.send(.jumpToEnd(pagesAfter: [102, 102])).isEmpty)
        #expect(seen.pager.pages.count == 1)
        #expect(seen.pager.nextCursor == 1)
        #expect(seen.pager.counted == nil)

        // Counted once: pages are known after the loaded ones now, and a second G while the
        // last one loads asks nothing more.
        var twice = started(list)
        twice.send(.jumpToEnd(pagesAfter: list.counted(1...19)))
        #expect(twice.send(.jumpToEnd(pagesAfter: [120])).isEmpty)
        #expect(twice.pager.pages.count == 20)
    }

    @Test("a refresh from the top while the last page loads cancels it; when the first page comes the list starts over, nothing counted")
    func refreshCancels() {
        let list = CountedList(total: 195)
        var harness = jumping(list)
        let jump = harness.pending.first
        let effects = harness.send(.refresh(at: nil))
        #expect(effects.first == jump.map { .cancelFetch($0.token) })
        #expect(harness.pager.counted == CountedPages(first: 1, next: 1), "counted until the first page comes")
        #expect(harness.pager.jumpState == .idle)
        // The late answer changes nothing.
        if let jump { harness.send(.pageLoaded(jump.token, list.page(119))) }
        #expect(harness.ids == Array(0..<10))
        // The refresh of the first page starts the list over: nothing counted stays.
        harness.load(list.page(0))
        #expect(harness.pager.pages == [PageRecord(cursor: 0, count: 10)])
        #expect(harness.pager.nextCursor == 1)
        #expect(harness.pager.totalPages == 20)
    }

    /// Scrolls to the end of the loaded rows and answers every page asked for with `answer`,
    /// until the list ends (at most `rounds` times).
    private func scrollToTheEnd(_ harness: inout Harness, rounds: Int = 30, answer: (Int) -> Page<User, Int>) {
        for _ in 0..<rounds where harness.pager.appendState != .endReached {
            let count = harness.pager.items.count
            harness.send(.visibleRange(max(0, count - 4)..<count, viewportRows: 8))
            while let request = harness.pending.first { harness.load(answer(request.cursor)) }
        }
    }

    @Test("12000G's kind: the pages counted, the one holding the row loaded in place; the pages after it stay counted and the last one still says where the list ends")
    func jumpsAcrossToARow() {
        let list = CountedList(total: 195)
        var harness = started(list)
        let effects = harness.send(.jumpAcross(pagesAfter: list.counted(1...19), toItem: 123))
        #expect(effects.last.map { if case .fetch(let request) = $0 { request.cursor == 112 && request.token.direction == .jump } else { false } } == true)
        let before = harness.requested.count
        harness.load(list.page(112))
        #expect(harness.ids == Array(120..<130))
        #expect(harness.pager.offset == 120)
        #expect(harness.pager.counted == CountedPages(first: 1, next: 1), "page 19 has not said where the list ends")
        #expect(harness.pager.nextCursor == nil)
        // Down, page by page by number, to the last, which ends the list.
        scrollToTheEnd(&harness) { list.page($0) }
        #expect(harness.requested.dropFirst(before).filter { $0.token.direction == .append }.map(\.cursor) == list.counted(13...19))
        #expect(harness.pager.counted == nil)
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.footer == .end(count: 195))
        // Past the end: the last page.
        var far = started(list)
        far.send(.jumpAcross(pagesAfter: list.counted(1...19), toItem: 5_000))
        #expect(far.pending.map(\.cursor) == [119])
    }

    @Test("a page counted ahead that comes back empty as you scroll to it (GitHub serves only so far) ends the list there: nothing asked past it")
    func emptyCountedPageEndsTheList() {
        // Counted as 20 pages (the source said so); it serves 6.
        let list = CountedList(total: 60)
        let served = { (cursor: Int) in cursor >= 106 ? Page<User, Int>(items: [], next: nil, endsShort: true) : list.page(cursor) }
        var harness = started(list)
        harness.send(.jumpAcross(pagesAfter: list.counted(1...19), toItem: 35))
        let before = harness.requested.count
        harness.load(list.page(103))
        #expect(harness.ids == Array(30..<40))
        scrollToTheEnd(&harness, answer: served)
        #expect(harness.requested.dropFirst(before).filter { $0.token.direction == .append }.map(\.cursor) == [104, 105, 106],
                "nothing asked past the first empty page")
        #expect(harness.pager.pages.count == 7, "the pages after the empty one are forgotten")
        #expect(harness.pager.knownCount == 60)
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.endedShort)
        #expect(harness.pager.counted == nil)
        #expect(harness.pager.totalPages == nil)

        // A jump to a counted page past the end the source serves: the rows stay, the pages
        // after the loaded ones are forgotten, and the next page is the first of them again.
        var far = started(list)
        far.send(.jumpAcross(pagesAfter: list.counted(1...19), toItem: 35))
        far.load(list.page(103))
        while let request = far.pending.first { far.load(served(request.cursor)) }
        let loaded = far.pager.loadedPages
        far.send(.jump(toItem: 150))
        #expect(far.pending.map(\.cursor) == [115])
        far.load(served(115))
        #expect(far.pager.loadedPages == loaded, "the rows stay")
        #expect(far.pager.pages.count == loaded.upperBound)
        #expect(far.pager.nextCursor == 100 + loaded.upperBound)
        #expect(far.pager.jumpPage == nil)
        #expect(far.pager.jumpState == .idle)
        #expect(far.pager.counted == nil)
    }

    @Test("pages known after the loaded ones (a list opened at a later page, then g): G counts past the last of them, not to it")
    func countsPastKnownPages() {
        let list = CountedList(total: 195)
        var harness = Harness(pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        harness.pager = Pager(firstCursor: 5, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2), pagesBefore: [0, 1, 2, 3, 4])
        harness.send(.start)
        harness.load(list.page(5))
        harness.send(.jump(toItem: 0))
        harness.load(list.page(0))
        #expect(harness.pager.loadedPages == 0..<1)
        #expect(harness.pager.pages.count == 6)
        #expect(harness.pager.nextCursor == 6)
        harness.pending.forEach { harness.send(.pageFailed($0.token, LoadFailure(reason: .cancelled, message: "cancelled"))) }
        let effects = harness.send(.jumpToEnd(pagesAfter: list.counted(6...19)))
        #expect(effects.contains { if case .fetch(let request) = $0 { request.cursor == 119 && request.token.direction == .jump } else { false } })
        #expect(harness.pager.pages.count == 20)
        #expect(harness.pager.counted == CountedPages(first: 6, next: 6))
    }

    @Test("a jump called off (the person moved on): its request cancelled, its page dropped if it comes, the rows and the pages counted stay")
    func callOff() {
        let list = CountedList(total: 195)
        var harness = jumping(list)
        let jump = harness.pending.first
        let effects = harness.send(.cancelJump)
        #expect(effects == jump.map { [.cancelFetch($0.token)] })
        #expect(harness.pager.jumpState == .idle)
        #expect(harness.pager.jumpPage == nil)
        if let jump { harness.send(.pageLoaded(jump.token, list.page(119))) }
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.pages.count == 20)
        // Nothing to call off: nothing happens.
        #expect(harness.send(.cancelJump).isEmpty)
        // A failed jump's state goes with it.
        harness.send(.jump(toItem: 150))
        harness.fail("offline")
        #expect(harness.pager.jumpState == .failed(LoadFailure(message: "offline")))
        #expect(harness.send(.cancelJump).isEmpty)
        #expect(harness.pager.jumpState == .idle)
        #expect(harness.pager.jumpPage == nil)
    }
}
