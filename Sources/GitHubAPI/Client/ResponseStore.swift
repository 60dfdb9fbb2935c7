import Foundation
import ListCore

/// A response kept for later: its body as GitHub sent it, its `Link` relations, its ETag for
/// conditional requests, and when it was fetched and for how long it stays fresh.
public struct StoredResponse: Sendable, Equatable {
    public var url: String
    public var etag: String?
    public var body: Data
    public var links: [String: String]
    public var fetchedAt: Date
    /// Seconds the response stays fresh (`Cache-Control: max-age`, or `--max-age`); nil when
    /// GitHub sent none. ``markedStale`` once a write changed it.
    public var maxAge: TimeInterval?

    public init(url: String, etag: String?, body: Data, links: [String: String], fetchedAt: Date, maxAge: TimeInterval?) {
        self.url = url
        self.etag = etag
        self.body = body
        self.links = links
        self.fetchedAt = fetchedAt
        self.maxAge = maxAge
    }

    /// The max-age of a response a write made stale: stale whatever `--max-age` says, until
    /// GitHub answers for it again.
    public static let markedStale: TimeInterval = 0
}

/// An account's row fill kept for later, with when GitHub sent it.
public struct StoredFill: Sendable, Equatable {
    public var fill: AccountFill
    public var fetchedAt: Date

    public init(fill: AccountFill, fetchedAt: Date) {
        self.fill = fill
        self.fetchedAt = fetchedAt
    }
}

/// Where the client keeps responses between requests: in memory by default, on disk when a
/// cache is given (the PageCache module). The client knows only this interface.
///
/// Row fills are kept apart from responses, by account: GraphQL answers have no URL of their
/// own, and a page's accounts are asked together in whatever mix is on screen.
public protocol ResponseStore: Sendable {
    func response(for url: String) async -> StoredResponse?
    func save(_ response: StoredResponse) async
    /// A 304 confirmed the stored response at `date`.
    func revalidated(_ url: String, at date: Date, maxAge: TimeInterval?) async
    func remove(_ url: String) async
    /// Makes stale, without removing them, the stored responses under each of `prefixes` (what a
    /// write changed): their max-age becomes 0, which no lifetime overrides (``StoredResponse/markedStale``),
    /// so the next request for each asks GitHub (conditionally) while offline it is still
    /// answered, with the date it was fetched. One pass over the store a prefix.
    func expire(_ prefixes: [URLPrefix]) async
    /// The stored fills of those of `logins` that have one, by login lowercased.
    func fills(for logins: [String]) async -> [String: StoredFill]
    /// Keeps `fills` (by the login asked for, lowercased), fetched at `date`, in place of any
    /// stored for the same accounts.
    func saveFills(_ fills: [String: AccountFill], at date: Date) async
}

extension ResponseStore {
    /// A store that cannot find its responses by prefix leaves them to go stale with age.
    public func expire(_ prefixes: [URLPrefix]) async {}

    /// A store that keeps no fills.
    public func fills(for logins: [String]) async -> [String: StoredFill] { [:] }
    public func saveFills(_ fills: [String: AccountFill], at date: Date) async {}
}

/// How a request may use the stored response.
public enum CachePolicy: Sendable, Equatable {
    /// Any stored response at once, fresh or not (a list's first screen on start).
    case preferCache
    /// A fresh stored response; else a conditional request; unreachable, the stored one.
    case normal
    /// Always ask GitHub (conditionally when something is stored); unreachable, the stored one.
    case revalidate
}

/// Where a response came from.
public enum ResponseOrigin: Sendable, Equatable {
    /// GitHub sent it just now.
    case network
    /// GitHub said 304: the stored response, confirmed just now.
    case revalidated
    /// The stored response, fetched at `fetchedAt`, without asking GitHub.
    case cache(fetchedAt: Date, fresh: Bool)
    /// GitHub could not be reached: the stored response, fetched at `fetchedAt`.
    case offline(fetchedAt: Date)

    /// True when GitHub answered this request.
    public var reachedGitHub: Bool { self == .network || self == .revalidated }

    /// When the data was fetched, when it did not just come from GitHub.
    public var storedAt: Date? {
        switch self {
        case .network, .revalidated: nil
        case .cache(let date, _), .offline(let date): date
        }
    }
}

/// The last responses of this process, bounded in count and in bytes (oldest dropped first), so
/// a long scroll without the disk cache does not keep every page's body.
public actor MemoryResponseStore: ResponseStore {
    private let capacity: Int
    private let byteLimit: Int
    /// Responses by URL, the least recently used first out past the count or the bytes.
    private var entries: LRUCache<String, StoredResponse>

    public init(capacity: Int = 256, byteLimit: Int = 2 * 1_048_576) {
        self.capacity = max(0, capacity)
        self.byteLimit = max(0, byteLimit)
        entries = LRUCache(maxCount: max(1, capacity), maxCost: max(0, byteLimit))
    }

    /// Fills by login lowercased, the least recently used first out (a fill is a few hundred
    /// bytes: counted, not weighed).
    private var fillEntries = LRUCache<String, StoredFill>(maxCount: 2_000)

    public func response(for url: String) -> StoredResponse? { entries.value(for: url) }

    public func fills(for logins: [String]) -> [String: StoredFill] {
        var found: [String: StoredFill] = [:]
        for login in logins {
            let key = login.lowercased()
            if let stored = fillEntries.value(for: key) { found[key] = stored }
        }
        return found
    }

    public func saveFills(_ fills: [String: AccountFill], at date: Date) {
        guard capacity > 0 else { return }
        for (login, fill) in fills { fillEntries.insert(StoredFill(fill: fill, fetchedAt: date), for: login.lowercased()) }
    }

    public func save(_ response: StoredResponse) {
        guard capacity > 0, response.body.count <= byteLimit else { return }
        entries.insert(response, for: response.url, cost: response.body.count)
    }

    public func revalidated(_ url: String, at date: Date, maxAge: TimeInterval?) {
        entries.modify(url) { stored in
            stored.fetchedAt = date
            if let maxAge { stored.maxAge = maxAge }
        }
    }

    public func remove(_ url: String) {
        entries.removeValue(for: url)
    }

    // `async` like the protocol's default, which a direct call would otherwise prefer.
    public func expire(_ prefixes: [URLPrefix]) async {
        guard !prefixes.isEmpty else { return }
        for key in entries.keys where prefixes.contains(where: { $0.covers(key) }) {
            entries.modify(key) { $0.maxAge = StoredResponse.markedStale }
        }
    }
}

extension GitHubError {
    /// GitHub could not be reached at all (as opposed to answering with an error).
    public var isUnreachable: Bool {
        switch self {
        case .timeout, .connectionRefused, .hostNotFound, .connectionLost, .network: true
        default: false
        }
    }
}

/// `max-age` of a `Cache-Control` header, in seconds.
func maxAge(cacheControl: String?) -> TimeInterval? {
    guard let cacheControl else { return nil }
    for part in cacheControl.split(separator: ",") {
        let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if pair.count == 2, pair[0] == "max-age", let seconds = TimeInterval(pair[1]), seconds >= 0, seconds.isFinite {
            return min(seconds, 86_400 * 365)
        }
    }
    return nil
}
