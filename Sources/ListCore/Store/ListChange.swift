/// What one change to a list did, so a view can redraw only what changed.
///
/// Like a table view's batch update: `deleted` are indexes in the list before the change,
/// `inserted` and `updated` are indexes in the list after it, and each move names both.
public struct ListChange: Sendable, Equatable {
    public struct Move: Sendable, Hashable {
        public var from: Int
        public var to: Int
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    public var inserted: [Int]
    public var deleted: [Int]
    public var moved: [Move]
    public var updated: [Int]

    public init(inserted: [Int] = [], deleted: [Int] = [], moved: [Move] = [], updated: [Int] = []) {
        self.inserted = inserted
        self.deleted = deleted
        self.moved = moved
        self.updated = updated
    }

    public static let none = ListChange()

    public var isEmpty: Bool {
        inserted.isEmpty && deleted.isEmpty && moved.isEmpty && updated.isEmpty
    }

    /// The change that turns `old` into `new`, matching elements by id.
    ///
    /// Elements kept in the same relative order are not reported as moved: the moves are
    /// the elements outside a longest increasing run of old positions.
    public static func diff<ID: Hashable>(old: [ID], new: [ID], updatedIDs: Set<ID> = []) -> ListChange {
        var oldIndex: [ID: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (index, id) in old.enumerated() where oldIndex[id] == nil {
            oldIndex[id] = index
        }
        let newSet = Set(new)
        var change = ListChange()
        for (index, id) in old.enumerated() where !newSet.contains(id) {
            change.deleted.append(index)
        }
        // Positions (in `new`) and old indexes of the elements present in both lists.
        var common: [(new: Int, old: Int)] = []
        for (index, id) in new.enumerated() {
            if let from = oldIndex[id] {
                common.append((index, from))
                if updatedIDs.contains(id) { change.updated.append(index) }
            } else {
                change.inserted.append(index)
            }
        }
        let stable = longestIncreasingRun(common.map(\.old))
        for (position, element) in common.enumerated() where !stable.contains(position) {
            change.moved.append(Move(from: element.old, to: element.new))
        }
        return change
    }

    /// Positions in `values` of one longest strictly increasing subsequence (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []          // positions of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result = Set<Int>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.insert(cursor)
            cursor = previous[cursor]
        }
        return result
    }
}
