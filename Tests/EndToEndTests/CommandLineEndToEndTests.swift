import Browser
import FakeGitHub
import Foundation
import Testing

/// Runs `ghscroll ARGUMENTS` in `directory` (a shell changes to it first), with `environment`.
func runIn(_ directory: String, _ arguments: [String], environment: [String: String] = clean) async throws
    -> (output: String, status: Int32, errors: String) {
    try await run("/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", directory, binary] + arguments,
                  environment: environment)
}

/// The first line of `text` (an error's own line, before the parser's usage lines).
func firstLine(_ text: String) -> String { text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }

@Suite("The command line: what a slip on it gets, and the cache's paths and sizes", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct CommandLineEndToEndTests {
    @Test("a misspelled subcommand is named as one, with the nearest, exit status 64")
    func unknownSubcommand() async throws {
        let cases: [([String], String)] = [
            (["follower", "octocat"], "Error: Unknown subcommand 'follower' (did you mean 'followers'?)"),
            (["stargazer", "apple/swift"], "Error: Unknown subcommand 'stargazer' (did you mean 'stargazers'?)"),
            (["cache", "inf"], "Error: Unknown subcommand 'inf' (did you mean 'info'?)"),
            (["--plain", "--limit", "5", "follower", "octocat"], "Error: Unknown subcommand 'follower' (did you mean 'followers'?)"),
            (["octocat"], "Error: Unknown subcommand 'octocat' "
                + "(one of users, followers, following, members, orgs, repos, starred, stargazers, contributors, watchers, search, user, me, serve-fake, cache, keys)"),
            // The parser's help names what it does not know, as a command would (#37 item 19).
            (["help", "bogus"], "Error: Unknown subcommand 'bogus' "
                + "(one of users, followers, following, members, orgs, repos, starred, stargazers, contributors, watchers, search, user, me, serve-fake, cache, keys)"),
            (["help", "follower"], "Error: Unknown subcommand 'follower' (did you mean 'followers'?)"),
            (["help", "cache", "inf"], "Error: Unknown subcommand 'inf' (did you mean 'info'?)"),
            // Options first: the word after the command is still the one named, not the options.
            (["--no-config", "cache", "bogus"], "Error: Unknown subcommand 'bogus' (one of info, clear)"),
            (["--no-config", "help", "bogus"], "Error: Unknown subcommand 'bogus' "
                + "(one of users, followers, following, members, orgs, repos, starred, stargazers, contributors, watchers, search, user, me, serve-fake, cache, keys)"),
        ]
        for (arguments, message) in cases {
            let result = try await run(binary, arguments, environment: clean)
            #expect(result.status == 64, "\(arguments)")
            #expect(firstLine(result.errors) == message, "\(arguments): \(result.errors)")
            #expect(result.output.isEmpty)
            // The usage shown is that of the command the word went with: cache's after cache.
            let usage = arguments.contains("cache") ? "Usage: ghscroll cache <subcommand>" : "Usage: ghscroll <subcommand>"
            #expect(result.errors.split(separator: "\n").dropFirst().first.map(String.init) == usage, "\(arguments): \(result.errors)")
        }
    }

    @Test("help with a command shows that command's help, exit status 0, options before it or not; help alone the general help, help help its own")
    func helpOfACommand() async throws {
        for (arguments, usage) in [(["help", "followers"], "USAGE: ghscroll followers"), (["help", "cache", "info"], "USAGE: ghscroll cache info"),
                                   (["help"], "USAGE: ghscroll <subcommand>"),
                                   (["help", "help"], "USAGE: ghscroll help [<subcommands> ...]"),
                                   // Options before the command: its help, not the default command's.
                                   (["--demo", "followers", "--help"], "USAGE: ghscroll followers"),
                                   (["--plain", "followers", "octocat", "-h"], "USAGE: ghscroll followers"),
                                   (["--no-config", "help", "cache", "info"], "USAGE: ghscroll cache info")] {
            let result = try await run(binary, arguments, environment: clean)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(result.output.contains(usage), "\(arguments): \(result.output)")
        }
    }

    @Test("no subcommand, or options first, is still users; options before a subcommand go with it")
    func usersByDefault() async throws {
        try await withServer(users: 40, listSizes: ["followers:octocat": 30]) { server, base in
            var environment = clean
            environment["GITHUB_API_URL"] = base
            let all = try await run(binary, [], environment: environment)
            #expect(all.status == 0 && all.errors.isEmpty, "\(all.errors)")
            #expect(all.output.split(separator: "\n").map(String.init) == server.data.users.map { "\($0.id)\t\($0.login)" })
            let since = try await run(binary, ["--since", "5", "--limit", "2"], environment: environment)
            #expect(since.status == 0, "\(since.errors)")
            #expect(since.output.split(separator: "\n").map(String.init)
                    == server.data.users(since: 5, limit: 2).map { "\($0.id)\t\($0.login)" })
            // As `followers --limit 3 --per-page 2 octocat`; a bad value in front is named as such.
            let first = try await run(binary, ["--limit", "3", "--per-page", "2", "followers", "octocat"],
                                      environment: environment)
            #expect(first.status == 0, "\(first.errors)")
            #expect(first.output.split(separator: "\n").map(String.init)
                    == server.data.list("followers:octocat", offset: 0, limit: 3).map { "\($0.id)\t\($0.login)" })
            let bad = try await run(binary, ["--limit", "-1", "followers", "octocat"], environment: environment)
            #expect(bad.status == 64 && firstLine(bad.errors) == "Error: --limit must be 1 or more rows (got -1)",
                    "\(bad.errors)")
        }
    }

    @Test("a number out of range says what is wrong with it, a negative one too, exit status 64")
    func numbers() async throws {
        let cases: [([String], String)] = [
            (["--limit", "-1"], "Error: --limit must be 1 or more rows (got -1)"),
            (["users", "--limit", "0"], "Error: --limit must be 1 or more rows (got 0)"),
            (["--since", "-5"], "Error: --since must be a user id, 0 or more (got -5)"),
            (["followers", "octocat", "--page", "-2"], "Error: --page must be from 1 to 100000 (got -2)"),
            (["followers", "octocat", "--page", "9223372036854775807"],
             "Error: --page must be from 1 to 100000 (got 9223372036854775807)"),
            (["--cache-size", "99999999999999"], "Error: --cache-size must be from 1 to 1048576 MiB, 1 TiB (got 99999999999999)"),
            // The number as typed (#37 item 19), not as a Double prints it ("-1.0").
            (["--max-age", "-1"], "Error: --max-age must be 0 or more seconds (got -1)"),
            (["followers", "octocat", "--max-age", "-2.50"], "Error: --max-age must be 0 or more seconds (got -2.50)"),
            (["user", "octocat", "--page", "2"], "Error: --page goes with lists, not with a profile"),
            (["user", "octocat", "--limit", "2"], "Error: --limit goes with lists: a profile's details are printed whole"),
        ]
        for (arguments, message) in cases {
            let result = try await run(binary, arguments, environment: clean)
            #expect(result.status == 64, "\(arguments): \(result.errors)")
            #expect(firstLine(result.errors) == message, "\(arguments): \(result.errors)")
        }
    }

    @Test("the shell refuses what the : line refuses, in the same words: both read one command table")
    func oneTable() async throws {
        let lines = ["user octocat --page 2", "users --page 2", "followers octocat --page 0", "users --since -5",
                     "followers .hidden", "following ..", "watchers octocat", "stargazers apple/../x", "members a/b",
                     "members @me", "followers @octocat", "user @", "me --page 2"]
        for line in lines {
            guard case .failure(let error) = GoCommand.parse(line) else {
                Issue.record(":\(line) was taken")
                continue
            }
            let words = line.split(separator: " ").map(String.init)
            let result = try await run(binary, words, environment: clean)
            #expect(result.status == 64, "\(line): \(result.errors)")
            #expect(firstLine(result.errors) == "Error: \(error)", "\(line): \(result.errors)")
        }
    }

    @Test("each command's help lists the options it takes: no --page on users, neither --page nor --limit on a profile")
    func helpPerCommand() async throws {
        func options(_ command: String) async throws -> Set<String> {
            let help = try await run(binary, ["help", command], environment: clean)
            #expect(help.status == 0, "\(help.errors)")
            return Set(["--page", "--limit", "--per-page"].filter { help.output.contains($0 + " <") })
        }
        #expect(try await options("users") == ["--limit", "--per-page"])
        #expect(try await options("user") == ["--per-page"])
        #expect(try await options("followers") == ["--page", "--limit", "--per-page"])
        #expect(try await options("search") == ["--page", "--limit", "--per-page"])
    }

    @Test("a huge cache-size in the configuration file is an error naming its line, not a crash")
    func hugeCacheSizeInTheFile() async throws {
        let result = try await runWithConfig("# mine\ncache-size = 99999999999999\n", ["users", "--api-url", "http://127.0.0.1:9"])
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.errors.hasSuffix("/ghscroll/config.toml line 2: cache-size must be a whole number of MiB, from 1 to 1048576 (1 TiB)\n"),
                "\(result.errors)")
    }

    @Test("stargazers explains OWNER/REPO, with stargazers' usage, exit status 64")
    func stargazersForm() async throws {
        let result = try await run(binary, ["stargazers", "foo"], environment: clean)
        #expect(result.status == 64)
        #expect(result.errors.split(separator: "\n").map(String.init).prefix(2) == [
            "Error: stargazers takes a repository as OWNER/REPO, for example apple/swift (got 'foo')",
            "Usage: ghscroll stargazers [<options>] <repository>",
        ], "\(result.errors)")
    }

    @Test("an unusable --api-url is a usage error that says why; one in GITHUB_API_URL is an error")
    func apiURL() async throws {
        let example = "for example https://api.github.com or https://HOST/api/v3"
        let cases: [(String, String)] = [
            ("ftp://example.com", "Error: --api-url must start with http:// or https://, \(example) (got 'ftp://example.com')"),
            ("garbage", "Error: --api-url must start with http:// or https://, \(example) (got 'garbage')"),
            ("http://", "Error: --api-url names no host, \(example) (got 'http://')"),
            ("https://example.com/api/v3?x=1", "Error: --api-url is the API's root, without ? or #, \(example) (got 'https://example.com/api/v3?x=1')"),
        ]
        for (url, message) in cases {
            let result = try await run(binary, ["users", "--api-url", url], environment: clean)
            #expect(result.status == 64, "\(url): \(result.errors)")
            #expect(firstLine(result.errors) == message, "\(url): \(result.errors)")
        }
        var environment = clean
        environment["GITHUB_API_URL"] = "garbage"
        let fromEnvironment = try await run(binary, ["users"], environment: environment)
        #expect(fromEnvironment.status == 1)
        #expect(fromEnvironment.errors == "Error: GITHUB_API_URL must start with http:// or https://, \(example) (got 'garbage')\n")
    }

    @Test("an option's value that is also a command's name stays the option's: the line is read as it was typed when it parses")
    func valueNamedLikeACommand() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withServer(users: 100) { server, base in
            for value in ["users", "search", "help"] {
                let result = try await runIn(directory.path, ["--log-file", value, "--api-url", base, "--limit", "2"])
                #expect(result.status == 0, "\(value): \(result.errors)")
                #expect(result.output.split(separator: "\n").map(String.init)
                        == server.data.users(since: 0, limit: 2).map { "\($0.id)\t\($0.login)" }, "\(value)")
                #expect(FileManager.default.fileExists(atPath: directory.path + "/" + value), "the log went to ./\(value)")
            }
        }
    }

    @Test("a bare relative --cache is a file in the current directory, for the lists and for cache info")
    func relativeCache() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withServer(users: 100) { _, base in
            let result = try await runIn(directory.path, ["users", "--api-url", base, "--limit", "3", "--cache", "r.sqlite"])
            #expect(result.status == 0)
            #expect(result.errors.isEmpty, "no cache off: \(result.errors)")
            #expect(FileManager.default.fileExists(atPath: directory.path + "/r.sqlite"))
            let info = try await runIn(directory.path, ["cache", "info", "--cache", "r.sqlite"])
            #expect(info.status == 0 && firstLine(info.output) == "Cache:   \(directory.path)/r.sqlite", "\(info.output)\(info.errors)")
        }
    }

    @Test("cache info with no cache says so and makes none; with one it counts identities as a person would")
    func cacheInfo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var environment = clean
        environment["XDG_CACHE_HOME"] = directory.path + "/xdg"
        let file = directory.path + "/xdg/ghscroll/cache.sqlite"
        let none = try await run(binary, ["cache", "info"], environment: environment)
        #expect(none.status == 0 && none.errors.isEmpty, "\(none.errors)")
        #expect(none.output == "No cache at \(file) yet: ghscroll makes it when it first loads a list.\n")
        let clear = try await run(binary, ["cache", "clear"], environment: environment)
        #expect(clear.status == 0 && clear.output == "Nothing to clear: there is no cache at \(file).\n", "\(clear.output)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/xdg"), "looking made nothing")

        try await withServer(users: 100) { _, base in
            func identities(token: String) async throws -> String? {
                var withToken = environment
                withToken["GH_TOKEN"] = token
                let result = try await run(binary, ["users", "--api-url", base, "--limit", "1"], environment: withToken)
                #expect(result.status == 0, "\(result.errors)")
                let info = try await run(binary, ["cache", "info"], environment: environment)
                let lists = info.output.split(separator: "\n").first { $0.hasPrefix("Lists:") }
                return lists?.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let one = try await identities(token: "")
            #expect(one == "1 identity")
            let two = try await identities(token: "one")
            #expect(two == "2 identities")
            // One account's details: counted in the singular, as every count is (#37 item 4).
            var withServer = environment
            withServer["GH_TOKEN"] = ""
            let user = try await run(binary, ["user", "octocat", "--api-url", base], environment: withServer)
            #expect(user.status == 0, "\(user.errors)")
            let info = try await run(binary, ["cache", "info"], environment: environment)
            #expect(info.output.contains(", 1 user's details, 2 identities\n"), "\(info.output)")
        }
    }
}
