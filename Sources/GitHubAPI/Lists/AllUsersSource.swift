import Foundation
import ListCore

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
        case .first, .page, .after: since = 0
        case .link(let url): since = Self.since(in: url) ?? 0
        }
        let url = try client.configuration.url("/users", query: [("since", String(since)), ("per_page", String(clampPageSize(pageSize)))])
        let (sent, response) = try await client.perform { [client] in
            try await client.fetch(url, subject: "the user list", policy: policy) {
                try GitHubClient.decode([SentItem<GitHubUser>].self, from: $0)
            }
        }
        let (users, webPages) = sent.split()
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
                          body: response.body, webPages: webPages)
    }

    static func since(in url: URL) -> Int64? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "since" }?.value.flatMap { Int64($0) }
    }
}
