import ListCore

/// The user lists ghscroll can browse.
public enum UserList: Sendable, Equatable {
    case all(since: Int64)
    case followers(String)
    case following(String)
    case members(String)
    case stargazers(owner: String, repo: String)
    /// A repository's stargazers newest first, from GraphQL (`--newest`: a token needed; no
    /// 40,000 cap, no page numbers).
    case newestStargazers(owner: String, repo: String)
    /// People who committed to a repository, most commits first.
    case contributors(owner: String, repo: String)
    /// People watching a repository (`/subscribers`).
    case watchers(owner: String, repo: String)
    /// The organizations an account belongs to (public memberships).
    case organizations(String)
    /// `GET /search/users`: GitHub's user-search syntax, in the order `sort` asks for.
    case search(String, sort: SearchSort = .bestMatch)

    /// "Followers of octocat".
    public var title: String {
        switch self {
        case .all(let since): since > 0 ? "All users since #\(since)" : "All users"
        case .followers(let login): "Followers of \(login)"
        case .following(let login): "Following of \(login)"
        case .members(let org): "Members of \(org)"
        case let .stargazers(owner, repo): "Stargazers of \(owner)/\(repo)"
        case let .newestStargazers(owner, repo): "Stargazers of \(owner)/\(repo), newest first"
        case let .contributors(owner, repo): "Contributors to \(owner)/\(repo)"
        case let .watchers(owner, repo): "Watchers of \(owner)/\(repo)"
        case .organizations(let login): "Organizations of \(login)"
        case .search(let query, _): "Search: \(query)"
        }
    }

    /// What the items are called, plural: "No followers".
    public var noun: String {
        switch self {
        case .all: "users"
        case .followers: "followers"
        case .following: "followed users"
        case .members: "members"
        case .stargazers, .newestStargazers: "stargazers"
        case .contributors: "contributors"
        case .watchers: "watchers"
        case .organizations: "organizations"
        case .search: "results"
        }
    }

    /// True for the lists that page by number (all but GET /users, which pages by id).
    public var isPageNumbered: Bool {
        switch self {
        case .all, .newestStargazers: false
        default: true
        }
    }

    /// One page, by the cache policy, with where it came from.
    public func load(client: GitHubClient, at cursor: GitHubCursor, pageSize: Int,
                     policy: CachePolicy) async throws -> LoadedPage<GitHubUser> {
        try await githubSource(client: client).load(at: cursor, pageSize: pageSize, policy: policy)
    }

    /// The page source that loads this list; a page-numbered list starts at `startPage`. The
    /// login ``GitHubConfiguration/me`` reads the token owner's own lists (`/user/followers`).
    public func githubSource(client: GitHubClient, startPage: Int = 1) -> any GitHubPageSource<GitHubUser> {
        let segment = GitHubConfiguration.segment
        func numbered(_ path: String, _ subject: String) -> NumberedListSource<GitHubUser> {
            NumberedListSource(client: client, path: path, subject: subject, startPage: startPage)
        }
        func repository(_ owner: String, _ repo: String, _ list: String) -> NumberedListSource<GitHubUser> {
            numbered("/repos/\(segment(owner))/\(segment(repo))/\(list)", "Repository \(owner)/\(repo)")
        }
        switch self {
        case .all(let since):
            return AllUsersSource(client: client, since: since)
        case .followers(let login):
            return numbered(GitHubConfiguration.accountPath(login) + "/followers", "User \(login)")
        case .following(let login):
            return numbered(GitHubConfiguration.accountPath(login) + "/following", "User \(login)")
        case .members(let org):
            return numbered("/orgs/\(segment(org))/members", "Organization \(org)")
        case let .stargazers(owner, repo):
            // Each with the date of the star: `{"starred_at", "user"}` items.
            return NumberedListSource(client: client, path: "/repos/\(segment(owner))/\(segment(repo))/stargazers",
                                      subject: "Repository \(owner)/\(repo)", startPage: startPage,
                                      accept: Stargazer.mediaType,
                                      decode: { body in
                                          let stargazers = try GitHubClient.decode([Stargazer].self, from: body)
                                          return (stargazers.map(\.user), stargazers.map(\.webPage))
                                      })
        case let .newestStargazers(owner, repo):
            return NewestStargazersSource(client: client, owner: owner, name: repo)
        case let .contributors(owner, repo):
            return repository(owner, repo, "contributors")
        case let .watchers(owner, repo):
            return repository(owner, repo, "subscribers")
        case .organizations(let login):
            // GitHub sends organization objects here, without a `type`: the rows are marked.
            return NumberedListSource(client: client, path: GitHubConfiguration.accountPath(login) + "/orgs", subject: "User \(login)",
                                      startPage: startPage, adjust: { organizations in
                organizations.map { organization in
                    var organization = organization
                    organization.kind = .organization
                    return organization
                }
            })
        case let .search(query, sort):
            return SearchUsersSource(client: client, query: query, sort: sort, startPage: startPage)
        }
    }
}

extension UserList {
    /// The cursor of the list's first page.
    public var firstCursor: GitHubCursor { firstCursor(startPage: 1) }

    /// The cursor a list starts from: a page-numbered list may start at a later page.
    /// The cursors of the pages before `cursor`, for a list opened past its start (`--page N`:
    /// pages 1 to N-1); none for any other start.
    public func cursors(before cursor: GitHubCursor) -> [GitHubCursor] {
        isPageNumbered ? GitHubCursor.pages(before: cursor) : []
    }

    public func firstCursor(startPage: Int) -> GitHubCursor {
        switch self {
        case .all(let since): .since(max(0, since))
        case .newestStargazers: .first
        default: startPage > 1 ? .page(startPage) : .first
        }
    }
}
