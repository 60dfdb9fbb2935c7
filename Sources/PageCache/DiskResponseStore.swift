import Foundation
import GitHubAPI
import GRDB
import Synchronization

/// One identity's responses in the cache: the client's ``ResponseStore`` on disk.
///
/// A failed write (a full disk, a read-only file) turns writing off for the run with one warning;
/// a failed read is a miss. A cancelled task's read is a miss and its write is not made, with no
/// warning (GRDB does not start an access for a cancelled task). Nothing here throws at the client.
public final class DiskResponseStore: ResponseStore {
    let cache: PageCache
    let identity: String
    let now: @Sendable () -> Date
    private let writable = Mutex(true)

    init(cache: PageCache, identity: String, now: @escaping @Sendable () -> Date) {
        self.cache = cache
        self.identity = identity
        self.now = now
    }

    // MARK: - ResponseStore

    public func response(for url: String) async -> StoredResponse? {
        let identity = identity
        let found: EntryWithBody?
        do {
            found = try await cache.pool.read { db in
                try Entry.stored(identity: identity, url: url).including(required: Entry.body)
                    .asRequest(of: EntryWithBody.self).fetchOne(db)
            }
        } catch is CancellationError {
            // The task that asked is cancelled (GRDB does not start its access): not the disk's doing.
            return nil
        } catch {
            cache.warnings.say("cache read failed: \(PageCache.reason(error))")
            return nil
        }
        guard let found, let id = found.entry.id else { return nil }
        await write("mark a use") { [now] db in
            try Entry.filter(key: id).updateAll(db, Entry.Columns.usedAt.set(to: now().timeIntervalSince1970))
        }
        let entry = found.entry
        let links = (try? JSONDecoder().decode([String: String].self, from: Data(entry.links.utf8))) ?? [:]
        return StoredResponse(url: entry.url, etag: entry.etag, body: found.entryBody.data, links: links,
                              fetchedAt: Date(timeIntervalSince1970: entry.fetchedAt), maxAge: entry.maxAge)
    }

    public func save(_ response: StoredResponse) async {
        let links = String(decoding: (try? JSONEncoder().encode(response.links)) ?? Data("{}".utf8), as: UTF8.self)
        let (list, kind) = Self.classify(response.url)
        let entry = Entry(id: nil, identity: identity, url: response.url, list: list, kind: kind, etag: response.etag,
                          links: links, fetchedAt: response.fetchedAt.timeIntervalSince1970, maxAge: response.maxAge,
                          usedAt: now().timeIntervalSince1970,
                          size: response.body.count + response.url.utf8.count + links.utf8.count + 64)
        let body = response.body
        let limit = cache.sizeLimit
        await write("save") { db in
            // An upsert, not INSERT OR REPLACE: a replacement is an update, which the running
            // total's trigger sees (REPLACE's deletions fire no trigger), and the entry keeps its id.
            var saved = entry
            try saved.upsert(db)
            guard let id = saved.id else { throw DatabaseError(message: "the saved entry has no id") }
            try EntryBody(entryId: id, data: body).upsert(db)
            try Self.evict(db, limit: limit)
        }
    }

    public func revalidated(_ url: String, at date: Date, maxAge: TimeInterval?) async {
        let identity = identity
        let seconds = date.timeIntervalSince1970
        await write("revalidate") { db in
            var assignments = [Entry.Columns.fetchedAt.set(to: seconds), Entry.Columns.usedAt.set(to: seconds)]
            // No max-age in the 304: the stored one stands.
            if let maxAge { assignments.append(Entry.Columns.maxAge.set(to: maxAge)) }
            try Entry.stored(identity: identity, url: url).updateAll(db, assignments)
        }
    }

    public func remove(_ url: String) async {
        let identity = identity
        await write("remove") { db in
            _ = try Entry.stored(identity: identity, url: url).deleteAll(db)
        }
    }

    /// One UPDATE a prefix, over this identity's entries: a start compared ignoring ASCII case
    /// (SQLite's `NOCASE`, as ``URLPrefix/covers(_:)`` compares) and the character after it,
    /// never a `LIKE` pattern, so a `%` or `_` in a URL is itself. (Measured: 50,000 entries,
    /// seven prefixes, about 0.1 s.)
    public func expire(_ prefixes: [URLPrefix]) async {
        guard !prefixes.isEmpty else { return }
        let identity = identity
        let boundaries = URLPrefix.boundaries.map { "'\($0)'" }.joined(separator: ", ")
        let sql = """
            UPDATE entry SET maxAge = ?1
            WHERE identity = ?2 AND substr(url, 1, ?3) = ?4 COLLATE NOCASE AND substr(url, ?3 + 1, 1) IN ('', \(boundaries))
            """
        await write("expire") { db in
            for prefix in prefixes {
                try db.execute(sql: sql, arguments: [StoredResponse.markedStale, identity, prefix.length, prefix.url])
            }
        }
    }

    // MARK: - Fills

