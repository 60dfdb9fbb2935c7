extension Pager {
    // MARK: - Jumps

    /// The page holding the item at `position` of the whole list, or the last page known.
    public func page(holding position: Int) -> Int? {
        guard !pages.isEmpty else { return nil }
        var start = 0
        for (index, page) in pages.enumerated() {
            if position < start + page.count { return index }
            start += page.count
        }
        return pages.count - 1
    }

    mutating func jump(to position: Int) -> [Effect] {
        // During a refresh the list starts over at its first page: there is nowhere to jump.
        guard hasLoadedFirstPage, !isRefreshing, let target = page(holding: max(0, position)),
              !loadedPages.contains(target) else {
            return []
        }
        if jumpPage == target, jumpState == .loading { return [] }
        // Loads at the edges of the rows being replaced are of no use now.
        var effects: [Effect] = []
        for direction in [FetchDirection.append, .prepend, .jump] {
            guard let request = inFlight.removeValue(forKey: direction) else { continue }
            setState(.idle, for: direction)
            effects.append(.cancelFetch(request.token))
        }
        jumpPage = target
        effects.append(startFetch(.jump, page: target))
        return effects
    }

    /// The far page arrived: it replaces the loaded ones, counted at its place in the list.
    mutating func landJump(_ page: Page<Item, Cursor>) -> ListChange {
        jumpState = .idle
        guard let index = jumpPage, index < pages.count else { return .none }
        jumpPage = nil
        let change = store.reload(page.items)
        offset = pages[..<index].reduce(0) { $0 + $1.count }
        pages[index].count = store.count
        outdatedPages.remove(index)
        loadedPages = index..<(index + 1)
        visibleStart = 0
        retryCursor = nil
        appendState = listEnded && index == pages.count - 1 ? .endReached : .idle
        prependState = .idle
        return change
    }
}
