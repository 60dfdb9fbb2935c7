import Testing
@testable import ListCore

/// A list whose source stops serving it before its end (GitHub's 40,000 stargazers, its 1,000
/// search results): the pager ends the list there and keeps why, so the end row can say so.
@Suite("A list its source cut short")
struct EndedShortTests {
    /// Pages of 10 that the source serves up to 30 items: the page after answers "no more, cut short".
    func cutAtThirty() -> Harness {
        var harness = Harness(prefetch: FixedDistancePrefetch(distance: 3))
        harness.send(.start)
        harness.load(Page(items: users(0..<10), next: 1))
        for (cursor, range) in [(2, 10..<20), (3, 20..<30)] {
            harness.send(.visibleRange(max(0, harness.ids.count - 5)..<harness.ids.count, viewportRows: 5))
            harness.load(Page(items: users(range), next: cursor))
        }
        harness.send(.visibleRange(25..<30, viewportRows: 5))
        return harness
    }

    @Test("a page that ends short ends the list, says it was cut short, and nothing more is asked for")
    func endsTheList() {
        var harness = cutAtThirty()
        #expect(harness.pending.map(\.cursor) == [3])
        #expect(!harness.pager.endedShort)
        harness.load(Page(items: [], next: 4, endsShort: true))
        #expect(harness.pager.endedShort)
        #expect(harness.pager.appendState == .endReached)
        #expect(harness.pager.footer == .end(count: 30))
        #expect(harness.pager.nextCursor == nil, "a page cut short names no next page, whatever it said")
        harness.send(.visibleRange(25..<30, viewportRows: 5))
        harness.send(.retry)
        #expect(harness.pending.isEmpty)
        #expect(harness.requested.map(\.cursor) == [0, 1, 2, 3])
    }

    @Test("a list that simply ends is not cut short; a refresh forgets that the last one was")
    func simplyEnds() {
        var harness = cutAtThirty()
        harness.load(Page(items: users(30..<35), next: nil))
        #expect(harness.pager.appendState == .endReached)
        #expect(!harness.pager.endedShort)

        var cut = cutAtThirty()
        cut.load(Page(items: [], next: nil, endsShort: true))
        #expect(cut.pager.endedShort)
        cut.send(.refresh(at: nil))
        cut.load(Page(items: users(0..<10), next: 1))
        #expect(!cut.pager.endedShort)
        #expect(cut.pager.appendState != .endReached, "the list goes on")
    }

    @Test("a page with rows may end the list short too (a search's last page before GitHub's cap)")
    func lastPageWithRows() {
        var harness = Harness()
        harness.send(.start)
        harness.load(Page(items: users(0..<10), next: nil, totalCount: 5_000, endsShort: true))
        #expect(harness.pager.endedShort)
        #expect(harness.pager.footer == .end(count: 10))
    }
}
