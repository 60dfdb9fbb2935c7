import ArgumentParser
import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import Logging

/// Options every list command takes.
struct ListOptions: ParsableArguments {
    @Option(name: .customLong("api-url"), help: "API base URL (else GITHUB_API_URL, else https://api.github.com).")
    var apiURL: String?
    @Option(help: "Token (else GH_TOKEN, else GITHUB_TOKEN). Never printed or logged.")
    var token: String?
    @Option(name: .customLong("per-page"), help: "Users per request, 1-100.")
    var perPage: Int = 100
    @Option(help: "Rows before the end that start loading the next page (default: a screen and a bit).")
    var prefetch: Int?
    @Flag(help: "Browse a built-in fake GitHub (no network, no token).")
    var demo = false
    @Flag(help: "No curses: print ID<TAB>LOGIN lines as pages arrive.")
    var plain = false
    @Flag(help: "No curses: print one JSON user object per line as pages arrive.")
    var json = false
    @Option(help: "With --plain or --json: stop after this many users.")
    var limit: Int?
    @Option(name: .customLong("log-file"), help: "Write diagnostics to this file.")
    var logFile: String?
    @Option(name: .customLong("retry-delay-ms"), help: ArgumentHelp(
        "The first retry's wait; retries wait 1, 4 and 9 times this (for tests).", visibility: .hidden))
    var retryDelayMilliseconds: Int = 1_000

    func validate() throws {
        guard (1...100).contains(perPage) else { throw ValidationError("--per-page must be between 1 and 100") }
        if let prefetch, prefetch < 0 { throw ValidationError("--prefetch must be 0 or more") }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
        if retryDelayMilliseconds < 0 { throw ValidationError("--retry-delay-ms must be 0 or more") }
        if plain && json { throw ValidationError("choose one of --plain and --json") }
        if limit != nil && !(plain || json) { throw ValidationError("--limit goes with --plain or --json") }
    }

    static func validLogin(_ login: String) throws -> String {
        let trimmed = login.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 100, !trimmed.contains("/") else {
            throw ValidationError("'\(login)' is not a GitHub login")
        }
        return trimmed
    }

    /// Resolves the configuration (starting the demo server if asked) and shows the list.
    func browse(_ list: UserList) async throws {
        let logger = try makeLogger()
        var demoServer: FakeGitHub?
        var configuration: GitHubConfiguration
        do {
            if demo {
                let server = FakeGitHub(data: FakeDataSet(userCount: 100_000), options: .demo)
                configuration = GitHubConfiguration(baseURL: try await server.start())
                demoServer = server
            } else {
                configuration = try GitHubConfiguration.resolve(apiURL: apiURL, token: token)
            }
        } catch {
            throw CleanExitError(message: "ghscroll: \(error)")
        }
        defer { if let demoServer { Task { await demoServer.stop() } } }
        logger.info("browsing \(list.title) at \(configuration.baseURL.absoluteString)")
        let retryPolicy = RetryPolicy(baseDelay: .milliseconds(retryDelayMilliseconds))
        if plain || json {
            let client = GitHubClient(configuration: configuration, retryPolicy: retryPolicy, onWait: { wait in
                guard let wait else { return }
                logger.notice("waiting: \(wait.summary(at: Date()))")
                // Progress goes to stderr, never into the data.
                PlainOutput.note(wait.summary(at: Date()))
            })
            try await PlainOutput(source: list.source(client: client), pageSize: perPage, json: json, limit: limit,
                                  logger: logger).run()
            return
        }
        let browser = Browser(list: list, configuration: configuration, retryPolicy: retryPolicy, pageSize: perPage,
                              prefetchDistance: prefetch, logger: logger)
        let status: Int32
        do {
            status = try await browser.run()
        } catch {
            throw CleanExitError(message: "ghscroll: \(error)")
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
