import GitHubAPI

/// The words of each list, in one table: its crumb (the title's last part, as a profile's row,
/// the pane's keys and the `:` line open it), and the short name the pane's keys give it.
extension GitHubList {
    /// "followers", "organizations", "stargazers".
    var crumb: String {
        switch self {
        case .users(let list):
            switch list {
            case .all, .search: title
            case .followers: "followers"
            case .following: "following"
            case .members: "members"
            case .organizations: "organizations"
            case .stargazers: "stargazers"
            case .newestStargazers: "stargazers, newest first"
            case .contributors: "contributors"
            case .watchers: "watchers"
            }
        case .repositories(.owned): "repositories"
        case .repositories(.starred): "starred"
        }
    }

    /// As the pane's keys name it, short: "repos", "orgs"; else the crumb.
    var shortName: String {
        switch self {
        case .repositories(.owned): "repos"
        case .users(.organizations): "orgs"
        default: crumb
        }
    }

    /// The list a key of the details pane opens from an account (1 its followers; 2 the users
    /// it follows; 3 its repositories; 4 its stars; 5 its organizations), from an organization
    /// (1 its members, 2 its followers, 3 its repositories) or from a repository (1 its
    /// stargazers, 2 its contributors, 3 its watchers); nil for a key that opens none there.
    static func opened(by action: Action, from row: Row) -> GitHubList? {
        switch row {
        case .repository(let repository):
            guard let (owner, name) = repository.ownerAndName else { return nil }
            switch action {
            case .followers: return .users(.stargazers(owner: owner, repo: name))
            case .following: return .users(.contributors(owner: owner, repo: name))
            case .repositories: return .users(.watchers(owner: owner, repo: name))
            default: return nil
            }
        case .user(let user):
            let login = user.login
            if user.isOrganization {
                // An organization has members and followers, and stars nothing nor belongs anywhere.
                switch action {
                case .followers: return .users(.members(login))
                case .following: return .users(.followers(login))
                case .repositories: return .repositories(.owned(login, organization: true))
                default: return nil
                }
            }
            switch action {
            case .followers: return .users(.followers(login))
            case .following: return .users(.following(login))
            case .repositories: return .repositories(.owned(login, organization: false))
            case .starred: return .repositories(.starred(login))
            case .organizations: return .users(.organizations(login))
            default: return nil
            }
        }
    }
}

extension GitHubList {
    /// Why the list ended where GitHub stopped serving it, and what to do about it: the end row
    /// of the screen, and (but for a search, which words it its own way there) the note a pipe
    /// writes on stderr. `loaded` rows came, of `total` when GitHub counted them.
    ///
    /// A search (GitHub gives its first 1,000 results): "First 1,000 of 12,345 · narrow the
    /// query". Stargazers (GitHub's REST API lists the first 40,000): "GitHub lists only the
    /// first 40,000 stargazers · ghscroll stargazers OWNER/REPO --newest lists them all, newest
    /// first". Any other list: "GitHub lists only the first N followers".
    package func cutShortNote(loaded: Int, total: Int?) -> String {
        let count = Formatting.grouped(loaded)
        switch self {
        case .users(.search):
            return "First \(count)" + (total.map { " of \(Formatting.grouped($0))" } ?? "") + " · narrow the query"
        case let .users(.stargazers(owner, repo)):
            return "GitHub lists only the first \(count) stargazers · ghscroll stargazers \(owner)/\(repo) --newest"
                + " lists them all, newest first"
        default:
            return "GitHub lists only the first \(count) \(noun)"
        }
    }
}
