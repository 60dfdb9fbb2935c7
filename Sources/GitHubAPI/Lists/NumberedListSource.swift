import Foundation
import ListCore

/// A page-numbered list that follows `rel="next"`: people (followers, following, members,
/// stargazers, contributors, watchers, organizations) or repositories.
public struct NumberedListSource<Item: Decodable & Identifiable & Sendable>: PageSource where Item.ID: Sendable {
    public let client: GitHubClient
    /// The API path, e.g. `/users/octocat/followers`.
    public let path: String
    /// Query items every page asks with besides its number and size (`sort=pushed`).
    public let query: [(String, String)]
    /// What the list is, for messages ("user octocat").
    public let subject: String
    public let firstCursor: GitHubCursor
    /// What a decoded page's items become (an organizations list marks its rows as such): the
    /// same items, in the same order.
    private let adjust: @Sendable ([Item]) -> [Item]

    /// `startPage` above 1 starts the list there (and a refresh goes back there).
    public init(client: GitHubClient, path: String, query: [(String, String)] = [], subject: String, startPage: Int = 1,
                adjust: @escaping @Sendable ([Item]) -> [Item] = { $0 }) {
        self.client = client
        self.path = path
        self.query = query
        self.subject = subject
        self.adjust = adjust
        firstCursor = startPage > 1 ? .page(startPage) : .first
    }

    public func loadPage(at cursor: GitHubCursor, pageSize: Int) async throws -> Page<Item, GitHubCursor> {
        try await load(at: cursor, pageSize: pageSize, policy: .normal).page
    }

    public func load(at cursor: GitHubCursor, pageSize: Int, policy: CachePolicy) async throws -> LoadedPage<Item> {
        let url = try pageURL(cursor, client: client, path: path, query: query, pageSize: pageSize)
        let (sent, response) = try await client.perform { [client, subject] in
            try await client.fetch(url, subject: subject, policy: policy) {
                try GitHubClient.decode([SentItem<Item>].self, from: $0)
            }
        }
        let (items, webPages) = sent.split()
        let page = Page(items: adjust(items), next: try nextCursor(response, after: url, client: client),
                        totalPages: lastPage(response) ?? (response.links["next"] == nil ? pageNumber(url) : nil))
        return LoadedPage(page: page, origin: response.origin, body: response.body, webPages: webPages)
    }
}
