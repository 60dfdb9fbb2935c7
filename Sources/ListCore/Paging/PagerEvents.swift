/// Identifies one fetch: which load it belongs to and in which generation it was asked for.
///
/// A result carries its token back, so the pager can drop results it no longer waits for.
public struct FetchToken: Sendable, Hashable, CustomStringConvertible {
    public let id: Int
    public let generation: Int
    public let direction: FetchDirection

    public init(id: Int, generation: Int, direction: FetchDirection) {
        self.id = id
        self.generation = generation
        self.direction = direction
    }

    public var description: String { "#\(id) \(direction) gen \(generation)" }
}

/// A page load the pager wants run.
public struct FetchRequest<Cursor: Hashable & Sendable>: Sendable, Hashable {
    public let token: FetchToken
    public let cursor: Cursor
    public let pageSize: Int
    /// The page was shown before the last refresh and is asked for again since: a copy kept
    /// from before the refresh is out of date, so the caller asks the source itself.
    public let outdated: Bool

    public init(token: FetchToken, cursor: Cursor, pageSize: Int, outdated: Bool = false) {
        self.token = token
        self.cursor = cursor
        self.pageSize = pageSize
        self.outdated = outdated
    }
}

/// What happened, told to the pager.
public enum PagerEvent<Item: Sendable, Cursor: Hashable & Sendable>: Sendable {
    /// Load the first page, once.
    case start
    /// These item indexes are on screen, in a viewport that holds `viewportRows` item rows.
    case visibleRange(Range<Int>, viewportRows: Int)
    /// A fetch finished with a page.
    case pageLoaded(FetchToken, Page<Item, Cursor>)
    /// A fetch failed.
    case pageFailed(FetchToken, LoadFailure)
    /// The first page, from a copy that may be out of date (a stale cache): it is shown as
    /// ``pageLoaded(_:_:)`` shows a first page, and its request stays in flight for the source's
    /// own answer (stale-while-revalidate). That answer, a ``pageLoaded(_:_:)`` for the same
    /// token, replaces the list as a refresh of the first page does (nothing changes where it
    /// holds the same rows); a ``pageFailed(_:_:)`` leaves the rows and fails as a refresh does,
    /// so a retry asks again. For a fetch in any other direction, the copy is the answer.
    case stalePage(FetchToken, Page<Item, Cursor>)
    /// Go to the item at this position in the whole list (dropped pages counted; past the end,
    /// the last one known): when its page is not loaded, that page is loaded by its remembered
    /// cursor and replaces the loaded ones, which stay on screen until it arrives.
    case jump(toItem: Int)
    /// Go to the last item of a list whose last pages were never loaded: `pagesAfter` are the
    /// cursors of the pages after the last one known, in order, up to the list's last (the
    /// caller makes them from ``Pager/totalPages``). They count as full pages until they are
    /// loaded; the last is loaded in place of the loaded ones, as a ``jump(toItem:)``, and the
    /// pages between load as the person scrolls back to them. Ignored when the list has ended,
    /// when pages after the loaded ones are known already (``jump(toItem:)`` reaches them), or
    /// when a cursor was seen before.
    case jumpToEnd(pagesAfter: [Cursor])
    /// As ``jumpToEnd(pagesAfter:)``, to the item at this position of the whole list instead of
    /// the last one (`12000G`): the pages are counted, and the one that holds it is loaded.
    case jumpAcross(pagesAfter: [Cursor], toItem: Int)
    /// Load again the page that holds the item at this position of the whole list (dropped pages
    /// counted: the selection), by its remembered cursor; when it arrives it replaces the loaded
    /// rows, and the pages around it load again as the person scrolls to them. Nil, or a
    /// position on the first page: the first page again, which replaces the list. The old rows
    /// stay on screen until the page arrives, and stay as they are when it fails.
    case refresh(at: Int?)
    /// Repeat the load that failed.
    case retry
    /// Abandon the loads in flight and ask for them again at once (a retry the person will not
    /// wait for).
    case restart
    /// Stop every load in flight.
    case cancel
    /// Call off a jump on its way or one that failed (the person moved on): the rows loaded stay.
    case cancelJump
}

/// Work the pager asks its caller to do.
public enum PagerEffect<Cursor: Hashable & Sendable>: Sendable, Hashable {
    case fetch(FetchRequest<Cursor>)
    case cancelFetch(FetchToken)
}
