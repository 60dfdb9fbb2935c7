// MARK: - Bounded memory: pages dropped far from the screen

extension Pager {
    /// Drops whole pages from the end away from the one just loaded while more than
    /// ``maxItems`` are held: never the page just loaded, nor one so near the screen that it
    /// would be asked for again at once. The limit gives way a little instead (two pages
    /// chasing each other would never stop); the next load at the other end drops what is then
    /// far. The change reported is the net one: deletions in the indexes before the load,
    /// insertions in the indexes after the drop.
    mutating func dropPages(fromFront: Bool, after loaded: ListChange) -> ListChange {
        guard let maxItems, store.count > maxItems else { return loaded }
        let inserted = loaded.inserted
        let rows = viewportRows ?? 0
        var front = 0
        var back = 0
        while store.count - front - back > maxItems, loadedPages.count > 1 {
            if fromFront {
                let page = loadedPages.lowerBound
                let firstShown = visibleStart - front - pages[page].count
                guard firstShown > Self.backwardDistance(viewportRows: rows) else { break }
                front += pages[page].count
                offset += pages[page].count
                loadedPages = (page + 1)..<loadedPages.upperBound
            } else {
                let page = loadedPages.upperBound - 1
                let remaining = store.count - back - pages[page].count
                let start = min(visibleStart, remaining)
                guard remaining >= visibleStart + rows else { break }
                let context = PrefetchContext(visible: start..<(start + rows), loadedCount: remaining,
                                              viewportRows: max(rows, 1), now: now)
                guard !prefetch.shouldPrefetch(context) else { break }
                back += pages[page].count
                loadedPages = loadedPages.lowerBound..<page
                // The end is no longer loaded: scrolling down loads the dropped pages again.
                if appendState == .endReached { appendState = .idle }
            }
        }
        guard front + back > 0 else { return loaded }
        let count = store.count
        store.delete(at: Array(0..<front) + Array((count - back)..<count))
        // What is on screen moved down in the store's indexes with the items before it.
        visibleStart = max(0, visibleStart - front)
        if fromFront {
            // Appended at the end: the dropped items were the first ones before it too.
            return ListChange(inserted: inserted.map { $0 - front }, deleted: Array(0..<front))
        } else {
            // Inserted at the start: the dropped ones were the last before it.
            let before = count - inserted.count
            return ListChange(inserted: inserted, deleted: Array((before - back)..<before))
        }
    }
}
