import GitHubAPI

/// A line typed at the `:` prompt, read: where it goes, or what is wrong with it.
///
/// The names and arguments are the command line's (`followers LOGIN`, `stargazers OWNER/REPO`,
/// `search QUERY…`), so what works in the shell works here. A value without I/O: whether the
/// account or the repository exists is GitHub's to say, once the list opens. `@me`
/// (``GitHubConfiguration/me``) stands for the token's owner wherever a login goes but after
/// `members`, and `me` opens their profile.
package enum GoCommand: Sendable, Equatable {
    /// A list pushed on the stack, at `page` (`--page`) or its first page: under the name of
    /// the account or repository it is of (`octocat › followers`), or nil: on its own, by its
    /// heading ("All users", "Search: tom", "Your followers").
    case list(GitHubList, under: String? = nil, page: Int? = nil)
    /// An account's profile.
    case profile(String)
    case quit

    /// What a command takes after its name.
    enum Argument: Sendable, Equatable {
        case none, login, organization, repository, query
    }

    /// The options that choose where a list starts, how it is ordered or where it comes from.
    package enum Option: String, Sendable, CaseIterable {
        case page = "--page", sort = "--sort", since = "--since", newest = "--newest"

        /// An option that takes no value.
        var isFlag: Bool { self == .newest }
    }

    /// The commands, in the order completion offers them, with what each takes: the shell's
    /// subcommands and the `:` line read this one table.
    static let table: [(name: String, argument: Argument, options: Set<Option>)] = [
        ("users", .none, [.since]), ("followers", .login, [.page]), ("following", .login, [.page]),
        ("members", .organization, [.page]), ("orgs", .login, [.page]), ("repos", .login, [.page]),
        ("starred", .login, [.page]), ("stargazers", .repository, [.page, .newest]), ("contributors", .repository, [.page]),
        ("watchers", .repository, [.page]), ("search", .query, [.page, .sort]), ("user", .login, []),
        ("me", .none, []), ("q", .none, []), ("quit", .none, []),
    ]

    /// Every command's name.
    package static var names: [String] { table.map(\.name) }

    /// The most pages before the first one shown: every page before it is counted (and can be
    /// loaded by scrolling up), so a bound keeps that count small, far past the end of any list
    /// GitHub pages through.
    static let maxStartPage = 100_000

    /// The account or repository the command is about, which GitHub is asked about before the
    /// screen opens (so that one that does not exist is said on the prompt); nil for a search
    /// and all users.
    var subject: GoSubject? {
        switch self {
        case .quit: return nil
        case .profile(let login): return .account(login)
        case .list(.users(.members(let org)), _, _): return .organization(org)
        case .list(.repositories(let list), _, _):
            switch list {
            case .owned(let login, _), .starred(let login): return .account(login)
            }
        case .list(.users(let list), _, _):
            switch list {
            case .followers(let login), .following(let login), .members(let login), .organizations(let login):
                return .account(login)
            case let .stargazers(owner, repo), let .newestStargazers(owner, repo), let .contributors(owner, repo),
                 let .watchers(owner, repo):
                return .repository(owner: owner, name: repo)
            case .all, .search:
                return nil
            }
        }
    }

    /// Whether the command names the token's owner (`me`, or `@me` for a login): it needs a
    /// token, and GitHub says whose it is.
    package var namesMe: Bool { subject == .account(GitHubConfiguration.me) }

    /// The command with the token's owner, once GitHub named them (`login`): their profile is
    /// that login's, and a list of theirs keeps reading `/user/…` under that login, as any
    /// account's list is (`octocat › followers`). Any other command is itself.
    package func naming(me login: String) -> GoCommand {
        guard namesMe else { return self }
        switch self {
        case .profile: return .profile(login)
        case let .list(list, _, page): return .list(list, under: login, page: page)
        case .quit: return self
        }
    }

    /// The command `line` asks for, or the message to show under the prompt.
    package static func parse(_ line: String) -> Result<GoCommand, GoCommandError> {
        let words = line.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard let name = words.first else { return .failure(.empty) }
        // `help` (or `?`) is no command: the answer is the list of them.
        if name == "help" || name == "?" { return .failure(.help) }
        guard table.contains(where: { $0.name == name }) else {
            return .failure(.unknown(name, suggestion: suggestion(for: name)))
        }
        // The options anywhere after the name, as on the command line (`--page 2` or
        // `--page=2`); the other words are the command's argument.
        var rest: [String] = []
        var options: [Option: String] = [:]
        var index = 1
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--") else {
                rest.append(word)
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard let option = Option(rawValue: parts[0]) else { return .failure(.option("Unknown option '\(parts[0])'")) }
            if let refusal = refusal(of: option, by: name) { return .failure(.option(refusal)) }
            if option.isFlag {
                guard parts.count == 1 else { return .failure(.option("\(option.rawValue) takes no value")) }
                options[option] = ""
            } else if parts.count == 2 {
                options[option] = parts[1]
            } else if index < words.count {
                options[option] = words[index]
                index += 1
            } else {
                return .failure(option == .sort ? .badSort : .missing(name, usage: usage(name)))
            }
        }
        var page: Int?
        if let text = options[.page] {
            guard let number = Int(text) else { return .failure(.option("--page takes a page number (got \(text))")) }
            page = number
        }
        var since: Int64?
        if let text = options[.since] {
            guard let id = Int64(text) else { return .failure(.option("--since takes a user id (got \(text))")) }
            since = id
        }
        let sort: SearchSort?
        if let text = options[.sort] {
            guard let order = SearchSort(rawValue: text) else { return .failure(.badSort) }
            sort = order
        } else {
            sort = nil
        }
        return resolve(name, rest, page: page, sort: sort, since: since, newest: options[.newest] != nil)
    }

    /// The command `name` with its argument's words and its options, by the table's rules: the
    /// shell's subcommands come here with what the argument parser read, the `:` line with the
    /// words it split.
    package static func resolve(_ name: String, _ rest: [String], page: Int? = nil, sort: SearchSort? = nil,
                               since: Int64? = nil, newest: Bool = false) -> Result<GoCommand, GoCommandError> {
        guard let entry = table.first(where: { $0.name == name }) else {
            return .failure(.unknown(name, suggestion: suggestion(for: name)))
        }
        let given: [(Option, Bool)] = [(.page, page != nil), (.sort, sort != nil), (.since, since != nil), (.newest, newest)]
        for (option, isGiven) in given where isGiven {
            if let refusal = refusal(of: option, by: name) { return .failure(.option(refusal)) }
        }
        if newest, page != nil {
            return .failure(.option("--page does not go with --newest: GraphQL's pages have no numbers"))
        }
        if let page, !(1...maxStartPage).contains(page) {
            return .failure(.option("--page must be from 1 to \(maxStartPage) (got \(page))"))
        }
        if let since, since < 0 { return .failure(.option("--since must be a user id, 0 or more (got \(since))")) }
        switch entry.argument {
        case .none:
            guard rest.isEmpty else { return .failure(.extra(name, usage: usage(name))) }
            if name == "me" { return .success(.profile(GitHubConfiguration.me)) }
            guard name == "users" else { return .success(.quit) }
            let list = GitHubList.users(.all(since: since ?? 0))
            return .success(.list(list))
        case .query:
            guard !rest.isEmpty else { return .failure(.missing(name, usage: usage(name))) }
            let list = GitHubList.users(.search(rest.joined(separator: " "), sort: sort ?? .bestMatch))
            return .success(.list(list, page: page))
        case .login, .organization:
            guard let login = rest.first else { return .failure(.missing(name, usage: usage(name))) }
            guard rest.count == 1 else { return .failure(.extra(name, usage: usage(name))) }
            if login == GitHubConfiguration.me {
                // The token's owner is an account, never an organization.
                guard entry.argument == .login else { return .failure(.meIsNoOrganization(name)) }
            } else {
                // (A dot or two would be a step up the API's path, not an account; `@` starts no
                // login but `@me`.)
                guard isLogin(login) else { return .failure(.badLogin(login)) }
            }
            return .success(account(name, login, page: page))
        case .repository:
            guard let text = rest.first else { return .failure(.missing(name, usage: usage(name))) }
            guard rest.count == 1 else { return .failure(.extra(name, usage: usage(name))) }
            guard let (owner, repo) = GitHubRepository.ownerAndName(text) else {
                return .failure(.badRepository(name, text))
            }
            let list: UserList = switch name {
            case "stargazers": newest ? .newestStargazers(owner: owner, repo: repo) : .stargazers(owner: owner, repo: repo)
            case "contributors": .contributors(owner: owner, repo: repo)
            default: .watchers(owner: owner, repo: repo)
            }
            return .success(.list(.users(list), under: text, page: page))
        }
    }

    /// Why `name` does not take `option`; nil when it does.
    private static func refusal(of option: Option, by name: String) -> String? {
        guard let entry = table.first(where: { $0.name == name }), !entry.options.contains(option) else { return nil }
        switch option {
        case .page:
            return name == "users" ? "--page goes with every list but users, which starts with --since"
                : "--page goes with lists, not with a profile"
        case .sort: return "--sort goes with search"
        case .since: return "--since goes with users"
        case .newest: return "--newest goes with stargazers"
        }
    }

    /// A command on an account.
    private static func account(_ name: String, _ login: String, page: Int?) -> GoCommand {
        let list: GitHubList
        switch name {
        case "user": return .profile(login)
        case "following": list = .users(.following(login))
        case "members": list = .users(.members(login))
        case "orgs": list = .users(.organizations(login))
        case "repos": list = .repositories(.owned(login, organization: false))
        case "starred": list = .repositories(.starred(login))
        default: list = .users(.followers(login))
        }
        // `@me` is no name to show: the list on its own ("Your followers") until GitHub says
        // whose the token is (``naming(me:)``).
        return .list(list, under: login == GitHubConfiguration.me ? nil : login, page: page)
    }

    /// A GitHub login: up to 39 letters, digits and hyphens (100 allowed, as the shell does, for
    /// Enterprise hosts), no slash.
    static func isLogin(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 100 && !text.hasPrefix(".")
            && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    }

    /// How a command is written: "followers LOGIN [--page N]".
    static func usage(_ name: String) -> String {
        guard let entry = table.first(where: { $0.name == name }) else { return name }
        let argument = switch entry.argument {
        case .login: " LOGIN"
        case .organization: " ORG"
        case .repository: " OWNER/REPO"
        case .query: " QUERY…"
        case .none: ""
        }
        let options = Option.allCases.filter(entry.options.contains).map { option in
            switch option {
            case .page: " [--page N]"
            case .sort: " [--sort ORDER]"
            case .since: " [--since ID]"
            case .newest: " [--newest]"
            }
        }
        return name + argument + options.joined()
    }

    /// The command nearest to `name`: one it starts, else one within two edits.
    static func suggestion(for name: String) -> String? {
        let lowered = name.lowercased()
        if lowered != name, names.contains(lowered) { return lowered }
        if let started = names.first(where: { $0.hasPrefix(lowered) && $0.count > 1 }) { return started }
        let scored = names.filter { $0.count > 1 }.map { ($0, editDistance(lowered, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein's distance, on characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