    public func fills(for logins: [String]) async -> [String: StoredFill] {
        let (identity, keys) = (identity, logins.map { $0.lowercased() })
        guard !keys.isEmpty else { return [:] }
        let records: [FillRecord]
        do {
            records = try await cache.pool.read { db in
                try FillRecord.filter(FillRecord.Columns.identity == identity && keys.contains(FillRecord.Columns.login))
                    .fetchAll(db)
            }
        } catch is CancellationError {
            return [:]
        } catch {
            cache.warnings.say("cache read failed: \(PageCache.reason(error))")
            return [:]
        }
        let decoder = JSONDecoder()
        var found: [String: StoredFill] = [:]
        for record in records {
            // A fill that no longer reads (an older shape) is a miss: it is asked again.
            guard let fill = try? decoder.decode(AccountFill.self, from: record.data) else { continue }
            found[record.login] = StoredFill(fill: fill, fetchedAt: Date(timeIntervalSince1970: record.fetchedAt))
        }
        let ids = records.compactMap(\.id)
        if !ids.isEmpty {
            await write("mark a use") { [now] db in
                try FillRecord.filter(keys: ids).updateAll(db, FillRecord.Columns.usedAt.set(to: now().timeIntervalSince1970))
            }
        }
        return found
    }

    public func saveFills(_ fills: [String: AccountFill], at date: Date) async {
        let encoder = JSONEncoder()
        let (identity, used) = (identity, now().timeIntervalSince1970)
        let records = fills.sorted { $0.key < $1.key }.compactMap { login, fill -> FillRecord? in
            guard let data = try? encoder.encode(fill) else { return nil }
            let key = login.lowercased()
            return FillRecord(id: nil, identity: identity, login: key, data: data, fetchedAt: date.timeIntervalSince1970,
                              usedAt: used, size: data.count + key.utf8.count + 48)
        }
        guard !records.isEmpty else { return }
        let limit = cache.sizeLimit
        await write("save fills") { db in
            for var record in records { try record.upsert(db) }
            try Self.evict(db, limit: limit)
        }
    }

    private func write(_ what: String, _ body: @escaping @Sendable (Database) throws -> Void) async {
        guard writable.withLock({ $0 }) else { return }
        do {
            try await cache.pool.write(body)
        } catch is CancellationError {
            // A cancelled task's write is not made, and says nothing of the disk: writing goes on.
            return
        } catch {
            writable.withLock { $0 = false }
            cache.warnings.say("cache writes off for this run: \(PageCache.reason(error))")
        }
    }

    // MARK: - Eviction

    /// What eviction brings the total down to: 90% of the limit, so that it runs once for many
    /// writes rather than on each one.
    static func lowWater(_ limit: Int) -> Int { limit / 10 * 9 }

    /// Once the total passes the limit, the least recently used entries and fills go (an entry's
    /// body with it) until it is back at the low-water mark. The total is one row; both are
    /// found oldest first through their `usedAt` indexes, which hold their sizes: no body is read.
    static func evict(_ db: Database, limit: Int) throws {
        let total = try CacheTotal.bytes(db)
        guard total > limit else { return }
        let doomed = try leastRecentlyUsed(db, freeing: total - lowWater(limit))
        for start in stride(from: 0, to: doomed.entries.count, by: 1_000) {
            _ = try Entry.deleteAll(db, keys: doomed.entries[start..<min(doomed.entries.count, start + 1_000)])
        }
        for start in stride(from: 0, to: doomed.fills.count, by: 1_000) {
            _ = try FillRecord.deleteAll(db, keys: doomed.fills[start..<min(doomed.fills.count, start + 1_000)])
        }
    }

    /// The ids of the oldest entries and fills whose sizes add up to `bytes` or more.
    private static func leastRecentlyUsed(_ db: Database, freeing bytes: Int) throws -> (entries: [Int64], fills: [Int64]) {
        let oldestFirst = try Row.fetchCursor(db, sql: """
            SELECT 0, id, size, usedAt FROM entry UNION ALL SELECT 1, id, size, usedAt FROM fill ORDER BY usedAt
            """)
        var (entries, fills): ([Int64], [Int64]) = ([], [])
        var freed = 0
        while freed < bytes, let row = try oldestFirst.next() {
            if row[0] as Int == 0 { entries.append(row[1]) } else { fills.append(row[1]) }
            freed += row[2] as Int
        }
        return (entries, fills)
    }

    // MARK: - Lists

    /// What a URL holds, for `cache info`: a page of a list (the list being the URL without its
    /// paging), or one user's details.
    static func classify(_ url: String) -> (list: String, kind: String) {
        guard var components = URLComponents(string: url) else { return (url, "page") }
        let segments = components.path.split(separator: "/")
        if components.host?.hasPrefix("avatars.") == true || segments.first == "avatars" { return ("", "avatar") }
        if segments.count >= 2, segments[segments.count - 2] == "users", components.query == nil {
            return ("", "user")
        }
        components.queryItems = components.queryItems?.filter { !["page", "since", "per_page"].contains($0.name) }
        if components.queryItems?.isEmpty == true { components.queryItems = nil }
        return (components.string ?? url, "page")
    }
}
