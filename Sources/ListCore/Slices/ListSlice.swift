/// Where one slice of a ``SlicedList`` is in its loading.
public enum SliceState: Sendable, Equatable {
    /// Nothing was asked for yet: the slice loads when it comes near the screen.
    case idle
    case loading
    case failed(LoadFailure)
    case loaded

    public var failure: LoadFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}

/// The row a slice shows after its items.
public enum SliceFooter: Sendable, Equatable {
    /// The slice is idle or loading.
    case loading
    /// The slice loaded and holds nothing: the caller's text ("No organizations").
    case empty(String)
    /// The slice failed to load: a retry row.
    case failed(LoadFailure)
    /// The slice has more than it shows: the caller's text ("All 12 repositories →").
    case seeAll(String)
}

/// One slice of a ``SlicedList``: an optional heading, the first items of one source, and the
/// row that says what the slice is doing.
///
/// Its rows, in order: the heading (when there is one), the shown items, the footer (when
/// there is one).
public struct ListSlice<Item: Identifiable, SliceID: Hashable> {
    public let id: SliceID
    /// The heading row's text ("Repositories · 12"); nil for no heading row.
    public var heading: String?
    /// The items, unique by id (the first occurrence wins).
    public internal(set) var items: [Item]
    public var state: SliceState
    /// Show at most this many items (nil: all of them).
    public var limit: Int?
    /// How many items the source holds, when it said (more than ``items`` when only a first page
    /// was loaded).
    public var total: Int?
    /// The text of the row after the items when the slice has more than it shows; nil: no such row.
    public var seeAll: String?
    /// The text of the row of a loaded slice that holds nothing; nil: no such row.
    public var empty: String?
    /// How many lines the heading row takes when it is not the list's heading height (a
    /// profile's picture and facts above its slices); nil: the list's.
    public var headingLines: Int?

    public init(id: SliceID, heading: String? = nil, items: [Item] = [], state: SliceState = .idle,
                limit: Int? = nil, total: Int? = nil, seeAll: String? = nil, empty: String? = nil,
                headingLines: Int? = nil) {
        self.id = id
        self.heading = heading
        self.items = []
        self.state = state
        self.limit = limit.map { max(0, $0) }
        self.total = total
        self.seeAll = seeAll
        self.empty = empty
        self.headingLines = headingLines.map { max(1, $0) }
        append(items)
    }

    /// How many items have rows.
    public var shownCount: Int {
        guard let limit else { return items.count }
        return max(0, min(limit, items.count))
    }

    /// True when the slice holds (or its source said it holds) more items than it shows.
    public var hasMore: Bool { max(items.count, total ?? 0) > shownCount }

    /// The row after the items, if any.
    public var footer: SliceFooter? {
        switch state {
        case .idle, .loading: return .loading
        case .failed(let failure): return .failed(failure)
        case .loaded:
            if items.isEmpty, let empty { return .empty(empty) }
            if hasMore, let seeAll { return .seeAll(seeAll) }
            return nil
        }
    }

    /// Rows before the first item: 1 with a heading, else 0.
    public var leadingRows: Int { heading == nil ? 0 : 1 }

    /// How many rows the slice takes in the composed list.
    public var rowCount: Int { leadingRows + shownCount + (footer == nil ? 0 : 1) }

    // MARK: - Items

    /// Replaces the items, keeping the first of each id.
    mutating func replace(with newItems: [Item]) {
        items = []
        append(newItems)
    }

    /// Appends the items whose ids are new, in order; returns how many were appended.
    @discardableResult
    mutating func append(_ newItems: [Item]) -> Int {
        var seen = Set(items.map(\.id))
        let before = items.count
        for item in newItems where seen.insert(item.id).inserted {
            items.append(item)
        }
        return items.count - before
    }
}

extension ListSlice: Sendable where Item: Sendable, SliceID: Sendable {}
extension ListSlice: Equatable where Item: Equatable {}
