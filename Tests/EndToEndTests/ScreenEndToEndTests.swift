import FakeGitHub
import Foundation
import Testing

@Suite("What the terminal shows, in tmux", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct ScreenEndToEndTests {
    @Test("? over an open pane in 24-bit colour: no picture cell comes back over the help")
    func helpOverPicture() async throws {
        for size in [(columns: 100, rows: 24), (columns: 120, rows: 35), (columns: 80, rows: 40)] {
            try await withLaunch("users", before: "COLORTERM=truecolor ", columns: size.columns, rows: size.rows) { _, pane in
            await pane.waitFor { idsOnScreen($0).count > 10 }
            try await pane.keys("Enter")
            await pane.waitFor { screenText($0).contains("The Octocat") && screenText($0).contains("▀▀▀▀") }
            try await pane.keys("?")
            let screen = await pane.waitFor { screenText($0).contains("Keys · ") }
            let text = screenText(screen)
            let box = helpBox(screen)
            #expect(box.count > 10, "\(size): the help is open:\n\(text)")
            #expect(!box.joined().contains("▀"), "\(size): picture cells inside the help:\n\(box.joined(separator: "\n"))")
            // Closing the help brings the picture back.
            try await pane.keys("Escape")
            let back = await pane.waitFor { screenText($0).contains("▀▀▀▀") }
            #expect(screenText(back).contains("▀▀▀▀"), "\(size)")
            }
        }
    }

    /// The help box of a screen: from its title line to its footer, across the width of its
    /// text (the box may leave the picture beside or above it in view).
    func helpBox(_ screen: [String]) -> [String] {
        guard let top = screen.firstIndex(where: { $0.contains("Keys · ") }),
              let bottom = screen.lastIndex(where: { $0.contains("closes this help") }),
              let start = screen[top].range(of: "Keys · ").map({ screen[top].distance(from: screen[top].startIndex, to: $0.lowerBound) - 2 })
        else { return [] }
        let lines = screen[top...bottom].map { Array($0) }
        // The box reaches past the end of its longest line of text by the margin.
        let width = lines.map { line in
            (line.lastIndex { $0 != " " && $0 != "▀" } ?? start) - start + 3
        }.max() ?? 0
        return lines.map { String($0.dropFirst(max(0, start)).prefix(width)) }
    }

    @Test("LC_ALL=C: the title and the pane are drawn whole, not garbled")
    func cLocale() async throws {
        try await withLaunch("users", before: "LC_ALL=C LANG=C ", columns: 100, rows: 24) { _, pane in
            await pane.waitFor { idsOnScreen($0).count > 10 }
            try await pane.keys("Enter")
            let screen = await pane.waitFor { screenText($0).contains("The Octocat") }
            let text = screenText(screen)
            let title = screen.first ?? ""
            #expect(title.contains("ghscroll · All users"), "\(text)")
            #expect(title.range(of: #"\b4,\d{3}/5,000\b"#, options: .regularExpression) != nil, "numbers kept apart: \(title)")
            #expect(!text.contains("~V") && !text.contains("~@"), "no bytes drawn as characters:\n\(text)")
            #expect(screen.dropFirst().prefix(10).allSatisfy { $0.contains("│") }, "the pane's border down its left edge:\n\(text)")
        }
    }

    @Test("the filter line's cursor sits after the text, and moves with ← and Home")
    func filterCursor() async throws {
        try await withLaunch("users", columns: 80, rows: 24) { _, pane in
            await pane.waitFor { idsOnScreen($0).count > 10 }
            func cursor() async -> String {
                (try? await run("tmux", ["-L", pane.socket, "display", "-p", "#{cursor_flag} #{cursor_x} #{cursor_y}"]).output)?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            }
            #expect(await cursor().hasPrefix("0 "), "hidden in the list")
            func bottom(_ screen: [String]) -> String { screen.last { !$0.isEmpty } ?? "" }
            try await pane.keys("/", "o", "c", "t")
            await pane.waitFor { bottom($0).hasPrefix("/oct") }
            try await waitUntil(5) { await cursor() == "1 4 23" }
            #expect(await cursor() == "1 4 23", "shown after /oct on the last line")
            try await pane.keys("Left")
            try await waitUntil(5) { await cursor() == "1 3 23" }
            #expect(await cursor() == "1 3 23")
            try await pane.keys("Home", "x")
            let screen = await pane.waitFor { bottom($0).hasPrefix("/xoct") }
            #expect(bottom(screen).hasPrefix("/xoct"), "\(screenText(screen))")
            try await waitUntil(5) { await cursor() == "1 2 23" }
            #expect(await cursor() == "1 2 23", "after the x typed at the start")
            try await pane.keys("Escape")
            try await waitUntil(5) { await cursor().hasPrefix("0 ") }
            #expect(await cursor().hasPrefix("0 "), "hidden again")
        }
    }

    @Test("--page 3 --per-page 20 of 49 followers: the position counts the pages before, the row above says so, up loads them")
    func startPage() async throws {
        try await withLaunch("followers octocat --page 3 --per-page 20", listSizes: ["followers:octocat": 49],
                             columns: 80, rows: 16) { server, pane in
            let first = await pane.waitFor { screenText($0).contains("· 41/49") }
            #expect(screenText(first).contains("49 followers · 41/49"), "\(screenText(first))")
            let followers = server.data.list("followers:octocat", offset: 0, limit: 49).map(\.id)
            #expect(idsOnScreen(first).contains(followers[40]), "the 41st follower is on screen")
            // Up from there: the pages before load as the selection nears them, the position true.
            var top = first
            for _ in 0..<10 where !screenText(top).contains("· 1/49") {
                for _ in 0..<10 { try await pane.keys("k") }
                top = await pane.waitFor(2) { screenText($0).contains("· 1/49") }
            }
            #expect(screenText(top).contains("· 1/49"), "\(screenText(top))")
            #expect(idsOnScreen(top).prefix(5) == followers.prefix(5))
            let pages = await server.requestLog().compactMap { $0.queryValue("page") }
            #expect(Set(pages) == ["3", "2", "1"], "each page asked for: \(pages)")
        }
    }

    @Test("--page 9 of 49 followers, 20 a page: past the end, said so, and no page before it asked for")
    func pastTheEnd() async throws {
        try await withLaunch("followers octocat --page 9 --per-page 20", listSizes: ["followers:octocat": 49],
                             columns: 80, rows: 12) { server, pane in
            let screen = await pane.waitFor { screenText($0).contains("No followers on page 9 or after") }
            #expect(screenText(screen).contains("No followers on page 9 or after: the list ends before it."),
                    "\(screenText(screen))")
            #expect(!screenText(screen).contains("before these"), "\(screenText(screen))")
            let pages = await server.requestLog().compactMap { $0.queryValue("page") }
            #expect(pages == ["9"], "only the page asked for: \(pages)")
        }
    }

    @Test("--page past the stargazers GitHub serves: said as GitHub's limit, counting the pages before, not as the list's end")
    func pastTheServedPart() async throws {
        var options = FakeGitHubOptions()
        options.paginationLimit = 200
        try await withLaunch("stargazers octocat/hello-world --page 3 --per-page 100", listSizes: ["stargazers:octocat/hello-world": 450],
                             options: options, columns: 120, rows: 12) { _, pane in
            let screen = await pane.waitFor { screenText($0).contains("GitHub lists only the first") }
            #expect(screenText(screen).contains("GitHub lists only the first 200 stargazers · ghscroll stargazers octocat/hello-world --newest"),
                    "\(screenText(screen))")
            #expect(!screenText(screen).contains("the list ends before it"), "\(screenText(screen))")
        }
    }

    @Test("a 404 says what was not found and how to leave; nothing speaks of retrying")
    func notFound() async throws {
        try await withLaunch("followers no-such-account-anywhere", columns: 80, rows: 12) { _, pane in
            let screen = await pane.waitFor { screenText($0).contains("was not found") }
            let text = screenText(screen)
            #expect(text.contains("was not found on GitHub."), "\(text)")
            #expect(text.contains("q quits"), "\(text)")
            #expect(!text.lowercased().contains("retry"), "\(text)")
        }
    }
}
