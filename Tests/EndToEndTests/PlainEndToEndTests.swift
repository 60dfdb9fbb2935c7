import FakeGitHub
import Foundation
import Testing

@Suite("ghscroll --plain and --json against the fake server")
struct PlainEndToEndTests {
    @Test("--plain prints 1,000 unique users in order from a running server")
    func plain() async throws {
        try await withServer { server, base in
            let result = try await run(binary, ["users", "--api-url", base, "--plain", "--limit", "1000"])
            let lines = result.output.split(separator: "\n")
            #expect(result.status == 0)
            #expect(lines.count == 1_000)
            let expected = server.data.users.prefix(1_000).map { "\($0.id)\t\($0.login)" }
            #expect(lines.map(String.init) == expected)
        }
    }

    @Test("a search GitHub cuts at 1,000 results ends with a note on stderr saying how many it found")
    func searchCap() async throws {
        try await withServer(users: 5_000) { server, base in
            let total = server.data.search(terms: ["a"], type: nil).count
            #expect(total > 1_000)
            let result = try await run(binary, ["search", "a", "--api-url", base, "--plain"])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.split(separator: "\n").count == 1_000)
            #expect(result.errors.contains("ghscroll: GitHub gives the first 1,000 of \(total.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) results; narrow the query for the rest"),
                    "\(result.errors)")
        }
    }

    @Test("stargazers print ID<TAB>LOGIN<TAB>STARRED_AT; of 45,000, GitHub's 422 past 40,000 ends the list with a note on stderr, and nothing is asked after it")
    func stargazersCap() async throws {
        try await withServer(users: 45_000, listSizes: ["stargazers:octocat/hello-world": 45_000]) { server, base in
            let result = try await run(binary, ["stargazers", "octocat/Hello-World", "--api-url", base, "--plain",
                                                "--per-page", "100", "--no-cache"])
            #expect(result.status == 0, "\(result.errors)")
            let repo = try #require(server.data.repository(owner: "octocat", name: "Hello-World"))
            let people = server.data.list("stargazers:octocat/hello-world", offset: 0, limit: 40_000)
            let dates = server.data.starDates(of: repo, offset: 0, limit: 40_000)
            let expected = zip(people, dates).map { "\($0.id)\t\($0.login)\t\($1.formatted(.iso8601))" }
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 40_000)
            #expect(lines == expected, "the first: \(lines.prefix(2)) against \(expected.prefix(2))")
            #expect(result.errors.contains("ghscroll: GitHub lists only the first 40,000 stargazers · ghscroll stargazers "
                                           + "octocat/Hello-World --newest lists them all, newest first\n"), "\(result.errors)")
            let asked = await server.requestLog().filter { $0.path.hasSuffix("/stargazers") }
            #expect(asked.count == 401, "pages 1 to 400, then the 422, and nothing after it")
            #expect(asked.last.map { [$0.queryValue("page"), String($0.status)] } == ["401", "422"])
            #expect(asked.allSatisfy { $0.headers["accept"] == "application/vnd.github.star+json" })

            // Started at page 400, or past it: the note counts the pages before too.
            for (page, printed) in [("400", 100), ("401", 0)] {
                let later = try await run(binary, ["stargazers", "octocat/Hello-World", "--api-url", base, "--plain",
                                                   "--per-page", "100", "--no-cache", "--page", page])
                #expect(later.output.split(separator: "\n").count == printed)
                #expect(later.errors.contains("GitHub lists only the first 40,000 stargazers"), "--page \(page): \(later.errors)")
            }
        }
    }

    @Test("stargazers --json prints each item as GitHub sent it: {starred_at, user}; a list that simply ends says nothing on stderr")
    func stargazersJSON() async throws {
        try await withServer(users: 800, listSizes: ["stargazers:octocat/hello-world": 30]) { _, base in
            let result = try await run(binary, ["stargazers", "octocat/Hello-World", "--api-url", base, "--json", "--no-cache"])
            #expect(result.status == 0, "\(result.errors)")
            let objects = result.output.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(objects.count == 30)
            #expect(objects.allSatisfy { Set($0.keys) == ["starred_at", "user"] && ($0["user"] as? [String: Any])?["html_url"] is String })
            #expect(!result.errors.contains("GitHub lists only"), "\(result.errors)")
        }
    }

    @Test("a search that ends on an empty page before the cap says nothing of 1,000 results: the cap did not end it")
    func searchEndsEarly() async throws {
        let user = { (id: Int) in #"{"login":"u\#(id)","id":\#(id),"type":"User","site_admin":false}"# }
        var options = FakeGitHubOptions()
        // GitHub's total is an estimate: 5,000 found, and the second page is empty.
        options.scriptedReplies = [FakeRawReply(json: #"{"total_count":5000,"incomplete_results":false,"items":["# + user(1) + "," + user(2) + "]}"),
                                   FakeRawReply(json: #"{"total_count":5000,"incomplete_results":false,"items":[]}"#)]
        try await withServer(options: options) { _, base in
            let result = try await run(binary, ["search", "u", "--api-url", base, "--plain", "--per-page", "2", "--no-cache"])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output == "1\tu1\n2\tu2\n")
            #expect(!result.errors.contains("1,000"), "\(result.errors)")
        }
    }

    @Test("a search GitHub marks incomplete_results (its search timed out) says so on stderr")
    func searchIncomplete() async throws {
        var options = FakeGitHubOptions()
        options.incompleteSearches = true
        try await withServer(options: options) { _, base in
            let result = try await run(binary, ["search", "octocat", "--api-url", base, "--plain", "--no-cache"])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.contains("\toctocat\n"), "\(result.output)")
            #expect(result.errors.contains("ghscroll: GitHub's search timed out: these results may be incomplete"),
                    "\(result.errors)")
        }
        try await withServer { _, base in
            let result = try await run(binary, ["search", "octocat", "--api-url", base, "--plain", "--no-cache"])
            #expect(!result.errors.contains("timed out"), "\(result.errors)")
        }
    }

    @Test("ghscroll user LOGIN in a pipe: a field a line, tab-separated; a line break in the bio is a space")
    func profileLines() async throws {
        try await withServer { _, base in
            let result = try await run(binary, ["user", "octocat", "--api-url", base])
            #expect(result.status == 0, "\(result.errors)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "login\toctocat")
            #expect(lines.contains("bio\tMona's friend. Likes forks, stars and pull requests."), "\(lines)")
            #expect(lines.last == "", "ends with a line break")
            #expect(lines.dropLast().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 2 })
            // An account whose blog GitHub (the fake, withServer's data) sends as "": no blog
            // line, as for a field sent null.
            let data = FakeDataSet(userCount: 3_000, seed: 3)
            let login = try #require(data.users.first { data.profile(of: $0).blog.isEmpty }?.login)
            let json = try await run(binary, ["user", login, "--api-url", base, "--json"])
            #expect(json.output.contains(#""blog":"""#), "\(json.output)")
            let plain = try await run(binary, ["user", login, "--api-url", base])
            #expect(plain.output.hasPrefix("login\t\(login)\n") && !plain.output.contains("\nblog"), "\(plain.output)")
        }
    }

    @Test("ghscroll user LOGIN --json prints the account's object as GitHub sent it, on one line: every field, nulls and plan included",
          arguments: ["users.get-by-username.json", "users.get-by-username.response-with-git-hub-plan-information.json"])
    func profileJSON(example: String) async throws {
        // GitHub's own documented answer, as recorded in the shared folder (pretty-printed there).
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/github/rest-examples/\(example)").path
        let sent = try #require(FileManager.default.contents(atPath: path), "missing \(path)")
        var options = FakeGitHubOptions()
        options.scriptedReplies = [FakeRawReply(headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(sent))]
        try await withServer(options: options) { _, base in
            let result = try await run(binary, ["user", "octocat", "--api-url", base, "--json", "--no-cache"])
            #expect(result.status == 0, "\(result.errors)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines.last == "", "one line: \(result.output)")
            let printed = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? NSDictionary
            let expected = try JSONSerialization.jsonObject(with: sent) as? NSDictionary
            #expect(printed != nil && printed == expected, "\(result.output)")
            // In GitHub's order: each top-level key (two spaces in, in the file) where it came.
            let keys = String(decoding: sent, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  \""), !line.hasPrefix("   "), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: 2)...end])
            }
            let positions = keys.compactMap { lines[0].range(of: $0 + ":")?.lowerBound }
            #expect(positions.count == keys.count && positions == positions.sorted(), "\(keys)")
        }
    }

    @Test("--plain shows control and bidi characters as the screen does: a right-to-left override or ESC is �, CR LF a space")
    func plainNeutralisesBidi() async throws {
        let body = #"{"login":"octocat","id":1,"type":"User","name":"abc\u202edef","company":"\u2066x\u2069\u200f","#
            + #""location":"a\tb","bio":"one\u001b[31mred\r\ntwo\u0085"}"#
        var options = FakeGitHubOptions()
        options.scriptedReplies = [FakeRawReply(json: body)]
        try await withServer(options: options) { _, base in
            let result = try await run(binary, ["user", "octocat", "--api-url", base, "--plain", "--no-cache"])
            #expect(result.status == 0, "\(result.errors)")
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines == ["login\toctocat", "id\t1", "type\tUser", "name\tabc\u{FFFD}def", "company\t\u{FFFD}x\u{FFFD}\u{FFFD}",
                              "location\ta b", "bio\tone\u{FFFD}[31mred two\u{FFFD}"], "\(lines)")
        }
    }

    @Test("retries and waits are reported on stderr; stdout holds only the data, complete and in order",
          arguments: ["--plain", "--json"])
    func progressOnStderr(mode: String) async throws {
        var options = FakeGitHubOptions()
        options.scriptedStatuses = [502, 503]
        options.secondaryLimitEvery = 4
        options.secondaryRetryAfterSeconds = 1
        try await withServer(users: 400, options: options) { server, base in
            let result = try await run(binary, ["users", "--api-url", base, mode, "--per-page", "50", "--limit", "300",
                                                "--retry-delay-ms", "10"])
            #expect(result.status == 0, "\(result.errors)")
            let lines = result.output.split(separator: "\n").map(String.init)
            let expected = server.data.users.prefix(300)
            if mode == "--plain" {
                #expect(lines == expected.map { "\($0.id)\t\($0.login)" })
            } else {
                #expect(lines.count == 300)
                #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
                #expect(zip(lines, expected).allSatisfy { $0.contains("\"id\":\($1.id),") })
            }
            let notes = result.errors.split(separator: "\n").map(String.init)
            #expect(notes.contains("ghscroll: HTTP 502 · retry 1/3 in 1 s"), "\(result.errors)")
            #expect(notes.contains("ghscroll: HTTP 503 · retry 2/3 in 1 s"), "\(result.errors)")
            #expect(notes.contains("ghscroll: GitHub asked to slow down · resumes in 1 s"), "\(result.errors)")
        }
    }

    @Test("a page that fails through every retry ends --plain with a message on stderr and exit status 1")
    func failure() async throws {
        var options = FakeGitHubOptions()
        options.scriptedStatuses = [500, 500, 500, 500]
        try await withServer(users: 100, options: options) { server, base in
            let result = try await run(binary, ["users", "--api-url", base, "--plain", "--retry-delay-ms", "1"])
            #expect(result.status == 1)
            #expect(result.output.isEmpty)
            #expect(result.errors.hasSuffix("Error: GitHub had a server error (HTTP 500: Server Error).\n"), "\(result.errors)")
            #expect(!result.errors.contains("Error: ghscroll:"), "one prefix")
            #expect(await server.requestLog().count == 4, "the first try and three retries")
        }
    }

    @Test("a long rate limit's countdown is said again on stderr while it lasts when stderr is a terminal")
    func countdownOnATerminal() async throws {
        var options = FakeGitHubOptions()
        options.primaryLimit = 1
        options.rateLimitWindowSeconds = 600
        // stdout into /dev/null, stderr on the pane; the countdown is said every 200 ms here
        // instead of every minute.
        try await withLaunch("users --plain --per-page 10 --countdown-every-ms 200", after: " > /dev/null; sleep 60",
                             users: 50, options: options, columns: 100, rows: 12) { _, pane in
            func countdowns(_ screen: [String]) -> [String] { screen.filter { $0.contains("rate limit used up") } }
            let screen = await pane.waitFor(15) { countdowns($0).count >= 3 }
            let lines = countdowns(screen)
            #expect(lines.count >= 3, "said again: \(screenText(screen))")
            let pattern = #"^ghscroll: rate limit used up · resumes in (9|10):[0-5][0-9] · GH_TOKEN raises the limit *$"#
            #expect(lines.allSatisfy { $0.range(of: pattern, options: .regularExpression) != nil }, "\(lines)")
        }
    }

    @Test("into a file the countdown is said once, however long the wait")
    func countdownIntoAFile() async throws {
        var options = FakeGitHubOptions()
        options.primaryLimit = 1
        options.rateLimitWindowSeconds = 2
        try await withServer(users: 50, options: options) { server, base in
            // Were stderr a terminal, the wait (over a second) would be said every 50 ms.
            let result = try await run(binary, ["users", "--api-url", base, "--plain", "--per-page", "10", "--limit", "15",
                                                "--countdown-every-ms", "50"])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.split(separator: "\n").count == 15)
            let notes = result.errors.split(separator: "\n")
            #expect(notes.count == 1 && notes[0].hasPrefix("ghscroll: rate limit used up · resumes in "), "\(result.errors)")
            #expect(await server.requestLog().contains { $0.status == 403 }, "the limit was hit")
        }
    }

    @Test("orgs, contributors and watchers print every row of their list, in the server's order; a bad OWNER/REPO is a usage error")
    func repositoryPeople() async throws {
        let sizes = ["orgs:octocat": 4, "contributors:octocat/hello-world": 130, "subscribers:octocat/hello-world": 27]
        try await withServer(users: 800, listSizes: sizes) { _, base in
            for (arguments, count) in [(["orgs", "octocat"], 4), (["contributors", "octocat/Hello-World"], 130),
                                       (["watchers", "octocat/Hello-World"], 27)] {
                let result = try await run(binary, arguments + ["--api-url", base, "--plain", "--per-page", "50"])
                #expect(result.status == 0, "\(arguments) \(result.errors)")
                let lines = result.output.split(separator: "\n")
                #expect(lines.count == count, "\(arguments)")
                #expect(Set(lines).count == count, "\(arguments): no row twice")
            }
            let json = try await run(binary, ["contributors", "octocat/Hello-World", "--api-url", base, "--json", "--limit", "3"])
            let counts = json.output.split(separator: "\n").compactMap { line -> Int? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                return object["contributions"] as? Int
            }
            #expect(counts.count == 3 && counts == counts.sorted(by: >), "GitHub's objects, most commits first: \(counts)")
            let bad = try await run(binary, ["watchers", "octocat", "--api-url", base, "--plain"])
            #expect(bad.status == 64)
            #expect(bad.errors.contains("watchers takes a repository as OWNER/REPO, for example apple/swift (got 'octocat')"),
                    "\(bad.errors)")
        }
    }

    @Test("repos and starred print ID<TAB>OWNER/NAME lines, every repository once; --json prints GitHub's objects")
    func repositories() async throws {
        try await withServer(users: 800, listSizes: ["repos:octocat": 57, "starred:octocat": 12]) { server, base in
            let owned = try await run(binary, ["repos", "octocat", "--api-url", base, "--plain", "--per-page", "20"])
            #expect(owned.status == 0, "\(owned.errors)")
            let octocat = try #require(server.data.user(login: "octocat"))
            let expected = server.data.repositories(of: octocat).map { "\($0.id)\t\($0.fullName)" }
            #expect(owned.output.split(separator: "\n").map(String.init) == expected)
            let starred = try await run(binary, ["starred", "octocat", "--api-url", base, "--json"])
            let objects = starred.output.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(objects.count == 12)
            #expect(objects.allSatisfy { $0["full_name"] is String && $0["stargazers_count"] is Int })
        }
    }
}
