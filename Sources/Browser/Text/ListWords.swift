import GitHubAPI

/// The words of each list, in one table: its heading (the title of a list opened by a command),
/// what its items are called (counted: "1 follower", "3,000 users"), its crumb (the title's last
/// part, as a profile's row, the pane's keys and the `:` line open it under an account), and the
/// short name the pane's keys give it. The state keeps facts (a screen's ``Crumb``s name its
/// lists); the view and the shell word them here.
extension GitHubList {
    /// The list named on its own, as a command opens it: "Followers of octocat", "Search: tom";
    /// the users an account follows, "octocat follows" (GitHubAPI's title, "Following of
    /// octocat", does not read as English); the token owner's own (`@me`), in the second
    /// person: "Your followers", "You follow".
    package var heading: String {
        if let yours { return yours }
        if case .users(.following(let login)) = self { return "\(login) follows" }
        return title
    }

    /// The heading of a list of `@me`'s, which is no name to show; nil for any other list.
    private var yours: String? {
        let me = GitHubConfiguration.me
        switch self {
        case .users(.followers(me)): return "Your followers"
        case .users(.following(me)): return "You follow"
        case .users(.organizations(me)): return "Your organizations"
        case .repositories(.owned(me, organization: false)): return "Your repositories"
        case .repositories(.starred(me)): return "Starred by you"
        default: return nil
        }
    }

    /// What the list's items are called where they are counted or spoken of ("1 follower",
    /// "120 followed users", "No results."): its status line, end row and notes.
    package var itemNoun: Noun {
        switch self {
        case .users(let list):
            switch list {
            case .all: Noun("user")
            case .followers: Noun("follower")
            case .following: Noun("followed user")
            case .members: Noun("member")
            case .stargazers, .newestStargazers: Noun("stargazer")
            case .contributors: Noun("contributor")
            case .watchers: Noun("watcher")
            case .organizations: Noun("organization")
            case .search: Noun("result")
            }
        case .repositories(.owned): Noun("repository", plural: "repositories")
        case .repositories(.starred): Noun("starred repository", plural: "starred repositories")
        }
    }

    /// What the list is called under an account, counted ("All 1 follower →", "All 12
    /// following →"): the item noun but for the lists named for what the account does.
    var crumbNoun: Noun {
        switch self {
        case .users(.following): Noun("following", plural: "following")
        case .users(.newestStargazers): Noun("stargazer, newest first", plural: "stargazers, newest first")
        case .repositories(.starred): Noun("starred", plural: "starred")
        default: itemNoun
        }
    }

    /// "followers", "organizations", "stargazers"; the heading for a list of no account.
    var crumb: String {
        switch self {
        case .users(.all), .users(.search): heading
        default: crumbNoun.many
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
        switch self {
        case .users(.search):
            return "First \(Formatting.grouped(loaded))" + (total.map { " of \(Formatting.grouped($0))" } ?? "") + " · narrow the query"
        case let .users(.stargazers(owner, repo)):
            return "GitHub lists only the first \(Formatting.count(loaded, itemNoun)) · ghscroll stargazers \(owner)/\(repo) --newest"
                + " lists them all, newest first"
        default:
            return "GitHub lists only the first \(Formatting.count(loaded, itemNoun))"
        }
    }
}
