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
    /// to the page that holds the item at `position` (nil: the last item).
    mutating func jump(across cursors: [Cursor], to position: Int?) -> [Effect] {
        guard hasLoadedFirstPage, !isRefreshing, !listEnded, nextCursor != nil, !cursors.isEmpty,
              Set(cursors).count == cursors.count, seenCursors.isDisjoint(with: cursors) else {
            return []
        }
        counted = CountedPages(first: pages.count, next: nextCursor)
        pages += cursors.map { PageRecord(cursor: $0, count: pageSize) }
        seenCursors.formUnion(cursors)
        // What comes after the last page, that page says.
        nextCursor = nil
        return jump(to: position.map { min($0, knownCount - 1) } ?? knownCount - 1)
    }

    /// The far page arrived: it replaces the loaded ones, counted at its place in the list.
    mutating func landJump(_ page: Page<Item, Cursor>) -> ListChange {
        jumpState = .idle
        guard let index = jumpPage, index < pages.count else { return .none }
        jumpPage = nil
        if let counted, page.items.isEmpty, index >= counted.first, index >= loadedPages.upperBound {
            // Fewer pages than counted (the list shrank, or its source serves only so far): the
            // pages counted after the loaded ones are forgotten, the rows stay, and the list goes
            // on page by page from them.
            forgetCounted(from: max(counted.first, loadedPages.upperBound))
            return .none
        }
        let change = store.reload(page.items)
        offset = pages[..<index].reduce(0) { $0 + $1.count }
        pages[index].count = store.count
        outdatedPages.remove(index)
        loadedPages = index..<(index + 1)
        visibleStart = 0
        retryCursor = nil
        if index == pages.count - 1, counted != nil { takeNext(after: page) }
        appendState = listEnded && index == pages.count - 1 ? .endReached : .idle
        prependState = .idle
        return change
    }

    /// The last of the pages counted ahead arrived: it ends the list, or names the page after it
    /// (rows added since it was counted).
    mutating func takeNext(after page: Page<Item, Cursor>) {
        counted = nil
        if page.endsShort { endedShort = true }
        if let next = page.next, !page.items.isEmpty, seenCursors.insert(next).inserted {
            nextCursor = next
        } else {
            nextCursor = nil
            listEnded = true
        }
    }

    /// Forgets the pages counted ahead from `index` on, and the count of pages that led to them:
    /// the next page is the first of them again (or, when none was loaded, the one the list
    /// named before they were counted).
    mutating func forgetCounted(from index: Int) {
        guard let counted, index < pages.count else { return }
        let next = index == counted.first ? counted.next : pages[index].cursor
        cut(from: index, keeping: next)
        nextCursor = next
        self.counted = nil
        (totalPages, pageCountMisleads) = (nil, true)
    }

    /// A jump on its way, or one that failed, called off; its page, if it comes, is dropped.
    mutating func cancelJump() -> [Effect] {
        jumpPage = nil
        if case .failed = jumpState { jumpState = .idle }
        guard let request = inFlight.removeValue(forKey: .jump) else { return [] }
        jumpState = .idle
        return [.cancelFetch(request.token)]
    }

    /// Drops the page records from `index` on, and what was kept of them: their cursors (but
    /// `kept`), their being outdated, a retry of one of them.
    mutating func cut(from index: Int, keeping kept: Cursor? = nil) {
        guard index < pages.count else { return }
        for record in pages[index...] where record.cursor != kept {
            seenCursors.remove(record.cursor)
            if retryCursor == record.cursor { retryCursor = nil }
        }
        pages.removeSubrange(index...)
        outdatedPages = outdatedPages.filter { $0 < index }
    }
}
