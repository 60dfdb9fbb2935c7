import ArgumentParser
import Browser
import Foundation
import PageCache

/// Where the disk cache is and how it behaves, for every list command and `ghscroll cache`.
struct CacheOptions: ParsableArguments {
    @Option(name: .customLong("cache"), help: ArgumentHelp(
        "The cache file (default $XDG_CACHE_HOME/ghscroll/cache.sqlite, else ~/.cache/ghscroll/cache.sqlite).",
        valueName: "path"))
    var path: String?
    @Flag(name: .customLong("no-cache"), help: "Neither read nor fill the disk cache this run.")
    var off = false
    @Option(name: .customLong("cache-size"), parsing: .unconditional, help: "MiB of responses the cache keeps, the least recently used going first (default 100).")
    var sizeMiB: Int?
    @Option(name: .customLong("max-age"), parsing: .unconditional, help: ArgumentHelp(
        "Seconds a cached page is used without asking GitHub (default: GitHub's max-age, usually 60).", valueName: "seconds"))
    var maxAge: TypedNumber?

    func validate() throws {
        if let sizeMiB, !(1...OptionChecks.maxCacheSizeMiB).contains(sizeMiB) {
            throw ValidationError("--cache-size must be from 1 to \(OptionChecks.maxCacheSizeMiB) MiB, 1 TiB (got \(sizeMiB))")
        }
        if let maxAge, maxAge.value < 0 || !maxAge.value.isFinite {
            throw ValidationError("--max-age must be 0 or more seconds (got \(maxAge.typed))")
        }
        if off, path != nil { throw ValidationError("choose one of --cache and --no-cache") }
    }

    /// The file this run uses, or nil when the cache is off.
    func resolvedPath(config: ConfigFile, environment: [String: String]) -> String? {
        if off || (path == nil && config.cache == false) { return nil }
        return path.map(OptionChecks.absolutePath) ?? PageCache.defaultPath(environment: environment)
    }

    /// The open cache, or nil (off, or unusable after a warning).
    func open(config: ConfigFile, environment: [String: String], onWarning: @escaping @Sendable (String) -> Void) -> PageCache? {
        guard let path = resolvedPath(config: config, environment: environment) else { return nil }
        let limit = (sizeMiB ?? config.cacheSize).map { $0 * 1_048_576 } ?? PageCache.defaultSizeLimit
        return PageCache.open(path: path, sizeLimit: limit, onWarning: onWarning)
    }
}

/// `ghscroll cache info` and `ghscroll cache clear`.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "Show or clear the disk cache of pages and user details.",
        subcommands: [CacheInfoCommand.self, CacheClearCommand.self], defaultSubcommand: CacheInfoCommand.self)
}

struct CacheInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "Where the cache is and what it holds.")
    @Option(name: .customLong("cache"), help: ArgumentHelp("The cache file.", valueName: "path")) var path: String?

    func run() throws {
        let file = try cacheFile(path)
        // Looking must not make a cache.
        guard FileManager.default.fileExists(atPath: file) else {
            print("No cache at \(file) yet: ghscroll makes it when it first loads a list.")
            return
        }
        // Looking must not change the cache either: a damaged file is said to be, not moved.
        let cache = try openCache(file, damaged: .report)
        let info: PageCache.Info
        do {
            info = try cache.info()
        } catch let damaged as PageCache.Damaged {
            throw CleanExitError(message: damaged.message)
        }
        let now = Date()
        func when(_ date: Date?) -> String {
            guard let date else { return "none" }
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return "\(formatter.string(from: date)) (\(Formatting.shortAge(of: date, now: now)))"
        }
        let pages = Formatting.count(info.pages, Noun("page"))
        let identities = Formatting.count(info.identities, Noun("identity", plural: "identities"))
        print("""
            Cache:   \(info.path)
            Size:    \(megabytes(info.fileBytes)) on disk, \(megabytes(info.responseBytes)) of responses (limit \(megabytes(cache.sizeLimit)))
            Lists:   \(Formatting.grouped(info.lists)) (\(pages)), \(Formatting.count(info.users, userDetails)), \(identities)
            Rows:    \(Formatting.count(info.fills, Noun("account"))) filled in (names, places, counts)
            Oldest:  \(when(info.oldest))
            Newest:  \(when(info.newest))
            """)
    }
}

struct CacheClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove everything the cache holds.")
    @Option(name: .customLong("cache"), help: ArgumentHelp("The cache file.", valueName: "path")) var path: String?

    func run() throws {
        let file = try cacheFile(path)
        guard FileManager.default.fileExists(atPath: file) else {
            print("Nothing to clear: there is no cache at \(file).")
            return
        }
        let cache = try openCache(file)
        let before = try cache.info()
        try cache.clear()
        print("Cleared \(before.path): \(Formatting.count(before.pages, Noun("page"))), \(Formatting.count(before.users, userDetails)) "
              + "and \(Formatting.count(before.fills, Noun("filled account"))) (\(megabytes(before.responseBytes))).")
    }
}

/// The cache file `--cache` names (from the current directory), else the default one.
private func cacheFile(_ path: String?) throws -> String {
    guard let file = path.map(OptionChecks.absolutePath) ?? PageCache.defaultPath() else {
        throw CleanExitError(message: "no cache path: set HOME or use --cache")
    }
    return file
}

private func openCache(_ file: String, damaged: PageCache.DamagedFile = .moveAside) throws -> PageCache {
    let warnings = WarningList()
    guard let cache = PageCache.open(path: file, damaged: damaged, onWarning: { warnings.add($0) }) else {
        throw CleanExitError(message: warnings.all.last ?? "the cache at \(file) cannot be opened")
    }
    for warning in warnings.all { PlainOutput.note(warning) }
    return cache
}

/// "1 user's details", "12 users' details".
private let userDetails = Noun("user's details", plural: "users' details")

private func megabytes(_ bytes: Int) -> String {
    bytes < 1_048_576 ? String(format: "%.0f KiB", Double(bytes) / 1_024) : String(format: "%.1f MiB", Double(bytes) / 1_048_576)
}

import Synchronization

/// Warnings gathered while opening the cache for `ghscroll cache`.
final class WarningList: Sendable {
    private let items = Mutex<[String]>([])
    func add(_ text: String) { items.withLock { $0.append(text) } }
    var all: [String] { items.withLock { $0 } }
}
