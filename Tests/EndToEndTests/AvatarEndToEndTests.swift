import FakeGitHub
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("Pictures in the details pane, in tmux", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct AvatarEndToEndTests {
    /// Cells written in 24-bit colour (`ESC[38;2;…` / `ESC[48;2;…`) holding an upper half block.
    func truecolorBlocks(_ text: String) -> Int {
        text.components(separatedBy: "48;2;").count - 1
    }

    @Test("with COLORTERM=truecolor the avatar is drawn in 24-bit colour; the token never goes to the picture's host")
    func truecolor() async throws {
        try await withLaunch("users --token sekrit", before: "COLORTERM=truecolor ", columns: 100, rows: 24) { server, pane in
            await pane.waitFor { idsOnScreen($0).count > 10 }
            try await pane.keys("Enter")
            await pane.waitFor { screenText($0).contains("The Octocat") && screenText($0).contains("▀▀▀▀") }
            let text = await pane.captureWithAttributes()
            #expect(truecolorBlocks(text) >= 16, "\(text.replacingOccurrences(of: "\u{1B}", with: "^["))")
            #expect(text.contains("▀"))
            let avatars = await server.requestLog().filter { $0.path.hasPrefix("/avatars/") }
            #expect(avatars.count == 1, "one picture request")
            #expect(avatars.first?.queryValue("s") == "32" && avatars.first?.queryValue("v") == "4",
                    "twice the 16 pixels the cells hold, after GitHub's own v=4")
            #expect(avatars.allSatisfy { !$0.hadAuthorization }, "the token stays with the API")
            #expect(await server.requestLog().filter { $0.path == "/users/octocat" }.allSatisfy(\.hadAuthorization))
        }
    }

    @Test("a GIF picture (GitHub serves GIF beside PNG and JPEG) is drawn in the profile, not 'no picture'")
    func gif() async throws {
        try await withServer { server, base in
            // The first person whose picture the fake serves as a GIF, asked for as the program asks.
            var chosen: FakeUser?
            for user in server.data.users.prefix(20) where !user.isOrganization {
                var components = try #require(URLComponents(string: base))
                components.path = "/avatars/u/\(user.id)"
                components.query = "v=4&s=40"
                let (body, _) = try await URLSession.shared.data(from: try #require(components.url))
                if body.starts(with: Array("GIF89a".utf8)) || body.starts(with: Array("GIF87a".utf8)) {
                    chosen = user
                    break
                }
            }
            let user = try #require(chosen, "no GIF picture among the first 20 accounts")
            await server.clearRequestLog()
            let pane = try await TmuxPane(command: "COLORTERM=truecolor \(binary) user \(user.login) --api-url \(base)",
                                          columns: 100, rows: 24)
            defer { pane.closeNow() }
            let screen = await pane.waitFor { screenText($0).contains("▀▀▀▀") || screenText($0).contains("no picture") }
            #expect(screenText(screen).contains("▀▀▀▀") && !screenText(screen).contains("no picture"), "\(screenText(screen))")
            let text = await pane.captureWithAttributes()
            #expect(truecolorBlocks(text) >= 16, "\(text.replacingOccurrences(of: "\u{1B}", with: "^["))")
            let asked = await server.requestLog().filter { $0.path.hasPrefix("/avatars/") }.map(\.path)
            #expect(asked == ["/avatars/u/\(user.id)"], "the picture drawn is that GIF")
        }
    }

    @Test("in 256 colours the avatar is drawn in the palette; with NO_COLOR in shades of characters, no colour at all")
    func fewerColors() async throws {
        try await withLaunch("users", columns: 100, rows: 24) { _, pane in
            await pane.waitFor { idsOnScreen($0).count > 10 }
            try await pane.keys("Enter")
            await pane.waitFor { screenText($0).contains("The Octocat") && screenText($0).contains("▀▀▀▀") }
            let palette = await pane.captureWithAttributes()
            #expect(truecolorBlocks(palette) == 0)
            #expect(palette.range(of: "\u{1B}\\[48;5;[0-9]+m", options: .regularExpression) != nil,
                    "\(palette.replacingOccurrences(of: "\u{1B}", with: "^["))")

            try await withLaunch("users", before: "NO_COLOR=1 COLORTERM=truecolor ", columns: 100, rows: 24) { _, plainPane in
                await plainPane.waitFor { idsOnScreen($0).count > 10 }
                try await plainPane.keys("Enter")
                let shaded = { (screen: [String]) in screen.contains { $0.contains("▓") || $0.contains("▒") } }
                let screen = await plainPane.waitFor { screenText($0).contains("The Octocat") && shaded($0) }
                #expect(shaded(screen) && !screenText(screen).contains("▀"), "\(screenText(screen))")
                let text = await plainPane.captureWithAttributes()
                #expect(truecolorBlocks(text) == 0 && text.range(of: "\u{1B}\\[(38|48);5;", options: .regularExpression) == nil)
            }
        }
    }
}
