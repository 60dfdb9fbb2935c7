import Foundation
import ArgumentParser
import Browser
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

        Your own account: me opens its profile, and @me stands for its login wherever a LOGIN goes (followers @me, \
        following @me, starred @me, repos @me with the private ones, orgs @me); both need a token.

        Exit status: 0 when done, 1 on an error (a configuration file that cannot be used is one), 4 when what was \
        asked needs a token and none was found (me, @me, stargazers --newest), 64 on a usage error, 128+N after \
        signal N.
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
        ContributorsCommand.self, WatchersCommand.self, SearchCommand.self, UserCommand.self, MeCommand.self,
    ]

    /// Parses and runs the command, as the parser's own `main` does, after checking that a word
    /// standing where a subcommand goes names one (see ``SubcommandCheck``).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parse(arguments)
            do {
                if var asyncCommand = command as? any AsyncParsableCommand { try await asyncCommand.run() } else { try command.run() }
            } catch let error as ValidationError {
                // Said with the usage of the command it came from, not the root's.
                throw SubcommandProblem(message: error.message, command: type(of: command))
            }
        } catch let problem as SubcommandProblem {
            guard problem.command != Self.self else { exit(withError: ValidationError(problem.message)) }
            // The usage of the command that wanted a subcommand there, as the parser words its own.
            let usage = usageString(for: problem.command)
            let name = usage.split(separator: " ").prefix { !$0.hasPrefix("<") && !$0.hasPrefix("[") }.joined(separator: " ")
            FileHandle.standardError.write(Data("Error: \(problem.message)\nUsage: \(usage)\n  See '\(name) --help' for more information.\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch let error as AuthenticationNeeded {
            // gh's status for "authentication needed".
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            Foundation.exit(AuthenticationNeeded.exitStatus)
        } catch {
            exit(withError: error)
        }
    }

    /// A word where a subcommand goes that names none (or an option's problem found as it ran),
    /// and the command it went with, whose usage is shown.
    struct SubcommandProblem: Error {
        let message: String
        let command: any ParsableCommand.Type
    }

    /// The command `arguments` name. The parser takes a command only as the first word: when
    /// options come first (`ghscroll --demo followers octocat`) and the line does not parse as
    /// it is, or asks for help (which would be the default command's), the line with the
    /// command moved to the front is taken instead; a slip of a command's name after options is
    /// named as one.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        try check(arguments)
        let moved = SubcommandCheck.subcommandFirst(arguments, root: Self.self)
        if let moved, arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            try check(moved)
            return try parseAsRoot(moved)
        }
        do {
            return try parseAsRoot(arguments)
        } catch {
            if let moved {
                try check(moved)
                return try parseAsRoot(moved)
            }
            if let problem = SubcommandCheck.misplacedSlip(in: arguments, root: Self.self) {
                throw ValidationError(problem)
            }
            throw error
        }
    }

    /// Throws the problem of a word standing where a subcommand goes that names none.
    private static func check(_ arguments: [String]) throws {
        if let (message, command) = SubcommandCheck.place(ofProblemIn: arguments, root: Self.self) {
            throw SubcommandProblem(message: message, command: command)
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
    var command: GoCommand { get throws { try .shell("users", [], page: page, since: since) } }
    func validate() throws { _ = try command }
    func run() async throws { try await options.browse(try command, limit: limit.limit) }
}

struct FollowersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "followers", abstract: "The followers of a user.")
    @Argument(help: "The user's login (@me: yours).") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    var command: GoCommand { get throws { try .shell("followers", [login], page: paging.page) } }
    func validate() throws { _ = try command }
    func run() async throws { try await options.browse(try command, limit: paging.limit.limit) }
}

struct FollowingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "following", abstract: "The users a user follows.")
    @Argument(help: "The user's login (@me: yours).") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    var command: GoCommand { get throws { try .shell("following", [login], page: paging.page) } }
    func validate() throws { _ = try command }
    func run() async throws { try await options.browse(try command, limit: paging.limit.limit) }
}

struct MembersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "members", abstract: "The public members of an organization.")
    @Argument(help: "The organization's login.") var org: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    var command: GoCommand { get throws { try .shell("members", [org], page: paging.page) } }
    func validate() throws { _ = try command }
    func run() async throws { try await options.browse(try command, limit: paging.limit.limit) }
}

