import Foundation
import GitHubAPI
import GRDB
import Synchronization

/// One identity's responses in the cache: the client's ``ResponseStore`` on disk.
///
/// A failed write (a full disk, a read-only file) turns writing off for the run with one warning;
/// a failed read is a miss. Nothing here throws at the client.
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

    public func response(for url: String) async -> StoredResponse? {
        let identity = identity
        let found: StoredResponse?
        do {
            found = try await cache.pool.read { db -> StoredResponse? in
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT url, etag, links, body, fetchedAt, maxAge FROM response WHERE identity = ? AND url = ?
                    """, arguments: [identity, url]) else { return nil }
                let linkText: String = row["links"] ?? "{}"
                let links = (try? JSONDecoder().decode([String: String].self, from: Data(linkText.utf8))) ?? [:]
                return StoredResponse(url: row["url"], etag: row["etag"], body: row["body"], links: links,
                                      fetchedAt: Date(timeIntervalSince1970: row["fetchedAt"]), maxAge: row["maxAge"])
            }
        } catch {
            cache.warnings.say("cache read failed: \(PageCache.reason(error))")
            return nil
        }
        guard let stored = found else { return nil }
        await write("mark a use") { [now] db in
            try db.execute(sql: "UPDATE response SET usedAt = ? WHERE identity = ? AND url = ?",
                           arguments: [now().timeIntervalSince1970, identity, url])
        }
        return stored
    }

    public func save(_ response: StoredResponse) async {
        let identity = identity
        let links = String(decoding: (try? JSONEncoder().encode(response.links)) ?? Data("{}".utf8), as: UTF8.self)
        let (list, kind) = Self.classify(response.url)
        let size = response.body.count + response.url.utf8.count + links.utf8.count + 64
        let usedAt = now().timeIntervalSince1970
        let limit = cache.sizeLimit
        await write("save") { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO response (identity, url, list, kind, etag, links, body, fetchedAt, maxAge, usedAt, size)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [identity, response.url, list, kind, response.etag, links, response.body,
                                 response.fetchedAt.timeIntervalSince1970, response.maxAge, usedAt, size])
            try Self.evict(db, limit: limit)
        }
    }

    public func revalidated(_ url: String, at date: Date, maxAge: TimeInterval?) async {
        let identity = identity
        await write("revalidate") { db in
            try db.execute(sql: """
                UPDATE response SET fetchedAt = ?, usedAt = ?, maxAge = coalesce(?, maxAge) WHERE identity = ? AND url = ?
                """, arguments: [date.timeIntervalSince1970, date.timeIntervalSince1970, maxAge, identity, url])
        }
    }

    public func remove(_ url: String) async {
        let identity = identity
        await write("remove") { db in
            try db.execute(sql: "DELETE FROM response WHERE identity = ? AND url = ?", arguments: [identity, url])
        }
    }

    private func write(_ what: String, _ body: @escaping @Sendable (Database) throws -> Void) async {
        guard writable.withLock({ $0 }) else { return }
        do {
            try await cache.pool.write(body)
        } catch {
            writable.withLock { $0 = false }
            cache.warnings.say("cache writes off for this run: \(PageCache.reason(error))")
        }
    }

    /// Least recently used responses go until the total is back under 90% of the limit.
    static func evict(_ db: Database, limit: Int) throws {
        let total = try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM response") ?? 0
        guard total > limit else { return }
        var freed = 0
        var doomed: [Int64] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, size FROM response ORDER BY usedAt")
        while freed < total - limit * 9 / 10, let row = try rows.next() {
            doomed.append(row[0])
            freed += row[1] as Int
        }
        for chunk in stride(from: 0, to: doomed.count, by: 500) {
            let ids = doomed[chunk..<min(doomed.count, chunk + 500)]
            try db.execute(sql: "DELETE FROM response WHERE rowid IN (\(ids.map { String($0) }.joined(separator: ",")))")
        }
    }

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
