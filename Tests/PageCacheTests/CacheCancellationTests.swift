import Foundation
import GitHubAPI
@testable import PageCache
import Testing

@Suite("The disk cache and cancelled tasks: a cancelled page load does not turn the cache off")
struct CacheCancellationTests {
    /// Runs `body` in a task cancelled before it starts, and waits for it.
    static func cancelled<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await body()
        }
        return await task.value
    }

    @Test("a cancelled task's save and expiry are not made and say nothing; the cache goes on writing")
    func cancelledWrite() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let heard = Heard()
        let opened = PageCache.open(path: temp.path, onWarning: { heard.add($0) })
        let cache = try #require(opened)
        let store = cache.store(identity: CacheIdentity(token: nil))
        let (first, second) = ("https://api.github.com/users?since=1", "https://api.github.com/users?since=2")
        await Self.cancelled { await store.save(response(first)) }
        await store.save(response(second))
        await Self.cancelled { await store.expire([URLPrefix(second)]) }
        #expect(await store.response(for: first) == nil)
        #expect(await store.response(for: second)?.maxAge == 60)
        #expect(heard.all.isEmpty)
    }

    @Test("a cancelled task's read is a miss, with no warning; the stored response stays")
    func cancelledRead() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let heard = Heard()
        let opened = PageCache.open(path: temp.path, onWarning: { heard.add($0) })
        let cache = try #require(opened)
        let store = cache.store(identity: CacheIdentity(token: nil))
        let url = "https://api.github.com/users?since=1"
        await store.save(response(url))
        #expect(await Self.cancelled { await store.response(for: url) } == nil)
        #expect(await Self.cancelled { await store.fills(for: ["octocat"]) }.isEmpty)
        #expect(await store.response(for: url)?.url == url)
        #expect(heard.all.isEmpty)
    }
}
