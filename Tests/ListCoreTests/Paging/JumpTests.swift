import Testing
@testable import ListCore

@Suite("Jumps: a far page loaded in place of the loaded ones")
struct JumpTests {
    /// 200 items in pages of 10 (cursor n holds n*10 ..< n*10+10); at most 30 kept.
    let list = NumberedList(total: 200, size: 10)

    /// Scrolled to the end of the list: items 170..<200 loaded, the first 17 pages dropped.
    func atTheEnd() -> Harness {
        var harness = Harness(pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        harness.pager = Pager(firstCursor: 0, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2), maxItems: 30)
        harness.send(.start)
        harness.load(list.page(0))
        for _ in 0..<25 {
            let count = harness.pager.items.count
            harness.send(.visibleRange(max(0, count - 5)..<count, viewportRows: 5))
            if let request = harness.pending.first { harness.load(list.page(request.cursor)) }
        }
        return harness
    }

    @Test("to the first item from the end: page 0 is asked for by its cursor and replaces the loaded pages when it comes")
    func toFirst() {
        var harness = atTheEnd()
        #expect(harness.ids == Array(170..<200))
        #expect(harness.pager.offset == 170)
        let effects = harness.send(.jump(toItem: 0))
        let jump = FetchRequest(token: FetchToken(id: harness.requested.count, generation: 0, direction: .jump), cursor: 0, pageSize: 10)
        #expect(effects == [.fetch(jump)])
        #expect(harness.pager.jumpState == .loading)
        #expect(harness.pager.jumpPage == 0)
        // The loaded rows stay on screen until the page arrives.
        #expect(harness.ids == Array(170..<200))
        #expect(harness.pager.offset == 170)
        // Asking again while it loads asks nothing more.
        #expect(harness.send(.jump(toItem: 3)).isEmpty)

        harness.load(list.page(0))
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.offset == 0)
        #expect(harness.pager.loadedPages == 0..<1)
        #expect(harness.pager.pages.count == 20, "every page is still remembered")
        #expect(harness.pager.knownCount == 200)
        #expect(harness.pager.jumpState == .idle)
        #expect(harness.pager.jumpPage == nil)
        #expect(harness.pager.appendState == .idle)
        #expect(harness.pager.footer == nil)
        #expect(harness.lastChange == ListChange(inserted: Array(0..<10), deleted: Array(0..<30)))

        // Scrolling on pages as usual: the next page by its remembered cursor.
        harness.send(.visibleRange(5..<10, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [1])
        #expect(harness.pending.first?.token.direction == .append)
        harness.load(list.page(1))
        #expect(harness.ids == Array(0..<20))
        #expect(harness.pager.pages.count == 20)
    }

    @Test("to the last item from the top: the last page comes back and the list ends there again")
    func toLast() {
        var harness = atTheEnd()
        harness.send(.jump(toItem: 0))
        harness.load(list.page(0))
        let effects = harness.send(.jump(toItem: harness.pager.knownCount - 1))
        #expect(effects.count == 1)
        #expect(harness.pending.map(\.cursor) == [19])
        #expect(harness.pending.first?.token.direction == .jump)
        harness.load(list.page(19))
        #expect(harness.ids == Array(190..<200))
        #expect(harness.pager.offset == 190)
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.footer == .end(count: 200))
        // Up again: the page before it, by its cursor.
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        #expect(harness.pending.map(\.cursor) == [18])
        #expect(harness.pending.first?.token.direction == .prepend)
    }

    @Test("an item already loaded needs no jump; past the end the last known page is meant")
    func loadedOrPastTheEnd() {
        var harness = atTheEnd()
        #expect(harness.send(.jump(toItem: 185)).isEmpty)
        #expect(harness.pager.jumpPage == nil)
        #expect(harness.pager.page(holding: 10_000) == 19)
        #expect(harness.pager.page(holding: 0) == 0)
        #expect(harness.pager.page(holding: 15) == 1)
    }

    @Test("a load at an edge in flight is cancelled by a jump: its rows are being replaced")
    func cancelsEdgeLoads() {
        var harness = atTheEnd()
        harness.send(.visibleRange(0..<5, viewportRows: 5))
        let prepend = harness.pending.first
        #expect(prepend?.token.direction == .prepend)
        let effects = harness.send(.jump(toItem: 0))
        #expect(effects.first == .cancelFetch(prepend!.token))
        #expect(harness.pager.prependState == .idle)
        // The cancelled page arriving late changes nothing.
        harness.send(.pageLoaded(prepend!.token, list.page(16)))
        #expect(harness.ids == Array(170..<200))
        harness.load(list.page(0))
        #expect(harness.ids == Array(0..<10))
    }

    @Test("a failed jump keeps the rows, says why, and retry asks for the same page")
    func failedJump() {
        var harness = atTheEnd()
        harness.send(.jump(toItem: 0))
        harness.fail("offline")
        #expect(harness.pager.jumpState == .failed(LoadFailure(message: "offline")))
        #expect(harness.ids == Array(170..<200))
        harness.send(.retry)
        #expect(harness.pending.map(\.cursor) == [0])
        #expect(harness.pending.first?.token.direction == .jump)
        harness.load(list.page(0))
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.jumpState == .idle)
    }

    @Test("a refresh at the top during a jump cancels it and starts the list over")
    func refreshDuringJump() {
        var harness = atTheEnd()
        harness.send(.jump(toItem: 0))
        let jump = harness.pending.first
        let effects = harness.send(.refresh(at: nil))
        #expect(effects.first == .cancelFetch(jump!.token))
        #expect(harness.pager.jumpState == .idle)
        harness.load(list.page(0))
        #expect(harness.ids == Array(0..<10))
        #expect(harness.pager.jumpPage == nil)
        #expect(harness.pager.pages.count == 1)
    }

    @Test("a jump asked for during a refresh asks nothing: the refresh starts the list over at its first page")
    func jumpDuringRefresh() {
        var harness = atTheEnd()
        harness.send(.refresh(at: nil))
        let before = harness.pager
        #expect(harness.send(.jump(toItem: 0)).isEmpty)
        #expect(harness.pager == before)
        harness.load(list.page(0))
        #expect(harness.ids == Array(0..<10))
        // Nothing left in flight to hold the next page back: it is asked for at once.
        #expect(harness.pager.inFlight[.jump] == nil)
        #expect(harness.pending.map(\.cursor) == [1])
    }
}

