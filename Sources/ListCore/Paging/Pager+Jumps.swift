/// A jump to the end through pages never seen, while its last page is on its way: where the
/// pages it counted ahead start, and the cursor the list named next before them.
struct EndJump<Cursor: Hashable & Sendable>: Sendable, Hashable {
    var firstCounted: Int
    var next: Cursor?
}

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

    /// The pages named by `cursors` counted after the known ones, full until loaded, and a jump
    /// to the last of them.
    mutating func jumpToEnd(through cursors: [Cursor]) -> [Effect] {
        guard hasLoadedFirstPage, !isRefreshing, !listEnded, !cursors.isEmpty, loadedPages.upperBound == pages.count,
              Set(cursors).count == cursors.count, seenCursors.isDisjoint(with: cursors) else {
            return []
        }
        endJump = EndJump(firstCounted: pages.count, next: nextCursor)
        countedAhead = true
        pages += cursors.map { PageRecord(cursor: $0, count: pageSize) }
        seenCursors.formUnion(cursors)
        // What comes after the last page, that page says.
        nextCursor = nil
        return jump(to: knownCount - 1)
    }

    /// The far page arrived: it replaces the loaded ones, counted at its place in the list.
    mutating func landJump(_ page: Page<Item, Cursor>) -> ListChange {
        jumpState = .idle
        guard let index = jumpPage, index < pages.count else { return .none }
        if let end = endJump, index == pages.count - 1, page.items.isEmpty {
            // Fewer pages than counted (the list shrank, or its source serves only so far): the
            // pages counted ahead are forgotten, the rows stay, and the list goes on page by page.
            undo(end)
            jumpPage = nil
            return .none
        }
        jumpPage = nil
        endJump = nil
        let change = store.reload(page.items)
        offset = pages[..<index].reduce(0) { $0 + $1.count }
        pages[index].count = store.count
        outdatedPages.remove(index)
        loadedPages = index..<(index + 1)
        visibleStart = 0
        retryCursor = nil
        if index == pages.count - 1, countedAhead { takeNext(after: page) }
        appendState = listEnded && index == pages.count - 1 ? .endReached : .idle
        prependState = .idle
        return change
    }

    /// The last page known arrived by a cursor counted ahead, the list not ended: it ends the
    /// list, or names the page after it (rows added since it was counted).
    mutating func takeNext(after page: Page<Item, Cursor>) {
        countedAhead = false
        if page.endsShort { endedShort = true }
        if let next = page.next, !page.items.isEmpty, seenCursors.insert(next).inserted {
            nextCursor = next
        } else {
            nextCursor = nil
            listEnded = true
        }
    }

    /// Forgets the pages a jump to the end counted ahead, and the count of pages that led to it.
    private mutating func undo(_ end: EndJump<Cursor>) {
        for record in pages[end.firstCounted...] { seenCursors.remove(record.cursor) }
        pages.removeSubrange(end.firstCounted...)
        nextCursor = end.next
        countedAhead = false
        endJump = nil
        totalPages = nil
    }
}
