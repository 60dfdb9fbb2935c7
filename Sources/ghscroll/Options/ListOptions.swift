import ArgumentParser
import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Logging
import PageCache
import TerminalUI

/// Options every list command takes.
struct ListOptions: ParsableArguments {
    /// Users kept per list unless told otherwise: 100,000 cost about 5 MB (`make bench`), and
    /// scrolling back further than that loads pages again.
    static let defaultMaxItems = 100_000

    @Option(name: .customLong("api-url"),
            help: "API base URL (else GITHUB_API_URL, else GH_HOST's API, else https://api.github.com).")
    var apiURL: String?
    @Option(help: ArgumentHelp(
        "Token (else GH_TOKEN, GITHUB_TOKEN, for Enterprise hosts GH_ENTERPRISE_TOKEN first, else gh's login). Never printed or logged.",
        valueName: "token"))
    var token: String?
    // Numbers are read whatever they look like (`--per-page -1` is -1, not a missing value), so
    // that the check below can say what is wrong with them.
    @Option(name: .customLong("per-page"), parsing: .unconditional, help: "Rows per request (users or repositories), 1-100 (default 100).")
    var perPage: Int?
    @Option(parsing: .unconditional, help: "Start loading the next page N rows before the end, always (default: learn from how fast you scroll and how long pages take, never later than a screen and a bit before).")
    var prefetch: Int?
    @Option(name: .customLong("max-items"), parsing: .unconditional,
            help: "Keep at most N rows of a list in memory; pages far from the screen are dropped and loaded again when you scroll back (default 100000, about 5 MB; 0 keeps all).")
    var maxItems: Int?
    @Flag(help: "Browse a built-in fake GitHub: no network; a demo token, so rows fill in and F and * work.")
    var demo = false
    @Flag(help: "No curses: print a line a row as pages arrive, ID<TAB>LOGIN (a stargazer: and <TAB>STARRED_AT; a repository: ID<TAB>OWNER/NAME); the default when output is not a terminal.")
    var plain = false
    @Flag(help: "No curses: print each row's JSON object as GitHub sent it, one a line, as pages arrive.")
    var json = false
    @Option(name: .customLong("log-file"), help: "Write diagnostics to this file.")
    var logFile: String?
    @Flag(name: .customLong("no-config"), help: "Ignore the configuration file.")
    var noConfig = false
    @OptionGroup var cacheOptions: CacheOptions
    @Option(name: .customLong("retry-delay-ms"), parsing: .unconditional, help: ArgumentHelp(
        "The first retry's wait; retries wait 1, 4 and 9 times this, and reconnects 5 to 60 times (for tests).",
        visibility: .hidden))
    var retryDelayMilliseconds: Int = 1_000
    @Option(name: .customLong("countdown-every-ms"), parsing: .unconditional, help: ArgumentHelp(
        "How often --plain and --json repeat a wait's countdown on stderr when it is a terminal (for tests).",
        visibility: .hidden))
    var countdownMilliseconds: Int = 60_000

    func validate() throws {
        if let perPage, !(1...100).contains(perPage) { throw ValidationError("--per-page must be between 1 and 100 (got \(perPage))") }
        if let prefetch, prefetch < 0 { throw ValidationError("--prefetch must be 0 or more rows (got \(prefetch))") }
        if let maxItems, maxItems < 0 { throw ValidationError("--max-items must be 0 (no limit) or more (got \(maxItems))") }
        if let apiURL, let problem = OptionChecks.apiURLProblem(apiURL, name: "--api-url") { throw ValidationError(problem) }
        try cacheOptions.validate()
        if retryDelayMilliseconds < 0 { throw ValidationError("--retry-delay-ms must be 0 or more") }
        if countdownMilliseconds < 1 { throw ValidationError("--countdown-every-ms must be 1 or more") }
        if plain && json { throw ValidationError("choose one of --plain and --json") }
    }

