import Foundation
import GitHubAPI
import GRDB
@testable import PageCache
import Testing

/// A cache file as version 1 of ghscroll left it: its schema, word for word, and some rows.
struct Version1File {
    struct Row {
        var identity: CacheIdentity
        var url: String
        var kind: String
        var bodyBytes: Int
        var usedAt: Double
        var stored: StoredResponse {
            StoredResponse(url: url, etag: "W/\"\(usedAt)\"", body: Data(repeating: UInt8(bodyBytes % 251), count: bodyBytes),
                           links: ["next": url + "&page=2"], fetchedAt: Date(timeIntervalSince1970: usedAt - 30), maxAge: 60)
        }
        var size: Int { bodyBytes + 200 }
    }

    static let schema = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1: responses');
        CREATE TABLE "response" ("identity" TEXT NOT NULL, "url" TEXT NOT NULL, "list" TEXT NOT NULL, "kind" TEXT NOT NULL, \
        "etag" TEXT, "links" TEXT NOT NULL, "body" BLOB NOT NULL, "fetchedAt" DOUBLE NOT NULL, "maxAge" DOUBLE, \
        "usedAt" DOUBLE NOT NULL, "size" INTEGER NOT NULL, PRIMARY KEY ("identity", "url"));
        CREATE INDEX "response_usedAt" ON "response"("usedAt");
        """

    /// Writes the file at `path` the way version 1 did (WAL, its columns, its sizes).
    static func make(at path: String, rows: [Row]) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: path)
        try pool.write { db in
            try db.execute(sql: schema)
            for row in rows {
                let stored = row.stored
                let links = String(decoding: try JSONEncoder().encode(stored.links), as: UTF8.self)
                try db.execute(sql: """
                    INSERT INTO response (identity, url, list, kind, etag, links, body, fetchedAt, maxAge, usedAt, size)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [row.identity.value, row.url, row.kind == "page" ? "https://api.github.com/users" : "",
                                     row.kind, stored.etag, links, stored.body, stored.fetchedAt.timeIntervalSince1970,
                                     stored.maxAge, row.usedAt, row.size])
            }
        }
        try pool.close()
    }
}

@Suite("A version 1 cache file")
struct CacheMigrationTests {
    let rows = [
        Version1File.Row(identity: CacheIdentity(token: nil), url: "https://api.github.com/users?since=0&per_page=100",
                         kind: "page", bodyBytes: 300_000, usedAt: 1_800_000_300),
        Version1File.Row(identity: CacheIdentity(token: nil), url: "https://api.github.com/users?since=99&per_page=100",
                         kind: "page", bodyBytes: 250_000, usedAt: 1_800_000_100),
        Version1File.Row(identity: CacheIdentity(token: "secret"), url: "https://api.github.com/users?since=0&per_page=100",
                         kind: "page", bodyBytes: 280_000, usedAt: 1_800_000_200),
        Version1File.Row(identity: CacheIdentity(token: nil), url: "https://api.github.com/users/octocat",
                         kind: "user", bodyBytes: 2_000, usedAt: 1_800_000_400),
    ]

    @Test("keeps its responses: each read back as it was, counted and totalled, in a file no bigger than before")
    func keepsRows() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        try Version1File.make(at: temp.path, rows: rows)
        let before = PageCache.fileBytes(temp.path)
        let heard = Heard()
        let opened = PageCache.open(path: temp.path, onWarning: { heard.add($0) })
        let cache = try #require(opened)
        #expect(heard.all.isEmpty, "\(heard.all)")

        let info = try cache.info()
        #expect(info.pages == 3 && info.users == 1 && info.identities == 2 && info.lists == 2, "\(info)")
        #expect(info.responseBytes == rows.map(\.size).reduce(0, +))
        #expect(info.fileBytes <= before + 65_536, "the old table's space was given back: \(before) → \(info.fileBytes)")
        for row in rows {
            let read = await cache.store(identity: row.identity).response(for: row.url)
            #expect(read == row.stored, "\(row.url)")
        }
        // Opened again (the next run): nothing to carry, the same responses.
        let openedAgain = PageCache.open(path: temp.path, onWarning: { heard.add($0) })
        let reopened = try #require(openedAgain)
        #expect(try reopened.info().responseBytes == info.responseBytes && heard.all.isEmpty)
    }

    @Test("keeps when each response was last used: past the limit, the one version 1 used least recently goes first")
    func keepsUseOrder() async throws {
        let temp = TemporaryCache()
        defer { temp.remove() }
        try Version1File.make(at: temp.path, rows: rows)
        let total = rows.map(\.size).reduce(0, +)
        let opened = PageCache.open(path: temp.path, sizeLimit: total + 50_000, onWarning: { Issue.record("\($0)") })
        let cache = try #require(opened)
        let anonymous = cache.store(identity: CacheIdentity(token: nil)) { Date(timeIntervalSince1970: 1_800_001_000) }
        await anonymous.save(response("https://api.github.com/users?since=500&per_page=100", bytes: 60_000))
        // 893 KB, past the 883 KB limit: the oldest (since=99, 250 KB) alone brings it under 90%.
        #expect(await anonymous.response(for: rows[1].url) == nil)
        for row in [rows[0], rows[2], rows[3]] {
            #expect(await cache.store(identity: row.identity).response(for: row.url) == row.stored, "\(row.url)")
        }
    }
}
