import Foundation
import ListCore

/// GET /search/users: `total_count` as the total, and the first 1,000 results only (the page
/// that reaches them ends the list short, ``Page/endsShort``).
public struct SearchUsersSource: PageSource {
    public static let resultCap = 1_000
    public let client: GitHubClient
    public let query: String
    public let sort: SearchSort
    public let firstCursor: GitHubCursor

    public init(client: GitHubClient, query: String, sort: SearchSort = .bestMatch, startPage: Int = 1) {
        self.client = client
        self.query = query
        self.sort = sort
        firstCursor = startPage > 1 ? .page(startPage) : .first
    }

    struct Body: Decodable {
        var totalCount: Int
        var incompleteResults: Bool?
        var items: [SentItem<GitHubUser>]
        enum CodingKeys: String, CodingKey {
            case totalCount = "total_count"
            case incompleteResults = "incomplete_results"
            case items
        }
    }

    public func loadPage(at cursor: GitHubCursor, pageSize: Int) async throws -> Page<GitHubUser, GitHubCursor> {
        try await load(at: cursor, pageSize: pageSize, policy: .normal).page
    }

    public func load(at cursor: GitHubCursor, pageSize: Int, policy: CachePolicy) async throws -> LoadedPage<GitHubUser> {
        let size = clampPageSize(pageSize)
        let order = sort.parameter.map { [("sort", $0), ("order", "desc")] } ?? []
        let url = try pageURL(cursor, client: client, path: "/search/users", query: [("q", query)] + order, pageSize: size)
        let response: GitHubResponse
        let body: Body
        do {
            (body, response) = try await client.perform(resource: "search") { [client] in
                try await client.fetch(url, subject: "the search", policy: policy) { try GitHubClient.decode(Body.self, from: $0) }
            }
        } catch GitHubError.validation(let message) where message.contains("1000") {
            // Asking past the cap: the list ends here, cut short.
            return LoadedPage(page: Page(items: [], next: nil, endsShort: true), origin: .network, body: Data("[]".utf8))
        }
        let number = pageNumber(url)
        let reachable = min(body.totalCount, Self.resultCap)
        var next: GitHubCursor?
        if number * size < reachable, !body.items.isEmpty {
            next = try nextCursor(response, after: url, client: client) ?? .link(numbered(url, number + 1))
        }
        // The cap, not the results, ends the list here: GitHub found more than it gives.
        let cut = next == nil && !body.items.isEmpty && number * size >= reachable && body.totalCount > Self.resultCap
        let (users, webPages) = body.items.split()
        let page = Page(items: users, next: next,
                        totalCount: body.totalCount, totalPages: max(1, (reachable + size - 1) / size),
                        isIncomplete: body.incompleteResults ?? false, endsShort: cut)
        return LoadedPage(page: page, origin: response.origin, body: response.body, webPages: webPages)
    }

    private func numbered(_ url: URL, _ page: Int) throws -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw GitHubError.invalidURL(url.absoluteString)
        }
        var items = components.queryItems ?? []
        items.removeAll { $0.name == "page" }
        items.append(URLQueryItem(name: "page", value: String(page)))
        components.queryItems = items
        guard let result = components.url else { throw GitHubError.invalidURL(url.absoluteString) }
        return result
    }
}
