import Foundation
import Synchronization

// What a write made stale: the stored pages, details and fills that a follow or a star changed
// are marked so (not removed: offline they still answer), and the next read asks GitHub.
extension GitHubClient {
    /// Marks stale everything stored that a write GitHub accepted changed, so the next read of
    /// it asks GitHub (conditionally) and the change shows; offline the stored answers stay.
    ///
    /// For an account L: your following list (`/user/following`, `/users/{you}/following`,
    /// every page), L's followers (every page: the list and a profile's Followers slice), L's
    /// details (the follower count), your details (`/user`, `/users/{you}`: the following
    /// count), and L's fill. For a repository O/R: its stargazers (every REST page, every
    /// `--newest` GraphQL page), its details (the count), your starred list (`/user/starred`,
    /// `/users/{you}/starred`). `{you}` is the token owner (``viewer()``); when it cannot be
    /// had, what does not need it is still marked.
    ///
    /// GitHub's `Link` URLs name a list by the id of its account or repository
    /// (`/user/583231/followers?page=2`, `/repositories/1296269/stargazers?page=2`), so the
    /// pages past the first are stored under those: marked too, when the id is known (a stored
    /// fill or details, else asked like `{you}`).
    func expireAfterWrite(_ target: WriteTarget, to on: Bool) async {
        if case .account(let login) = target { await expireFill(login, following: on) }
        let you = await viewer()
        let theirs: Int64?
        switch target {
        case .account(let login): theirs = await accountID(login)
        case let .repository(owner, name): theirs = await repositoryID(owner: owner, name: name)
        }
        var prefixes = Self.stalePaths(after: target, you: you, theirs: theirs).compactMap { path in
            (try? configuration.url(path)).map { URLPrefix($0.absoluteString) }
        }
        if case let .repository(owner, name) = target {
            prefixes.append(Self.storePrefix(configuration.graphqlURL, repository: "\(owner)/\(name)"))
        }
        await store.expire(prefixes)
    }

    /// The REST paths whose stored answers (each with any query: every page) a write on
    /// `target` made stale; those of `you` (the token owner) and by `theirs` (the id of the
    /// account or repository written, as `Link` URLs name them) only when known.
    static func stalePaths(after target: WriteTarget, you: (login: String, id: Int64)?, theirs: Int64?) -> [String] {
        let segment = GitHubConfiguration.segment
        let yours = you.map { "/users/\(segment($0.login))" }
        switch target {
        case .account(let login):
            let account = "/users/\(segment(login))"
            return [account, account + "/followers", "/user", "/user/following"]
                + (yours.map { [$0, $0 + "/following"] } ?? [])
                + (theirs.map { ["/user/\($0)/followers"] } ?? []) + (you.map { ["/user/\($0.id)/following"] } ?? [])
        case let .repository(owner, name):
            let repository = "/repos/\(segment(owner))/\(segment(name))"
            return [repository, repository + "/stargazers", "/user/starred"] + (yours.map { [$0 + "/starred"] } ?? [])
                + (theirs.map { ["/repositories/\($0)/stargazers"] } ?? []) + (you.map { ["/user/\($0.id)/starred"] } ?? [])
        }
    }

    /// The token owner's login and id: known once learned, else read from `GET /user`
    /// (``storedOrAsked(_:subject:as:)``). Nil when it cannot be had now.
    func viewer() async -> (login: String, id: Int64)? {
        (try? await askViewer()) ?? nil
    }

    /// ``viewer()``, with why it could not be had: nil without a token; GitHub's error when it
    /// did not say.
    public func askViewer() async throws -> (login: String, id: Int64)? {
        if let known = knownViewer.withLock({ $0 }) { return known }
        guard configuration.token != nil else { return nil }
        let details = try await storedOrAsked(GitHubConfiguration.accountPath(GitHubConfiguration.me),
                                              subject: "User \(GitHubConfiguration.me)", as: UserDetails.self)
        guard !details.login.isEmpty else { throw GitHubError.malformedBody(detail: "GET /user named no login") }
        let viewer = (login: details.login, id: details.id)
        knownViewer.withLock { $0 = viewer }
        return viewer
    }

    /// The id of `login`: from its stored fill, else from its details (``storedOrAsked(_:subject:as:)``).
    func accountID(_ login: String) async -> Int64? {
        if let id = await store.fills(for: [login])[login.lowercased()]?.fill.id { return id }
        return try? await storedOrAsked(GitHubConfiguration.accountPath(login), subject: "User \(login)", as: UserDetails.self).id
    }

    /// The id of `owner/name`: from its details (``storedOrAsked(_:subject:as:)``).
    func repositoryID(owner: String, name: String) async -> Int64? {
        let segment = GitHubConfiguration.segment
        return try? await storedOrAsked("/repos/\(segment(owner))/\(segment(name))", subject: "Repository \(owner)/\(name)",
                                        as: RepositoryDetails.self).id
    }

    /// The answer at `path`: a stored one, however old, else asked of GitHub in the background
    /// lane, so neither waited for (a limit, the foreground's requests) nor retried.
    private func storedOrAsked<T: Decodable & Sendable>(_ path: String, subject: String, as type: T.Type) async throws -> T {
        let url = try configuration.url(path)
        return try await throttle.performInBackground(resource: "core") { [self] in
            try await fetch(url, subject: subject, policy: .preferCache) { try GitHubClient.decode(T.self, from: $0) }.0
        }
    }

    /// Makes the stored response of `url` (and of the same URL with more query items) stale:
    /// the next request for it asks GitHub again (conditionally), so what a write changed
    /// shows. Offline, it is still answered.
    public func expire(_ url: URL) async {
        await store.expire([URLPrefix(url.absoluteString)])
    }

    /// The API URL of `path` (`/users/octocat`), for ``expire(_:)``.
    public func apiURL(_ path: String, query: [(String, String)] = []) throws -> URL {
        try configuration.url(path, query: query)
    }

    /// Makes the stored fill of `login` stale, so that the next fill asks GitHub again; until
    /// then (offline too) it says what the write left (`viewerFollows`).
    func expireFill(_ login: String, following: Bool) async {
        let key = login.lowercased()
        guard var kept = await store.fills(for: [key])[key] else { return }
        kept.fill.viewerFollows = following
        let lifetime = maxAgeOverride ?? Self.fillLifetime
        await store.saveFills([key: kept.fill], at: throttle.clock.now().addingTimeInterval(-lifetime - 1))
    }
}
