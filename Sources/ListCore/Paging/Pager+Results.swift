// Taking a page in (or a failure) for the request it answers.
extension Pager {
    // MARK: - Results

    /// Takes a page in; what it changed in the items.
    mutating func apply(_ page: Page<Item, Cursor>, for request: FetchRequest<Cursor>) -> ListChange {
        let change: ListChange
        if let total = page.totalPages, !pageCountMisleads { totalPages = total }
        switch request.token.direction {
        case .refresh where refreshPage != nil:
            return landRefresh(page, for: request)
        case .initial, .refresh:
            change = store.reload(page.items)
            isIncomplete = page.isIncomplete
            endedShort = false
            hasLoadedFirstPage = true
            initialState = .idle
            refreshState = .idle
            appendState = .idle
            prependState = .idle
            jumpState = .idle
            jumpPage = nil
            refreshPage = nil
            outdatedPages = []
            seenCursors = Set(pagesBefore + [request.cursor])
            listEnded = false
            counted = nil
            totalCount = page.totalCount
            totalPages = pageCountMisleads ? nil : page.totalPages
            // A list opened past its end (page N of one with fewer): an empty first page has
            // nothing before it to count, or to walk back through page after empty page.
            let earlier = page.items.isEmpty ? [] : pagesBefore.map { PageRecord(cursor: $0, count: pageSize) }
            pages = earlier + [PageRecord(cursor: request.cursor, count: store.count)]
            loadedPages = earlier.count..<(earlier.count + 1)
            offset = earlier.count * pageSize
        case .append:
            let before = store.count
            let appended = store.append(contentsOf: page.items)
            appendState = .idle
            if let total = page.totalCount { totalCount = total }
            if page.isIncomplete { isIncomplete = true }
            let added = store.count - before
            if loadedPages.upperBound < pages.count {
                // A dropped page, loaded again: the pages after it are remembered already.
                pages[loadedPages.upperBound].count = added
                outdatedPages.remove(loadedPages.upperBound)
                loadedPages = loadedPages.lowerBound..<(loadedPages.upperBound + 1)
                retryCursor = nil
                if listEnded, loadedPages.upperBound == pages.count {
                    // The last page again, of a list that ended: it still ends there, unless it
                    // names a page it did not before (rows pushed past the end since).
                    if let next = page.next, !page.items.isEmpty, seenCursors.insert(next).inserted {
                        listEnded = false
                        nextCursor = next
                    } else {
                        appendState = .endReached
                    }
                } else if counted != nil, page.items.isEmpty {
                    // A page counted ahead holds nothing: the list ends here, before the others.
                    cut(from: loadedPages.upperBound)
                    (counted, totalPages, pageCountMisleads) = (nil, nil, true)
                    if page.endsShort { endedShort = true }
                    end()
                } else if counted != nil, loadedPages.upperBound == pages.count {
                    // The last of the pages counted ahead, reached by scrolling.
                    takeNext(after: page)
                    if listEnded { appendState = .endReached }
                }
                return dropPages(fromFront: true, after: appended)
            }
            pages.append(PageRecord(cursor: request.cursor, count: added))
            loadedPages = loadedPages.lowerBound..<pages.count
            change = dropPages(fromFront: true, after: appended)
        case .prepend:
            let before = store.count
            let inserted = store.insert(page.items, at: 0)
            prependState = .idle
            if page.isIncomplete { isIncomplete = true }
            let index = loadedPages.lowerBound - 1
            let added = store.count - before
            visibleStart += added
            offset = max(0, offset - pages[index].count)
            pages[index].count = added
            outdatedPages.remove(index)
            loadedPages = index..<loadedPages.upperBound
            return dropPages(fromFront: false, after: inserted)
        case .jump:
            if page.isIncomplete { isIncomplete = true }
            return landJump(page)
        }
        retryCursor = nil
        if page.endsShort { endedShort = true }
        if page.items.isEmpty {
            // An empty page ends the list, whatever cursor it names: following it could spin.
            end()
        } else if let next = page.next {
            if seenCursors.insert(next).inserted {
                nextCursor = next
            } else {
                nextCursor = nil
                retryCursor = request.cursor
                appendState = .failed(.repeatedCursor)
            }
        } else {
            end()
        }
        return change
    }

    mutating func end() {
        nextCursor = nil
        listEnded = true
        appendState = .endReached
    }

    mutating func fail(_ request: FetchRequest<Cursor>, with failure: LoadFailure) {
        var direction = request.token.direction
        if direction == .initial, hasLoadedFirstPage {
            // The source's answer to a first page shown from a copy: a refresh of it that failed.
            initialState = .idle
            direction = .refresh
        }
        setState(failure.reason == .cancelled ? .idle : .failed(failure), for: direction)
        if direction == .append { retryCursor = request.cursor }
    }
}
