import Foundation
import GitHubAPI

/// What GitHub's GraphQL API said of the accounts on a list's rows (names, places, counts,
/// who follows whom), kept beside the rows, not in them: a row costs the same filled or not,
/// and a fill goes when its row's page is dropped.
///
/// Pages are asked one request at a time, only near the screen (the visible page and the next).
package struct RowFills: Sendable, Equatable {
    /// By row id.
    package internal(set) var byID: [Int64: RowFill] = [:] {
        didSet { revision = Revision() }
    }
    /// Of ``byID``: the same while it stays the same.
    private(set) var revision = Revision()
    /// Rows GitHub answered nothing for (an account deleted or suspended since the page came):
    /// not asked again.
    var unknown: Set<Int64> = []
    /// The pages asked for, by number from the list's start, with the id of the row each started
    /// with then: a page whose first row changed (a refresh) is asked again.
    var asked: [Int: Int64] = [:]
    /// The request out, if any.
    var inFlight: Request?
    /// No request before this (after a failure: a retry's wait, a rate limit's reset).
    var retryAt: Date?
    /// Why the last request failed, until one succeeds.
    package internal(set) var problem: FillProblem?
    /// Requests that failed in a row through GitHub's errors or the network: each waits longer
    /// before the next (``FillProblem/retryAt(after:failures:)``).
    var failures = 0
    /// Scopes the token lacks for fields GitHub refused (`read:org`), said once.
    var refusedScopes: [String] = []
    /// Requests the filter on may still make for loaded rows off the screen (``sweepBudget``
    /// when it began); nil while no filter is on.
    var sweepsLeft: Int?
    /// The loaded rows when the fills were last pruned.
    var prunedFor = LoadedRows(offset: 0, count: 0)
    var nextRequest = 0

    /// One fill request: its id, the pages it covers, and the row of each login asked for.
    package struct Request: Sendable, Equatable {
        package var id: RequestID
        package var pages: [Int: Int64]
        package var rows: [String: Int64]
    }

    /// The most fill requests a filter makes for the loaded rows off the screen: a thousand rows
    /// at GitHub's largest page, a few seconds of the background lane.
    static let sweepBudget = 10

    package init() {}

    /// Which rows a pager has loaded: the rows before them (dropped or never loaded), and how many.
    struct LoadedRows: Sendable, Equatable {
        var offset: Int
        var count: Int
    }

    /// The fill of the row `id`, if it has one.
    package subscript(id: Int64) -> RowFill? { byID[id] }

    /// The answer to request `id`: the rows it names are filled (or known to have nothing).
    /// With GitHub out of reach, the answer holds what the cache kept: the rows it did not
    /// cover stay bare and are asked again after a wait. False when it is not the request out
    /// (a late answer), which changes nothing.
    mutating func filled(_ id: RequestID, _ answer: FillAnswer, at now: Date) -> Bool {
        filled(id, unreached: answer.unreached, refusedScopes: answer.refusedScopes, at: now) {
            answer.fills[$0].map(RowFill.init)
        }
    }

    /// The answer to request `id` for repositories (OWNER/NAME): their stars, and whether the
    /// token's owner starred them.
    mutating func filled(_ id: RequestID, _ answer: RepositoryFillAnswer, at now: Date) -> Bool {
        filled(id, unreached: [], refusedScopes: [], at: now) { answer.fills[$0].map(RowFill.init(repository:)) }
    }

    /// The rows request `id` named, filled by `fill` (by name lowercased) or known to have
    /// nothing, but those GitHub could not be asked about (`unreached`).
    private mutating func filled(_ id: RequestID, unreached: [String], refusedScopes refused: [String], at now: Date,
                                 _ fill: (String) -> RowFill?) -> Bool {
        guard let request = inFlight, request.id == id else { return false }
        inFlight = nil
        let unreached = Set(unreached.map { $0.lowercased() })
        for (name, row) in request.rows {
            if let kept = fill(name.lowercased()) {
                byID[row] = kept
            } else if !unreached.contains(name.lowercased()) {
                unknown.insert(row)
            }
        }
        if unreached.isEmpty {
            asked.merge(request.pages) { $1 }
            retryAt = nil
        } else {
            retryAt = FillProblem.failed("").retryAt(after: now)
        }
        (problem, failures) = (nil, 0)
        for scope in refused where !refusedScopes.contains(scope) { refusedScopes.append(scope) }
        return true
    }

    /// Request `id` failed: its pages are asked again after `retryAt`.
    mutating func failed(_ id: RequestID, _ problem: FillProblem, at now: Date) -> Bool {
        guard let request = inFlight, request.id == id else { return false }
        inFlight = nil
        self.problem = problem
        if case .failed = problem { failures += 1 }
        retryAt = problem.retryAt(after: now, failures: failures)
        return true
    }

    /// Forgets every fill and every request (a refresh asks again); the requests' numbers go on.
    mutating func forgetAll() {
        let next = nextRequest
        self = RowFills()
        nextRequest = next
    }

    /// Keeps only the fills of rows for which `isLoaded` holds, and the pages in `pages`.
    mutating func prune(pages: Range<Int>, isLoaded: (Int64) -> Bool) {
        byID = byID.filter { isLoaded($0.key) }
        unknown = unknown.filter(isLoaded)
        asked = asked.filter { pages.contains($0.key) }
    }
}

/// Why rows could not be filled, as a fact the view words.
package enum FillProblem: Sendable, Equatable {
    /// GitHub's GraphQL API wants a token, or refused this one (401).
    case needsToken
    /// The GraphQL rate limit is spent until `until`.
    case limited(until: Date?)
    /// A secondary limit: wait `retryAfter` seconds.
    case secondary(retryAfter: Int?)
    /// Anything else (a 5xx after retries, the network), in words.
    case failed(String)

    init(_ error: any Error) {
        switch error as? GitHubError {
        case .badCredentials?: self = .needsToken
        case let .rateLimited(reset, _, _)?: self = .limited(until: reset)
        case let .secondaryRateLimit(retryAfter, _)?: self = .secondary(retryAfter: retryAfter)
        default: self = .failed(String(describing: error))
        }
    }

    /// When the rows may be asked again: never this run without a token that works; a rate
    /// limit at its reset; otherwise after a wait, 30 s after one failure, twice as long after
    /// each more in a row (`failures`), 16 minutes at most: a GitHub that keeps failing is not
    /// asked every half minute for ever.
    func retryAt(after now: Date, failures: Int = 1) -> Date {
        switch self {
        case .needsToken: .distantFuture
        case .limited(let until): until ?? now.addingTimeInterval(60)
        case .secondary(let seconds): now.addingTimeInterval(TimeInterval(seconds ?? 60))
        case .failed: now.addingTimeInterval(30 * TimeInterval(1 << (min(max(failures, 1), 6) - 1)))
        }
    }
}

extension UserDetails {
    /// What a row's fill says of the account `login` (`id`), for its pane while its details load.
    init(_ fill: RowFill, login: String, id: Int64) {
        self.init(login: login, id: id, type: fill.isOrganization ? "Organization" : "User", name: fill.name)
        (bio, company, location, followers) = (fill.bio, fill.company, fill.location, fill.followers)
    }
}

extension RowFill {
    /// What an account's details (its pane, seen before) say for its row: no marks, which only
    /// GraphQL knows.
    init(_ details: UserDetails) {
        self.init(AccountFill(login: details.login, isOrganization: details.isOrganization, name: details.name,
                              bio: details.bio, company: details.company, location: details.location,
                              followers: details.followers))
    }
}
