import ArgumentParser
import GitHubAPI

@main
struct GHScroll: AsyncParsableCommand {
    /// What ghscroll is for, the first paragraph of `--help` and of the man page.
    static let overview = """
        Without a network, try: ghscroll --demo. On a terminal the list opens in a browser (its status line \
        names the main keys and the help key; ghscroll keys prints them all, as your configuration file binds \
        them); in a pipe, or with --plain or --json, it is printed as text.
        """

    static let configuration = CommandConfiguration(
        commandName: "ghscroll",
        abstract: "Browse GitHub user lists in the terminal, loading pages as you scroll.",
        discussion: """
        \(overview)

        Environment: GH_TOKEN, GITHUB_TOKEN (a token; for an Enterprise host GH_ENTERPRISE_TOKEN and \
        GITHUB_ENTERPRISE_TOKEN come first; else gh's own login is used when gh is installed), GH_HOST (the \
        host when no --api-url or GITHUB_API_URL is given), GITHUB_API_URL, NO_COLOR, BROWSER, \
        XDG_CONFIG_HOME (for ghscroll/config.toml: \(ConfigFile.settings.joined(separator: ", "))), \
        XDG_CACHE_HOME (for ghscroll/cache.sqlite).

        Exit status: 0 when done, 1 on an error, 64 on a usage error, 128+N after signal N.
        """,
        version: GitHubConfiguration.programVersion,
        subcommands: listCommands + [ServeFakeCommand.self, CacheCommand.self, KeysCommand.self,
                                     ManualSectionsCommand.self],
        defaultSubcommand: UsersCommand.self
    )

    /// The commands that show a list; they all take ``ListOptions``.
    static let listCommands: [any ParsableCommand.Type] = [
        UsersCommand.self, FollowersCommand.self, FollowingCommand.self, MembersCommand.self,
        OrganizationsCommand.self, RepositoriesCommand.self, StarredCommand.self, StargazersCommand.self,
        ContributorsCommand.self, WatchersCommand.self, SearchCommand.self, UserCommand.self,
    ]

    /// Parses and runs the command, as the parser's own `main` does, after checking that a word
    /// standing where a subcommand goes names one (see ``SubcommandCheck``).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = SubcommandCheck.problem(in: arguments, root: Self.self) {
            exit(withError: ValidationError(problem))
        }
        do {
            var command = try parse(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// The command `arguments` name. The parser takes a subcommand only as the first word; when
    /// options come first (`ghscroll --demo followers octocat`) and the line does not parse, the
    /// line with its subcommand moved to the front is taken instead, and a slip of a subcommand's
    /// name after options is named as one.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        do {
            return try parseAsRoot(arguments)
        } catch {
            if let moved = SubcommandCheck.subcommandFirst(arguments, root: Self.self) { return try parseAsRoot(moved) }
            if let problem = SubcommandCheck.misplacedSlip(in: arguments, root: Self.self) {
                throw ValidationError(problem)
            }
            throw error
        }
    }
}

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "users", abstract: "All users, in sign-up order.")
    @Option(parsing: .unconditional, help: "Start after this user id.") var since: Int64 = 0
    @OptionGroup var options: ListOptions
    @OptionGroup var limit: LimitOption
    /// Not in the help: answered with why.
    @Option(parsing: .unconditional, help: ArgumentHelp(visibility: .hidden)) var page: Int?
    func validate() throws {
        if since < 0 { throw ValidationError("--since must be a user id, 0 or more (got \(since))") }
        if page != nil { throw ValidationError("--page goes with every list but users, which starts with --since") }
    }
    func run() async throws { try await options.browse(.all(since: since), limit: limit.limit) }
}

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "An account's profile: its details, organizations, repositories, followers and following (an organization's members and repositories).",
        discussion: "In a pipe, or with --plain, it prints the details as FIELD<TAB>VALUE lines; with --json, the account's object as GitHub sent it, on one line.")
    @Argument(help: "The account's login.") var login: String
    @OptionGroup var options: ListOptions
    /// Not in the help: answered with why.
    @Option(parsing: .unconditional, help: ArgumentHelp(visibility: .hidden)) var page: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp(visibility: .hidden)) var limit: Int?
    func validate() throws {
        _ = try ListOptions.validLogin(login)
        if page != nil { throw ValidationError("--page goes with lists, not with a profile") }
        if limit != nil { throw ValidationError("--limit goes with lists: a profile's details are printed whole") }
    }
    func run() async throws {
        let login = try ListOptions.validLogin(login)
        try await options.browseProfile(login)
    }
}

struct FollowersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "followers", abstract: "The followers of a user.")
    @Argument(help: "The user's login.") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    func validate() throws { _ = try ListOptions.validLogin(login) }
    func run() async throws { try await options.browse(.followers(try ListOptions.validLogin(login)), paging) }
}

