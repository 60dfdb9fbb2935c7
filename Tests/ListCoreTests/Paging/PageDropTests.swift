import Testing
@testable import ListCore

@Suite("Bounded memory: pages dropped and loaded again")
struct PageDropTests {
    /// 200 items in pages of 10 (cursor n holds n*10 ..< n*10+10); at most 30 kept.
    let list = NumberedList(total: 200, size: 10)

    func capped() -> Harness {
        var harness = Harness(pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        harness.pager = Pager(firstCursor: 0, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2), maxItems: 30)
        harness.send(.start)
        harness.load(list.page(0))
        return harness
    }

    /// Shows the last `rows` loaded items and answers the fetch it starts.
    mutating func scrollToEnd(_ harness: inout Harness, rows: Int = 5) {
        let count = harness.pager.items.count
        harness.send(.visibleRange(max(0, count - rows)..<count, viewportRows: rows))
        if let request = harness.pending.first { harness.load(list.page(request.cursor)) }
    }

    @Test("scrolling down keeps the last 30 items; the dropped ones are counted before them")
    mutating func dropsBehind() {
        var harness = capped()
        for _ in 0..<5 { scrollToEnd(&harness) }
        #expect(harness.ids == Array(30..<60))
        #expect(harness.pager.offset == 30)
        #expect(harness.pager.loadedPages == 3..<6)
        #expect(harness.pager.pages.map(\.cursor) == [0, 1, 2, 3, 4, 5])
        #expect(harness.pager.pages.allSatisfy { $0.count == 10 })
        // The last append reported the page it added and the one it dropped, as one change.
        #expect(harness.lastChange == ListChange(inserted: Array(20..<30), deleted: Array(0..<10)))
        // Every item keeps its place in the whole list.
        for (index, id) in harness.ids.enumerated() { #expect(harness.pager.offset + index == id) }
    }

    @Test("scrolling back up loads the dropped pages again by their cursors and drops the far end")
    mutating func reloadsBehind() {
        var harness = capped()
        for _ in 0..<5 { scrollToEnd(&harness) }
        let requestsBefore = harness.requested.count
        // The top of the loaded items comes on screen: the page before them is asked for again.
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [2])
        #expect(harness.pending.first?.token.direction == .prepend)
        #expect(harness.pager.prependState == .loading)
        // Asking again while it loads asks nothing more.
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        #expect(harness.requested.count == requestsBefore + 1)
        harness.load(list.page(2))
        #expect(harness.ids == Array(20..<50))
        #expect(harness.pager.offset == 20)
        #expect(harness.pager.loadedPages == 2..<5)
        #expect(harness.lastChange == ListChange(inserted: Array(0..<10), deleted: Array(20..<30)))
        // All the way back to the first page.
        for cursor in [1, 0] {
            harness.send(.visibleRange(0..<5, viewportRows: 5))
            #expect(harness.pending.map(\.cursor) == [cursor])
            harness.load(list.page(cursor))
        }
        #expect(harness.ids == Array(0..<30))
        #expect(harness.pager.offset == 0)
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        #expect(harness.pending.isEmpty, "nothing before the first page")
        // Down again: the dropped pages come back by their cursors, not as new pages.
        scrollToEnd(&harness)
        #expect(harness.requested.last?.cursor == 3)
        #expect(harness.requested.last?.token.direction == .append)
        #expect(harness.ids == Array(10..<40))
        #expect(harness.pager.pages.count == 6)
        #expect(harness.pager.nextCursor == 6)
    }

    @Test("a dropped page that failed to load again is retried by the same cursor")
    mutating func failedReload() {
        var harness = capped()
        for _ in 0..<5 { scrollToEnd(&harness) }
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        harness.fail("offline")
        #expect(harness.pager.prependState == .failed(LoadFailure(message: "offline")))
        #expect(harness.ids == Array(30..<60))
        harness.send(.retry)
        #expect(harness.pending.map(\.cursor) == [2])
        harness.load(list.page(2))
        #expect(harness.ids == Array(20..<50))
    }

