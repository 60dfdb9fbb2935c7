// Refresh, retry, restart and cancel: what the caller asks of the pager beside its hints.
extension Pager {
    // MARK: - Commands

    /// A refresh for the item at `position` of the whole list (dropped pages counted): the page
    /// that holds it is loaded again by its remembered cursor; nil, or a position on the first
    /// page, asks for the first page, which replaces the list.
    mutating func refresh(at position: Int?) -> [Effect] {
        let page = position.flatMap { self.page(holding: max(0, $0)) }
        return refresh(page: page.flatMap { pages[$0].cursor == firstCursor ? nil : $0 })
    }

    /// Loads page `page` again (nil: the first page) in a new generation; every other load is
    /// cancelled, and the rows on screen stay until the page arrives.
    mutating func refresh(page: Int?) -> [Effect] {
        guard hasLoadedFirstPage else {
            // Nothing shown yet: a refresh is the first load (again).
            guard initialState != .loading else { return [] }
            return [startFetch(.initial, at: firstCursor)]
        }
        // A refresh, or the first page's revalidation, asks the source already.
        guard !isRefreshing else { return [] }
        generation += 1
        var effects: [Effect] = []
        for direction in [FetchDirection.append, .prepend, .jump] {
            if let request = inFlight.removeValue(forKey: direction) {
                effects.append(.cancelFetch(request.token))
                policy.value.observe(.abandoned)
            }
        }
        if appendState == .loading { appendState = .idle }
        if prependState == .loading { prependState = .idle }
        if jumpState == .loading { jumpState = .idle }
        let page = page.flatMap { $0 < pages.count ? $0 : nil }
        refreshPage = page
        effects.append(startFetch(.refresh, at: page.map { pages[$0].cursor } ?? firstCursor))
        return effects
    }

    mutating func retry() -> [Effect] {
        if case .failed = initialState, !hasLoadedFirstPage {
            return [startFetch(.initial, at: firstCursor)]
        }
        if case .failed = refreshState {
            return refresh(page: refreshPage)
        }
        if case .failed = appendState, inFlight.isEmpty {
            if loadedPages.upperBound < pages.count { return [startFetch(.append, page: loadedPages.upperBound)] }
            if let cursor = retryCursor ?? nextCursor { return [startFetch(.append, at: cursor)] }
        }
        if case .failed = prependState, inFlight.isEmpty, loadedPages.lowerBound > 0 {
            return [startFetch(.prepend, page: loadedPages.lowerBound - 1)]
        }
        if case .failed = jumpState, inFlight.isEmpty, let page = jumpPage, page < pages.count {
            return [startFetch(.jump, page: page)]
        }
        return []
    }

    mutating func restart() -> [Effect] {
        var effects: [Effect] = []
        for direction in FetchDirection.allCases {
            guard let request = inFlight.removeValue(forKey: direction) else { continue }
            effects.append(.cancelFetch(request.token))
            // A first page shown from a copy is asked of the source alone this time.
            let outdated = request.outdated || (direction == .initial && hasLoadedFirstPage)
            effects.append(startFetch(direction, at: request.cursor, outdated: outdated))
        }
        return effects
    }

    mutating func cancelAll() -> [Effect] {
        let effects = FetchDirection.allCases.compactMap { direction -> Effect? in
            guard let request = inFlight.removeValue(forKey: direction) else { return nil }
            setState(.idle, for: direction)
            if direction == .append { retryCursor = request.cursor }
            if direction == .refresh { refreshPage = nil }
            return .cancelFetch(request.token)
        }
        if !effects.isEmpty {
            generation += 1
            policy.value.observe(.abandoned)
        }
        return effects
    }
}
