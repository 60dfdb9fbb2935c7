import FakeGitHub
import Foundation
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
