// A first page from a copy that may be out of date, shown while the source is asked again.
extension Pager {
    // MARK: - Revalidation

    /// True while the first page on screen came from a copy that may be out of date
    /// (``PagerEvent/stalePage(_:_:)``) and the source's own answer to its request is awaited:
    /// that answer replaces its rows. Nothing else loads meanwhile, as during a refresh.
    public var isRevalidating: Bool { hasLoadedFirstPage && inFlight[.initial] != nil }

    /// Shows a copy of the first page and keeps its request in flight for the source's answer.
    /// The prefetch policy learns nothing from the copy: the request is not answered yet.
    mutating func showStale(_ page: Page<Item, Cursor>, for token: FetchToken) -> Step {
        guard token.generation == generation, let request = inFlight[token.direction], request.token == token else {
            return Step()
        }
        guard token.direction == .initial else { return handle(.pageLoaded(token, page), at: now) }
        return Step(change: apply(page, for: request))
    }
}
