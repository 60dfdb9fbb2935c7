import FakeGitHub
import Foundation
import Testing

/// The fake with octocat as the token's owner.
private var octocatsToken: FakeGitHubOptions {
    var options = FakeGitHubOptions()
    options.viewer = "octocat"
    return options
}

private let withToken = clean.merging(["GH_TOKEN": "t0ken"]) { $1 }

@Suite("me and @me: the token owner's own account, from the shell and the : line", .serialized, .timeLimit(.minutes(2)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct MeEndToEndTests {
    @Test("--plain followers @me and repos @me, --json starred @me read /user/…: what octocat's own lists print")
    func plainLists() async throws {
        try await withServer(users: 1_000, listSizes: ["followers:octocat": 12, "starred:octocat": 7], options: octocatsToken) { server, base in
            for (mine, theirs) in [(["followers", "@me"], ["followers", "octocat"]), (["repos", "@me"], ["repos", "octocat"])] {
                let options = ["--api-url", base, "--plain", "--no-cache"]
                let own = try await run(binary, mine + options, environment: withToken)
                #expect(own.status == 0, "\(mine): \(own.errors)")
                let others = try await run(binary, theirs + options, environment: withToken)
                #expect(!own.output.isEmpty && own.output == others.output, "\(mine): \(own.output) against \(others.output)")
            }
            // --json: GitHub's objects, the same ones.
            let options = ["--api-url", base, "--json", "--no-cache"]
            let starred = try await run(binary, ["starred", "@me"] + options, environment: withToken)
            #expect(starred.status == 0, "\(starred.errors)")
            let theirs = try await run(binary, ["starred", "octocat"] + options, environment: withToken)
            #expect(!starred.output.isEmpty && starred.output == theirs.output)
            let paths = await server.requestLog().map(\.path)
            #expect(paths == ["/user/followers", "/users/octocat/followers", "/user/repos", "/users/octocat/repos",
                              "/user/starred", "/users/octocat/starred"], "\(paths)")
        }
    }

    @Test("me --plain prints the owner's details as user octocat does; --json GitHub's /user object")
    func meInAPipe() async throws {
        try await withServer(users: 1_000, options: octocatsToken) { server, base in
            let me = try await run(binary, ["me", "--api-url", base, "--plain", "--no-cache"], environment: withToken)
            #expect(me.status == 0, "\(me.errors)")
            #expect(me.output.hasPrefix("login\toctocat\n"), "\(me.output)")
            let user = try await run(binary, ["user", "octocat", "--api-url", base, "--plain", "--no-cache"], environment: withToken)
            #expect(me.output == user.output)
            let json = try await run(binary, ["user", "@me", "--api-url", base, "--json", "--no-cache"], environment: withToken)
            #expect(json.status == 0, "\(json.errors)")
            let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
            #expect(object?["login"] as? String == "octocat")
            #expect(await server.requestLog().map(\.path) == ["/user", "/users/octocat", "/user"])
        }
    }

    @Test("without a token me and @me say they need one, exit status 4, and ask nothing; members @me is a usage error")
    func refusals() async throws {
        try await withServer(users: 100, options: octocatsToken) { server, base in
            let profile = "Error: me opens your own profile (GitHub's /user), which needs a token: set GH_TOKEN, or gh auth login\n"
            let list = "Error: @me stands for your own account (GitHub's /user), which needs a token: set GH_TOKEN, or gh auth login\n"
            for (words, message) in [(["me", "--plain"], profile), (["user", "@me", "--json"], profile),
                                     (["followers", "@me", "--plain"], list), (["starred", "@me", "--json"], list),
                                     (["orgs", "@me"], list), (["repos", "@me", "--page", "2"], list)] {
                let result = try await run(binary, words + ["--api-url", base], environment: clean)
                #expect(result.status == 4, "\(words): \(result.errors)")
                #expect(result.errors == message, "\(words)")
                #expect(result.output.isEmpty)
            }
            let members = try await run(binary, ["members", "@me", "--api-url", base], environment: withToken)
            #expect(members.status == 64)
            #expect(firstLine(members.errors) == "Error: @me is your own account, not an organization: only an organization has "
                        + "members (followers @me lists yours)", "\(members.errors)")
            let other = try await run(binary, ["followers", "@octocat", "--api-url", base], environment: withToken)
            #expect(other.status == 64)
            #expect(firstLine(other.errors) == "Error: '@octocat' is not a GitHub login")
            #expect(await server.requestLog().isEmpty)
        }
    }

    @Test("ghscroll me opens octocat's profile; :followers @me lists the owner's followers under the login; :me again")
    func browser() async throws {
        try await withLaunch("me --no-cache", before: "GH_TOKEN=t0ken XDG_CONFIG_HOME=/nonexistent ",
                             listSizes: ["followers:octocat": 12], options: octocatsToken, columns: 100, rows: 30) { server, pane in
            let profile = await pane.waitFor { screenText($0).contains("The Octocat") && screenText($0).contains("Followers · 12") }
            #expect(profile.first?.hasPrefix(" ghscroll · octocat ") == true, "\(screenText(profile))")
            try await pane.keys(":")
            try await pane.keys("-l", "followers @me")
            try await pane.keys("Enter")
            // (With a token the rows fill in with names, in place of the ids: they are told by their logins.)
            let expected = server.data.list("followers:octocat", offset: 0, limit: 12).map(\.login)
            let followers = await pane.waitFor {
                $0.first?.contains("octocat › followers") == true && screenText($0).contains("End of list · 12 followers")
            }
            let logins = followers.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
            #expect(Array(logins.prefix(12)) == expected, "\(screenText(followers))")
            try await pane.keys("Escape", ":")
            try await pane.keys("-l", "me")
            try await pane.keys("Enter")
            let again = await pane.waitFor { $0.first?.contains("octocat › octocat") == true && screenText($0).contains("The Octocat") }
            #expect(screenText(again).contains("Followers · 12"), "\(screenText(again))")
            let paths = await server.requestLog().map(\.path)
            #expect(paths.contains("/user/followers"), "\(paths)")
            #expect(paths.first == "/user", "the shell asks whose the token is before the profile opens: \(paths)")
        }
    }

    @Test("without a token :me says it needs one under the prompt, and the list behind it stays")
    func browserWithoutToken() async throws {
        try await withLaunch("users --no-cache", before: "GH_TOKEN= GITHUB_TOKEN= PATH=/usr/bin:/bin XDG_CONFIG_HOME=/nonexistent ",
                             users: 500, columns: 120, rows: 20) { server, pane in
            await pane.waitFor { idsOnScreen($0).count >= 10 }
            try await pane.keys(":")
            try await pane.keys("-l", "me")
            try await pane.keys("Enter")
            let refused = await pane.waitFor { screenText($0).contains("which needs a token") }
            #expect(screenText(refused).contains("me opens your own profile (GitHub's /user), which needs a token: set GH_TOKEN, "
                                                 + "or gh auth login"), "\(screenText(refused))")
            #expect(refused.first?.contains("All users") == true && idsOnScreen(refused).count >= 10)
            #expect(await !server.requestLog().contains { $0.path.hasPrefix("/user") && !$0.path.hasPrefix("/users") })
        }
    }
}
