import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
@testable import PageCache
import Synchronization
import Testing

/// A cache file in a fresh temporary directory.
struct TemporaryCache {
    let directory: String
    var path: String { directory + "/ghscroll/cache.sqlite" }
    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-cache-\(UUID().uuidString)").path
    }
    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

final class Heard: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

func response(_ url: String, bytes: Int = 100, at date: Date = Date(), etag: String? = "W/\"1\"") -> StoredResponse {
    StoredResponse(url: url, etag: etag, body: Data(repeating: 0x61, count: bytes), links: ["next": url + "&page=2"],
                   fetchedAt: date, maxAge: 60)
}

@Suite("The disk cache")
struct PageCacheTests {
    @Test("a response survives the process: saved, read back by a new cache on the same file, per identity")
    func roundTrip() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let heard = Heard()
        let openedFirst = PageCache.open(path: temp.path, onWarning: { heard.add($0) })

        let first = try #require(openedFirst)
        let url = "https://api.github.com/users?since=0&per_page=30"
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        await first.store(identity: CacheIdentity(token: nil)).save(response(url, at: date))
        let openedAgain = PageCache.open(path: temp.path, onWarning: { heard.add($0) })

        let again = try #require(openedAgain)
        let read = await again.store(identity: CacheIdentity(token: nil)).response(for: url)
        #expect(read == response(url, at: date))
        #expect(await again.store(identity: CacheIdentity(token: "secret")).response(for: url) == nil,
                "another identity sees nothing")
        #expect(heard.all.isEmpty)
        // The file and its directory are the owner's alone.
        let attributes = try FileManager.default.attributesOfItem(atPath: temp.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: temp.directory + "/ghscroll")
        #expect(folder[.posixPermissions] as? Int == 0o700)
        // The token is not in the file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: temp.path))
        #expect(bytes.range(of: Data("secret".utf8)) == nil)
        let info = try again.info()
        #expect(info.pages == 1 && info.lists == 1 && info.users == 0 && info.identities == 1)
        #expect(CacheIdentity(token: "secret").value.hasPrefix("token-") && CacheIdentity(token: nil).value == "anonymous")
    }

    @Test("bounded in size: the least recently used responses go first")
    func eviction() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let openedCache = PageCache.open(path: temp.path, sizeLimit: 100_000, onWarning: { _ in })

        let cache = try #require(openedCache)
        let store = cache.store(identity: CacheIdentity(token: nil)) {
            clock.withLock { $0 = $0.addingTimeInterval(1); return $0 }
        }
        // About 9 KB each against 100 KB: the eleventh save starts the evictions.
        for index in 0..<13 {
            await store.save(response("https://api.github.com/users?since=\(index)", bytes: 9_000))
            if index == 8 {
                // Reading the first one makes it recent: it outlives those saved after it.
                _ = await store.response(for: "https://api.github.com/users?since=0")
            }
        }
        let info = try cache.info()
        #expect(info.responseBytes <= 100_000, "\(info.responseBytes)")
        #expect(info.pages < 13)
        #expect(await store.response(for: "https://api.github.com/users?since=12") != nil, "the newest stay")
        #expect(await store.response(for: "https://api.github.com/users?since=0") != nil, "a recently read one stays")
        #expect(await store.response(for: "https://api.github.com/users?since=1") == nil, "the least recently used went")
    }

    @Test("a file that is not a database is moved aside with a warning, and a new cache works")
    func corruptFile() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        try FileManager.default.createDirectory(atPath: temp.directory + "/ghscroll", withIntermediateDirectories: true)
        try Data("this is not SQLite, just some text that is long enough to look like a header".utf8)
            .write(to: URL(fileURLWithPath: temp.path))
        let heard = Heard()
        let openedCache = PageCache.open(path: temp.path, onWarning: { heard.add($0) })

        let cache = try #require(openedCache)
        #expect(heard.all.count == 1)
        #expect(heard.all.first?.contains("could not be read; it was moved to \(temp.path).corrupt-") == true, "\(heard.all)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: temp.directory + "/ghscroll")
            .filter { $0.hasPrefix("cache.sqlite.corrupt-") }
        #expect(aside.count == 1)
        let store = cache.store(identity: CacheIdentity(token: nil))
        await store.save(response("https://x/users?since=1"))
        #expect(await store.response(for: "https://x/users?since=1") != nil)
    }

    @Test("a directory that cannot be made turns the cache off with a warning")
    func unusableDirectory() throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        try FileManager.default.createDirectory(atPath: temp.directory, withIntermediateDirectories: true)
        try Data("a file where a directory should be".utf8).write(to: URL(fileURLWithPath: temp.directory + "/ghscroll"))
        let heard = Heard()
        #expect(PageCache.open(path: temp.path, onWarning: { heard.add($0) }) == nil)
        #expect(heard.all.first?.hasPrefix("cache off: cannot make \(temp.directory)/ghscroll") == true, "\(heard.all)")
    }

    @Test("a full disk turns writing off with one warning; what is there is still read")
    func fullDisk() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let heard = Heard()
        let openedCache = PageCache.open(path: temp.path, maxPages: 40, onWarning: { heard.add($0) })

        let cache = try #require(openedCache)
        let store = cache.store(identity: CacheIdentity(token: nil))
        await store.save(response("https://x/users?since=0", bytes: 1_000))
        for index in 1..<30 {
            await store.save(response("https://x/users?since=\(index)", bytes: 20_000))
        }
        #expect(heard.all.count == 1, "\(heard.all)")
        #expect(heard.all.first?.hasPrefix("cache writes off for this run:") == true)
        #expect(await store.response(for: "https://x/users?since=0") != nil)
    }

    @Test("two caches on one file write at once, and both are kept")
    func twoWriters() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        let openedA = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })

        let a = try #require(openedA)
        let openedB = PageCache.open(path: temp.path, onWarning: { Issue.record("\($0)") })

        let b = try #require(openedB)
        await withTaskGroup(of: Void.self) { group in
            for (name, cache) in [("a", a), ("b", b)] {
                group.addTask {
                    let store = cache.store(identity: CacheIdentity(token: nil))
                    for index in 0..<100 { await store.save(response("https://x/\(name)?since=\(index)", bytes: 2_000)) }
                }
            }
        }
        #expect(try a.info().pages == 200)
    }

    @Test("several opening a new file at the same moment all get a working cache (SQLite's busy answer is waited out)")
    func openingTogether() async throws {
        for _ in 0..<5 {
            let temp = TemporaryCache()
            defer { temp.remove() }
            let path = temp.path
            let heard = Heard()
            let opened = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 {
                    group.addTask { PageCache.open(path: path, onWarning: { heard.add($0) }) != nil }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(opened == [true, true, true, true], "\(heard.all)")
            #expect(heard.all.isEmpty)
        }
    }
}

@Suite("JSON array slices (--json prints objects as GitHub sent them)")
struct JSONSliceTests {
    @Test("elements of an array, and of an object's array; strings with brackets and escapes do not confuse it")
    func slices() throws {
        let body = Data(#"[ {"a":"x]y","b":[1,2]} ,{"c":"q\"}"} ,3,null]"#.utf8)
        let ranges = try #require(JSONSlices.elements(of: body))
        #expect(ranges.map { String(decoding: body[$0], as: UTF8.self) } == [#"{"a":"x]y","b":[1,2]}"#, #"{"c":"q\"}"}"#, "3", "null"])
        let search = Data(#"{"total_count":2,"incomplete_results":false,"items":[{"id":1},{"id":2}]}"#.utf8)
        let items = try #require(JSONSlices.elements(of: search, key: "items"))
        #expect(items.map { String(decoding: search[$0], as: UTF8.self) } == [#"{"id":1}"#, #"{"id":2}"#])
        #expect(JSONSlices.elements(of: Data("[]".utf8)) == [])
        #expect(JSONSlices.elements(of: Data("[1,".utf8)) == nil)
        #expect(JSONSlices.elements(of: Data(#"{"a":1}"#.utf8)) == nil)
    }
}
