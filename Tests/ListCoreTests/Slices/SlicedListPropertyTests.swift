import Testing
@testable import ListCore

/// A slice as the test keeps it, apart from the list under test.
private struct ModelSlice {
    enum State: Equatable { case idle, loading, failed(String), loaded }
    var id: String
    var heading: String?
    var items: [Int] = []
    var state = State.idle
    var limit: Int?
    var total: Int?
    var seeAll: String?
    var empty: String?

    var shown: ArraySlice<Int> { items.prefix(limit ?? items.count) }

    /// The slice's rows as ``line(_:)`` spells them, worked out from the rules of issue 22.
    var lines: [String] {
        var lines = heading.map { ["# \($0)"] } ?? []
        lines += shown.enumerated().map { "\(id)[\($0.offset)] \($0.element)" }
        switch state {
        case .idle, .loading: lines.append("\(id) …")
        case .failed(let message): lines.append("\(id) ! \(message)")
        case .loaded:
            if items.isEmpty, let empty {
                lines.append("\(id): \(empty)")
            } else if max(items.count, total ?? 0) > shown.count, let seeAll {
                lines.append("\(id) → \(seeAll)")
            }
        }
        return lines
    }

    var slice: ListSlice<User, String> {
        ListSlice(id: id, heading: heading, limit: limit, seeAll: seeAll, empty: empty)
    }
}

/// What a row is, for matching rows across a change: an item by its id, any other row by its kind.
private func identity(_ row: SlicedRow<User, String>) -> String {
    switch row {
    case let .heading(slice, _): "heading \(slice)"
    case let .item(slice, _, user): "item \(slice) \(user.id)"
    case let .loading(slice): "loading \(slice)"
    case let .empty(slice, _): "empty \(slice)"
    case let .failed(slice, _): "failed \(slice)"
    case let .seeAll(slice, _): "seeAll \(slice)"
    }
}

private func selectable(_ row: SlicedRow<User, String>) -> Bool {
    switch row {
    case .item, .failed, .seeAll: true
    case .heading, .loading, .empty: false
    }
}

/// Ids in order, without repeats (the first wins).
private func unique(_ ids: [Int]) -> [Int] {
    var seen = Set<Int>()
    return ids.filter { seen.insert($0).inserted }
}

/// Applies `change` to the identities of the old rows, taking inserted rows from the new ones,
/// and checks that the result is the new rows and that text changed only where it says so.
private func checkReplay(_ change: ListChange, old: [String], new: [String], oldLines: [String], newLines: [String],
                         _ step: String) {
    let deleted = Set(change.deleted), inserted = Set(change.inserted)
    let movedFrom = Set(change.moved.map(\.from)), movedTo = Set(change.moved.map(\.to))
    #expect(deleted.count == change.deleted.count && inserted.count == change.inserted.count, "\(step): repeats in \(change)")
    #expect(deleted.allSatisfy(old.indices.contains) && movedFrom.allSatisfy(old.indices.contains), "\(step): \(change)")
    #expect(inserted.allSatisfy(new.indices.contains) && movedTo.allSatisfy(new.indices.contains), "\(step): \(change)")
    #expect(deleted.isDisjoint(with: movedFrom) && inserted.isDisjoint(with: movedTo), "\(step): \(change)")
    guard old.count - deleted.count + inserted.count == new.count else {
        Issue.record("\(step): \(change) turns \(old.count) rows into \(old.count - deleted.count + inserted.count), not \(new.count)")
        return
    }
    var result = [String?](repeating: nil, count: new.count)
    for move in change.moved where new.indices.contains(move.to) { result[move.to] = old[move.from] }
    for index in inserted where new.indices.contains(index) { result[index] = new[index] }
    var stable = old.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }.map { old[$0] }[...]
    for index in result.indices where result[index] == nil { result[index] = stable.popFirst() }
    #expect(stable.isEmpty && result == new, "\(step): \(change) turns\n\(old)\ninto\n\(result)\nnot\n\(new)")
    let gone = Set(change.deleted.map { old[$0] }), came = Set(change.inserted.map { new[$0] })
    #expect(gone.isDisjoint(with: came), "\(step): rows deleted and inserted again: \(gone.intersection(came))")
    // A heading or footer row kept with other text is updated, and only such rows are.
    let oldLine = Dictionary(uniqueKeysWithValues: zip(old, oldLines))
    for (index, id) in new.enumerated() where !inserted.contains(index) && !id.hasPrefix("item") {
        let changed = oldLine[id] != newLines[index]
        #expect(changed == change.updated.contains(index), "\(step): row \(index) \(newLines[index]) updated? \(change)")
    }
    #expect(change.updated.allSatisfy { !new[$0].hasPrefix("item") }, "\(step): an item reported updated: \(change)")
}

