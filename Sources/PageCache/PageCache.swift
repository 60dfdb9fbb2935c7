import Foundation
import GitHubAPI
import GRDB
import Synchronization

/// The on-disk cache: GitHub's responses (pages of user lists, user details, room for avatars)
/// in one SQLite file, shared by every run and every process.
///
/// WAL mode, one writer and concurrent readers (a GRDB `DatabasePool`), a busy timeout so two
/// processes wait for each other, and migrations for the schema. Entries are kept per identity
/// (no token, or a hash of the token: one token's private lists never show under another; the
/// token itself is never stored) and bounded in total size, the least recently used going first.
/// A file that is not a usable database is moved aside and a new one made; a directory that
/// cannot be written turns the cache off for the run. Problems are told to `onWarning` in one
/// line each, never thrown at the caller.
public final class PageCache: Sendable {
    public let path: String
    /// The most bytes of responses kept.
    public let sizeLimit: Int
    let pool: DatabasePool
    let warnings: Warnings

    /// What ``open(path:sizeLimit:maxPages:damaged:onWarning:)`` does with a file that is not a
    /// usable database.
    public enum DamagedFile: Sendable {
        /// Rename it to `PATH.corrupt-TIME` and start a new cache (a run that uses the cache).
        case moveAside
        /// Leave it as it is and say so (a command that only reports: `cache info`).
        case report
    }

