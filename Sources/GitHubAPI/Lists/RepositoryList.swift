/// The repository lists ghscroll can browse.
public enum RepositoryList: Sendable, Equatable {
    /// An account's own repositories, most recently pushed first (an organization's through
    /// `/orgs`, which also lists those its members own there).
    case owned(String, organization: Bool)
    /// The repositories an account starred, most recently starred first.
    case starred(String)

    /// "Repositories of octocat".
    public var title: String {
        switch self {
        case .owned(let login, _): "Repositories of \(login)"
        case .starred(let login): "Starred by \(login)"
        }
    }

    /// What the items are called, plural: "No repositories".
    public var noun: String {
        switch self {
        case .owned: "repositories"
        case .starred: "starred repositories"
        }
    }

    /// The page source that loads this list; it starts at `startPage`. The login
    /// ``GitHubConfiguration/me`` reads the token owner's own lists (`/user/repos`, `/user/starred`).
    public func githubSource(client: GitHubClient, startPage: Int = 1) -> NumberedListSource<GitHubRepository> {
        let segment = GitHubConfiguration.segment
        switch self {
        case let .owned(login, organization) where !organization && login == GitHubConfiguration.me:
            // The token owner's own repositories, private ones too (not those they only collaborate on).
            return NumberedListSource(client: client, path: "/user/repos", query: [("sort", "pushed"), ("affiliation", "owner")],
                                      subject: "User \(login)", startPage: startPage)
        case let .owned(login, organization):
            let path = organization ? "/orgs/\(segment(login))/repos" : "/users/\(segment(login))/repos"
            return NumberedListSource(client: client, path: path, query: [("sort", "pushed")],
                                      subject: organization ? "Organization \(login)" : "User \(login)", startPage: startPage)
        case .starred(let login):
            return NumberedListSource(client: client, path: GitHubConfiguration.accountPath(login) + "/starred", subject: "User \(login)",
                                      startPage: startPage)
        }
    }
}
