import GitHubAPI
import ListCore

/// The user details the browser knows and the one request it may have out for them.
///
/// The pane wants the details of one login at a time (``target``). Details already fetched show
/// at once from a bounded in-memory cache; otherwise one request goes out, straight away when
/// the pane opens and only once the selection rests when it moves, so holding `j` with the pane
/// open never fires a request a row. At most one request is in flight; answers to any other are
/// dropped.
public struct DetailsState: Sendable, Equatable {
    public struct Request: Sendable, Equatable {
        public var id: RequestID
        public var login: String
    }

    /// How long the selection must rest before its details are asked for.
    public static let debounce = Duration.milliseconds(150)

    public internal(set) var cache: DetailsCache
    /// The login the pane shows; nil when no pane is open.
    public internal(set) var target: String?
    /// Waiting for the selection to rest.
    public internal(set) var pending: Request?
    public internal(set) var inFlight: Request?
    /// A failure, and the login it is about.
    public struct Failure: Sendable, Equatable {
        public var login: String
        public var reason: DetailsFailure
    }

    /// The last failure.
    public internal(set) var failure: Failure?
    var nextID = 0

    public init(capacity: Int = 256) {
        cache = DetailsCache(capacity: capacity)
    }

    /// What the pane shows for `login`.
    public enum Shown: Sendable, Equatable {
        case loading
        case loaded(UserDetails)
        case failed(DetailsFailure)
    }

    public func shown(for login: String) -> Shown {
        if let details = cache.peek(login) { return .loaded(details) }
        if let failure, DetailsCache.key(failure.login) == DetailsCache.key(login) { return .failed(failure.reason) }
        return .loading
    }

    /// True while the pane waits for the target's details (its spinner turns).
    public var isLoading: Bool {
        guard let target else { return false }
        return shown(for: target) == .loading
    }

    // MARK: - Changes

    /// The pane now wants `login` (nil: it closed). `debounce` when the selection moved, so the
    /// request waits for it to rest.
    mutating func want(_ login: String?, debounce: Bool) -> [Command] {
        guard login.map(DetailsCache.key) != target.map(DetailsCache.key) else { return [] }
        target = login
        pending = nil
        failure = nil
        guard let login else { return [] }  // closed: a request in flight may finish into the cache
        var commands: [Command] = []
        if cache.touch(login) {
            if let running = inFlight {
                commands.append(.cancelDetails(running.id))
                inFlight = nil
            }
            return commands
        }
        if let running = inFlight {
            if DetailsCache.key(running.login) == DetailsCache.key(login) { return [] }
            commands.append(.cancelDetails(running.id))
            inFlight = nil
        }
        nextID += 1
        let request = Request(id: RequestID(nextID), login: login)
        if debounce {
            pending = request
            commands.append(.scheduleDetails(request.id, after: Self.debounce))
        } else {
            inFlight = request
            commands.append(.loadDetails(request.id, login: login))
        }
        return commands
    }

    /// The selection rested: the pending request goes out (a stale timer does nothing).
    mutating func due(_ id: RequestID) -> [Command] {
        guard let request = pending, request.id == id else { return [] }
        pending = nil
        inFlight = request
        return [.loadDetails(request.id, login: request.login)]
    }

    /// An answer; true when it was the one awaited. `revalidating`: it came from the cache and
    /// GitHub's answer is still to come, so the request stays in flight.
    mutating func loaded(_ id: RequestID, _ details: UserDetails, revalidating: Bool = false) -> Bool {
        guard let request = inFlight, request.id == id else { return false }
        if !revalidating { inFlight = nil }
        cache.insert(details, for: request.login)
        if failure.map({ DetailsCache.key($0.login) == DetailsCache.key(request.login) }) == true { failure = nil }
        return true
    }

    mutating func failed(_ id: RequestID, _ reason: DetailsFailure) -> Bool {
        guard let request = inFlight, request.id == id else { return false }
        inFlight = nil
        failure = Failure(login: request.login, reason: reason)
        return true
    }

    /// `R` while the client waits out a retry: the request in flight (perhaps the one waiting)
    /// goes again at once.
    mutating func restart() -> [Command] {
        guard let running = inFlight else { return [] }
        nextID += 1
        let request = Request(id: RequestID(nextID), login: running.login)
        inFlight = request
        return [.cancelDetails(running.id), .loadDetails(request.id, login: request.login)]
    }

    /// `R` on a failed pane: ask again at once.
    mutating func retry() -> [Command] {
        guard let target, let failure, DetailsCache.key(failure.login) == DetailsCache.key(target), inFlight == nil
        else { return [] }
        self.failure = nil
        nextID += 1
        let request = Request(id: RequestID(nextID), login: target)
        inFlight = request
        return [.loadDetails(request.id, login: target)]
    }
}

/// Details by login (case-insensitive), the least recently used dropped beyond `capacity`.
public struct DetailsCache: Sendable, Equatable {
    private var entries: LRUCache<String, UserDetails>

    public init(capacity: Int) {
        entries = LRUCache(maxCount: max(1, capacity))
    }

    static func key(_ login: String) -> String { login.lowercased() }

    public var capacity: Int { entries.maxCount }
    public var count: Int { entries.count }

    /// The details of `login`, without counting as a use.
    public func peek(_ login: String) -> UserDetails? { entries.peek(Self.key(login)) }

    /// Marks `login` as used; false when it is not cached.
    mutating func touch(_ login: String) -> Bool {
        entries.touch(Self.key(login))
    }

    mutating func insert(_ details: UserDetails, for login: String) {
        entries.insert(details, for: Self.key(login))
    }
}
