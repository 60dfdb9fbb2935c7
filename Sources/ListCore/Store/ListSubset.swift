/// Some elements of a list, in the list's order, picked by their indexes: a filtered view that
/// copies no element.
///
/// `indexes` nil means every element, so the unfiltered and the filtered view are one type.
public struct ListSubset<Base: RandomAccessCollection>: IntIndexedCollection where Base.Index == Int {
    public let base: Base
    /// Ascending indexes into `base`; nil for all of it.
    public let indexes: [Int]?

    public init(_ base: Base, indexes: [Int]? = nil) {
        self.base = base
        self.indexes = indexes
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { indexes?.count ?? base.count }

    public subscript(position: Int) -> Base.Element {
        base[baseIndex(of: position)]
    }

    /// The index in `base` of the element at `position` in this subset.
    public func baseIndex(of position: Int) -> Int {
        guard let indexes else { return base.startIndex + position }
        return indexes[position]
    }

    /// The position in this subset of the element at `baseIndex` in `base`, if it is in it
    /// (a binary search when filtered).
    public func position(ofBaseIndex baseIndex: Int) -> Int? {
        guard let indexes else { return base.indices.contains(baseIndex) ? baseIndex - base.startIndex : nil }
        let position = insertionPoint(ofBaseIndex: baseIndex)
        return position < indexes.count && indexes[position] == baseIndex ? position : nil
    }

    /// The first position whose base index is at least `baseIndex`.
    public func insertionPoint(ofBaseIndex baseIndex: Int) -> Int {
        guard let indexes else { return Swift.min(Swift.max(0, baseIndex - base.startIndex), base.count) }
        var low = 0
        var high = indexes.count
        while low < high {
            let mid = (low + high) / 2
            if indexes[mid] < baseIndex { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension ListSubset: Sendable where Base: Sendable {}
