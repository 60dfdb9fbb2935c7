import FakeGitHub
import Foundation
import Testing

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
            (["octocat"], "Error: Unknown subcommand 'octocat' "
                + "(one of users, followers, following, members, stargazers, search, serve-fake, cache, keys)"),
        ]
        for (arguments, message) in cases {
            let result = try await run(binary, arguments, environment: clean)
            #expect(result.status == 64, "\(arguments)")
            #expect(firstLine(result.errors) == message, "\(arguments): \(result.errors)")
            #expect(result.output.isEmpty)
        }
    }

    @Test("no subcommand, or options first, is still users")
    func usersByDefault() async throws {
        try await withServer(users: 40) { server, base in
            var environment = clean
            environment["GITHUB_API_URL"] = base
            let all = try await run(binary, [], environment: environment)
            #expect(all.status == 0 && all.errors.isEmpty, "\(all.errors)")
            #expect(all.output.split(separator: "\n").map(String.init) == server.data.users.map { "\($0.id)\t\($0.login)" })
            let since = try await run(binary, ["--since", "5", "--limit", "2"], environment: environment)
            #expect(since.status == 0, "\(since.errors)")
            #expect(since.output.split(separator: "\n").map(String.init)
                    == server.data.users(since: 5, limit: 2).map { "\($0.id)\t\($0.login)" })
        }
    }
}
