/// The kinds of row a list view draws: items and the rows around them.
public enum RowKind: Sendable, Hashable, CaseIterable {
    case header
    case pull
    case item
    case loading
    case retry
    case end
}

/// How many terminal lines each kind of row takes.
///
/// One field per kind, not a dictionary: the viewport asks for a row's height many times a
/// frame, and a lookup hashed each time.
public struct RowHeights: Sendable, Equatable {
    private var header = 1, pull = 1, item = 1, loading = 1, retry = 1, end = 1

    public init(_ heights: [RowKind: Int] = [:]) {
        for (kind, height) in heights { self[kind] = height }
    }

    /// Every row one line.
    public static let compact = RowHeights()
    /// Item rows two lines (login, then details); the rest one line.
    public static let comfortable = RowHeights([.item: 2])

    /// The height of every kind, when they are all the same.
    public var uniform: Int? {
        header == item && pull == item && loading == item && retry == item && end == item ? item : nil
    }

    public func height(of kind: RowKind) -> Int {
        switch kind {
        case .header: header
        case .pull: pull
        case .item: item
        case .loading: loading
        case .retry: retry
        case .end: end
        }
    }

    public subscript(kind: RowKind) -> Int {
        get { height(of: kind) }
        set {
            let height = max(1, newValue)
            switch kind {
            case .header: header = height
            case .pull: pull = height
            case .item: item = height
            case .loading: loading = height
            case .retry: retry = height
            case .end: end = height
            }
        }
    }
}

/// One row of the list a view draws.
public enum ListRow<Item> {
    case header(String)
    /// The keyboard pull-to-refresh row; `armed` once releasing it would refresh.
    case pull(armed: Bool)
    case item(index: Int, Item)
    case loading
    case retry(LoadFailure)
    case end(count: Int)

    public var kind: RowKind {
        switch self {
        case .header: .header
        case .pull: .pull
        case .item: .item
        case .loading: .loading
        case .retry: .retry
        case .end: .end
        }
    }
}

/// Something whose rows have heights: what ``Viewport`` does its math over.
public protocol RowHeightSource {
    var rowCount: Int { get }
    func rowHeight(at index: Int) -> Int
    /// The rows the selection may rest on: from the first to the last of them.
    var selectableRows: Range<Int> { get }
    /// Whether the selection may rest on `row`, for lists with rows it steps over inside
    /// ``selectableRows`` (a composed list's headings); every row of the range by default.
    func isSelectable(_ row: Int) -> Bool
    /// The one height every row has, when they all have the same: the viewport then counts
    /// lines by multiplying rather than row by row.
    var uniformRowHeight: Int? { get }
}

extension RowHeightSource {
    public var uniformRowHeight: Int? { nil }
    public func isSelectable(_ row: Int) -> Bool { selectableRows.contains(row) }
}

/// The rows of a list: static headers, an optional pull row, the items, then a footer row.
///
/// A view over an items collection, not a copy, so building it costs the same for any list size.
/// `Items` is any random-access collection indexed from 0: an array, or a ``ListSubset`` of one.
public struct RowModel<Items: RandomAccessCollection>: IntIndexedCollection, RowHeightSource
where Items.Index == Int {
    public typealias Item = Items.Element

    public var headers: [String]
    public var pull: Bool?
    public var items: Items
    public var footer: Footer?
    public var heights: RowHeights

    public init(headers: [String] = [], pull: Bool? = nil, items: Items, footer: Footer?, heights: RowHeights = .compact) {
        self.headers = headers
        self.pull = pull
        self.items = items
        self.footer = footer
        self.heights = heights
    }

    private var leading: Int { headers.count + (pull == nil ? 0 : 1) }

    /// Row indexes that hold items.
    public var itemRows: Range<Int> { leading..<(leading + items.count) }

    /// The row that shows the item at `itemIndex`.
    public func row(forItem itemIndex: Int) -> Int { leading + itemIndex }

    /// The item index a row shows, if it is an item row.
    public func itemIndex(forRow row: Int) -> Int? {
        itemRows.contains(row) ? row - leading : nil
    }

    // MARK: - Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { leading + items.count + (footer == nil ? 0 : 1) }

    public subscript(position: Int) -> ListRow<Item> {
        if position < headers.count { return .header(headers[position]) }
        if let armed = pull, position == headers.count { return .pull(armed: armed) }
        if let index = itemIndex(forRow: position) { return .item(index: index, items[items.startIndex + index]) }
        switch footer {
        case .loading: return .loading
        case .failed(let failure): return .retry(failure)
        case .end(let count): return .end(count: count)
        case nil: preconditionFailure("row \(position) out of range")
        }
    }

    public func kind(at position: Int) -> RowKind {
        if position < headers.count { return .header }
        if pull != nil, position == headers.count { return .pull }
        if itemRows.contains(position) { return .item }
        switch footer {
        case .loading, nil: return .loading
        case .failed: return .retry
        case .end: return .end
        }
    }

    // MARK: - RowHeightSource

    public var rowCount: Int { count }
    public func rowHeight(at index: Int) -> Int { heights.height(of: kind(at: index)) }
    public var selectableRows: Range<Int> { itemRows }
    public var uniformRowHeight: Int? { heights.uniform }
}

extension RowModel: Sendable where Items: Sendable {}
extension ListRow: Sendable where Item: Sendable {}
