import Foundation
import ListCore

/// A page-numbered list that follows `rel="next"`: people (followers, following, members,
/// stargazers, contributors, watchers, organizations) or repositories.
///
/// Where GitHub stops serving a long list (its 422 "pagination is limited for this resource",
/// past 40,000 stargazers) the list ends there, marked as cut short (``Page/endsShort``): the
/// limit is GitHub's to set, so none is assumed here.
public struct NumberedListSource<Item: Decodable & Identifiable & Sendable>: PageSource where Item.ID: Sendable {
    public let client: GitHubClient
    /// The API path, e.g. `/users/octocat/followers`.
    public let path: String
    /// Query items every page asks with besides its number and size (`sort=pushed`).
    public let query: [(String, String)]
    /// What the list is, for messages ("user octocat").
    public let subject: String
    public let firstCursor: GitHubCursor
    /// The `Accept` every page is asked with (``Stargazer/mediaType`` for dated stargazers).
    public let accept: String
    /// What a page's body becomes: its items, decoded, and the `html_url` of each (nil where it
    /// had none), in the same order.
    private let decode: @Sendable (Data) throws -> (items: [Item], webPages: [String?])
    /// What a decoded page's items become (an organizations list marks its rows as such): the
    /// same items, in the same order.
    private let adjust: @Sendable ([Item]) -> [Item]

    /// `startPage` above 1 starts the list there (and a refresh goes back there). `accept` and
    /// `decode` (nil: GitHub's objects) ask for and read another representation of the items than GitHub's plain one.
    public init(client: GitHubClient, path: String, query: [(String, String)] = [], subject: String, startPage: Int = 1,
                accept: String = GitHubClient.mediaType,
                decode: (@Sendable (Data) throws -> (items: [Item], webPages: [String?]))? = nil,
                adjust: @escaping @Sendable ([Item]) -> [Item] = { $0 }) {
        self.client = client
        self.path = path
        self.query = query
        self.subject = subject
        self.accept = accept
        // By default GitHub's objects, each with its `html_url`.
        self.decode = decode ?? { try GitHubClient.decode([SentItem<Item>].self, from: $0).split() }
        self.adjust = adjust
        firstCursor = startPage > 1 ? .page(startPage) : .first
    }

    public func loadPage(at cursor: GitHubCursor, pageSize: Int) async throws -> Page<Item, GitHubCursor> {
        try await load(at: cursor, pageSize: pageSize, policy: .normal).page
    }

    public func load(at cursor: GitHubCursor, pageSize: Int, policy: CachePolicy) async throws -> LoadedPage<Item> {
        let url = try pageURL(cursor, client: client, path: path, query: query, pageSize: pageSize)
        let sent: (items: [Item], webPages: [String?])
        let response: GitHubResponse
        do {
            (sent, response) = try await client.perform { [client, subject, accept, decode] in
                try await client.fetch(url, subject: subject, policy: policy, accept: accept, decode: decode)
            }
        } catch let error as GitHubError where error.isPaginationLimit {
            // GitHub serves no page past its limit: the list ends here, though it goes on.
            return LoadedPage(page: Page(items: [], next: nil, endsShort: true), origin: .network, body: Data("[]".utf8))
        }
        let page = Page(items: adjust(sent.items), next: try nextCursor(response, after: url, client: client),
                        totalPages: lastPage(response) ?? (response.links["next"] == nil ? pageNumber(url) : nil))
        return LoadedPage(page: page, origin: response.origin, body: response.body, webPages: sent.webPages)
    }
}

extension GitHubError {
    /// GitHub's 422 for a page past the part of a list it serves ("In order to keep the API fast
    /// for everyone, pagination is limited for this resource…").
    public var isPaginationLimit: Bool {
        guard case .validation(let message) = self else { return false }
        return message.localizedCaseInsensitiveContains("pagination is limited")
    }
}
