/// What to show instead of the list when there are no rows to show.
public enum Placeholder: Sendable, Equatable {
    /// Nothing was asked for yet (or the first load was cancelled).
    case idle
    /// The first page is on its way.
    case loading
    /// The first load, or a refresh with nothing on screen, failed.
    case failed(LoadFailure)
    /// The list is loaded and holds nothing.
    case empty
}

/// The row after the last item.
public enum Footer: Sendable, Equatable {
    /// The next page is on its way.
    case loading
    /// Loading more failed; the loaded rows stay.
    case failed(LoadFailure)
    /// The list ended; it holds this many items.
    case end(count: Int)
}

extension Pager {
    /// What a load in `direction` is doing.
    public func state(for direction: FetchDirection) -> LoadState {
        switch direction {
        case .initial: initialState
        case .refresh: refreshState
        case .append: appendState
        case .prepend: prependState
        case .jump: jumpState
        }
    }

    /// Why a load failed, when one did (the first page's first): what a retry would ask again.
    public var failure: LoadFailure? {
        FetchDirection.allCases.lazy.compactMap { self.state(for: $0).failure }.first
    }

    /// The placeholder to show, or nil when there are items.
    public var placeholder: Placeholder? {
        guard store.isEmpty else { return nil }
        if initialState == .loading || isRefreshing { return .loading }
        if let failure = initialState.failure ?? refreshState.failure { return .failed(failure) }
        if let failure = appendState.failure { return .failed(failure) }
        if hasLoadedFirstPage {
            return appendState == .loading ? .loading : .empty
        }
        return .idle
    }

    /// The row to show after the items, or nil when more will load on demand.
    public var footer: Footer? {
        guard !store.isEmpty else { return nil }
        switch appendState {
        case .idle: return nil
        case .loading: return .loading
        case .failed(let failure): return .failed(failure)
        case .endReached: return .end(count: knownCount)
        }
    }

    /// Items of the dropped pages after the loaded ones.
    public var droppedAfter: Int {
        pages[min(loadedPages.upperBound, pages.count)...].reduce(0) { $0 + $1.count }
    }

    /// Items the pager knows of: loaded, and dropped on either side (for "3,000/52,000").
    public var knownCount: Int { offset + store.count + droppedAfter }

    /// Pages a jump across pages never seen counted as full are not all loaded: ``knownCount``
    /// is what the source's count of pages gives, not yet the rows themselves.
    public var countsAhead: Bool { counted != nil }

    /// The last page of the list was seen: it ends where ``knownCount`` says (also after the
    /// memory bound dropped that page).
    public var hasEnded: Bool { listEnded }

    /// True while a refresh runs with the old rows still on screen, or the source is asked
    /// again for a first page shown from a copy (``isRevalidating``).
    public var isRefreshing: Bool { refreshState == .loading || isRevalidating }
}
