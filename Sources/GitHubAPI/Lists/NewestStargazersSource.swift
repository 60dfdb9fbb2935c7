import Foundation
import ListCore

/// A repository's stargazers newest first, from GraphQL (`--newest`): past the 40,000 REST
/// stops at, each row with the date of the star and filled by the same query.
///
/// Its cursor is GraphQL's `endCursor` (``GitHubCursor/after(_:)``), the first page
/// ``GitHubCursor/first``; it has no page numbers. A star whose account has no `databaseId`
/// (rows are known by id) is left out rather than failing the page.
public struct NewestStargazersSource: GitHubPageSource {
    public typealias Item = GitHubUser

    let client: GitHubClient
    let owner: String
    let name: String

    public init(client: GitHubClient, owner: String, name: String) {
        (self.client, self.owner, self.name) = (client, owner, name)
    }

    public var firstCursor: GitHubCursor { .first }

    public func loadPage(at cursor: GitHubCursor, pageSize: Int) async throws -> Page<GitHubUser, GitHubCursor> {
        try await load(at: cursor, pageSize: pageSize, policy: .normal).page
    }

    public func load(at cursor: GitHubCursor, pageSize: Int, policy: CachePolicy) async throws -> LoadedPage<GitHubUser> {
        let after: String?
        switch cursor {
        case .first: after = nil
        case .after(let endCursor): after = endCursor
        default: throw GitHubError.invalidURL("\(cursor) of the newest stargazers, which have no page numbers")
        }
        let loaded = try await client.newestStargazers(owner: owner, name: name, after: after,
                                                       first: min(GraphQLQuery.maxAccounts, max(1, pageSize)), policy: policy)
        let stars = loaded.page.stars.filter { $0.account.id != nil }
        let users = stars.map { star in
            GitHubUser(login: star.account.login, id: star.account.id ?? 0,
                       type: star.account.isOrganization ? "Organization" : "User", starredAt: star.starredAt)
        }
        let page = Page(items: users, next: loaded.page.endCursor.map(GitHubCursor.after), totalCount: loaded.page.totalCount)
        return LoadedPage(page: page, origin: loaded.origin, body: loaded.body, webPages: stars.map(\.account.htmlURL),
                          fills: stars.map(\.account))
    }
}
