// A refresh where the selection is: its page, loaded again, in place of the loaded ones.
extension Pager {
    // MARK: - Refresh

    /// The page that held the selection arrived again (not empty): it replaces the loaded pages,
    /// counted at its place in the list, and the others load again by their remembered cursors
    /// as the person scrolls to them; rows they repeat (a page-numbered list that shifted) are
    /// left out by id. The pages after it stay remembered, unless it says the list now ends there.
    mutating func landRefresh(_ page: Page<Item, Cursor>, for request: FetchRequest<Cursor>) -> ListChange {
        let reloaded = refreshPage
        refreshPage = nil
        refreshState = .idle
        guard let index = reloaded, index < pages.count else { return .none }
        appendState = .idle
        prependState = .idle
        jumpState = .idle
        jumpPage = nil
        retryCursor = nil
        let firstShown = offset + visibleStart
        let change = store.reload(page.items)
        offset = pages[..<index].reduce(0) { $0 + $1.count }
        pages[index].count = store.count
        // Every other page shows what it held before: loaded again, it is asked of the source.
        outdatedPages = Set(pages.indices).subtracting([index])
        loadedPages = index..<(index + 1)
        // The screen stays where it was in the list until the next visible range says otherwise.
        visibleStart = min(max(0, firstShown - offset), store.count)
        if let total = page.totalCount { totalCount = total }
        if page.isIncomplete { isIncomplete = true }
        if page.endsShort { endedShort = true }
        let isLast = index == pages.count - 1
        // The last page, or an end before it: what a jump across pages counted is settled.
        if isLast || page.next == nil { counted = nil }
        if let next = page.next {
            // After the last page known: the page it names now (the one it named before, or one
            // not seen in this list: a cursor seen elsewhere would loop).
            guard isLast, next != nextCursor else { return change }
            if seenCursors.insert(next).inserted {
                nextCursor = next
                listEnded = false
            } else {
                nextCursor = nil
                retryCursor = request.cursor
                appendState = .failed(.repeatedCursor)
            }
        } else {
            // The list ends here now: the pages remembered after it are gone.
            pages.removeSubrange((index + 1)...)
            outdatedPages = outdatedPages.filter { $0 < index }
            end()
        }
        return change
    }
}
