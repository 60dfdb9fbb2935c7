/// Values by key, bounded by count and by a cost of each (bytes, say); past either bound the least
/// recently used go first. Finding, using, adding and removing a value are O(1).
///
/// A value type: the entries live in one array as a list from the least to the most recently
/// used, linked by index, with a dictionary from key to place and the places freed for reuse.
public struct LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var key: Key
        var value: Value
        var cost: Int
        var older: Int?
        var newer: Int?
    }

    public let maxCount: Int
    public let maxCost: Int
    private var entries: [Entry?] = []
    private var places: [Key: Int] = [:]
    private var freed: [Int] = []
    /// The least and the most recently used.
    private var oldest: Int?
    private var newest: Int?
    /// The costs of the values held, added up.
    public private(set) var totalCost = 0

    public init(maxCount: Int = .max, maxCost: Int = .max) {
        self.maxCount = max(1, maxCount)
        self.maxCost = max(0, maxCost)
    }

    public var count: Int { places.count }
    public var isEmpty: Bool { places.isEmpty }

    /// The value for `key`, without counting as a use.
    public func peek(_ key: Key) -> Value? {
        places[key].flatMap { entries[$0]?.value }
    }

    /// The value for `key`, which becomes the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let place = places[key] else { return nil }
        use(place)
        return entries[place]?.value
    }

    /// Marks `key` as just used; false when it is not held.
    @discardableResult
    public mutating func touch(_ key: Key) -> Bool {
        guard let place = places[key] else { return false }
        use(place)
        return true
    }

    /// Holds `value` for `key` as the most recently used, then lets the least recently used
    /// others go while a bound is passed (never the value just given).
    public mutating func insert(_ value: Value, for key: Key, cost: Int = 1) {
        if let place = places[key], var entry = entries[place] {
            totalCost += cost - entry.cost
            entry.value = value
            entry.cost = cost
            entries[place] = entry
            use(place)
        } else {
            let entry = Entry(key: key, value: value, cost: cost, older: newest, newer: nil)
            let place: Int
            if let reused = freed.popLast() {
                entries[reused] = entry
                place = reused
            } else {
                entries.append(entry)
                place = entries.count - 1
            }
            if let newest { entries[newest]?.newer = place }
            newest = place
            if oldest == nil { oldest = place }
            places[key] = place
            totalCost += cost
        }
        while count > maxCount || totalCost > maxCost, let victim = oldest, entries[victim]?.key != key {
            guard let victimKey = entries[victim]?.key else { break }
            removeValue(for: victimKey)
        }
    }

    /// Changes the value held for `key` in place, without counting as a use.
    public mutating func modify(_ key: Key, _ body: (inout Value) -> Void) {
        guard let place = places[key], var entry = entries[place] else { return }
        body(&entry.value)
        entries[place] = entry
    }

    /// Lets `key` go; its value, if it was held.
    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let place = places.removeValue(forKey: key), let entry = entries[place] else { return nil }
        unlink(place, entry)
        entries[place] = nil
        freed.append(place)
        totalCost -= entry.cost
        return entry.value
    }

    /// The keys from the least to the most recently used.
    public var keys: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(count)
        var place = oldest
        while let current = place, let entry = entries[current] {
            keys.append(entry.key)
            place = entry.newer
        }
        return keys
    }

    // MARK: - The list

    private mutating func use(_ place: Int) {
        guard place != newest, let entry = entries[place] else { return }
        unlink(place, entry)
        entries[place]?.older = newest
        entries[place]?.newer = nil
        if let newest { entries[newest]?.newer = place }
        newest = place
        if oldest == nil { oldest = place }
    }

    private mutating func unlink(_ place: Int, _ entry: Entry) {
        if let older = entry.older { entries[older]?.newer = entry.newer } else { oldest = entry.newer }
        if let newer = entry.newer { entries[newer]?.older = entry.older } else { newest = entry.older }
    }
}

extension LRUCache: Equatable where Value: Equatable {
    /// The same values for the same keys, at the same costs, in the same order of use.
    public static func == (lhs: LRUCache, rhs: LRUCache) -> Bool {
        guard lhs.count == rhs.count, lhs.totalCost == rhs.totalCost, lhs.maxCount == rhs.maxCount,
              lhs.maxCost == rhs.maxCost else { return false }
        var left = lhs.oldest
        var right = rhs.oldest
        while let l = left, let r = right {
            guard let a = lhs.entries[l], let b = rhs.entries[r], a.key == b.key, a.cost == b.cost, a.value == b.value
            else { return false }
            left = a.newer
            right = b.newer
        }
        return left == nil && right == nil
    }
}
