// Starting fetches, matching results to them and the prefetch decision.
extension Pager {
    // MARK: - Fetching

    mutating func startFetch(_ direction: FetchDirection, at cursor: Cursor, outdated: Bool = false) -> Effect {
        nextTokenID += 1
        let token = FetchToken(id: nextTokenID, generation: generation, direction: direction)
        let request = FetchRequest(token: token, cursor: cursor, pageSize: pageSize, outdated: outdated)
        inFlight[direction] = request
        setState(.loading, for: direction)
        if let now { policy.value.observe(.requested(at: now)) }
        return .fetch(request)
    }

    /// A fetch of a page remembered by its cursor (dropped, and wanted again).
    mutating func startFetch(_ direction: FetchDirection, page index: Int) -> Effect {
        startFetch(direction, at: pages[index].cursor, outdated: outdatedPages.contains(index))
    }

    /// The request this token answers, removed from the in-flight set; nil for a stale result.
    mutating func takeRequest(_ token: FetchToken) -> FetchRequest<Cursor>? {
        guard token.generation == generation,
              let request = inFlight[token.direction], request.token == token
        else { return nil }
        inFlight[token.direction] = nil
        return request
    }

    mutating func setState(_ state: LoadState, for direction: FetchDirection) {
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
    static func backwardDistance(viewportRows rows: Int) -> Int {
        FixedDistancePrefetch().effectiveDistance(viewportRows: rows)
    }

    mutating func prefetchIfNeeded() -> [Effect] {
        guard hasLoadedFirstPage, let rows = viewportRows, inFlight.isEmpty else { return [] }
        let count = store.count
        let start = min(visibleStart, count)
        let visible = start..<min(count, start + rows)
        // Forward: the next page, or the first dropped one after the loaded run.
        let dropped = loadedPages.upperBound < pages.count
        if let cursor = dropped ? pages[loadedPages.upperBound].cursor : nextCursor, appendState == .idle {
            let context = PrefetchContext(visible: visible, loadedCount: count, viewportRows: rows, now: now)
            let screenNotFull = count < visibleStart + rows
            if screenNotFull || policy.value.shouldPrefetch(context) {
                return [dropped ? startFetch(.append, page: loadedPages.upperBound) : startFetch(.append, at: cursor)]
            }
        }
        // Backward: a dropped page before the loaded run, a screen and a bit ahead.
        if loadedPages.lowerBound > 0, prependState == .idle,
           visible.lowerBound <= Self.backwardDistance(viewportRows: rows) {
            return [startFetch(.prepend, page: loadedPages.lowerBound - 1)]
        }
        return []
    }
}
