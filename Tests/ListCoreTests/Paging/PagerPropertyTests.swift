import Testing
@testable import ListCore

@Suite("Pager invariants")
struct PagerPropertyTests {
    /// Every event the harness can send, picked at random.
    enum Step: CaseIterable {
        case start, scrollToEnd, scrollToTop, loadPending, loadPendingWithOverlap, failPending
        case deliverStale, refresh, refreshWhereSelected, retry, cancel, emptyPage, repeatedCursor, jumpToFirst, jumpToLast
    }

    @Test("11. after any sequence of events (pages dropped and loaded again, for a capped pager) no id appears twice and at most one fetch per direction is in flight",
          arguments: 0..<200)
    func invariantsHold(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        var harness = Harness(pageSize: 8, prefetch: FixedDistancePrefetch(distance: Int.random(in: 0...6, using: &rng)))
        // Every other seed keeps at most a few pages: pages are dropped and loaded again too.
        if seed % 2 == 1 {
            harness.pager = Pager(firstCursor: 0, pageSize: 8, prefetch: harness.pager.prefetch,
                                  maxItems: Int.random(in: 16...40, using: &rng))
        }
        var staleRequests: [FetchRequest<Int>] = []
        for _ in 0..<120 {
            let step = Step.allCases.randomElement(using: &rng) ?? .start
            let count = harness.pager.items.count
            let rows = Int.random(in: 1...12, using: &rng)
            switch step {
            case .start: harness.send(.start)
            case .scrollToEnd: harness.send(.visibleRange(max(0, count - rows)..<count, viewportRows: rows))
            case .scrollToTop: harness.send(.visibleRange(0..<min(rows, count), viewportRows: rows))
            case .loadPending, .loadPendingWithOverlap, .emptyPage, .repeatedCursor:
                guard let request = harness.pending.randomElement(using: &rng) else { continue }
                let base = request.cursor * 5 + (step == .loadPendingWithOverlap ? -3 : 0)
                let size = Int.random(in: 1...8, using: &rng)
                var ids = (0..<size).map { _ in Int.random(in: max(0, base)...(base + 12), using: &rng) }
                if step == .emptyPage { ids = [] }
                let next: Int? = Bool.random(using: &rng) && request.cursor > 9 ? nil
                    : (step == .repeatedCursor ? request.cursor : request.cursor + 1)
                harness.load(Page(items: users(ids), next: next), for: request)
            case .failPending:
                guard let request = harness.pending.randomElement(using: &rng) else { continue }
                harness.fail("boom", for: request)
            case .deliverStale:
                guard let stale = staleRequests.randomElement(using: &rng) else { continue }
                let before = harness.ids
                harness.send(.pageLoaded(stale.token, Page(items: users([999, 1000]), next: 77)))
                #expect(harness.ids == before, "a stale page changed the list")
            case .refresh: harness.send(.refresh(at: nil))
            case .refreshWhereSelected:
                let known = harness.pager.knownCount
                harness.send(.refresh(at: Int.random(in: 0..<max(1, known), using: &rng)))
            case .retry: harness.send(.retry)
            case .cancel: harness.send(.cancel)
            case .jumpToFirst: harness.send(.jump(toItem: 0))
            case .jumpToLast: harness.send(.jump(toItem: harness.pager.knownCount - 1))
            }
            // Requests no longer pending can be delivered later as stale results.
            staleRequests = harness.requested.filter { request in !harness.pending.contains(request) }

            let ids = harness.ids
            #expect(Set(ids).count == ids.count, "an id appears twice: \(ids)")
            for direction in FetchDirection.allCases {
                let pending = harness.pending.filter { $0.token.direction == direction }
                #expect(pending.count <= 1, "\(pending.count) \(direction) fetches in flight")
                let state: LoadState = switch direction {
                case .initial: harness.pager.initialState
                case .refresh: harness.pager.refreshState
                case .append: harness.pager.appendState
                case .prepend: harness.pager.prependState
                case .jump: harness.pager.jumpState
                }
                #expect(state.isLoading == !pending.isEmpty, "\(direction) is \(state) with \(pending.count) in flight")
            }
            #expect(harness.pending.count <= 1 || !harness.pending.contains { $0.token.direction == .append })
        }
    }
}
