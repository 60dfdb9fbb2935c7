/// The kinds of row a ``SlicedList`` composes.
public enum SlicedRowKind: Sendable, Hashable, CaseIterable {
    case heading, item, loading, empty, failed, seeAll

    /// True for the rows a selection may rest on: items, retry rows and "see all" rows.
    public var isSelectable: Bool {
        switch self {
        case .item, .failed, .seeAll: true
        case .heading, .loading, .empty: false
        }
    }

    /// The ``RowKind`` whose height in ``RowHeights`` this kind takes.
    public var heightKind: RowKind {
        switch self {
        case .heading: .header
        case .item: .item
        case .loading: .loading
        case .failed: .retry
        case .empty, .seeAll: .end
        }
    }
}

/// One row of a ``SlicedList``, naming the slice it belongs to.
public enum SlicedRow<Item, SliceID> {
    case heading(SliceID, String)
    /// The item at `index` in its slice.
    case item(SliceID, index: Int, Item)
    case loading(SliceID)
    case empty(SliceID, String)
    /// A retry row.
    case failed(SliceID, LoadFailure)
    case seeAll(SliceID, String)

    public var slice: SliceID {
        switch self {
        case .heading(let slice, _), .item(let slice, _, _), .loading(let slice), .empty(let slice, _),
             .failed(let slice, _), .seeAll(let slice, _):
            slice
        }
    }

    public var kind: SlicedRowKind {
        switch self {
        case .heading: .heading
        case .item: .item
        case .loading: .loading
        case .empty: .empty
        case .failed: .failed
        case .seeAll: .seeAll
        }
    }
}

/// What a row of a ``SlicedList`` is, whatever it shows: the same identity before and after a
/// change means the same row (what a ``ListChange`` matches rows by).
public enum SlicedRowID<SliceID: Hashable, ItemID: Hashable>: Hashable {
    case heading(SliceID)
    case item(SliceID, ItemID)
    case loading(SliceID)
    case empty(SliceID)
    case failed(SliceID)
    case seeAll(SliceID)
}

/// Where a row of a ``SlicedList`` is: its slice, its kind and its place in the slice.
public struct SlicedRowLocation<SliceID: Hashable>: Hashable {
    public var slice: SliceID
    public var kind: SlicedRowKind
    /// The row's position among its slice's rows (0 is the slice's first row).
    public var offset: Int
    /// The index in the slice's items, for an item row.
    public var item: Int?

    public init(slice: SliceID, kind: SlicedRowKind, offset: Int, item: Int? = nil) {
        self.slice = slice
        self.kind = kind
        self.offset = offset
        self.item = item
    }
}

extension SlicedRow: Sendable where Item: Sendable, SliceID: Sendable {}
extension SlicedRowID: Sendable where SliceID: Sendable, ItemID: Sendable {}
extension SlicedRowLocation: Sendable where SliceID: Sendable {}
