import FakeGitHub
import Foundation
import Testing

@Suite("The : command line, in tmux against the fake server", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct PromptEndToEndTests {
    @Test(":followers LOGIN opens that account's followers on the stack; Esc comes back to the list where it was; the line is kept (0600)")
    func followers() async throws {
        try await withLaunch("followers octocat", listSizes: ["followers:octocat": 40], columns: 90, rows: 20) { server, pane in
            let shown = await pane.waitFor { idsOnScreen($0).count >= 10 }
            // Someone on the screen, and how many followers the fake gives them.
            let login = try #require(shown.dropFirst().first?.split(separator: " ").first.map(String.init))
            let first = try #require(server.data.list("followers:\(login)", offset: 0, limit: 1).first?.login)
            try await pane.keys("j", "j", "j")
            let before = await pane.waitFor { screenText($0).contains("4/40") }
            try await pane.keys(":")
            try await pane.keys("-l", "followers \(login)")
            try await pane.keys("Enter")
            let pushed = await pane.waitFor {
                $0.first?.contains("› \(login) › followers") == true && $0.dropFirst().first?.hasPrefix(" \(first) ") == true
            }
            #expect(pushed.dropFirst().first?.hasPrefix(" \(first) ") == true, "their first follower first: \(screenText(pushed))")
            try await pane.keys("Escape")
            let back = await pane.waitFor { screenText($0).contains("4/40") }
            // (The title's rate changed: the pushed list asked GitHub.)
            #expect(back.dropFirst() == before.dropFirst(), "the list as it was left:\n\(screenText(back))")
            let file = pane.stateHome + "/ghscroll/history"
            #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "followers \(login)\n")
            let mode = (try? FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) ?? nil
            #expect(mode == 0o600)
        }
    }

    @Test(":nosuch says so under the prompt and stays; an account GitHub does not know gets its 404 there, and Esc leaves the list untouched")
    func errors() async throws {
        try await withLaunch("followers octocat", listSizes: ["followers:octocat": 40], columns: 90, rows: 20) { server, pane in
            let before = await pane.waitFor { idsOnScreen($0).count >= 10 }
            try await pane.keys(":")
            try await pane.keys("-l", "nosuch")
            try await pane.keys("Enter")
            let unknown = await pane.waitFor { screenText($0).contains("No command nosuch") }
            #expect(unknown.contains { $0.hasPrefix(":nosuch") }, "the prompt stays: \(screenText(unknown))")
            try await pane.keys("C-u")
            try await pane.keys("-l", "user nobody-at-all")
            try await pane.keys("Enter")
            let missing = await pane.waitFor { screenText($0).contains("was not found on GitHub") }
            #expect(screenText(missing).contains("User nobody-at-all was not found"), "\(screenText(missing))")
            #expect(missing.first?.contains("Followers of octocat") == true, "nothing pushed: \(screenText(missing))")
            try await pane.keys("Escape")
            let after = await pane.waitFor { !screenText($0).contains("was not found") }
            #expect(after.dropFirst() == before.dropFirst(), "\(screenText(after))")
            let log = await server.requestLog()
            #expect(log.contains { $0.path == "/users/nobody-at-all" })
            #expect(!log.contains { $0.path.hasPrefix("/users/nobody-at-all/") }, "no list of it was asked for")
        }
    }
}
