import Foundation
import ListCore

/// Where the next page of a GitHub list is.
public enum GitHubCursor: Sendable, Hashable, CustomStringConvertible {
    /// GET /users: the users after this id.
    case since(Int64)
    /// The first page of a page-numbered list.
    case first
    /// A page-numbered list started at this page (`--page N`).
    case page(Int)
    /// A page-numbered list's page, at the URL GitHub's `Link` named.
    case link(URL)

    public var description: String {
        switch self {
        case .since(let id): "since \(id)"
        case .first: "page 1"
        case .page(let number): "page \(number)"
        case .link(let url): url.absoluteString
        }
    }
}

/// GET /users: every account in sign-up order, paged by the last id seen.
public struct AllUsersSource: PageSource {
    public let client: GitHubClient
    public let firstCursor: GitHubCursor

    public init(client: GitHubClient, since: Int64 = 0) {
        self.client = client
        self.firstCursor = .since(max(0, since))
    }

    public func loadPage(at cursor: GitHubCursor, pageSize: Int) async throws -> Page<GitHubUser, GitHubCursor> {
        try await load(at: cursor, pageSize: pageSize, policy: .normal).page
    }

    public func load(at cursor: GitHubCursor, pageSize: Int, policy: CachePolicy) async throws -> LoadedPage<GitHubUser> {
        let since: Int64
        switch cursor {
        case .since(let id): since = id
        case .first, .page: since = 0
        case .link(let url): since = Self.since(in: url) ?? 0
        }
        let url = try client.configuration.url("/users", query: [("since", String(since)), ("per_page", String(clampPageSize(pageSize)))])
        let (users, response) = try await client.perform { [client] in
            try await client.fetch(url, subject: "the user list", policy: policy) {
                try GitHubClient.decode([GitHubUser].self, from: $0)
            }
        }
        let links = response.links
        guard let last = users.last else {
            return LoadedPage(page: Page(items: [], next: nil), origin: response.origin, body: response.body)
        }
        // The Link's `since` is authoritative when it is usable; the last id is the fallback.
        // It never goes backwards.
        var linked: Int64?
        if let next = try followableLink(links["next"], from: url, client: client) { linked = Self.since(in: next) }
        let next = max(linked ?? last.id, last.id)
        return LoadedPage(page: Page(items: users, next: next > since ? .since(next) : nil), origin: response.origin,
                          body: response.body)
    }

    static func since(in url: URL) -> Int64? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "since" }?.value.flatMap { Int64($0) }
    }
}

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
    /// What a decoded page's items become (an organizations list marks its rows as such).
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
        let (items, response) = try await client.perform { [client, subject] in
            try await client.fetch(url, subject: subject, policy: policy) { try GitHubClient.decode([Item].self, from: $0) }
        }
        let page = Page(items: adjust(items), next: try nextCursor(response, after: url, client: client),
                        totalPages: lastPage(response) ?? (response.links["next"] == nil ? pageNumber(url) : nil))
        return LoadedPage(page: page, origin: response.origin, body: response.body)
    }
}

/// GET /search/users: `total_count` as the total, and the first 1,000 results only.
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
        var items: [GitHubUser]
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
            // Asking past the cap: the list ends here.
            return LoadedPage(page: Page(items: [], next: nil), origin: .network, body: Data("[]".utf8))
        }
        let number = pageNumber(url)
        let reachable = min(body.totalCount, Self.resultCap)
        var next: GitHubCursor?
        if number * size < reachable, !body.items.isEmpty {
            next = try nextCursor(response, after: url, client: client) ?? .link(numbered(url, number + 1))
        }
        let page = Page(items: body.items, next: next,
                        totalCount: body.totalCount, totalPages: max(1, (reachable + size - 1) / size),
                        isIncomplete: body.incompleteResults ?? false)
        return LoadedPage(page: page, origin: response.origin, body: response.body)
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

// MARK: - Shared paging helpers

/// A page with where it came from and the body GitHub sent (for `--json`, which prints the
/// objects as they were sent).
public struct LoadedPage<Item: Sendable>: Sendable {
    public var page: Page<Item, GitHubCursor>
    public var origin: ResponseOrigin
    public var body: Data

    public init(page: Page<Item, GitHubCursor>, origin: ResponseOrigin, body: Data) {
        self.page = page
        self.origin = origin
        self.body = body
    }
}

/// A source that can say where its pages came from and take a cache policy.
public protocol GitHubPageSource<Item>: PageSource where Cursor == GitHubCursor {
    func load(at cursor: GitHubCursor, pageSize: Int, policy: CachePolicy) async throws -> LoadedPage<Item>
}

extension AllUsersSource: GitHubPageSource {}
extension NumberedListSource: GitHubPageSource {}
extension SearchUsersSource: GitHubPageSource {}

func clampPageSize(_ size: Int) -> Int { min(100, max(1, size)) }

func pageURL(_ cursor: GitHubCursor, client: GitHubClient, path: String, query: [(String, String)], pageSize: Int) throws -> URL {
    switch cursor {
    case .link(let url): return url
    case .first, .since, .page:
        var number = 1
        if case .page(let start) = cursor { number = min(max(1, start), maxPageNumber) }
        return try client.configuration.url(path, query: query + [("per_page", String(clampPageSize(pageSize))),
                                                                   ("page", String(number))])
    }
}

/// The `rel="next"` URL as a cursor; nil when there is none, an error when it must not be followed.
func nextCursor(_ response: GitHubResponse, after url: URL, client: GitHubClient) throws -> GitHubCursor? {
    guard let next = try followableLink(response.links["next"], from: url, client: client) else { return nil }
    let current = pageNumber(url)
    let target = pageNumber(next)
    guard target > current else {
        throw GitHubError.unusableLink(reason: "it goes back from page \(current) to page \(target)")
    }
    return .link(next)
}

/// The largest page number followed: far beyond any real list (GitHub caps lists well below).
let maxPageNumber = 10_000_000

/// A `Link` target resolved against `url`, if it may be followed: http(s), the API's own origin,
/// and a sane page number. Nil when there is no link.
func followableLink(_ text: String?, from url: URL, client: GitHubClient) throws -> URL? {
    guard let text else { return nil }
    guard let next = URL(string: text, relativeTo: url)?.absoluteURL else {
        throw GitHubError.unusableLink(reason: "it is not a URL")
    }
    guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
        throw GitHubError.unusableLink(reason: "it is not an http(s) URL")
    }
    // The page being read is always on the API's origin (built from the base URL, or a link that
    // passed this check), so the base URL's origin is the one to compare with.
    guard client.configuration.isSameOrigin(next) else {
        throw GitHubError.unusableLink(reason: "it points to another host (\(next.host ?? "none"))")
    }
    let rawPage = URLComponents(url: next, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value
    if let rawPage {
        guard let page = Int(rawPage), (1...maxPageNumber).contains(page) else {
            throw GitHubError.unusableLink(reason: "page \"\(rawPage.prefix(20))\" is out of range")
        }
    }
    return next
}

func pageNumber(_ url: URL) -> Int {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
        .first { $0.name == "page" }?.value.flatMap { Int($0) }.map { max(1, $0) } ?? 1
}

func lastPage(_ response: GitHubResponse) -> Int? {
    response.links["last"].flatMap { URL(string: $0) }.map(pageNumber)
}
