import FakeGitHub
import Foundation
import Testing

@Suite("Profiles made of slices, in tmux against the fake server", .serialized, .timeLimit(.minutes(2)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct ProfileEndToEndTests {
    @Test("ghscroll user octocat shows every slice heading with its count (7 organizations, counted from their first page); All 23 followers → opens all 23, paged to the end; Esc comes back")
    func profile() async throws {
        // The requests the program sent and how each ended: shown when a slice never arrived, and
        // searched for a request that stalled.
        let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-profile-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: logFile) }
        try await withLaunch("user octocat --per-page 10 --log-file \(logFile)", listSizes: ["followers:octocat": 23, "following:octocat": 0,
                                                                        "repos:octocat": 8, "orgs:octocat": 7],
                             columns: 100, rows: 50) { server, pane in
            // Long enough for a request that stalls to time out (20 s) and be sent again.
            let shown = await pane.waitFor(45) {
                screenText($0).contains("All 23 followers →") && screenText($0).contains("Not following anyone")
            }
            let text = screenText(shown)
            let sent = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            // Seconds-long answers are the load of a dozen suites starting at once on two cores
            // (seen here: 5 s for the first request); one that waits out most of the client's 20 s
            // timeout is a stall.
            let stalled = sent.split(separator: "\n").filter { line in
                line.hasSuffix(" ms") && (line.split(separator: " ").dropLast().last.flatMap { Int($0) } ?? 0) >= 15_000
            }
            if !stalled.isEmpty {
                // Seen once in CI: slices stayed loading for 19 s. The profile must still fill
                // (a request that times out is sent again); a stall is reported, not failed.
                withKnownIssue("a request to the fake stalled until the client's timeout") {
                    Issue.record("\(stalled.joined(separator: "\n"))\n\(sent)")
                }
            }
            for heading in ["The Octocat", "Organizations · 7", "All 7 organizations →", "Repositories · 8", "All 8 repositories →",
                            "Followers · 23", "Following · 0", "Not following anyone"] {
                #expect(text.contains(heading), "\(heading) in \(text)\n\(text.contains("Loading") ? sent : "")")
            }
            let octocat = try #require(server.data.user(login: "octocat"))
            let newest = server.data.repositories(of: octocat).prefix(5).map(\.fullName)
            let rows = shown.compactMap { $0.split(separator: " ").first.map(String.init) }
            #expect(rows.filter { $0.hasPrefix("octocat/") } == Array(newest), "the five most recently pushed, in order: \(text)")
            // The following slice is empty, so the last row that takes the selection is All 23 followers →.
            try await pane.keys("G", "Enter")
            await pane.waitFor { $0.first?.contains("octocat › followers") == true && idsOnScreen($0).count >= 5 }
            let end = try await pane.pressEndUntilListEnds(seconds: 3)
            #expect(screenText(end).contains("— End of list · 23 followers —"), "\(screenText(end))")
            #expect(idsOnScreen(end).count == 23, "\(screenText(end))")
            try await pane.keys("Escape")
            let back = await pane.waitFor { screenText($0).contains("Profile of octocat") }
            #expect(screenText(back).contains("All 23 followers →"), "\(screenText(back))")
            // The slices asked GitHub for their first pages only: 5 followers, then the whole list's pages of 10.
            let log = await server.requestLog()
            #expect(log.contains { $0.path == "/users/octocat/followers" && $0.query.contains("per_page=5") })
            #expect(log.contains { $0.path == "/users/octocat/followers" && $0.query.contains("page=3") })
        }
    }

    @Test("p on an organization shows its members, repositories and followers, and nothing it follows; Enter on a member opens the pane beside the profile")
    func organization() async throws {
        try await withLaunch("orgs octocat", listSizes: ["orgs:octocat": 2], columns: 110, rows: 40) { server, pane in
            await pane.waitFor { screenText($0).contains("End of list") }
            try await pane.keys("p")
            let profile = await pane.waitFor { screenText($0).contains("Members") && screenText($0).contains("Repositories")
                && !screenText($0).contains("Loading") }
            let text = screenText(profile)
            #expect(text.contains("Followers ·") && !text.contains("Following"), "members, and followers, no following: \(text)")
            #expect(profile.first?.contains("Organizations of octocat ›") == true, "\(screenText(profile))")
            try await pane.keys("Enter")
            let pane2 = await pane.waitFor { screenText($0).contains("Joined") && screenText($0).contains("│") }
            #expect(screenText(pane2).contains("Members"), "the profile stays beside the pane: \(screenText(pane2))")
        }
    }
}