    /// Resolves the settings (command line, then the configuration file, then the defaults), the
    /// API and the token, and shows the list: in the browser on a terminal, as lines otherwise.
    /// - Parameters:
    ///   - page: the page a page-numbered list starts at (`--page`).
    ///   - limit: how many rows `--plain`, `--json` or a pipe print (`--limit`).
    func browse(_ list: GitHubList, page: Int? = nil, limit: Int? = nil) async throws {
        try await show(.list(list), page: page, limit: limit)
    }

    /// Shows an account's profile (`ghscroll user`): in the browser, or its details as text.
    func browseProfile(_ login: String) async throws {
        try await show(.profile(login), page: nil, limit: nil)
    }

    /// What a command shows: a list, or an account's profile.
    private enum Shown {
        case list(GitHubList)
        case profile(String)

        var title: String {
            switch self {
            case .list(let list): list.heading
            case .profile(let login): "the profile of \(login)"
            }
        }

        /// `me`, or a list of `@me`'s: they need a token (the words when there is none).
        var needsToken: GoCommandError? {
            switch self {
            case .profile(let login): login == GitHubConfiguration.me ? .needsToken(profile: true) : nil
            // (Judged as the `:` line judges the same list.)
            case .list(let list): GoCommand.list(list).namesMe ? .needsToken(profile: false) : nil
            }
        }
    }