    @Test("the end of a short list, dropped while scrolling back up, is loaded again and ends the list again")
    mutating func endDroppedAndReloaded() {
        var harness = capped()
        for _ in 0..<25 { scrollToEnd(&harness) }
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.ids == Array(170..<200))
        #expect(harness.pager.footer == .end(count: 200))
        // Back up to the top: the last pages are dropped and the list no longer shows its end.
        for _ in 0..<20 {
            harness.send(.visibleRange(0..<5, viewportRows: 5))
            if let request = harness.pending.first { harness.load(list.page(request.cursor)) }
        }
        #expect(harness.ids == Array(0..<30))
        #expect(harness.pager.appendState == .idle)
        #expect(harness.pager.footer == nil)
        #expect(harness.pager.knownCount == 200)
        // Down again to the end: the dropped pages come back and the list ends where it did.
        for _ in 0..<25 { scrollToEnd(&harness) }
        #expect(harness.ids == Array(170..<200))
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.pages.count == 20)
    }

    @Test("a refresh at the top forgets the remembered pages")
    mutating func refreshForgets() {
        var harness = capped()
        for _ in 0..<5 { scrollToEnd(&harness) }
        harness.send(.refresh(at: nil))
        harness.load(list.page(0))
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.offset == 0)
        #expect(harness.pager.pages.map(\.cursor) == [0])
        #expect(harness.pager.loadedPages == 0..<1)
    }

    /// Events at random (refreshes where the selection is among them) against a list whose pages
    /// always hold the same items: whatever happens, the loaded items are a run of the list in its order, at their true positions,
    /// about the limit at most, with at most one fetch in flight.
    @Test("after any sequence of scrolls, jumps (to the end through pages never seen too), refreshes, loads and failures the items are a true, bounded run of the list",
          arguments: 0..<100)
    func invariants(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 7)
        let list = NumberedList(total: 300, size: 10)
        // Some sources serve fewer pages than G counts (as GitHub serves 400 pages of stargazers
        // and names a 450th): past them, an empty page that ends short.
        let served = Int.random(in: 0..<2, using: &rng) == 0 ? 30 : Int.random(in: 12...29, using: &rng)
        func answer(_ cursor: Int) -> Page<User, Int> {
            let number = cursor % 1000
            guard number < served else { return Page(items: [], next: nil, endsShort: true) }
            var page = list.page(number)
            if number == served - 1 { page.next = nil }
            return page
        }
        var harness = Harness(pageSize: 10)
        harness.pager = Pager(firstCursor: 0, pageSize: 10, prefetch: FixedDistancePrefetch(distance: Int.random(in: 0...8, using: &rng)),
                              maxItems: Int.random(in: 20...60, using: &rng))
        harness.send(.start)
        for _ in 0..<150 {
            let count = harness.pager.items.count
            let rows = Int.random(in: 1...8, using: &rng)
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: harness.send(.visibleRange(max(0, count - rows)..<count, viewportRows: rows))
            case 1: harness.send(.visibleRange(0..<min(rows, count), viewportRows: rows))
            case 2:
                let start = count == 0 ? 0 : Int.random(in: 0..<count, using: &rng)
                harness.send(.visibleRange(start..<min(count, start + rows), viewportRows: rows))
            // Cursor 1000+n: page n as G counts the pages it never saw.
            case 3, 4: if let request = harness.pending.first { harness.load(answer(request.cursor)) }
            case 5: if harness.pending.first != nil { harness.fail("boom") }
            case 6: harness.send(.jump(toItem: Int.random(in: 0...harness.pager.knownCount, using: &rng)))
            case 7: harness.send(.jump(toItem: Int.random(in: 0..<2, using: &rng) == 0 ? 0 : harness.pager.knownCount - 1))
            case 8: harness.send(.refresh(at: Int.random(in: 0...harness.pager.knownCount, using: &rng)))
            case 9: harness.send(.jumpToEnd(pagesAfter: (harness.pager.pages.count..<30).map { 1000 + $0 }))
            case 10:
                harness.send(.jumpAcross(pagesAfter: (harness.pager.pages.count..<30).map { 1000 + $0 },
                                         toItem: Int.random(in: 0..<300, using: &rng)))
            default: harness.send(.retry)
            }
            let ids = harness.ids
            let offset = harness.pager.offset
            #expect(ids == Array(offset..<(offset + ids.count)), "not a run of the list at its place: \(offset) \(ids)")
            // The limit gives way by what is near the screen (a page, the screen and the prefetch
            // distances) rather than drop a page it would ask for again at once.
            if let limit = harness.pager.maxItems { #expect(ids.count <= limit + 6 * 10) }
            let pages = harness.pager.pages
            let loaded = harness.pager.loadedPages
            #expect(pages[..<loaded.lowerBound].reduce(0) { $0 + $1.count } == offset)
            #expect(pages[loaded].reduce(0) { $0 + $1.count } == ids.count)
            #expect(harness.pending.count <= 1)
        }
    }
}
