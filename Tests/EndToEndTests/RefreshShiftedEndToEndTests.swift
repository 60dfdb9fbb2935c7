import FakeGitHub
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - r on row 700 when the list moved under it (#37 item 7)

extension RefreshEndToEndTests {
    @Test("three followers before row 700 of 900 leave, then r: the page is asked again and the selection stays on the same follower, now row 697")
    func refreshKeepsTheAccount() async throws {
        try await withServer(users: 1_000, listSizes: ["followers:octocat": 900]) { server, base in
            let pane = try await TmuxPane(command: "exec \(binary) followers octocat --api-url \(base) --per-page 100 --retry-delay-ms 100",
                                          columns: 100, rows: 14)
            defer { pane.closeNow() }
            let followers = server.data.list("followers:octocat", offset: 0, limit: 900)
            let selected = followers[699]
            let end = try await pane.pressEndUntilListEnds(presses: 20, seconds: 3)
            #expect(screenText(end).contains("End of list"), "\(screenText(end))")
            try await pane.keys("7", "0", "0", "G")
            let before = await pane.waitFor { $0.last { !$0.isEmpty }?.contains(" · 700/900") == true }
            #expect(idsOnScreen(before).contains(selected.id), "\(screenText(before))")

            // Followers 11, 12 and 13 stop following octocat on GitHub (each with a token of their own).
            let leaving = Array(followers[10...12])
            await server.update { options in
                for user in leaving { options.tokens["ghp_\(user.login)"] = FakeToken(viewer: user.login, kind: .classic(scopes: ["user:follow"])) }
            }
            for user in leaving {
                var request = URLRequest(url: try #require(URL(string: "\(base)/user/following/octocat")))
                request.httpMethod = "DELETE"
                request.setValue("Bearer ghp_\(user.login)", forHTTPHeaderField: "Authorization")
                request.setValue("0", forHTTPHeaderField: "Content-Length")
                let (_, response) = try await URLSession.shared.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 204)
            }

            try await pane.keys("r")
            let after = await pane.waitFor { screen in
                !screenText(screen).contains("refreshing") && screen.last { !$0.isEmpty }?.contains(" · 697/") == true
            }
            #expect(after.last { !$0.isEmpty }?.contains(" · 697/") == true, "the selection moved up with its follower: \(screenText(after))")
            // y copies the selected row's page: the same follower as before the refresh.
            try await pane.keys("y")
            let copied = await pane.waitFor { screenText($0).contains("Copied") }
            #expect(screenText(copied).contains("Copied https://github.com/\(selected.login)"), "\(screenText(copied))")
        }
    }
}
