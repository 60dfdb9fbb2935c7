import Foundation
import GitHubAPI
import GRDB
@testable import PageCache
import Synchronization
import Testing

/// The total `cache info` reports (the running one), and the stored sizes added up.
func totals(_ cache: PageCache) throws -> (running: Int, summed: Int) {
    let summed = try cache.pool.read { db in try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM entry") ?? 0 }
    return (try cache.info().responseBytes, summed)
}

/// A store whose clock moves a second at each use, so that every write and read is later than
/// the one before.
func tickingStore(_ cache: PageCache, token: String? = nil) -> DiskResponseStore {
    let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    return cache.store(identity: CacheIdentity(token: token)) { clock.withLock { $0 = $0.addingTimeInterval(1); return $0 } }
}

@Suite("The disk cache's size: a running total, and eviction by least recent use")
struct CacheTotalTests {
    @Test("the total stays the sum of what is stored through writes, replacements, removals, evictions, two writers and clear")
    func totalFollowsEveryChange() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let opened = PageCache.open(path: temp.path, sizeLimit: 200_000, onWarning: { Issue.record("\($0)") })
        let cache = try #require(opened)
        let anonymous = tickingStore(cache)
        let other = tickingStore(cache, token: "secret")
        func url(_ index: Int) -> String { "https://api.github.com/users?since=\(index)" }

        // Writes: the same URLs under two identities are two entries.
        for index in 0..<10 {
            await anonymous.save(response(url(index), bytes: 1_000 + 300 * index))
            await other.save(response(url(index), bytes: 500))
        }
        var (running, summed) = try totals(cache)
        #expect(running == summed && summed > 20 * 500, "\(running) \(summed)")
        #expect(try cache.info().pages == 20)

        // Replacements: the same URLs again, some bigger, some smaller.
        for index in 0..<10 {
            await anonymous.save(response(url(index), bytes: index.isMultiple(of: 2) ? 6_000 : 10))
        }
        (running, summed) = try totals(cache)
        #expect(running == summed, "\(running) \(summed)")
        #expect(try cache.info().pages == 20, "a replacement is not a new entry")

        // Removals, one of a URL that is not there.
        for index in [1, 4, 7, 99] { await anonymous.remove(url(index)) }
        (running, summed) = try totals(cache)
        #expect(running == summed, "\(running) \(summed)")
        #expect(try cache.info().pages == 17)

        // Evictions: well past the limit.
        for index in 100..<140 { await anonymous.save(response(url(index), bytes: 9_000)) }
        (running, summed) = try totals(cache)
        #expect(running == summed, "\(running) \(summed)")
        let pages = try cache.info().pages
        #expect(running <= 200_000 && pages < 17 + 40, "\(running), \(pages) pages")

        // Another process on the same file, both writing and evicting at once.
        let openedAgain = PageCache.open(path: temp.path, sizeLimit: 200_000, onWarning: { Issue.record("\($0)") })
        let second = tickingStore(try #require(openedAgain))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for index in 200..<240 { await anonymous.save(response(url(index), bytes: 7_000)) } }
            group.addTask { for index in 300..<340 { await second.save(response(url(index), bytes: 8_000)) } }
        }
        (running, summed) = try totals(cache)
        #expect(running == summed && running <= 200_000, "\(running) \(summed)")

        // Clear, and counting again after it.
        try cache.clear()
        (running, summed) = try totals(cache)
        #expect(running == 0 && summed == 0)
        await other.save(response(url(1), bytes: 2_000))
        (running, summed) = try totals(cache)
        #expect(running == summed && running > 2_000)
    }

    @Test("past the limit the least recently used go first, until the total is back under 90% of the limit, and no further")
    func evictionDownToLowWater() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let opened = PageCache.open(path: temp.path, sizeLimit: 100_000, onWarning: { Issue.record("\($0)") })
        let cache = try #require(opened)
        let store = tickingStore(cache)
        func url(_ index: Int) -> String { "https://api.github.com/users?since=\(index)" }
        // Ten entries of a little over 9 KB: 92 KB, under the 100 KB limit, nothing goes.
        for index in 0..<10 { await store.save(response(url(index), bytes: 9_000)) }
        #expect(try cache.info().pages == 10)
        let size = try totals(cache).running / 10
        // Reading 0 and 2 makes them the most recently used: 1 and 3 are now the oldest.
        _ = await store.response(for: url(2))
        _ = await store.response(for: url(0))

        // The eleventh passes the limit: 101 KB. Down to 90 KB takes two entries, the two oldest.
        await store.save(response(url(10), bytes: 9_000))
        let after = try totals(cache).running
        #expect(after <= 90_000, "at or under the low-water mark: \(after)")
        #expect(after + size > 90_000, "and no more went than needed: \(after)")
        #expect(try cache.info().pages == 9)

        // The next one fits under the limit again: nothing goes (eviction is not on every write).
        await store.save(response(url(11), bytes: 9_000))
        #expect(try cache.info().pages == 10)

        var kept: [Int] = []
        for index in 0..<12 where await store.response(for: url(index)) != nil { kept.append(index) }
        #expect(kept == [0, 2, 4, 5, 6, 7, 8, 9, 10, 11])
    }
}
