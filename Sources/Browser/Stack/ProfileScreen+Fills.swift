import Foundation
import GitHubAPI
import ListCore

/// Filling a profile's rows as a list's are filled: the accounts its slices show (names,
/// places, who follows whom) and the profile's own (how you and it follow each other, for its
/// about row), then its repositories (stars, and whether the token's owner starred them). A
/// profile shows a few of each, so all of them go in one request of each kind.
extension ProfileScreen {
    /// Where the fill of the profile's own account is kept among its rows' (no row of GitHub's
    /// has this id).
    static let ownRow = Int64.min

    /// What GraphQL said of the profile's own account, once it answered.
    var ownFill: RowFill? { fills[Self.ownRow] }

    /// The fill request the profile needs, if any: one at a time, none while a failure's wait
    /// lasts; the accounts before the repositories.
    mutating func fillWants(at now: Date) -> Command? {
        guard fills.inFlight == nil else { return nil }
        if let retryAt = fills.retryAt, now < retryAt { return nil }
        let shown = profile.rows.slices.flatMap { $0.items.prefix($0.shownCount) }
        // A refreshed slice may show other rows: the fills of rows gone go with them.
        let ids = Set(shown.lazy.map(\.id)).union([Self.ownRow])
        if fills.byID.keys.contains(where: { !ids.contains($0) }) || fills.unknown.contains(where: { !ids.contains($0) }) {
            fills.prune(pages: 0..<0) { ids.contains($0) }
        }
        var accounts: [String: Int64] = [:]
        if fills.byID[Self.ownRow] == nil, !fills.unknown.contains(Self.ownRow) { accounts[login] = Self.ownRow }
        var repositories: [String: Int64] = [:]
        for row in shown where fills.byID[row.id] == nil && !fills.unknown.contains(row.id) {
            switch row {
            case .user(let user) where user.login.lowercased() != login.lowercased(): accounts[user.login] = user.id
            case .user: break
            case .repository(let repository) where repository.ownerAndName != nil:
                repositories[repository.fullName] = repository.id
            case .repository: break
            }
        }
        // Fills are kept by row id: a repository whose id is also an account's shown here (two
        // numbering schemes) is left as it came rather than given the account's fill.
        let accountIDs = Set(shown.compactMap { $0.user?.id })
        repositories = repositories.filter { !accountIDs.contains($0.value) }
        let (rows, kind) = accounts.isEmpty ? (repositories, false) : (accounts, true)
        guard !rows.isEmpty else { return nil }
        fills.nextRequest += 1
        let request = RowFills.Request(id: RequestID(fills.nextRequest), pages: [:], rows: rows)
        fills.inFlight = request
        let names = rows.keys.sorted()
        return .run(.fill(id, request.id), kind ? .fillRows(logins: names) : .fillRepositories(names: names))
    }
}

extension Screen {
    /// What GraphQL said of the screen's rows, by row id (read on every frame: the dictionary
    /// alone, not the whole ``RowFills``).
    var fillsByID: [Int64: RowFill] {
        // (Switched on directly, as the members read on every key are: no body to box.)
        switch self {
        case .list(let screen): screen.fills.byID
        case .profile(let screen): screen.fills.byID
        }
    }

    /// When the screen's fills may be asked again after a failure; nil when none waits, or none
    /// will be asked this run (no token that works).
    var fillsRetryAt: Date? {
        let at = body.fills.retryAt
        return at == .distantFuture ? nil : at
    }

    /// Whether the screen's last fill request failed (until one succeeds).
    var fillsFailed: Bool { body.fills.problem != nil }

    /// R: fills that failed (a 5xx through the retries, the network) are asked again now, not
    /// after their wait; a rate limit's wait stays. True when there were such fills.
    mutating func retryFills() -> Bool {
        guard case .failed? = body.fills.problem else { return false }
        return mutate { screen in
            guard screen.fills.inFlight == nil, screen.fills.retryAt != nil else { return false }
            screen.fills.retryAt = nil
            return true
        }
    }

    /// The fill request the screen's rows need next, if any.
    mutating func fillWants(at now: Date) -> Command? { mutate { $0.fillWants(at: now) } }

    /// An answer to (or the failure of) one of the screen's fill requests, told to its fills by
    /// `take` (true when it was the request out): a list's filter then judges the rows again.
    mutating func takeFills(_ take: (inout RowFills) -> Bool) {
        mutate { if take(&$0.fills) { $0.fillsTaken() } }
    }
}
