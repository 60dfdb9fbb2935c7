import GRDB

/// The cache file's schema and how each older file is brought up to it.
///
/// Version 2 keeps what eviction and `cache info` read apart from what they never need:
/// - `entry`: one row per stored response (identity, URL, validators, times, size), small;
/// - `entryBody`: the response bodies, keyed by their entry, gone with it (`ON DELETE CASCADE`);
/// - `cacheTotal`: one row, the sum of every entry's size, kept by triggers in the same
///   transaction as the change, so no write ever has to add the sizes up again.
///
/// Version 3 adds `fill`: one row per account a row fill described (GraphQL's answers have no
/// URL), per identity, counted in the same running total and evicted with the entries.
///
/// Version 1 held everything in one `response` table with the body before the size: adding the
/// sizes up read every body. Its rows are carried over.
enum CacheSchema {
    static let v1 = "v1: responses"
    static let v2 = "v2: bodies apart, running total"
    static let v3 = "v3: row fills"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(v1, migrate: createVersion1)
        migrator.registerMigration(v2) { db in
            try createVersion2(db)
            try carryOverVersion1(db)
            try keepTotal(db)
        }
        migrator.registerMigration(v3, migrate: createVersion3)
        return migrator
    }

    // MARK: - Version 1

    /// The first schema, as released: left as it was, since files made by it exist.
    private static func createVersion1(_ db: Database) throws {
        try db.create(table: "response") { table in
            table.column("identity", .text).notNull()
            table.column("url", .text).notNull()
            table.column("list", .text).notNull()
            table.column("kind", .text).notNull()
            table.column("etag", .text)
            table.column("links", .text).notNull()
            table.column("body", .blob).notNull()
            table.column("fetchedAt", .double).notNull()
            table.column("maxAge", .double)
            table.column("usedAt", .double).notNull()
            table.column("size", .integer).notNull()
            table.primaryKey(["identity", "url"])
        }
        try db.create(index: "response_usedAt", on: "response", columns: ["usedAt"])
    }

    // MARK: - Version 2

    private static func createVersion2(_ db: Database) throws {
        try db.create(table: Entry.databaseTableName) { table in
            table.primaryKey("id", .integer)
            table.column("identity", .text).notNull()
            table.column("url", .text).notNull()
            table.column("list", .text).notNull()
            table.column("kind", .text).notNull()
            table.column("etag", .text)
            table.column("links", .text).notNull()
            table.column("fetchedAt", .double).notNull()
            table.column("maxAge", .double)
            table.column("usedAt", .double).notNull()
            table.column("size", .integer).notNull()
            table.uniqueKey(["identity", "url"])
        }
        // Eviction walks this index oldest first and finds each entry's size in it.
        try db.create(index: "entry_usedAt", on: Entry.databaseTableName, columns: ["usedAt", "size"])
        try db.create(table: EntryBody.databaseTableName) { table in
            table.primaryKey("entryId", .integer).references(Entry.databaseTableName, onDelete: .cascade)
            table.column("data", .blob).notNull()
        }
        try db.create(table: CacheTotal.databaseTableName) { table in
            table.primaryKey("id", .integer).check { $0 == CacheTotal.onlyID }
            table.column("bytes", .integer).notNull()
        }
    }

    /// Moves version 1's rows into version 2's tables and drops the old table.
    private static func carryOverVersion1(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO entry (identity, url, list, kind, etag, links, fetchedAt, maxAge, usedAt, size)
            SELECT identity, url, list, kind, etag, links, fetchedAt, maxAge, usedAt, size FROM response;
            INSERT INTO entryBody (entryId, data)
            SELECT entry.id, response.body FROM response JOIN entry USING (identity, url);
            """)
        try db.drop(table: "response")
    }

    /// Starts the running total from the entries there are, and keeps it with every insert,
    /// delete (eviction, removal, `cache clear`, a cascade) and change of size.
    private static func keepTotal(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO cacheTotal (id, bytes) SELECT \(CacheTotal.onlyID), coalesce(sum(size), 0) FROM entry;
            """)
        try countInTotal(db, table: "entry")
    }

    /// Keeps the running total with every insert, delete and change of size of `table`'s rows
    /// (triggers named `TABLE_added`, `TABLE_removed` and `TABLE_resized`).
    private static func countInTotal(_ db: Database, table: String) throws {
        try db.execute(sql: """
            CREATE TRIGGER \(table)_added AFTER INSERT ON \(table) BEGIN
                UPDATE cacheTotal SET bytes = bytes + NEW.size;
            END;
            CREATE TRIGGER \(table)_removed AFTER DELETE ON \(table) BEGIN
                UPDATE cacheTotal SET bytes = bytes - OLD.size;
            END;
            CREATE TRIGGER \(table)_resized AFTER UPDATE OF size ON \(table) BEGIN
                UPDATE cacheTotal SET bytes = bytes - OLD.size + NEW.size;
            END;
            """)
    }

    // MARK: - Version 3

    /// The fills table, its eviction index and its share of the running total.
    private static func createVersion3(_ db: Database) throws {
        try db.create(table: FillRecord.databaseTableName) { table in
            table.primaryKey("id", .integer)
            table.column("identity", .text).notNull()
            table.column("login", .text).notNull()
            table.column("data", .blob).notNull()
            table.column("fetchedAt", .double).notNull()
            table.column("usedAt", .double).notNull()
            table.column("size", .integer).notNull()
            table.uniqueKey(["identity", "login"])
        }
        try db.create(index: "fill_usedAt", on: FillRecord.databaseTableName, columns: ["usedAt", "size"])
        try countInTotal(db, table: FillRecord.databaseTableName)
    }
}
