import Foundation
import GRDB

// MARK: - Entry

/// One stored response without its body: what eviction, `cache info` and freshness read.
struct Entry: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "entry"
    static let body = hasOne(EntryBody.self)

    var id: Int64?
    /// "anonymous" or a hash of the token (``CacheIdentity``).
    var identity: String
    var url: String
    /// The list a page belongs to (its URL without paging), for `cache info`.
    var list: String
    /// "page", "user" or "avatar".
    var kind: String
    var etag: String?
    /// The `Link` header's relations, as a JSON object.
    var links: String
    var fetchedAt: Double
    var maxAge: Double?
    /// When it was last written or read: the least recently used go first.
    var usedAt: Double
    /// Bytes it counts against the limit: body, URL, links and a little for the row.
    var size: Int

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let identity = Column(CodingKeys.identity)
        static let url = Column(CodingKeys.url)
        static let list = Column(CodingKeys.list)
        static let kind = Column(CodingKeys.kind)
        static let fetchedAt = Column(CodingKeys.fetchedAt)
        static let maxAge = Column(CodingKeys.maxAge)
        static let usedAt = Column(CodingKeys.usedAt)
        static let size = Column(CodingKeys.size)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Entry {
    /// The entry of `url` for `identity`.
    static func stored(identity: String, url: String) -> QueryInterfaceRequest<Entry> {
        filter(Columns.identity == identity && Columns.url == url)
    }
}

// MARK: - Body

/// A stored response's body, in a table of its own so that reading entries never reads bodies.
struct EntryBody: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "entryBody"

    var entryId: Int64
    var data: Data
}

/// An entry with its body, as a read returns it.
struct EntryWithBody: Decodable, FetchableRecord {
    var entry: Entry
    var entryBody: EntryBody
}

// MARK: - Fill

/// One account's row fill for one identity: the fill as JSON, keyed by the login asked for
/// (lowercased).
struct FillRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "fill"

    var id: Int64?
    var identity: String
    var login: String
    var data: Data
    var fetchedAt: Double
    var usedAt: Double
    /// Bytes it counts against the limit: the fill, the login and a little for the row.
    var size: Int

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let identity = Column(CodingKeys.identity)
        static let login = Column(CodingKeys.login)
        static let usedAt = Column(CodingKeys.usedAt)
        static let size = Column(CodingKeys.size)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// MARK: - Total

/// The one row that holds the sum of every entry's size (kept by triggers, see ``CacheSchema``).
struct CacheTotal: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "cacheTotal"
    static let onlyID = 1

    var id: Int
    var bytes: Int

    /// The bytes of every stored response, without adding them up.
    static func bytes(_ db: Database) throws -> Int {
        try CacheTotal.fetchOne(db, key: onlyID)?.bytes ?? 0
    }
}
