import GitHubAPI
import ListCore

/// What a details pane loads (a user's profile, a repository's details): the key its requests
/// run under (the wait for the selection to rest, then the request) and the job that loads it.
/// The two loaders have keys of their own and never answer each other's.
package protocol PaneDetails: Sendable, Equatable {
    static func key(_ id: RequestID) -> TaskKey
    static func job(_ subject: String) -> Job
}

extension UserDetails: PaneDetails {
    package static func key(_ id: RequestID) -> TaskKey { .details(id) }
    package static func job(_ subject: String) -> Job { .userDetails(login: subject) }
}

extension RepositoryDetails: PaneDetails {
    package static func key(_ id: RequestID) -> TaskKey { .repository(id) }
    package static func job(_ subject: String) -> Job { .repositoryDetails(fullName: subject) }
}

extension PaneDetails {
    /// The wait for the selection to rest, before request `id`.
    static func schedule(_ id: RequestID, after delay: Duration) -> Command { .run(key(id), .timer(after: delay)) }
    /// Request `id`, for `subject`.
    static func load(_ id: RequestID, _ subject: String) -> Command { .run(key(id), job(subject)) }
    /// Request `id` (or its wait) is no longer wanted.
    static func cancel(_ id: RequestID) -> Command { .cancel(key(id)) }
}

/// A user's details, as the pane loads them.
package typealias DetailsState = DetailsLoader<UserDetails>
/// A repository's details, as the pane loads them.
package typealias RepositoryState = DetailsLoader<RepositoryDetails>

/// The details the browser knows and the one request it may have out for them.
///
/// The pane wants the details of one subject at a time (``target``: a login, or OWNER/NAME). Details already fetched show
/// at once from a bounded in-memory cache; otherwise one request goes out, straight away when
/// the pane opens and only once the selection rests when it moves, so holding `j` with the pane
/// open never fires a request a row. At most one request is in flight; answers to any other are
/// dropped.
package struct DetailsLoader<Details: PaneDetails>: Sendable, Equatable {
    package struct Request: Sendable, Equatable {
        package var id: RequestID
        /// The login, or OWNER/NAME.
        var subject: String
    }

    /// How long the selection must rest before its details are asked for.
    static var debounce: Duration { .milliseconds(150) }

    package internal(set) var cache: DetailsCache<Details>
    /// The login the pane shows; nil when no pane is open.
    package internal(set) var target: String?
    /// Waiting for the selection to rest.
    package internal(set) var pending: Request?
    var inFlight: Request?
    /// A failure, and the subject it is about.
    package struct Failure: Sendable, Equatable {
        var subject: String
        var reason: DetailsFailure
    }

    /// The last failure.
    package internal(set) var failure: Failure?
    var nextID = 0

    package init(capacity: Int = 256) {
        cache = DetailsCache(capacity: capacity)
    }

    /// What the pane shows for `login`.
    package enum Shown: Sendable, Equatable {
        case loading
        case loaded(Details)
        case failed(DetailsFailure)
    }

    package func shown(for login: String) -> Shown {
        if let details = cache.peek(login) { return .loaded(details) }
        if let failure, detailsKey(failure.subject) == detailsKey(login) { return .failed(failure.reason) }
        return .loading
    }

    /// True while the pane waits for the target's details (its spinner turns).
    var isLoading: Bool {
        guard let target else { return false }
        return shown(for: target) == .loading
    }

    // MARK: - Changes

    /// The pane now wants `login` (nil: it closed). `debounce` when the selection moved, so the
    /// request waits for it to rest.
    mutating func want(_ login: String?, debounce: Bool) -> [Command] {
        guard login.map(detailsKey) != target.map(detailsKey) else { return [] }
        target = login
        pending = nil
        failure = nil
        guard let login else { return [] }  // closed: a request in flight may finish into the cache
        var commands: [Command] = []
        if cache.touch(login) {
            if let running = inFlight {
                commands.append(Details.cancel(running.id))
                inFlight = nil
            }
            return commands
        }
        if let running = inFlight {
            if detailsKey(running.subject) == detailsKey(login) { return [] }
            commands.append(Details.cancel(running.id))
            inFlight = nil
        }
        nextID += 1
        let request = Request(id: RequestID(nextID), subject: login)
        if debounce {
            pending = request
            commands.append(Details.schedule(request.id, after: Self.debounce))
        } else {
            inFlight = request
            commands.append(Details.load(request.id, login))
        }
        return commands
    }

    /// The selection rested: the pending request goes out (a stale timer does nothing).
    mutating func due(_ id: RequestID) -> [Command] {
        guard let request = pending, request.id == id else { return [] }
        pending = nil
        inFlight = request
        return [Details.load(request.id, request.subject)]
    }

    /// An answer; true when it was the one awaited. `revalidating`: it came from the cache and
    /// GitHub's answer is still to come, so the request stays in flight.
    mutating func loaded(_ id: RequestID, _ details: Details, revalidating: Bool = false) -> Bool {
        guard let request = inFlight, request.id == id else { return false }
        if !revalidating { inFlight = nil }
        cache.insert(details, for: request.subject)
        if failure.map({ detailsKey($0.subject) == detailsKey(request.subject) }) == true {
            failure = nil
        }
        return true
    }

    mutating func failed(_ id: RequestID, _ reason: DetailsFailure) -> Bool {
        guard let request = inFlight, request.id == id else { return false }
        inFlight = nil
        failure = Failure(subject: request.subject, reason: reason)
        return true
    }

    /// `R` while the client waits out a retry: the request in flight (perhaps the one waiting)
    /// goes again at once.
    mutating func restart() -> [Command] {
        guard let running = inFlight else { return [] }
        nextID += 1
        let request = Request(id: RequestID(nextID), subject: running.subject)
        inFlight = request
        return [Details.cancel(running.id), Details.load(request.id, request.subject)]
    }

    /// `R` on a failed pane: ask again at once.
    mutating func retry() -> [Command] {
        guard let target, let failure, detailsKey(failure.subject) == detailsKey(target),
              inFlight == nil
        else { return [] }
        self.failure = nil
        nextID += 1
        let request = Request(id: RequestID(nextID), subject: target)
        inFlight = request
        return [Details.load(request.id, target)]
    }
}

/// Details by subject (case-insensitive), the least recently used dropped beyond `capacity`.
package struct DetailsCache<Details: PaneDetails>: Sendable, Equatable {
    private var entries: LRUCache<String, Details>
    /// Of what is cached (not of which was used last): the same while it stays the same.
    private(set) var revision = Revision()

    package init(capacity: Int) {
        entries = LRUCache(maxCount: max(1, capacity))
    }


    /// Whether nothing is cached.
    package var isEmpty: Bool { entries.isEmpty }

    /// The details of `login`, without counting as a use.
    func peek(_ login: String) -> Details? { entries.peek(detailsKey(login)) }

    /// Every cached record, least recently used first.
    var all: [Details] { entries.keys.compactMap { entries.peek($0) } }

    /// Marks `login` as used; false when it is not cached.
    mutating func touch(_ login: String) -> Bool {
        entries.touch(detailsKey(login))
    }

    mutating func insert(_ details: Details, for login: String) {
        entries.insert(details, for: detailsKey(login))
        revision = Revision()
    }
}

/// How a subject is cached and compared: logins and OWNER/NAME are case-insensitive.
func detailsKey(_ subject: String) -> String { subject.lowercased() }
