import FakeGitHub
import Foundation
import Testing

/// The fake with octocat as the owner of its standard tokens: `gho_follow` may follow and star,
/// `gho_default` (gh's login) may only star.
private var standardTokens: FakeGitHubOptions {
    var options = FakeGitHubOptions()
    options.viewer = "octocat"
    options.tokens = FakeToken.standard(viewer: "octocat")
    return options
}

@Suite("F and * in the browser: follow, star, and undo them, against the fake GitHub (#36)", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct ActEndToEndTests {
    @Test("F, y on one of your followers (followers @me): the row reads mutual at once, the pane's count rises, following @me lists them; F, y undoes it (NO_COLOR, LC_ALL=C: words)")
    func followAndUndo() async throws {
        try await withLaunch("followers @me --no-cache",
                             before: "GH_TOKEN=gho_follow NO_COLOR=1 LC_ALL=C XDG_CONFIG_HOME=/nonexistent ",
                             listSizes: ["followers:octocat": 12, "following:octocat": 3], options: standardTokens,
                             columns: 120, rows: 24) { server, pane in
            let them = try #require(server.data.list("followers:octocat", offset: 0, limit: 12).first).login
            let filled = await pane.waitFor { screenText($0).contains("follows you") }
            let row = try #require(filled.first { $0.hasPrefix(" \(them) ") }, "\(screenText(filled))")
            #expect(row.contains("follows you") && !row.contains("mutual"), "\(row)")
            #expect(statusLine(filled).contains("F follow"), "a token that may follow: the hint is there: \(statusLine(filled))")
            try await pane.keys("F")
            await pane.waitFor { statusLine($0).contains("Follow \(them)? y/n") }
            try await pane.keys("y")
            let followed = await pane.waitFor { screenText($0).contains("You follow \(them)") }
            #expect(followed.first { $0.hasPrefix(" \(them) ") }?.contains("mutual") == true, "\(screenText(followed))")
            // The pane: one more follower than the fake's data had before.
            let before = server.data.list("followers:\(them)", offset: 0, limit: 10_000).count
            try await pane.keys("Enter")
            let details = await pane.waitFor { screenText($0).contains("Followers  ") }
            #expect(details.contains { $0.contains("Followers  \(before + 1)") }, "\(before) before: \(screenText(details))")
            // Your following list has them, and their followers list has you.
            try await pane.keys("Escape", ":")
            try await pane.keys("-l", "following @me")
            try await pane.keys("Enter")
            let following = await pane.waitFor { $0.contains { $0.hasPrefix(" \(them) ") } && screenText($0).contains("End of list") }
            #expect(following.contains { $0.hasPrefix(" \(them) ") }, "\(screenText(following))")
            try await pane.keys(":")
            try await pane.keys("-l", "followers \(them)")
            try await pane.keys("Enter")
            let theirs = await pane.waitFor { $0.contains { $0.hasPrefix(" octocat ") } }
            #expect(theirs.contains { $0.hasPrefix(" octocat ") }, "\(screenText(theirs))")
            // Back to the first list: F asks to unfollow, y does, and the mark is back to follows you.
            try await pane.keys("Escape", "Escape")
            let back = await pane.waitFor { $0.first?.contains("Your followers") == true && screenText($0).contains("mutual") }
            #expect(back.first { $0.hasPrefix(" \(them) ") }?.contains("mutual") == true, "\(screenText(back))")
            try await pane.keys("F")
            await pane.waitFor { statusLine($0).contains("Unfollow \(them)? y/n") }
            try await pane.keys("y")
            let undone = await pane.waitFor { screenText($0).contains("You no longer follow \(them)") }
            #expect(undone.first { $0.hasPrefix(" \(them) ") }?.contains("follows you") == true, "\(screenText(undone))")
            let writes = await server.requestLog().filter { $0.method == "PUT" || $0.method == "DELETE" }.map { "\($0.method) \($0.path)" }
            #expect(writes == ["PUT /user/following/\(them)", "DELETE /user/following/\(them)"], "one write each way: \(writes)")
        }
    }

    @Test("* on a repository: starred in a word and the count one up at once; starred @me lists it; *, y undoes it (NO_COLOR, LC_ALL=C)")
    func star() async throws {
        try await withLaunch("repos octocat --no-cache", before: "GH_TOKEN=gho_follow NO_COLOR=1 LC_ALL=C XDG_CONFIG_HOME=/nonexistent ",
                             listSizes: ["repos:octocat": 5], options: standardTokens, columns: 120, rows: 20) { server, pane in
            let listed = await pane.waitFor { screenText($0).contains("End of list · 5 repositories") }
            let first = try #require(listed.dropFirst().first?.split(separator: " ").first.map(String.init), "\(screenText(listed))")
            let stars = try #require(listed.dropFirst().first.flatMap(starCount), "\(screenText(listed))")
            try await pane.keys("*")
            await pane.waitFor { statusLine($0).contains("Star \(first)? y/n") }
            try await pane.keys("y")
            let starred = await pane.waitFor { screenText($0).contains("Starred \(first)") }
            let row = try #require(starred.first { $0.hasPrefix(" \(first) ") }, "\(screenText(starred))")
            #expect(row.contains("starred") && starCount(row) == stars + 1, "\(row)")
            try await pane.keys(":")
            try await pane.keys("-l", "starred @me")
            try await pane.keys("Enter")
            let mine = await pane.waitFor { $0.contains { $0.hasPrefix(" \(first) ") } }
            #expect(mine.first?.contains("octocat › starred") == true, "named by the login GitHub gave: \(screenText(mine))")
            // Back, and undone.
            try await pane.keys("Escape")
            await pane.waitFor { $0.first?.contains("Repositories of octocat") == true }
            try await pane.keys("*")
            await pane.waitFor { statusLine($0).contains("Unstar \(first)? y/n") }
            try await pane.keys("y")
            let undone = await pane.waitFor { screenText($0).contains("Unstarred \(first)") }
            let after = try #require(undone.first { $0.hasPrefix(" \(first) ") }, "\(screenText(undone))")
            #expect(!after.contains("starred") && starCount(after) == stars, "\(after)")
            let writes = await server.requestLog().filter { $0.method == "PUT" || $0.method == "DELETE" }.map { "\($0.method) \($0.path)" }
            #expect(writes == ["PUT /user/starred/\(first)", "DELETE /user/starred/\(first)"], "\(writes)")
        }
    }

    @Test("gh's own login cannot follow: F is not in the hints once GitHub named the scopes, and F says how to get the scope, sending nothing")
    func ghLoginCannotFollow() async throws {
        try await withLaunch("followers octocat --no-cache", before: "GH_TOKEN=gho_default XDG_CONFIG_HOME=/nonexistent ",
                             listSizes: ["followers:octocat": 12], options: standardTokens, columns: 120, rows: 20) { server, pane in
            let shown = await pane.waitFor { screenText($0).contains("follows you") }
            #expect(!statusLine(shown).contains("F follow") && statusLine(shown).contains("? help"), "\(statusLine(shown))")
            try await pane.keys("F")
            let refused = await pane.waitFor { screenText($0).contains("This token cannot follow") }
            let host = try #require(URL(string: server.baseURL?.absoluteString ?? "")).host ?? ""
            #expect(statusLine(refused).contains("gh auth refresh -h \(host)"), "\(statusLine(refused))")
            #expect(await !server.requestLog().contains { $0.path.hasPrefix("/user/following") })
        }
    }
}

/// The status line: the last line with something on it.
private func statusLine(_ screen: [String]) -> String {
    screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
}

/// The star count on a repository's row ("★ 1,234", or "* 1,234" without UTF-8).
private func starCount(_ row: String) -> Int? {
    guard let mark = row.range(of: "★ ") ?? row.range(of: "* ") else { return nil }
    return Int(row[mark.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
}
