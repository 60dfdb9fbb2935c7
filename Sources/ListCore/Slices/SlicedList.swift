/// One scrolling list composed of slices laid end to end, each fed by its own source with its
/// own placeholders (a profile: organizations, repositories, followers).
///
/// A value with no I/O: the caller loads each slice and tells the list what arrived; every
/// change reports a ``ListChange`` in the composed list's row indexes. Each slice's rows are a
/// heading, its shown items, then one footer row (loading, empty, retry or "see all"), as
/// ``ListSlice`` says. Rows are mapped to (slice, index) and back without walking the rows.
public struct SlicedList<Item: Identifiable, SliceID: Hashable>: IntIndexedCollection, RowHeightSource {
    public typealias Slice = ListSlice<Item, SliceID>
    public typealias Row = SlicedRow<Item, SliceID>
    public typealias RowID = SlicedRowID<SliceID, Item.ID>
    public typealias Location = SlicedRowLocation<SliceID>

    /// The slices, in order.
    public internal(set) var slices: [Slice] = []
    /// The first row of each slice, then the row count: `starts[k]..<starts[k + 1]` are slice k's rows.
    var starts: [Int] = [0]
    /// The position of each slice in ``slices``.
    var positions: [SliceID: Int] = [:]
    /// How many lines each kind of row takes.
    public var heights: RowHeights

    /// Slices with the same id as an earlier one are left out.
    public init(_ slices: [Slice] = [], heights: RowHeights = .compact) {
        self.heights = heights
        for slice in slices where positions[slice.id] == nil {
            positions[slice.id] = self.slices.count
            self.slices.append(slice)
        }
        recount(from: 0)
    }

    /// The slice with this id.
    public func slice(_ id: SliceID) -> Slice? {
        positions[id].map { slices[$0] }
    }

    /// The position of the slice with this id among the slices.
    public func position(of id: SliceID) -> Int? { positions[id] }

    // MARK: - Mapping

    /// The rows of a slice.
    public func rows(of id: SliceID) -> Range<Int>? {
        positions[id].map(rows(at:))
    }

    /// The rows of the slice at `position`.
    func rows(at position: Int) -> Range<Int> { starts[position]..<starts[position + 1] }

    /// The row that shows a slice's item at `index`; nil when the item is not shown (beyond the
    /// slice's limit) or there is no such slice.
    public func row(ofItem index: Int, in id: SliceID) -> Int? {
        guard let position = positions[id] else { return nil }
        let slice = slices[position]
        guard index >= 0, index < slice.shownCount else { return nil }
        return starts[position] + slice.leadingRows + index
    }

    /// The row that shows the item with this id in a slice, if it is shown.
    public func row(ofItemID itemID: Item.ID, in id: SliceID) -> Int? {
        guard let position = positions[id] else { return nil }
        let slice = slices[position]
        guard let index = slice.items.prefix(slice.shownCount).firstIndex(where: { $0.id == itemID }) else { return nil }
        return starts[position] + slice.leadingRows + index
    }

    /// The slice, kind and place in its slice of a row.
    public func location(ofRow row: Int) -> Location? {
        guard let position = slicePosition(ofRow: row) else { return nil }
        let slice = slices[position]
        let offset = row - starts[position]
        let kind = Self.kind(at: offset, in: slice)
        return Location(slice: slice.id, kind: kind, offset: offset,
                        item: kind == .item ? offset - slice.leadingRows : nil)
    }

    /// What a row is, matched across changes; nil past the rows.
    public func rowID(at row: Int) -> RowID? {
        guard let position = slicePosition(ofRow: row) else { return nil }
        let slice = slices[position]
        let offset = row - starts[position]
        switch Self.kind(at: offset, in: slice) {
        case .heading: return .heading(slice.id)
        case .item: return .item(slice.id, slice.items[offset - slice.leadingRows].id)
        case .loading: return .loading(slice.id)
        case .empty: return .empty(slice.id)
        case .failed: return .failed(slice.id)
        case .seeAll: return .seeAll(slice.id)
        }
    }