    private func show(_ shown: Shown, page: Int?, limit: Int?) async throws {
        MemoryTuning.apply()
        let environment = ProcessInfo.processInfo.environment
        // The gh convention: curses only when both ends are a terminal; else lines of text.
        let interactive = !(plain || json) && isatty(0) == 1 && isatty(1) == 1
        if interactive, limit != nil { throw ValidationError("--limit goes with --plain, --json or a pipe") }
        let config: ConfigFile
        let keys: KeyTable
        do {
            (config, keys) = try ConfigFile.resolve(environment: environment, ignoringFile: noConfig)
        } catch let error as ConfigError {
            throw CleanExitError(message: error.description)
        }
        if interactive, let problem = CursesScreen.terminalProblem(environment: environment) {
            throw CleanExitError(message: "\(problem); ghscroll --plain (or --json) prints the list as text, "
                                 + "or set TERM to your terminal (for example TERM=xterm-256color)")
        }
        let logger = try makeLogger()
        // Warnings (the cache turned off, say): on stderr, or in the browser's status line once it runs.
        let notices = NoticeHook { text in
            logger.warning("\(text)")
            PlainOutput.note(text)
        }
        var demoServer: FakeGitHub?
        var configuration: GitHubConfiguration
        do {
            if demo {
                // With a token of its own, playing the first account as its owner, so that rows
                // fill in with names and "follows you" as they do with a real token.
                let data = FakeDataSet(userCount: 100_000)
                var options = FakeGitHubOptions.demo
                options.viewer = data.users.first?.login
                let server = FakeGitHub(data: data, options: options)
                configuration = GitHubConfiguration(baseURL: try await server.start(), token: "demo", tokenSource: .demo)
                demoServer = server
            } else {
                // A bad --api-url was a usage error already; one from the environment is an error.
                if apiURL?.trimmingCharacters(in: .whitespaces).isEmpty ?? true,
                   let value = environment["GITHUB_API_URL"], !value.trimmingCharacters(in: .whitespaces).isEmpty,
                   let problem = OptionChecks.apiURLProblem(value, name: "GITHUB_API_URL") {
                    throw CleanExitError(message: problem)
                }
                configuration = try GitHubConfiguration.resolve(apiURL: apiURL, token: token, environment: environment) { host in
                    GHCLI.token(hostname: host, environment: environment)
                }
            }
        } catch {
            throw CleanExitError(message: "\(error)")
        }
        if case .list(.users(.newestStargazers)) = shown, configuration.token == nil {
            throw AuthenticationNeeded(message: "--newest pages through GitHub's GraphQL API, which needs a token: set GH_TOKEN, "
                                       + "or gh auth login")
        }
        if let refusal = shown.needsToken, configuration.token == nil {
            throw AuthenticationNeeded(message: refusal.description)
        }
        defer { if let demoServer { Task { await demoServer.stop() } } }
        logger.info("browsing \(shown.title) at \(configuration.baseURL.absoluteString), \(configuration.tokenSource)")
        let retryPolicy = RetryPolicy(baseDelay: .milliseconds(retryDelayMilliseconds))
        let pageSize = perPage ?? config.perPage ?? 100
        let startPage = page ?? 1
        // The demo's server is new each run: nothing in it is worth keeping.
        let cache = demo ? nil : cacheOptions.open(config: config, environment: environment) { notices.say($0) }
        let store = cache?.store(identity: CacheIdentity(token: configuration.token))
        let maxAge = cacheOptions.maxAge?.value ?? config.maxAge
        if let cache { logger.info("cache: \(cache.path)") }
        if !interactive {
            // Progress goes to stderr, never into the data.
            let waitNotes = WaitNotes(interval: WaitNotes.interval(every: .milliseconds(countdownMilliseconds)))
            let client = GitHubClient(configuration: configuration, store: store ?? MemoryResponseStore(), maxAge: maxAge,
                                      retryPolicy: retryPolicy, onWait: { wait in
                if let wait { logger.notice("waiting: \(wait.summary(at: Date()))") }
                waitNotes.changed(wait)
            }, logger: logger)
            let list: GitHubList
            switch shown {
            case .profile(let login):
                try await PlainOutput.profile(login, client: client, json: json)
                return
            case .list(let shownList):
                list = shownList
            }
            try await PlainOutput(list: list, client: client, startPage: startPage, pageSize: pageSize, json: json,
                                  limit: limit, logger: logger).run()
            return
        }
        let opening: AppState.Opening
        switch shown {
        case .list(let list):
            opening = .list(list, at: list.firstCursor(startPage: startPage))
        case .profile(let login) where login == GitHubConfiguration.me:
            // A profile is an account's, by its login: GitHub says whose the token is first.
            let client = GitHubClient(configuration: configuration, store: store ?? MemoryResponseStore(), maxAge: maxAge,
                                      retryPolicy: retryPolicy, onWait: { wait in
                if let wait { PlainOutput.note(wait.summary(at: Date())) }
            }, logger: logger)
            do {
                opening = .profile(try await client.userDetails(login: login, policy: .normal).details.login)
            } catch {
                throw CleanExitError(message: LoadFailure(error).message)
            }
        case .profile(let login):
            opening = .profile(login)
        }
        var browser = Browser(opening: opening, configuration: configuration, retryPolicy: retryPolicy, pageSize: pageSize,
                              prefetchDistance: prefetch ?? config.prefetch, logger: logger, environment: environment)
        browser.layout = config.layout ?? .compact
        browser.colors = config.colors ?? true
        browser.mouse = config.mouse ?? true
        browser.confirmActions = config.confirmActions ?? true
        browser.keys = keys
        let cap = maxItems ?? config.maxItems ?? Self.defaultMaxItems
        browser.maxItems = cap == 0 ? nil : cap
        browser.store = store
        browser.maxAge = maxAge
        browser.notices = notices
        let status: Int32
        do {
            status = try await browser.run()
        } catch {
            throw CleanExitError(message: "\(error)")
        }
        // The terminal is restored by now; report a signal the way a shell expects.
        if status != 0 { throw ExitCode(status) }
    }

    private func makeLogger() throws -> Logger {
        guard let logFile else { return Logger(label: "ghscroll", factory: { _ in SwiftLogNoOpLogHandler() }) }
        let handler = try FileLogHandler(path: logFile)
        var logger = Logger(label: "ghscroll", factory: { _ in handler })
        logger.logLevel = .debug
        return logger
    }
}
