import Testing
@testable import ListCore

@Suite("ListStore")
struct ListStoreTests {
    @Test("append drops ids already present, first occurrence wins")
    func appendDedupes() {
        var store = ListStore(users([1, 2, 3]))
        let change = store.append(contentsOf: [User(2, "new two"), User(4), User(4, "again"), User(5)])
        #expect(store.map(\.id) == [1, 2, 3, 4, 5])
        #expect(store[1].name == "u2")
        #expect(change == ListChange(inserted: [3, 4]))
    }

    @Test("insert, delete, update and move report their indexes")
    func singleChanges() {
        var store = ListStore(users(0..<5))
        #expect(store.insert(users([10, 11, 2]), at: 1) == ListChange(inserted: [1, 2]))
        #expect(store.map(\.id) == [0, 10, 11, 1, 2, 3, 4])
        #expect(store.delete(at: [6, 0, 99]) == ListChange(deleted: [0, 6]))
        #expect(store.map(\.id) == [10, 11, 1, 2, 3])
        #expect(store.update(User(1, "renamed")) == ListChange(updated: [2]))
        #expect(store[2].name == "renamed")
        #expect(store.update(User(42)).isEmpty)
        #expect(store.move(from: 0, to: 4) == ListChange(moved: [.init(from: 0, to: 4)]))
        #expect(store.map(\.id) == [11, 1, 2, 3, 10])
        // A deleted id can come back.
        store.delete(ids: [2])
        store.append(contentsOf: [User(2)])
        #expect(store.map(\.id) == [11, 1, 3, 10, 2])
    }

    @Test("a batch reports deletions in old indexes, insertions and updates in new ones, and only real moves")
    func batch() {
        var store = ListStore(users(0..<6))
        let change = store.performBatch { batch in
            batch.delete(at: [1])              // 0 2 3 4 5
            batch.append(contentsOf: users([7]))  // 0 2 3 4 5 7
            batch.move(from: 4, to: 0)         // 5 0 2 3 4 7
            batch.update(User(3, "three"))
            batch.insert(users([9]), at: 2)    // 5 0 9 2 3 4 7
        }
        #expect(store.map(\.id) == [5, 0, 9, 2, 3, 4, 7])
        #expect(change.deleted == [1])
        #expect(change.inserted == [2, 6])
        #expect(change.updated == [4])
        #expect(change.moved == [.init(from: 5, to: 0)])
    }

    @Test("reload reports what stayed, what went and what came")
    func reload() {
        var store = ListStore(users([1, 2, 3, 4]))
        let change = store.reload(users([0, 1, 3, 4, 4]))
        #expect(store.map(\.id) == [0, 1, 3, 4])
        #expect(change == ListChange(inserted: [0], deleted: [1]))
    }

    @Test("the diff of random lists, applied to the old list, gives the new one")
    func diffRoundTrip() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<300 {
            let old = Array(Set((0..<Int.random(in: 0...20, using: &rng)).map { _ in Int.random(in: 0..<30, using: &rng) }))
                .shuffled(using: &rng)
            let new = Array(Set((0..<Int.random(in: 0...20, using: &rng)).map { _ in Int.random(in: 0..<30, using: &rng) }))
                .shuffled(using: &rng)
            let change = ListChange.diff(old: old, new: new)
            // Rebuild `new`: keep old minus deleted minus moved, then place moved and inserted at their new indexes.
            let movedFrom = Set(change.moved.map(\.from))
            let kept = old.indices.filter { !change.deleted.contains($0) && !movedFrom.contains($0) }.map { old[$0] }
            var placed = [Int?](repeating: nil, count: new.count)
            for index in change.inserted { placed[index] = new[index] }
            for move in change.moved {
                #expect(old[move.from] == new[move.to])
                placed[move.to] = old[move.from]
            }
            var rest = kept.makeIterator()
            let rebuilt = placed.map { $0 ?? rest.next() ?? -1 }
            #expect(rebuilt == new, "old \(old) new \(new) change \(change)")
        }
    }
}

@Suite("A subset of a list")
struct ListSubsetTests {
    @Test("positions map to base indexes and back; nil indexes mean the whole list")
    func mapping() {
        let base = Array(10..<20)
        let all = ListSubset(base)
        #expect(Array(all) == base)
        #expect(all.position(ofBaseIndex: 3) == 3)
        let some = ListSubset(base, indexes: [1, 4, 7])
        #expect(Array(some) == [11, 14, 17])
        #expect(some.baseIndex(of: 2) == 7)
        #expect(some.position(ofBaseIndex: 4) == 1)
        #expect(some.position(ofBaseIndex: 5) == nil)
        #expect(some.insertionPoint(ofBaseIndex: 5) == 2, "the next match after a base index")
        #expect(some.insertionPoint(ofBaseIndex: 9) == 3)
        let rows = RowModel(items: some, footer: .end(count: 10))
        #expect(rows.count == 4)
        #expect(rows.kind(at: 3) == .end)
    }
}

@Suite("A store that remembers only its last ids")
struct ListStoreWindowTests {
    @Test("repeats from the last window of items are dropped; only that window's ids are kept")
    func windowedDedupe() {
        var store = ListStore<User>(dedupeWindow: 10)
        store.append(contentsOf: users(0..<8))
        // The list shifted by three between two requests: the next page repeats 5, 6 and 7.
        let change = store.append(contentsOf: users(5..<15))
        #expect(change == ListChange(inserted: Array(8..<15)))
        #expect(store.map(\.id) == Array(0..<15))
        // Only the last ten ids are remembered.
        #expect(store.contains(id: 14) && store.contains(id: 5))
        #expect(!store.contains(id: 4))
        // An id from further back than the window is taken as new (documented: repeats come
        // from neighbouring pages).
        store.append(contentsOf: users([3, 15]))
        #expect(store.map(\.id) == Array(0..<15) + [3, 15])
        // Within the window, never twice.
        store.append(contentsOf: users([15, 3, 14, 16]))
        #expect(store.map(\.id) == Array(0..<15) + [3, 15, 16])
    }

    @Test("other changes keep the window true")
    func windowAfterOtherChanges() {
        var store = ListStore<User>(users(0..<20), dedupeWindow: 5)
        store.delete(at: [19, 18])
        #expect((13..<18).allSatisfy { store.contains(id: $0) })
        #expect(!store.contains(id: 12) && !store.contains(id: 18))
        store.append(contentsOf: users([17, 18]))
        #expect(store.map(\.id) == Array(0..<18) + [18])
        store.reload(users(0..<3))
        #expect(store.map(\.id) == [0, 1, 2])
        #expect(store.contains(id: 0))
    }
}
