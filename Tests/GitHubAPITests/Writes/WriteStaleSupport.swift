import Foundation
@testable import GitHubAPI

/// Where a read came from, as a test compares it: GitHub's new answer, its 304, the stored
/// answer fresh or stale, or the stored answer while GitHub is unreachable.
enum Kept: Equatable {
    case network, revalidated, fresh, stale, offline

    init(_ origin: ResponseOrigin) {
        switch origin {
        case .network: self = .network
        case .revalidated: self = .revalidated
        case .cache(_, let fresh): self = fresh ? .fresh : .stale
        case .offline: self = .offline
        }
    }
}

/// What a few lists (each page, at most three) and details read by one cache policy gave: the
/// items and where each page and answer came from.
struct StaleScene: Equatable {
    /// Each list's items (logins, or repositories' full names), in order.
    var items: [[String]] = []
    /// Where each list's pages came from.
    var pages: [[Kept]] = []
    /// The count each details answer gave (followers, following or stars, as read).
    var counts: [Int?] = []
    /// Where each details answer came from.
    var answers: [Kept] = []

    /// Reads every page (at most three) of `source` by `policy`, `mapping` its items.
    mutating func list<Source: GitHubPageSource>(_ source: Source, pageSize: Int = 2, policy: CachePolicy,
                                                 _ mapping: (Source.Item) -> String) async throws {
        var cursor: GitHubCursor? = source.firstCursor
        var (names, kept): ([String], [Kept]) = ([], [])
        while let current = cursor, kept.count < 3 {
            let loaded = try await source.load(at: current, pageSize: pageSize, policy: policy)
            names += loaded.page.items.map(mapping)
            kept.append(Kept(loaded.origin))
            cursor = loaded.page.next
        }
        items.append(names)
        pages.append(kept)
    }

    mutating func users(_ list: UserList, client: GitHubClient, policy: CachePolicy) async throws {
        try await self.list(list.githubSource(client: client), policy: policy) { $0.login }
    }

    mutating func repositories(_ list: RepositoryList, client: GitHubClient, policy: CachePolicy) async throws {
        try await self.list(list.githubSource(client: client), pageSize: 10, policy: policy) { $0.fullName }
    }

    /// An account's details: its followers count, or its following count when `following`.
    mutating func account(_ login: String, following: Bool = false, client: GitHubClient, policy: CachePolicy) async throws {
        let answer = try await client.userDetails(login: login, policy: policy)
        counts.append(following ? answer.details.following : answer.details.followers)
        answers.append(Kept(answer.origin))
    }

    /// A repository's details: its stars.
    mutating func repository(_ owner: String, _ name: String, client: GitHubClient, policy: CachePolicy) async throws {
        let answer = try await client.repositoryDetails(owner: owner, repo: name, policy: policy)
        counts.append(answer.details.stars)
        answers.append(Kept(answer.origin))
    }
}
