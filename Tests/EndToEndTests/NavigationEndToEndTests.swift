import FakeGitHub
import Foundation
import Testing

@Suite("Browsing: details, drill-down, filter, copy and open, in tmux against the fake server", .serialized,
       .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct NavigationEndToEndTests {
    @Test("Enter shows the user's name; 1 opens their followers, which page to their end; Esc twice returns to the same row")
    func drillDownAndBack() async throws {
        try await withLaunch("users --per-page 50", listSizes: ["followers:octocat": 120],
                             columns: 100, rows: 30) { server, pane in
            let data = server.data
            await pane.waitFor { idsOnScreen($0).count >= 20 }
            // Select the sixth user and open the pane.
            for _ in 0..<5 { try await pane.keys("j") }
            await pane.waitFor { screenText($0).contains(" · 6/") }
            let sixth = data.users[5]
            let name = try #require(data.profile(of: sixth).name ?? Optional(sixth.login))
            try await pane.keys("Enter")
            let details = await pane.waitFor { screenText($0).contains(name) && screenText($0).contains("Joined") }
            #expect(screenText(details).contains(name), "\(screenText(details))")
            let before = details

            // Back to the first user, whose followers list is 120 long, and down into it.
            try await pane.keys("g")
            let octocat = await pane.waitFor { screenText($0).contains("The Octocat") && screenText($0).contains("Followers  120") }
            #expect(screenText(octocat).contains("Followers  120"), "\(screenText(octocat))")
            try await pane.keys("1")
            let followers = await pane.waitFor { $0.first?.contains("All users › octocat › followers") == true && idsOnScreen($0).count > 10 }
            #expect(followers.first?.contains("All users › octocat › followers") == true, "\(screenText(followers))")
            let expected = data.list("followers:octocat", offset: 0, limit: 120).map(\.id)
            #expect(Array(idsOnScreen(followers).prefix(10)) == Array(expected.prefix(10)), "the server's order")
            let end = try await pane.pressEndUntilListEnds(seconds: 3)
            #expect(screenText(end).contains("— End of list · 120 followers —"), "\(screenText(end))")
            let lastIDs = idsOnScreen(end)
            #expect(Array(expected.suffix(lastIDs.count)) == lastIDs, "the list ends with the server's last followers")

            // Esc: back to the list below, its pane on octocat as it was.
            try await pane.keys("Escape")
            let back = await pane.waitFor { $0.first?.contains("›") == false && screenText($0).contains("The Octocat") }
            #expect(screenText(back).contains("The Octocat") && screenText(back).contains(" · 1/"), "\(screenText(back))")
            // Esc closes the pane; the rows are the ones shown before.
            try await pane.keys("j", "j", "j", "j", "j", "Escape")
            let closed = await pane.waitFor { !screenText($0).contains("Joined") && screenText($0).contains(" · 6/") }
            // (octocat's row shows its name now that its details were seen: logins, not ids.)
            #expect(Array(loginsOnScreen(closed).prefix(10)) == Array(data.users.prefix(10).map(\.login)), "\(screenText(closed))")
            #expect(loginsOnScreen(before).prefix(5) == loginsOnScreen(closed).prefix(5))
            #expect(screenText(closed).contains(" octocat  The Octocat "), "\(screenText(closed))")
            #expect(await server.requestLog().filter { $0.path == "/users/octocat" }.count == 1, "octocat's details were fetched once")
        }
    }

    @Test("G on 2,950 followers shows the last of them after one request for the last page, not a page a press; k up brings the page before it")
    func endOfALongList() async throws {
        try await withLaunch("followers octocat", listSizes: ["followers:octocat": 2_950], columns: 100, rows: 30) { server, pane in
            await pane.waitFor { idsOnScreen($0).count >= 20 }
            try await pane.keys("G")
            let end = await pane.waitFor { screenText($0).contains("— End of list · 2,950 followers —") }
            #expect(screenText(end).contains(" 2,950 followers · 2,950/2,950 · end"), "\(screenText(end))")
            let last = server.data.list("followers:octocat", offset: 2_900, limit: 50).map(\.id)
            let shown = idsOnScreen(end)
            #expect(!shown.isEmpty && Array(last.suffix(shown.count)) == shown, "the server's last followers: \(screenText(end))")
            let asked = await server.requestLog().filter { $0.path == "/users/octocat/followers" }.map(\.query)
            #expect(asked.contains { $0.contains("page=30") }, "\(asked)")
            #expect(asked.count <= 4, "the first page, perhaps the second, the last and the one before it: \(asked)")

            // Up past the top of the last page: the one before it, by its number.
            for _ in 0..<4 { try await pane.keys("C-b") }
            let previous = Set(server.data.list("followers:octocat", offset: 2_800, limit: 100).map(\.id))
            let before = await pane.waitFor { screen in idsOnScreen(screen).contains { previous.contains($0) } }
            #expect(idsOnScreen(before).contains { previous.contains($0) }, "\(screenText(before))")
            #expect(screenText(before).contains("/2,950"), "\(screenText(before))")
            #expect(await server.requestLog().contains { $0.path == "/users/octocat/followers" && $0.query.contains("page=29") })
        }
    }

    @Test("3 on a user's pane opens their repositories, most recently pushed first, which page to their end in the server's order")
    func repositories() async throws {
        try await withLaunch("users --per-page 10", listSizes: ["repos:octocat": 37], columns: 100, rows: 30) { server, pane in
            await pane.waitFor { idsOnScreen($0).count >= 5 }
            try await pane.keys("Enter")
            await pane.waitFor { screenText($0).contains("The Octocat") }
            try await pane.keys("3")
            let first = await pane.waitFor { $0.first?.contains("All users › octocat › repositories") == true
                && screenText($0).contains("octocat/") }
            let octocat = try #require(server.data.user(login: "octocat"))
            let expected = server.data.repositories(of: octocat).map(\.fullName)
            #expect(expected.count == 37)
            let names = { (screen: [String]) in
                screen.dropFirst().dropLast().compactMap { line in line.split(separator: " ").first.map(String.init) }
                    .filter { $0.hasPrefix("octocat/") }
            }
            #expect(Array(names(first).prefix(5)) == Array(expected.prefix(5)), "\(screenText(first))")
            let end = try await pane.pressEndUntilListEnds(seconds: 3)
            #expect(screenText(end).contains("— End of list · 37 repositories —"), "\(screenText(end))")
            let last = names(end)
            #expect(!last.isEmpty && Array(expected.suffix(last.count)) == last, "\(screenText(end))")
            #expect(await server.requestLog().contains { $0.path == "/users/octocat/repos" && $0.query.contains("sort=pushed") })
        }
    }

    @Test("Enter on a repository shows its pane; 1 there pages its stargazers to the end; Esc comes back to the pane")
    func repositoryPane() async throws {
        let data = FakeDataSet(userCount: 3_000, seed: 3, listSizes: ["repos:octocat": 6])
        let octocat = try #require(data.user(login: "octocat"))
        let first = try #require(data.repositories(of: octocat).first)
        try await withLaunch("repos octocat", listSizes: ["repos:octocat": 6, "stargazers:\(first.key)": 45],
                             columns: 110, rows: 32) { server, pane in
            await pane.waitFor { screenText($0).contains(first.fullName) }
            try await pane.keys("Enter")
            let shown = await pane.waitFor { screenText($0).contains("Stars     45") }
            #expect(screenText(shown).contains("Stars     45"), "\(screenText(shown))")
            #expect(screenText(shown).contains("[1] stargazers"), "\(screenText(shown))")
            try await pane.keys("1")
            let list = await pane.waitFor { $0.first?.contains("\(first.fullName) › stargazers") == true && idsOnScreen($0).count > 5 }
            #expect(list.first?.contains("› stargazers") == true, "\(screenText(list))")
            let end = try await pane.pressEndUntilListEnds(seconds: 3)
            #expect(screenText(end).contains("— End of list · 45 stargazers —"), "\(screenText(end))")
            try await pane.keys("Escape")
            let back = await pane.waitFor { screenText($0).contains("Stars     45") && $0.first?.contains("›") == false }
            #expect(screenText(back).contains("Stars     45"), "\(screenText(back))")
            #expect(await server.requestLog().filter { $0.path == "/repos/octocat/\(first.name)" }.count == 1)
        }
    }

    @Test("/ narrows the rows as you type; Esc brings every row back")
    func filter() async throws {
        try await withLaunch("users --per-page 100", columns: 80, rows: 24) { server, pane in
            let data = server.data
            let full = await pane.waitFor { idsOnScreen($0).count >= 20 }
            let needle = "ar"
            let loaded = data.users.prefix(100)
            let matching = loaded.filter { $0.login.lowercased().contains(needle) }
            try #require(matching.count >= 3)
            try await pane.keys("/", "a", "r")
            let narrowed = await pane.waitFor { screenText($0).contains("/ar") && idsOnScreen($0).first == matching.first?.id }
            let shown = idsOnScreen(narrowed)
            #expect(!shown.isEmpty)
            let logins = Dictionary(uniqueKeysWithValues: data.users.map { ($0.id, $0.login) })
            #expect(shown.allSatisfy { logins[$0]?.lowercased().contains(needle) == true }, "\(screenText(narrowed))")
            #expect(Array(shown.prefix(min(3, matching.count))) == Array(matching.prefix(3).map(\.id)))
            #expect(screenText(narrowed).contains("loaded"), "the count of matches among the loaded rows")
            try await pane.keys("Enter")
            await pane.waitFor { screenText($0).contains("· /ar") }
            try await pane.keys("g", "Escape")
            let restored = await pane.waitFor { !screenText($0).contains("/ar") && idsOnScreen($0).count >= 20 }
            #expect(Array(idsOnScreen(restored).prefix(20)) == Array(idsOnScreen(full).prefix(20)), "\(screenText(restored))")
        }
    }

    @Test("y copies the profile URL GitHub sent (the fake's html_url, not an address on its API host) into tmux's paste buffer (OSC 52) and says so")
    func copy() async throws {
        try await withLaunch("users", columns: 100, rows: 20) { server, pane in
            await pane.waitFor { idsOnScreen($0).count >= 10 }
            try await run("tmux", ["-L", pane.socket, "set-option", "-g", "set-clipboard", "on"])
            try await pane.keys("j", "y")
            let said = await pane.waitFor { screenText($0).contains("Copied") }
            let url = "https://github.com/\(server.data.users[1].login)"
            #expect(screenText(said).contains("Copied \(url)"), "\(screenText(said))")
            let buffer = try await run("tmux", ["-L", pane.socket, "show-buffer"]).output
            #expect(buffer == url)
        }
    }

    @Test("o runs $BROWSER with the profile URL GitHub sent, away from the terminal")
    func open() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The browser writes the URL it was given, whole or not at all (a rename).
        let marker = directory.path + "/opened"
        try directory.write("browser", "#!/bin/sh\nprintf '%s' \"$1\" > \(marker).part && mv \(marker).part \(marker)\n",
                            executable: true)
        let script = directory.path + "/browser"
        try await withLaunch("users", before: "BROWSER=\(script) ", columns: 100, rows: 20) { server, pane in
            await pane.waitFor { idsOnScreen($0).count >= 10 }
            try await pane.keys("o")
            try await waitUntil { FileManager.default.fileExists(atPath: marker) }
            let opened = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? ""
            #expect(opened == "https://github.com/octocat", "the html_url the fake sent, not \(server.baseURL?.absoluteString ?? "")")
            let screen = await pane.capture()
            #expect(screen.first?.hasPrefix(" ghscroll · All users") == true, "the terminal was left alone")
        }
    }

    @Test("a failing BROWSER is reported with the URL in the status line")
    func openFails() async throws {
        try await withLaunch("users", before: "BROWSER=false ", columns: 100, rows: 20) { _, pane in
            await pane.waitFor { idsOnScreen($0).count >= 10 }
            try await pane.keys("o")
            let screen = await pane.waitFor { screenText($0).contains("failed (exit status 1)") }
            #expect(screenText(screen).contains("false failed (exit status 1) · https://github.com/octocat"),
                    "\(screenText(screen))")
        }
    }

    @Test("--demo: o opens the html_url the demo's GitHub sent; an organization of `orgs` (sent none) is not known until its details say where pages live")
    func demoOpens() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let marker = directory.path + "/opened"
        try directory.write("browser", "#!/bin/sh\nprintf '%s' \"$1\" > \(marker).part && mv \(marker).part \(marker)\n",
                            executable: true)
        func opened() async throws -> String {
            try await waitUntil { FileManager.default.fileExists(atPath: marker) }
            defer { try? FileManager.default.removeItem(atPath: marker) }
            return (try? String(contentsOfFile: marker, encoding: .utf8)) ?? ""
        }
        let users = try await TmuxPane(command: "BROWSER=\(directory.path)/browser \(binary) --demo --no-cache", columns: 100, rows: 20)
        defer { users.closeNow() }
        await users.waitFor { idsOnScreen($0).count >= 10 }
        try await users.keys("o")
        #expect(try await opened() == "https://github.com/octocat")
        users.closeNow()

        let orgs = try await TmuxPane(command: "BROWSER=\(directory.path)/browser \(binary) --demo --no-cache orgs octocat",
                                      columns: 100, rows: 20)
        defer { orgs.closeNow() }
        let list = await orgs.waitFor { idsOnScreen($0).count >= 1 }
        let login = try #require(list.dropFirst().first?.split(separator: " ").first.map(String.init), "\(screenText(list))")
        try await orgs.keys("o")
        let said = await orgs.waitFor { screenText($0).contains("not known yet") }
        #expect(screenText(said).contains("Its web page is not known yet"), "\(screenText(said))")
        #expect(!FileManager.default.fileExists(atPath: marker), "nothing opened")
        try await orgs.keys("Enter")
        await orgs.waitFor { screenText($0).contains("Profile") }
        try await orgs.keys("o")
        #expect(try await opened() == "https://github.com/\(login)")
    }
}
