/// One page of a paged list, as a ``PageSource`` returns it.
public struct Page<Item: Sendable, Cursor: Sendable>: Sendable {
    /// The items of this page, in server order.
    public var items: [Item]
    /// The cursor of the page after this one; `nil` when this page is the last.
    public var next: Cursor?
    /// The total number of items in the whole list, when the source knows it.
    public var totalCount: Int?
    /// The number of pages in the whole list, when the source knows it.
    public var totalPages: Int?
    /// The source says this page may be missing results (a search that timed out on the server).
    public var isIncomplete: Bool
    /// The source ends the list here though the list goes on: it serves only so much of it (a
    /// limit of the source's). `next` is nil.
    public var endsShort: Bool

    public init(items: [Item], next: Cursor?, totalCount: Int? = nil, totalPages: Int? = nil, isIncomplete: Bool = false,
                endsShort: Bool = false) {
        self.items = items
        self.next = endsShort ? nil : next
        self.totalCount = totalCount
        self.totalPages = totalPages
        self.isIncomplete = isIncomplete
        self.endsShort = endsShort
    }
}

extension Page: Equatable where Item: Equatable, Cursor: Equatable {}

/// Loads one page of a list for a cursor.
///
/// Cursors are the source's own type: a since-id, a page number and a next-page URL all fit.
/// A source does the I/O; the paging core never does.
public protocol PageSource<Item, Cursor>: Sendable {
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable
    associatedtype Cursor: Hashable & Sendable

    /// The cursor of the first page.
    var firstCursor: Cursor { get }

    /// Loads the page at `cursor` with at most `pageSize` items.
    func loadPage(at cursor: Cursor, pageSize: Int) async throws -> Page<Item, Cursor>
}