    /// The position of the slice holding `row` (a binary search over the slices' starts).
    func slicePosition(ofRow row: Int) -> Int? {
        guard row >= 0, row < endIndex else { return nil }
        var low = 0
        var high = slices.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= row { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The kind of the row at `offset` among a slice's rows.
    static func kind(at offset: Int, in slice: Slice) -> SlicedRowKind {
        if offset < slice.leadingRows { return .heading }
        if offset < slice.leadingRows + slice.shownCount { return .item }
        switch slice.footer {
        case .loading, nil: return .loading
        case .empty: return .empty
        case .failed: return .failed
        case .seeAll: return .seeAll
        }
    }

    /// Recomputes the starts of the slices from `position` on.
    mutating func recount(from position: Int) {
        starts.removeSubrange(Swift.min(position + 1, starts.count)...)
        if starts.isEmpty { starts = [0] }
        for slice in slices[position...] {
            starts.append((starts.last ?? 0) + slice.rowCount)
        }
    }

    /// Renumbers ``positions`` from `position` on.
    mutating func reindex(from position: Int) {
        for index in slices.indices[position...] { positions[slices[index].id] = index }
    }

    // MARK: - Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts[slices.count] }

    public subscript(row: Int) -> Row {
        guard let position = slicePosition(ofRow: row) else { preconditionFailure("row \(row) out of range") }
        let slice = slices[position]
        let offset = row - starts[position]
        if let heading = slice.heading, offset == 0 { return .heading(slice.id, heading) }
        let index = offset - slice.leadingRows
        if index < slice.shownCount { return .item(slice.id, index: index, slice.items[index]) }
        switch slice.footer {
        case .loading, nil: return .loading(slice.id)
        case .empty(let text): return .empty(slice.id, text)
        case .failed(let failure): return .failed(slice.id, failure)
        case .seeAll(let text): return .seeAll(slice.id, text)
        }
    }

    // MARK: - RowHeightSource

    public var rowCount: Int { endIndex }

    public func rowHeight(at index: Int) -> Int {
        guard let position = slicePosition(ofRow: index) else { return heights.height(of: .item) }
        let slice = slices[position]
        let kind = Self.kind(at: index - starts[position], in: slice)
        if kind == .heading, let lines = slice.headingLines { return lines }
        return heights.height(of: kind.heightKind)
    }

    /// The list's uniform height, unless a heading of its own height breaks it.
    public var uniformRowHeight: Int? {
        guard let each = heights.uniform else { return nil }
        for slice in slices where slice.heading != nil {
            if let lines = slice.headingLines, lines != each { return nil }
        }
        return each
    }

    /// From the first to the last selectable row; headings and loading rows between them fall
    /// inside (``isSelectable(_:)`` tells them apart).
    public var selectableRows: Range<Int> {
        guard let first = slices.indices.lazy.compactMap({ self.selectableBounds(at: $0)?.lowerBound }).first,
              let last = slices.indices.reversed().lazy.compactMap({ self.selectableBounds(at: $0)?.upperBound }).first
        else { return 0..<0 }
        return first..<(last + 1)
    }

    /// True for item, retry and "see all" rows.
    public func isSelectable(_ row: Int) -> Bool {
        location(ofRow: row)?.kind.isSelectable ?? false
    }

    /// The first and last selectable rows of the slice at `position`, if it has any: every row
    /// between them is selectable (its items, then a retry or "see all" row).
    func selectableBounds(at position: Int) -> ClosedRange<Int>? {
        let slice = slices[position]
        let items = starts[position] + slice.leadingRows
        var end = items + slice.shownCount
        switch slice.footer {
        case .failed, .seeAll: end += 1
        case .loading, .empty, nil: break
        }
        return end > items ? items...(end - 1) : nil
    }
}

extension SlicedList: Sendable where Item: Sendable, SliceID: Sendable {}
extension SlicedList: Equatable where Item: Equatable {}