@Suite("A list opened past its first pages (--page N)")
struct StartPageTests {
    /// 45 items in pages of 10; opened at page 3 (cursor 2), pages 0 and 1 before it.
    let list = NumberedList(total: 45, size: 10)

    @Test("the position counts the pages before it, the row above says so, and scrolling up loads them by their cursors")
    func countsEarlierPages() {
        var harness = Harness(pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        harness.pager = Pager(firstCursor: 2, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2), pagesBefore: [0, 1])
        harness.send(.start)
        #expect(harness.pending.map(\.cursor) == [2])
        harness.load(list.page(2))
        #expect(harness.ids == Array(20..<30))
        #expect(harness.pager.offset == 20, "the first item is the 21st of the list")
        #expect(harness.pager.loadedPages == 2..<3)
        #expect(harness.pager.knownCount == 30)
        // Up: the pages before, by their cursors, in front, the nearest first.
        for cursor in [1, 0] {
            harness.send(.visibleRange(0..<5, viewportRows: 5))
            #expect(harness.pending.map(\.cursor) == [cursor])
            #expect(harness.pending.first?.token.direction == .prepend)
            harness.load(list.page(cursor))
        }
        #expect(harness.ids == Array(0..<30))
        #expect(harness.pager.offset == 0)
        // Down to the end: 45 in all.
        for _ in 0..<4 {
            let count = harness.pager.items.count
            harness.send(.visibleRange(max(0, count - 5)..<count, viewportRows: 5))
            if let request = harness.pending.first { harness.load(list.page(request.cursor)) }
        }
        #expect(harness.pager.footer == .end(count: 45))
        #expect(harness.ids == Array(0..<45))
        #expect(harness.pager.offset == 0)
        // A refresh at the top, or on it, comes back to the page it was opened at.
        harness.send(.refresh(at: 25))
        #expect(harness.pending.map(\.cursor) == [2])
        harness.load(list.page(2))
        #expect(harness.pager.offset == 20)
    }

    @Test("opened past the end (page 50 of a list of 5 pages): empty, nothing counted before, and no page asked for after the first")
    func pastTheEnd() {
        var harness = Harness(pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        harness.pager = Pager(firstCursor: 49, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2),
                              pagesBefore: Array(0..<49))
        harness.send(.start)
        harness.load(list.page(49))
        #expect(harness.pager.placeholder == .empty)
        #expect(harness.pager.offset == 0 && harness.pager.knownCount == 0 && harness.pager.loadedPages == 0..<1)
        harness.send(.visibleRange(0..<0, viewportRows: 5))
        #expect(harness.pending.isEmpty, "no walk back through the pages before, one request each")
        // A refresh asks for the same page again, and only that.
        harness.send(.refresh(at: nil))
        #expect(harness.pending.map(\.cursor) == [49])
    }
}
