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
    /// `/users/{you}/starred`). `{you}` is the token owner's login (``viewerLogin()``); when it
    /// cannot be had, what does not need it is still marked.
    func expireAfterWrite(_ target: WriteTarget, to on: Bool) async {
        if case .account(let login) = target { await expireFill(login, following: on) }
        let you = await viewerLogin()
        var prefixes = Self.stalePaths(after: target, you: you).compactMap { path in
            (try? configuration.url(path)).map { URLPrefix($0.absoluteString) }
        }
        if case let .repository(owner, name) = target {
            prefixes.append(Self.storePrefix(configuration.graphqlURL, repository: "\(owner)/\(name)"))
        }
        await store.expire(prefixes)
    }

    /// The REST paths whose stored answers (each with any query: every page) a write on
    /// `target` made stale; those under `/users/{you}` only when `you` is known.
    static func stalePaths(after target: WriteTarget, you: String?) -> [String] {
        let segment = GitHubConfiguration.segment
        let yours = you.map { "/users/\(segment($0))" }
        switch target {
        case .account(let login):
            let theirs = "/users/\(segment(login))"
            return [theirs, theirs + "/followers", "/user", "/user/following"]
                + (yours.map { [$0, $0 + "/following"] } ?? [])
        case let .repository(owner, name):
            let repository = "/repos/\(segment(owner))/\(segment(name))"
            return [repository, repository + "/stargazers", "/user/starred"] + (yours.map { [$0 + "/starred"] } ?? [])
        }
    }

    /// The token owner's login: known once learned, else read from `GET /user` (a stored
    /// answer does, however old) in the background lane, so neither waited nor retried: nil
    /// when it cannot be had now (no token, a limit, GitHub unreachable with nothing stored).
    func viewerLogin() async -> String? {
        if let known = viewer.withLock({ $0 }) { return known }
        guard configuration.token != nil, let url = try? configuration.url(GitHubConfiguration.accountPath(GitHubConfiguration.me))
        else { return nil }
        let details = try? await throttle.performInBackground(resource: "core") { [self] in
            try await fetch(url, subject: "User \(GitHubConfiguration.me)", policy: .preferCache) {
                try GitHubClient.decode(UserDetails.self, from: $0)
            }.0
        }
        guard let login = details?.login, !login.isEmpty else { return nil }
        viewer.withLock { $0 = login }
        return login
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