struct OrganizationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "orgs", abstract: "The organizations a user belongs to (public memberships).")
    @Argument(help: "The user's login (@me: yours).") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    var command: GoCommand { get throws { try .shell("orgs", [login], page: paging.page) } }
    func validate() throws { _ = try command }
    func run() async throws { try await options.browse(try command, limit: paging.limit.limit) }
}

struct RepositoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repos",
                                                    abstract: "The repositories of a user or organization, most recently pushed first.")
    @Argument(help: "The user's or organization's login (@me: yours, private ones included).") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    var command: GoCommand { get throws { try .shell("repos", [login], page: paging.page) } }
    func validate() throws { _ = try command }
    func run() async throws { try await options.browse(try command, limit: paging.limit.limit) }
}

struct StarredCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "starred", abstract: "The repositories a user starred.")
    @Argument(help: "The user's login (@me: yours).") var login: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    var command: GoCommand { get throws { try .shell("starred", [login], page: paging.page) } }
    func validate() throws { _ = try command }
    func run() async throws { try await options.browse(try command, limit: paging.limit.limit) }
}

/// A repository named on the command line, as OWNER/REPO (checked by the command table).
enum RepositoryArgument {
    static let help = ArgumentHelp("The repository, as OWNER/REPO (for example apple/swift).")
}

/// A command that takes a repository as OWNER/REPO and shows one of its lists of people.
protocol RepositoryPeopleCommand: AsyncParsableCommand {
    var repository: String { get }
    var command: GoCommand { get throws }
    var options: ListOptions { get }
    var paging: PagingOptions { get }
}

extension RepositoryPeopleCommand {
    var command: GoCommand {
        get throws { try .shell(Self.configuration.commandName ?? "", [repository], page: paging.page) }
    }

    func validate() throws { _ = try command }

    func run() async throws { try await options.browse(try command, limit: paging.limit.limit) }
}

struct StargazersCommand: RepositoryPeopleCommand {
    static let configuration = CommandConfiguration(
        commandName: "stargazers", abstract: "The users who starred a repository, the oldest star first, each with when.",
        discussion: "GitHub's REST API lists the first 40,000 stargazers only: the list ends there and says so (on stderr "
            + "in a pipe); --newest lists them all, newest first, through GitHub's GraphQL API (a token needed: without "
            + "one the exit status is 4). --plain prints ID<TAB>LOGIN<TAB>STARRED_AT lines; --json each {starred_at, user} "
            + "item as GitHub sent it (with --newest, each GraphQL edge {starredAt, node}).")
    @Argument(help: RepositoryArgument.help) var repository: String
    @Flag(name: .customLong("newest"),
          help: "Newest first, every stargazer (GraphQL: needs a token; no --page).") var newest = false
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions

    var command: GoCommand {
        get throws { try .shell("stargazers", [repository], page: paging.page, newest: newest) }
    }
}

struct ContributorsCommand: RepositoryPeopleCommand {
    static let configuration = CommandConfiguration(commandName: "contributors",
                                                    abstract: "The people who committed to a repository, most commits first.")
    @Argument(help: RepositoryArgument.help) var repository: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
}

struct WatchersCommand: RepositoryPeopleCommand {
    static let configuration = CommandConfiguration(commandName: "watchers", abstract: "The people watching a repository.")
    @Argument(help: RepositoryArgument.help) var repository: String
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
}

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Search users (the first 1,000 results).")
    @Argument(parsing: .remaining, help: "The search query, e.g. 'tom type:user location:Berlin followers:>100'.")
    var query: [String]
    @Option(help: "The order: best-match (GitHub's), followers, repositories or joined (most first).")
    var sort: SearchSort = .bestMatch
    @OptionGroup var options: ListOptions
    @OptionGroup var paging: PagingOptions
    /// The query's words (quoted ones split as the `:` line splits them).
    var words: [String] { query.flatMap { $0.split(whereSeparator: { $0.isWhitespace }).map(String.init) } }
    var command: GoCommand {
        get throws {
            guard !words.isEmpty else { throw ValidationError("the search needs a query") }
            return try .shell("search", words, page: paging.page, sort: sort)
        }
    }
    func validate() throws { _ = try command }
    func run() async throws { try await options.browse(try command, limit: paging.limit.limit) }
}

extension SearchSort: ExpressibleByArgument {}
