import FakeGitHub
import Foundation
import Testing

@Suite("r deep in a list, in tmux against the fake server (#37 item 7)", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct RefreshEndToEndTests {
    /// The status line (the last line with text).
    private func status(_ screen: [String]) -> String {
        screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    @Test("r on row 700 of 900 followers asks GitHub for page 7 (of 100 a page) again and keeps the selection on the same follower; with GitHub gone, r drops no rows")
    func refreshAtRow700() async throws {
        // The pane outlives the server: GitHub goes away with the list on screen.
        let (pane, shown) = try await withServer(users: 1_000, listSizes: ["followers:octocat": 900]) { server, base in
            let pane = try await TmuxPane(command: "exec \(binary) followers octocat --api-url \(base) --per-page 100 --retry-delay-ms 100",
                                          columns: 100, rows: 14)
            do {
                let expected = server.data.list("followers:octocat", offset: 0, limit: 900).map(\.id)
                let end = try await pane.pressEndUntilListEnds(presses: 20, seconds: 3)
                #expect(screenText(end).contains("End of list"), "\(screenText(end))")
                try await pane.keys("7", "0", "0", "G")
                let before = await pane.waitFor { status($0).contains(" · 700/900") }
                #expect(status(before).contains(" · 700/900"), "\(screenText(before))")
                #expect(idsOnScreen(before).contains(expected[699]), "\(screenText(before))")

                await server.clearRequestLog()
                try await pane.keys("r")
                let after = await pane.waitFor {
                    !screenText($0).contains("refreshing") && status($0).contains(" · 700/900") && !screenText($0).contains("oading")
                }
                // Row 700 selected, in a list that did not change: the same follower.
                #expect(status(after).contains("900 followers · 700/900"), "the place is kept: \(screenText(after))")
                #expect(idsOnScreen(after).contains(expected[699]), "\(screenText(after))")
                let asked = await server.requestLog().filter { $0.path == "/users/octocat/followers" }
                #expect(asked.first?.query.contains("page=7") == true, "\(asked.map(\.query))")
                #expect(!asked.contains { !$0.query.contains("page=") || $0.query.contains("page=1&") }, "page 1 was not asked for: \(asked.map(\.query))")
                // Nothing left on its way before GitHub goes.
                let settled = await pane.waitFor { !screenText($0).contains("Loading") && !screenText($0).contains("loading") }
                return (pane, settled)
            } catch {
                pane.closeNow()
                throw error
            }
        }
        defer { pane.closeNow() }

        try await pane.keys("r")
        // (GitHub gone, the request is retried a while before the cache's copy comes back.)
        let offline = await pane.waitFor(45) { $0.first?.contains("offline") == true && !screenText($0).contains("refreshing") }
        #expect(offline.first?.contains("offline") == true, "\(screenText(offline))")
        #expect(status(offline).contains("900 followers · 700/900"), "no row dropped: \(screenText(offline))")
        #expect(idsOnScreen(offline) == idsOnScreen(shown), "the rows on screen stay: \(screenText(offline))")
    }
}