@Suite("SlicedList invariants")
struct SlicedListPropertyTests {
    enum Step: CaseIterable { case load, fail, fill, refresh, append, remove, insert, edit }

    @Test("random loads, failures, refreshes, appends and removals in random slices: the rows are the slices end to end, the change replays, the selection stays on its item",
          arguments: 0..<8)
    func invariantsHold(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 11)
        var model = (0..<4).map { ModelSlice(id: "s\($0)", heading: "S\($0)", limit: $0 == 0 ? nil : 5,
                                              seeAll: "all \($0)", empty: "none \($0)") }
        var list = Profile(model.map(\.slice))
        var nextSlice = 4
        for number in 0..<300 {
            let old = list
            let oldIDs = old.map(identity), oldLines = lines(old)
            let selectableBefore = oldIDs.indices.filter { selectable(old[$0]) }
            let selected = selectableBefore.randomElement(using: &rng)
            let step = Step.allCases.randomElement(using: &rng) ?? .load
            let position = model.indices.randomElement(using: &rng)
            let id = position.map { model[$0].id } ?? "none"
            let pool = Array(0..<14)
            let change: ListChange
            switch step {
            case .load:
                change = list.setLoading(id)
                if let position { model[position].state = .loading }
            case .fail:
                let message = ["boom", "down", "timeout"].randomElement(using: &rng) ?? "boom"
                change = list.setFailed(id, LoadFailure(message: message))
                if let position { model[position].state = .failed(message) }
            case .fill, .refresh:
                var ids = position.map { model[$0].items.shuffled(using: &rng) } ?? []
                if step == .fill || ids.isEmpty {
                    ids = Array(pool.shuffled(using: &rng).prefix(Int.random(in: 0...9, using: &rng)))
                } else {
                    ids.removeLast(Int.random(in: 0...min(3, ids.count), using: &rng))
                    ids += (0..<Int.random(in: 0...3, using: &rng)).compactMap { _ in pool.randomElement(using: &rng) }
                }
                let total: Int? = Bool.random(using: &rng) ? ids.count + Int.random(in: 0...4, using: &rng) : nil
                let loading = Int.random(in: 0..<5, using: &rng) == 0
                change = list.setItems(users(ids), of: id, state: loading ? .loading : .loaded, total: total)
                if let position {
                    model[position].items = unique(ids)
                    model[position].state = loading ? .loading : .loaded
                    model[position].total = total  // a refresh says its own total, or none
                }
            case .append:
                let ids = (0..<Int.random(in: 0...4, using: &rng)).compactMap { _ in pool.randomElement(using: &rng) }
                change = list.append(users(ids), to: id)
                if let position {
                    model[position].items = unique(model[position].items + ids)
                    model[position].state = .loaded
                }
            case .remove:
                change = list.removeSlice(id)
                if let position { model.remove(at: position) }
            case .insert:
                var slice = ModelSlice(id: "s\(nextSlice)")
                if Bool.random(using: &rng) { slice.heading = "S\(nextSlice)" }
                if Bool.random(using: &rng) { slice.limit = Int.random(in: 0...6, using: &rng) }
                if Bool.random(using: &rng) { slice.seeAll = "all \(nextSlice)" }
                if Bool.random(using: &rng) { slice.empty = "none \(nextSlice)" }
                nextSlice += 1
                let at = Int.random(in: 0...model.count, using: &rng)
                change = list.insertSlice(slice.slice, at: at)
                model.insert(slice, at: at)
            case .edit:
                let heading: String? = Bool.random(using: &rng) ? "H\(number % 3)" : nil
                let limit: Int? = Bool.random(using: &rng) ? Int.random(in: 0...6, using: &rng) : nil
                let seeAll: String? = Bool.random(using: &rng) ? "more \(number % 2)" : nil
                change = list.update(id) { slice in
                    slice.heading = heading
                    slice.limit = limit
                    slice.seeAll = seeAll
                }
                if let position {
                    model[position].heading = heading
                    model[position].limit = limit
                    model[position].seeAll = seeAll
                }
            }
            let label = "seed \(seed) step \(number) \(step) \(id)"

            // 1. The rows are the slices laid end to end.
            let expected = model.flatMap(\.lines)
            let actual = lines(list)
            #expect(actual == expected, "\(label)")
            guard actual == expected else { return }
            #expect(list.slices.map(\.id) == model.map(\.id), "\(label)")

            // 2. The change replays on the old rows' identities.
            checkReplay(change, old: oldIDs, new: list.map(identity), oldLines: oldLines, newLines: actual, label)

            // 3. The selection stays on its item, else in its slice, else on some selectable row.
            checkSelection(selected, old: old, new: list, model: model, label)

            checkMapping(list, model: model, label)
            checkSlicesToLoad(list, model: model, rng: &rng, label)
        }
    }

    private func checkSelection(_ selected: Int?, old: Profile, new list: Profile, model: [ModelSlice], _ label: String) {
        let kept = list.keptSelection(selected, from: old)
        let anySelectable = list.indices.contains { selectable(list[$0]) }
        guard let kept else {
            #expect(!anySelectable, "\(label): no selection kept though rows can be selected")
            return
        }
        #expect(list.indices.contains(kept) && selectable(list[kept]), "\(label): kept \(kept)")
        guard let selected, list.indices.contains(kept) else { return }
        let was = old[selected]
        let slice = model.first { $0.id == was.slice }
        if case let .item(_, _, user) = was, let slice, slice.shown.contains(user.id) {
            #expect(identity(list[kept]) == identity(was), "\(label): \(line(was)) went to \(line(list[kept]))")
        } else if let same = list.indices.first(where: { identity(list[$0]) == identity(was) }) {
            #expect(kept == same, "\(label): \(line(was)) is at \(same), selection at \(kept)")
        } else if let slice, slice.lines.contains(where: { $0.contains("[") || $0.contains(" ! ") || $0.contains(" → ") }) {
            #expect(list[kept].slice == slice.id, "\(label): left slice \(slice.id) for \(line(list[kept]))")
        }
    }

    private func checkMapping(_ list: Profile, model: [ModelSlice], _ label: String) {
        var start = 0
        for slice in model {
            let count = slice.lines.count
            #expect(list.rows(of: slice.id) == start..<(start + count), "\(label): rows of \(slice.id)")
            for (index, itemID) in slice.shown.enumerated() {
                let row = start + (slice.heading == nil ? 0 : 1) + index
                #expect(list.row(ofItem: index, in: slice.id) == row, "\(label): item \(index) of \(slice.id)")
                #expect(list.location(ofRow: row) == SlicedRowLocation(slice: slice.id, kind: .item, offset: row - start,
                                                                       item: index), "\(label): row \(row)")
                #expect(list.row(ofItemID: itemID, in: slice.id) == row, "\(label): item \(itemID) of \(slice.id)")
            }
            #expect(list.row(ofItem: slice.shown.count, in: slice.id) == nil, "\(label): past the shown items")
            start += count
        }
        #expect(list.rowCount == start && list.location(ofRow: start) == nil, "\(label)")
    }

    private func checkSlicesToLoad(_ list: Profile, model: [ModelSlice], rng: inout SplitMix64, _ label: String) {
        let top = Int.random(in: 0...max(0, list.rowCount), using: &rng)
        let visible = top..<min(list.rowCount, top + Int.random(in: 1...6, using: &rng))
        let distance = Int.random(in: 0...5, using: &rng)
        var expected: [String] = []
        var start = 0
        for slice in model {
            let rows = start..<(start + slice.lines.count)
            let near = (visible.lowerBound - distance)..<(visible.upperBound + distance)
            if slice.state == .idle, rows.overlaps(near) { expected.append(slice.id) }
            start = rows.upperBound
        }
        #expect(list.slicesToLoad(visible: visible, distance: distance) == expected, "\(label): \(visible) ± \(distance)")
    }
}
