import ListCore

/// The user lists ghscroll can browse.
public enum UserList: Sendable, Equatable {
    case all(since: Int64)
    case followers(String)
    case following(String)
    case members(String)
    case stargazers(owner: String, repo: String)
    case search(String)

    /// "Followers of octocat".
    public var title: String {
        switch self {
        case .all(let since): since > 0 ? "All users since #\(since)" : "All users"
        case .followers(let login): "Followers of \(login)"
        case .following(let login): "Following of \(login)"
        case .members(let org): "Members of \(org)"
        case let .stargazers(owner, repo): "Stargazers of \(owner)/\(repo)"
        case .search(let query): "Search: \(query)"
        }
    }

    /// What the items are called, plural: "No followers".
    public var noun: String {
        switch self {
        case .all: "users"
        case .followers: "followers"
        case .following: "followed users"
        case .members: "members"
        case .stargazers: "stargazers"
        case .search: "results"
        }
    }

    /// The page source that loads this list.
    public func source(client: GitHubClient) -> AnyPageSource<GitHubUser, GitHubCursor> {
        let segment = GitHubConfiguration.segment
        switch self {
        case .all(let since):
            return AnyPageSource(AllUsersSource(client: client, since: since))
        case .followers(let login):
            return AnyPageSource(NumberedListSource(client: client, path: "/users/\(segment(login))/followers", subject: "User \(login)"))
        case .following(let login):
            return AnyPageSource(NumberedListSource(client: client, path: "/users/\(segment(login))/following", subject: "User \(login)"))
        case .members(let org):
            return AnyPageSource(NumberedListSource(client: client, path: "/orgs/\(segment(org))/members", subject: "Organization \(org)"))
        case let .stargazers(owner, repo):
            return AnyPageSource(NumberedListSource(
                client: client, path: "/repos/\(segment(owner))/\(segment(repo))/stargazers", subject: "Repository \(owner)/\(repo)"))
        case .search(let query):
            return AnyPageSource(SearchUsersSource(client: client, query: query))
        }
    }
}

extension UserList {
    /// The cursor of the list's first page.
    public var firstCursor: GitHubCursor {
        switch self {
        case .all(let since): .since(max(0, since))
        default: .first
        }
    }
}