    /// Opens (or makes) the cache at `path`; nil when it cannot be used, after a warning.
    ///
    /// `maxPages` caps the file at that many SQLite pages, to test a full disk.
    public static func open(path: String, sizeLimit: Int = defaultSizeLimit, maxPages: Int? = nil,
                            damaged: DamagedFile = .moveAside,
                            onWarning: @escaping @Sendable (String) -> Void) -> PageCache? {
        let warnings = Warnings(onWarning)
        // A bare file name is in the current directory.
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            warnings.say("cache off: cannot make \(directory) (\(reason(error)))")
            return nil
        }
        do {
            return try openRetryingWhileBusy(path: path, sizeLimit: sizeLimit, maxPages: maxPages, warnings: warnings)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            // Not a database we can use (damaged, or some other file): keep it aside, start anew.
            if damaged == .report {
                warnings.say(damageNote(path, error))
                return nil
            }
            guard let aside = moveAside(path) else {
                warnings.say("cache off: \(path) is not a usable cache and could not be moved aside")
                return nil
            }
            warnings.say("the cache at \(path) could not be read; it was moved to \(aside) and a new one started")
            do {
                return try PageCache(path: path, sizeLimit: sizeLimit, maxPages: maxPages, warnings: warnings)
            } catch {
                warnings.say("cache off: \(reason(error))")
                return nil
            }
        } catch {
            warnings.say("cache off: \(path): \(reason(error))")
            return nil
        }
    }

    /// Opens the pool. Another process opening the same new file at that moment can make SQLite
    /// answer "busy" at once (turning on WAL does not wait for the busy timeout), or make its
    /// migration find the table it was about to create, or the migration it was about to note
    /// noted already; each is tried again, for a couple of seconds (by then the other one is
    /// done, and the schema is there).
    private static func openRetryingWhileBusy(path: String, sizeLimit: Int, maxPages: Int?, warnings: Warnings) throws -> PageCache {
        var attempt = 0
        while true {
            do {
                return try PageCache(path: path, sizeLimit: sizeLimit, maxPages: maxPages, warnings: warnings)
            } catch let error as DatabaseError
                where [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode)
                && attempt < 40 {
                attempt += 1
                usleep(UInt32(min(100, 5 * attempt)) * 1_000)
            }
        }
    }

    /// 100 MiB.
    public static let defaultSizeLimit = 100 * 1_048_576

    /// `$XDG_CACHE_HOME/ghscroll/cache.sqlite`, else under `~/.cache`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/ghscroll/cache.sqlite" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/ghscroll/cache.sqlite"
    }

    private init(path: String, sizeLimit: Int, maxPages: Int?, warnings: Warnings) throws {
        self.path = path
        self.sizeLimit = max(65_536, sizeLimit)
        self.warnings = warnings
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "ghscroll cache"
        // Rows are read once by URL: SQLite's page cache (2 MB a connection by default) would
        // only hold bodies the browser already decoded. 256 KiB each keeps the indexes warm.
        configuration.maximumReaderCount = 2
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -256")
            // A cache can lose its last writes in a power cut (WAL keeps it consistent); it
            // should not wait for the disk on every page.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if let maxPages { try db.execute(sql: "PRAGMA max_page_count = \(maxPages)") }
        }
        // The file may hold an organization's private member list: only its owner reads it.
        let old = umask(0o077)
        defer { umask(old) }
        pool = try DatabasePool(path: path, configuration: configuration)
        let carriesVersion1 = try pool.read { db in try db.tableExists("response") }
        try CacheSchema.migrator.migrate(pool)
        if carriesVersion1 {
            // The old table's pages are free now, as many as the responses took: give them back
            // rather than keep a file twice the size of what it holds. Only worth a try.
            try? compact()
        }
        if (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) != 0o600 {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        }
    }

    /// The responses of one identity, as the client's store.
    public func store(identity: CacheIdentity, now: @escaping @Sendable () -> Date = { Date() }) -> DiskResponseStore {
        DiskResponseStore(cache: self, identity: identity.value, now: now)
    }

    // MARK: - Info and clearing

    public struct Info: Sendable, Equatable {
        public var path: String
        public var fileBytes: Int
        public var responseBytes: Int
        public var lists: Int
        public var pages: Int
        public var users: Int
        /// Accounts whose row fill is kept.
        public var fills: Int
        public var identities: Int
        public var oldest: Date?
        public var newest: Date?
    }

    /// What the cache holds. Reads the entries (small rows) and the running total, no body.
    /// A file found damaged on the way throws ``Damaged`` (and is left as it is).
    public func info() throws -> Info {
        do {
            return try readInfo()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw Damaged(message: Self.damageNote(path, error))
        }
    }

    /// A cache file that is not a usable database, said with how to clear it.
    public struct Damaged: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// "The cache at PATH is damaged (…)", with what clears it.
    static func damageNote(_ path: String, _ error: DatabaseError) -> String {
        "the cache at \(path) is damaged (\(reason(error))); ghscroll cache clear moves it aside (to \(path).corrupt-TIME) "
            + "and starts an empty one, or remove it"
    }

    private func readInfo() throws -> Info {
        try pool.read { db in
            let pages = Entry.filter(Entry.Columns.kind == "page")
            let fetched = try Entry.select(min(Entry.Columns.fetchedAt), max(Entry.Columns.fetchedAt))
                .asRequest(of: Row.self).fetchOne(db)
            let oldest: Double? = fetched?[0]
            let newest: Double? = fetched?[1]
            return Info(path: path, fileBytes: Self.fileBytes(path), responseBytes: try CacheTotal.bytes(db),
                        lists: try pages.select(Entry.Columns.identity, Entry.Columns.list).distinct().fetchCount(db),
                        pages: try pages.fetchCount(db),
                        users: try Entry.filter(Entry.Columns.kind == "user").fetchCount(db),
                        fills: try FillRecord.fetchCount(db),
                        identities: try Entry.select(Entry.Columns.identity).distinct().fetchCount(db),
                        oldest: oldest.map(Date.init(timeIntervalSince1970:)), newest: newest.map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// Removes every response and fill and gives the space back.
    public func clear() throws {
        try pool.write { db in
            _ = try Entry.deleteAll(db)
            _ = try FillRecord.deleteAll(db)
        }
        try compact()
    }

    /// Gives free pages back to the file system: the file rebuilt without them, then the WAL
    /// (which the rebuild went through) emptied. Emptying the WAL waits for other processes'
    /// readers, so it is only tried: the WAL goes anyway when the last connection closes.
    private func compact() throws {
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try pool.vacuum()
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// The database file and its WAL, in bytes.
    static func fileBytes(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
    }

    // MARK: - Helpers

    /// Renames a damaged file (and its WAL and shared-memory files) to `PATH.corrupt-TIMESTAMP`.
    static func moveAside(_ path: String) -> String? {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let aside = "\(path).corrupt-\(formatter.string(from: Date()))"
        guard rename(path, aside) == 0 else { return nil }
        for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
        return aside
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return (error as NSError).localizedDescription
    }
}

/// Says each distinct warning once.
final class Warnings: Sendable {
    private let sink: @Sendable (String) -> Void
    private let said = Mutex<Set<String>>([])
    init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }
    func say(_ text: String) {
        guard said.withLock({ $0.insert(text).inserted }) else { return }
        sink(text)
    }
}