struct FollowingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "following", abstract: "The users a user follows.")
    @Argument(help: "The user's login.") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    func validate() throws { _ = try ListOptions.validLogin(login) }
    func run() async throws { try await options.browse(.following(try ListOptions.validLogin(login)), paging) }
}

struct MembersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "members", abstract: "The public members of an organization.")
    @Argument(help: "The organization's login.") var org: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    func validate() throws { _ = try ListOptions.validLogin(org) }
    func run() async throws { try await options.browse(.members(try ListOptions.validLogin(org)), paging) }
}

struct OrganizationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "orgs", abstract: "The organizations a user belongs to (public memberships).")
    @Argument(help: "The user's login.") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    func validate() throws { _ = try ListOptions.validLogin(login) }
    func run() async throws { try await options.browse(.organizations(try ListOptions.validLogin(login)), paging) }
}

struct RepositoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repos",
                                                    abstract: "The repositories of a user or organization, most recently pushed first.")
    @Argument(help: "The user's or organization's login.") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    func validate() throws { _ = try ListOptions.validLogin(login) }
    func run() async throws {
        try await options.browse(.repositories(.owned(try ListOptions.validLogin(login), organization: false)), paging)
    }
}

struct StarredCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "starred", abstract: "The repositories a user starred.")
    @Argument(help: "The user's login.") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    func validate() throws { _ = try ListOptions.validLogin(login) }
    func run() async throws { try await options.browse(.repositories(.starred(try ListOptions.validLogin(login))), paging) }
}

/// A repository named on the command line, as OWNER/REPO: checked the same way by every command
/// that takes one.
struct RepositoryArgument {
    /// The owner and the name, when `text` has the form OWNER/REPO.
    static func parts(of text: String) -> (owner: String, repo: String)? {
        GitHubRepository.ownerAndName(text).map { ($0.owner, $0.name) }
    }

    /// The usage error for `command` when `text` is not OWNER/REPO.
    static func check(_ text: String, for command: String) throws {
        guard parts(of: text) != nil else {
            throw ValidationError("\(command) takes a repository as OWNER/REPO, for example apple/swift (got '\(text)')")
        }
    }

    static let help = ArgumentHelp("The repository, as OWNER/REPO (for example apple/swift).")
}

/// A command that takes a repository as OWNER/REPO and shows one of its lists of people.
protocol RepositoryPeopleCommand: AsyncParsableCommand {
    var repository: String { get }
    var options: ListOptions { get }
    var paging: PagingOptions { get }
    static func list(owner: String, repo: String) -> UserList
}

extension RepositoryPeopleCommand {
    func validate() throws { try RepositoryArgument.check(repository, for: Self.configuration.commandName ?? "this command") }

    func run() async throws {
        guard let (owner, repo) = RepositoryArgument.parts(of: repository) else { return }
        try await options.browse(Self.list(owner: owner, repo: repo), paging)
    }
}

struct StargazersCommand: RepositoryPeopleCommand {
    static let configuration = CommandConfiguration(commandName: "stargazers", abstract: "The users who starred a repository.")
    @Argument(help: RepositoryArgument.help) var repository: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    static func list(owner: String, repo: String) -> UserList { .stargazers(owner: owner, repo: repo) }
}

struct ContributorsCommand: RepositoryPeopleCommand {
    static let configuration = CommandConfiguration(commandName: "contributors",
                                                    abstract: "The people who committed to a repository, most commits first.")
    @Argument(help: RepositoryArgument.help) var repository: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    static func list(owner: String, repo: String) -> UserList { .contributors(owner: owner, repo: repo) }
}

struct WatchersCommand: RepositoryPeopleCommand {
    static let configuration = CommandConfiguration(commandName: "watchers", abstract: "The people watching a repository.")
    @Argument(help: RepositoryArgument.help) var repository: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    static func list(owner: String, repo: String) -> UserList { .watchers(owner: owner, repo: repo) }
}

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Search users (the first 1,000 results).")
    @Argument(parsing: .remaining, help: "The search query, e.g. 'tom type:user location:Berlin followers:>100'.")
    var query: [String]
    @Option(help: "The order: best-match (GitHub's), followers, repositories or joined (most first).")
    var sort: SearchSort = .bestMatch
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    var text: String { query.joined(separator: " ").trimmingCharacters(in: .whitespaces) }
    func validate() throws {
        guard !text.isEmpty else { throw ValidationError("the search needs a query") }
    }
    func run() async throws { try await options.browse(.search(text, sort: sort), paging) }
}

extension SearchSort: ExpressibleByArgument {}
