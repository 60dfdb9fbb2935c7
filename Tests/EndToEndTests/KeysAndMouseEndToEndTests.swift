import FakeGitHub
import Foundation
import Testing

// MARK: - Rebound keys in the help, and the mouse (#37 items 8 and 20)

/// An SGR mouse report (the format xterm-256color's terminfo asks for): the first button
/// pressed at a 0-based screen cell, then let go.
private func click(row: Int, column: Int) -> [UInt8] {
    Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8)
}

/// Where `text` first shows on a captured screen (0-based row and column, in characters).
private func cell(of text: String, in screen: [String]) -> (row: Int, column: Int)? {
    for (row, line) in screen.enumerated() {
        if let range = line.range(of: text) { return (row, line.distance(from: line.startIndex, to: range.lowerBound)) }
    }
    return nil
}

extension BrowserEndToEndTests {
    @Test("quit = [x, Ctrl-q]: the help's footer and status line say x; q closes the help and quits nothing; x quits from the help")
    func reboundQuitInTheHelp() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ghscroll/config.toml", "[keys]\nquit = [\"x\", \"Ctrl-q\"]\n")
        try await withLaunch("users", before: "XDG_CONFIG_HOME=\(directory.path) ", after: "; echo EXIT=$?; sleep 30",
                             rows: 30) { _, pane in
            await pane.waitFor { screenText($0).contains("· 1/") }
            try await pane.keys("?")
            let help = await pane.waitFor(5) { screenText($0).contains("closes this help") }
            #expect(screenText(help).contains("Esc or ? closes this help · x quits"), "\(screenText(help))")
            #expect(help.contains { $0.hasSuffix("Esc close  x quit") }, "the status line: \(screenText(help))")
            try await pane.keys("q")
            let closed = await pane.waitFor(5) { !screenText($0).contains("closes this help") }
            #expect(!screenText(closed).contains("EXIT="), "q no longer quits: \(screenText(closed))")
            #expect(screenText(closed).contains("· 1/"))
            try await pane.keys("?")
            await pane.waitFor(5) { screenText($0).contains("closes this help") }
            try await pane.keys("x")
            let exited = await pane.waitFor(5) { screenText($0).contains("EXIT=") }
            #expect(screenText(exited).contains("EXIT=0"), "\(screenText(exited))")
        }
    }

    @Test("a click selects a row, a second click on it opens the pane, a click on its [1] followers opens that list")
    func clicks() async throws {
        try await withLaunch("users", columns: 100, rows: 30) { server, pane in
            await pane.waitFor { screenText($0).contains("· 1/") }
            // Line 4 of the screen: the title, then the first three users above it.
            try await pane.bytes(click(row: 4, column: 10))
            let selected = await pane.waitFor(5) { screenText($0).contains("· 4/") }
            #expect(screenText(selected).contains("· 4/"), "\(screenText(selected))")
            try await pane.bytes(click(row: 4, column: 10))
            let login = server.data.users[3].login
            let open = await pane.waitFor(10) { screenText($0).contains("[1] followers") }
            #expect(screenText(open).contains("\(login) · "), "the fourth user's details: \(screenText(open))")
            let link = try #require(cell(of: "[1] followers", in: open), "\(screenText(open))")
            try await pane.bytes(click(row: link.row, column: link.column + 2))
            let followers = await pane.waitFor(10) { $0.first?.contains("› \(login) › followers") == true }
            #expect(followers.first?.contains("› \(login) › followers") == true, "\(screenText(followers))")
        }
    }

    @Test("mouse = false leaves the mouse to the terminal: ghscroll asks for no mouse reports (it does by default)")
    func mouseOff() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ghscroll/config.toml", "mouse = false\n")
        for off in [false, true] {
            let before = off ? "XDG_CONFIG_HOME=\(directory.path) " : ""
            try await withLaunch("users", before: before, rows: 12) { _, pane in
                await pane.waitFor { screenText($0).contains("· 1/") }
                let flag = try await run("tmux", ["-L", pane.socket, "display-message", "-p", "#{mouse_any_flag}"]).output
                #expect(flag.trimmingCharacters(in: .whitespacesAndNewlines) == (off ? "0" : "1"), "mouse = \(!off): \(flag)")
            }
        }
    }
}
