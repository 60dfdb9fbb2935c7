extension SlicedList {
    // MARK: - Loading a slice

    /// Sets a slice's load state; the change is its footer row's.
    @discardableResult
    public mutating func setState(_ state: SliceState, of id: SliceID) -> ListChange {
        guard let position = positions[id] else { return .none }
        let old = slices[position]
        slices[position].state = state
        return footerChange(from: old, at: position)
    }

    /// The slice's load started: its footer becomes the loading row.
    @discardableResult
    public mutating func setLoading(_ id: SliceID) -> ListChange { setState(.loading, of: id) }

    /// The slice's load failed: its footer becomes a retry row carrying the failure.
    @discardableResult
    public mutating func setFailed(_ id: SliceID, _ failure: LoadFailure) -> ListChange {
        setState(.failed(failure), of: id)
    }

    /// Replaces a slice's items (its first page arrived, or a refresh replaced them). Only the
    /// slice's rows are compared; items kept are not reported as updated.
    ///
    /// `total` is what the source said it holds this time: nil when it did not say, so a total
    /// from before a refresh never outlives it.
    @discardableResult
    public mutating func setItems(_ items: [Item], of id: SliceID, state: SliceState = .loaded, total: Int? = nil) -> ListChange {
        guard let position = positions[id] else { return .none }
        let old = slices[position]
        slices[position].replace(with: items)
        slices[position].state = state
        slices[position].total = total
        let new = slices[position]
        let first = starts[position] + old.leadingRows
        let itemsChange = ListChange.diff(old: old.items.prefix(old.shownCount).map(\.id),
                                          new: new.items.prefix(new.shownCount).map(\.id))
        return itemsChange.shifted(by: first).followed(by: footerChange(from: old, at: position))
    }

    /// Appends the items whose ids the slice does not hold yet (a next page arrived); `total`
    /// as for ``setItems(_:of:state:total:)``.
    @discardableResult
    public mutating func append(_ items: [Item], to id: SliceID, state: SliceState = .loaded, total: Int? = nil) -> ListChange {
        guard let position = positions[id] else { return .none }
        let old = slices[position]
        slices[position].append(items)
        slices[position].state = state
        if let total { slices[position].total = total }
        let first = starts[position] + old.leadingRows
        let added = ListChange(inserted: Array((first + old.shownCount)..<(first + slices[position].shownCount)))
        return added.followed(by: footerChange(from: old, at: position))
    }

    /// Changes anything else of a slice (its heading, limit, total, texts); the change is worked
    /// out over that slice's rows alone. The heading and footer rows are reported updated when
    /// their text changed.
    @discardableResult
    public mutating func update(_ id: SliceID, _ body: (inout Slice) -> Void) -> ListChange {
        guard let position = positions[id] else { return .none }
        let old = slices[position]
        body(&slices[position])
        let new = slices[position]
        recount(from: position)
        var updated: Set<RowID> = []
        if old.heading != new.heading { updated.insert(.heading(id)) }
        if old.footer != new.footer, let footer = new.footer { updated.insert(Self.footerID(footer, of: id)) }
        return ListChange.diff(old: Self.rowIDs(of: old), new: Self.rowIDs(of: new), updatedIDs: updated)
            .shifted(by: starts[position])
    }

    // MARK: - Slices

    /// Inserts a slice before the one at `position` (clamped); a slice whose id is already in
    /// the list changes nothing.
    @discardableResult
    public mutating func insertSlice(_ slice: Slice, at position: Int) -> ListChange {
        guard positions[slice.id] == nil else { return .none }
        let position = Swift.min(Swift.max(0, position), slices.count)
        slices.insert(slice, at: position)
        reindex(from: position)
        recount(from: position)
        return ListChange(inserted: Array(rows(at: position)))
    }

    /// Adds a slice after the others.
    @discardableResult
    public mutating func appendSlice(_ slice: Slice) -> ListChange {
        insertSlice(slice, at: slices.count)
    }

    /// Removes a slice and its rows.
    @discardableResult
    public mutating func removeSlice(_ id: SliceID) -> ListChange {
        guard let position = positions[id] else { return .none }
        let deleted = Array(rows(at: position))
        slices.remove(at: position)
        positions[id] = nil
        reindex(from: position)
        recount(from: position)
        return ListChange(deleted: deleted)
    }

    // MARK: - Following the selection

    /// The row of a row identity, if the list has that row.
    public func row(of rowID: RowID) -> Int? {
        func footerRow(_ id: SliceID) -> Int? {
            guard let position = positions[id], let footer = slices[position].footer,
                  Self.footerID(footer, of: id) == rowID else { return nil }
            return starts[position + 1] - 1
        }
        switch rowID {
        case .heading(let id):
            guard let position = positions[id], slices[position].heading != nil else { return nil }
            return starts[position]
        case let .item(id, itemID): return row(ofItemID: itemID, in: id)
        case .loading(let id), .empty(let id), .failed(let id), .seeAll(let id): return footerRow(id)
        }
    }

    /// Where the selection goes after `old` became this list: the same row (the same item)
    /// when it is still here, else the nearest selectable row of the same slice, else the
    /// nearest selectable row; with none selected before, the first selectable row; nil when no
    /// row can be selected.
    public func keptSelection(_ selected: Int?, from old: SlicedList) -> Int? {
        guard let selected, let location = old.location(ofRow: selected),
              let oldPosition = old.positions[location.slice] else {
            return nearestSelectable(to: selected ?? 0, in: slices.indices)
        }
        if let rowID = old.rowID(at: selected), let row = row(of: rowID) { return row }
        guard let position = positions[location.slice] else {
            return nearestSelectable(to: starts[Swift.min(oldPosition, slices.count)], in: slices.indices)
        }
        let target = starts[position] + location.offset
        return nearestSelectable(to: target, in: position..<(position + 1))
            ?? nearestSelectable(to: target, in: slices.indices)
    }

    /// The selectable row nearest `target` among the slices at `positions` (the later on a tie).
    func nearestSelectable(to target: Int, in positions: Range<Int>) -> Int? {
        var best: Int?
        for position in positions {
            guard let bounds = selectableBounds(at: position) else { continue }
            let row = Swift.min(Swift.max(target, bounds.lowerBound), bounds.upperBound)
            if let current = best, abs(current - target) < abs(row - target) { continue }
            best = row
        }
        return best
    }

    // MARK: - Loading near the screen

    /// The idle slices with a row within `distance` rows of the `visible` ones: the slices to
    /// start loading now, in order.
    public func slicesToLoad(visible: Range<Int>, distance: Int) -> [SliceID] {
        let low = visible.lowerBound - Swift.max(0, distance)
        let high = visible.upperBound + Swift.max(0, distance)
        guard var position = slicePosition(ofRow: Swift.min(Swift.max(0, low), endIndex - 1)) else { return [] }
        var ids: [SliceID] = []
        while position < slices.count, starts[position] < high {
            if slices[position].state == .idle, starts[position + 1] > low { ids.append(slices[position].id) }
            position += 1
        }
        return ids
    }

    // MARK: - Changes

    /// What changed in the footer of the slice at `position`, whose items only grew (or stayed),
    /// from what it was in `old`; recounts the rows from that slice on.
    private mutating func footerChange(from old: Slice, at position: Int) -> ListChange {
        recount(from: position)
        let new = slices[position]
        let first = starts[position] + old.leadingRows
        let oldRow = first + old.shownCount
        let newRow = first + new.shownCount
        switch (old.footer, new.footer) {
        case (nil, nil): return .none
        case (nil, .some): return ListChange(inserted: [newRow])
        case (.some, nil): return ListChange(deleted: [oldRow])
        case let (before?, after?):
            if Self.footerID(before, of: new.id) != Self.footerID(after, of: new.id) {
                return ListChange(inserted: [newRow], deleted: [oldRow])
            }
            return before == after ? .none : ListChange(updated: [newRow])
        }
    }

    static func footerID(_ footer: SliceFooter, of id: SliceID) -> RowID {
        switch footer {
        case .loading: .loading(id)
        case .empty: .empty(id)
        case .failed: .failed(id)
        case .seeAll: .seeAll(id)
        }
    }

    /// The identities of a slice's rows, in order.
    static func rowIDs(of slice: Slice) -> [RowID] {
        var ids: [RowID] = slice.heading == nil ? [] : [.heading(slice.id)]
        ids += slice.items.prefix(slice.shownCount).map { .item(slice.id, $0.id) }
        if let footer = slice.footer { ids.append(footerID(footer, of: slice.id)) }
        return ids
    }
}

extension ListChange {
    /// The same change `offset` rows further down.
    func shifted(by offset: Int) -> ListChange {
        guard offset != 0 else { return self }
        return ListChange(inserted: inserted.map { $0 + offset }, deleted: deleted.map { $0 + offset },
                          moved: moved.map { Move(from: $0.from + offset, to: $0.to + offset) },
                          updated: updated.map { $0 + offset })
    }

    /// This change and one in rows after all of this one's, as one change.
    func followed(by other: ListChange) -> ListChange {
        ListChange(inserted: inserted + other.inserted, deleted: deleted + other.deleted,
                   moved: moved + other.moved, updated: updated + other.updated)
    }
}
