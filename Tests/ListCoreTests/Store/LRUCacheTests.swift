import Testing
@testable import ListCore

@Suite("The bounded cache: least recently used out first, by count and by cost")
struct LRUCacheTests {
    @Test("past the count bound the least recently used goes; a use or a peek decides what that is")
    func byCount() {
        var cache = LRUCache<String, Int>(maxCount: 3)
        for (key, value) in [("a", 1), ("b", 2), ("c", 3)] { cache.insert(value, for: key) }
        #expect(cache.value(for: "a") == 1, "a is now the most recently used")
        #expect(cache.peek("b") == 2, "a peek is not a use")
        cache.insert(4, for: "d")
        #expect(cache.keys == ["c", "a", "d"])
        #expect(cache.peek("b") == nil)
        cache.insert(30, for: "c")
        #expect(cache.keys == ["a", "d", "c"], "replacing a value uses it")
        #expect(cache.peek("c") == 30)
    }

    @Test("past the cost bound the oldest go until it fits, never the value just given")
    func byCost() {
        var cache = LRUCache<String, String>(maxCost: 10)
        cache.insert("x", for: "a", cost: 4)
        cache.insert("y", for: "b", cost: 4)
        cache.insert("z", for: "c", cost: 4)
        #expect(cache.keys == ["b", "c"])
        #expect(cache.totalCost == 8)
        cache.insert("big", for: "d", cost: 25)
        #expect(cache.keys == ["d"], "too big for the bound on its own, it stays until the next")
        #expect(cache.totalCost == 25)
        cache.removeValue(for: "d")
        #expect(cache.isEmpty && cache.totalCost == 0)
    }

    /// Random uses against a plain list that does the same in O(n): the same keys, values,
    /// order and cost after every step.
    @Test("after any sequence of inserts, uses, peeks and removals it holds what a plain list would", arguments: 0..<60)
    func againstAModel(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 6_364_136_223 &+ 1)
        let maxCount = Int.random(in: 1...8, using: &rng)
        let maxCost = Int.random(in: 5...40, using: &rng)
        var cache = LRUCache<Int, Int>(maxCount: maxCount, maxCost: maxCost)
        var model: [(key: Int, value: Int, cost: Int)] = []  // least recently used first
        for step in 0..<300 {
            let key = Int.random(in: 0..<12, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0, 1:
                let cost = Int.random(in: 1...9, using: &rng)
                cache.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                model.append((key, step, cost))
                while model.count > maxCount || model.reduce(0, { $0 + $1.cost }) > maxCost, model.count > 1 {
                    model.removeFirst()
                }
            case 2:
                let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
                if let expected { model.append(expected) }
                #expect(cache.value(for: key) == expected?.value)
            case 3:
                #expect(cache.peek(key) == model.first { $0.key == key }?.value)
            default:
                let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
                #expect(cache.removeValue(for: key) == expected?.value)
            }
            #expect(cache.keys == model.map(\.key))
            #expect(cache.totalCost == model.reduce(0) { $0 + $1.cost })
            #expect(cache.count == model.count)
        }
    }

    @Test("two caches are equal when they hold the same in the same order of use")
    func equality() {
        var a = LRUCache<String, Int>(maxCount: 4)
        var b = LRUCache<String, Int>(maxCount: 4)
        a.insert(1, for: "x")
        a.insert(2, for: "y")
        b.insert(2, for: "y")
        b.insert(1, for: "x")
        #expect(a != b)
        b.touch("y")
        #expect(a == b)
    }
}
