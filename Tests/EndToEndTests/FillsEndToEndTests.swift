import FakeGitHub
import Foundation
import Testing

// MARK: - Rows filled with who people are (#35)

extension BrowserEndToEndTests {
    @Test("with a token, followers rows fill with names and places after one POST /graphql for the page; they follow the token's owner; the selection stays")
    func rowsFill() async throws {
        var options = FakeGitHubOptions()
        options.viewer = "octocat"
        try await withLaunch("followers octocat --no-cache", before: "GH_TOKEN=t0ken XDG_CONFIG_HOME=/nonexistent ",
                             listSizes: ["followers:octocat": 150], options: options, columns: 110, rows: 20) { server, pane in
            let followers = server.data.list("followers:octocat", offset: 0, limit: 150)
            let named = try #require(followers.prefix(17).first { server.data.profile(of: $0).name != nil })
            let name = try #require(server.data.profile(of: named).name)
            await pane.waitFor { screenText($0).contains("· 1/") }
            try await pane.keys("j", "j", "j")
            await pane.waitFor(5) { screenText($0).contains("· 4/") }
            let filled = await pane.waitFor(10) { screenText($0).contains(name) }
            let row = try #require(filled.first { $0.contains(" \(named.login) ") }, "\(screenText(filled))")
            #expect(row.contains(name) && row.contains("follows you"), "the row of \(named.login): \(row)")
            // (150 followers in pages of 100: GitHub counts two pages.)
            #expect(screenText(filled).contains("100 followers · 101–200 in all · 4/100"), "the selection did not move: \(screenText(filled))")
            let log = await server.requestLog()
            #expect(log.filter { $0.path == "/graphql" }.count == 1, "one fill for the page on screen: \(log.map(\.path))")
            #expect(log.filter { $0.path.hasPrefix("/users/") && !$0.path.hasSuffix("/followers") }.isEmpty,
                    "no account asked one by one: \(log.map(\.path))")
        }
    }
}
