import FakeGitHub
import Foundation
import Testing

// MARK: - The terminal: keys as terminals send them, the mouse, writes, suspend, colours, hostile text, resizes, exits

extension BrowserEndToEndTests {
    @Test("End and Home work as tmux sends them (ESC[4~ and ESC[1~, which xterm's terminfo does not list)")
    func homeAndEnd() async throws {
        try await withLaunch("users --per-page 50", rows: 20) { _, pane in
            await pane.waitFor { screenText($0).contains(" 1/50") }
            try await pane.keys("End")
            let end = await pane.waitFor(5) { screenText($0).contains(" 50/") }
            #expect(screenText(end).contains(" 50/"), "\(screenText(end))")
            try await pane.keys("Home")
            let home = await pane.waitFor(5) { screenText($0).contains(" 1/") }
            #expect(screenText(home).contains(" 1/"), "\(screenText(home))")
            #expect(home.first?.hasPrefix(" ghscroll · All users") == true, "no Esc went through: still the same list")
        }
    }

    @Test("the mouse wheel moves the selection down and up, three rows a notch")
    func mouseWheel() async throws {
        try await withLaunch("users", rows: 20) { _, pane in
            await pane.waitFor { screenText($0).contains("1/100") }
            // SGR mouse reports (the format xterm-256color's terminfo asks for): button 65 is the wheel down, 64 up.
            let wheelDown = Array("\u{1B}[<65;10;5M".utf8), wheelUp = Array("\u{1B}[<64;10;5M".utf8)
            for _ in 0..<3 { try await pane.bytes(wheelDown) }
            let down = await pane.waitFor(5) { screenText($0).contains(" 10/100") }
            #expect(screenText(down).contains(" 10/100"), "\(screenText(down))")
            try await pane.bytes(wheelUp)
            let up = await pane.waitFor(5) { screenText($0).contains(" 7/100") }
            #expect(screenText(up).contains(" 7/100"), "\(screenText(up))")
        }
    }

    @Test("each j reaches the terminal in one write, not one per cursor movement (the terminal wakes for each)")
    func oneWritePerFrame() async throws {
        try await withLaunch("users", before: "exec ", rows: 24) { _, pane in
            await pane.waitFor { screenText($0).contains("· 1/") }
            let pid = try await pane.programPID()
            // Down to the bottom margin first, so that each press below scrolls the list a line.
            for _ in 0..<20 { try await pane.keys("j") }
            await pane.waitFor { screenText($0).contains("· 21/") }
            let before = try #require(writeCalls(pid))
            let presses = 20
            for _ in 0..<presses { try await pane.keys("j") }
            let screen = await pane.waitFor { screenText($0).contains("· 41/") }
            #expect(screenText(screen).contains("· 41/"), "\(screenText(screen))")
            let writes = try #require(writeCalls(pid)) - before
            // A frame per press, and a few more (a page arriving is a frame, and wakes the loop
            // through its pipe). ncurses' own habit was a write after every cursor movement:
            // about nine per scroll.
            #expect(writes <= presses + 6, "\(writes) writes for \(presses) presses")
        }
    }

    @Test("Ctrl-z stops the program with the shell's screen back; fg brings the list back as it was; kill -TSTP does the same")
    func suspendAndResume() async throws {
        try await withServer { server, base in
            let pane = try await TmuxPane(command: "exec bash --norc --noprofile -i", columns: 80, rows: 24)
            defer { pane.closeNow() }
            try await pane.keys("\(binary) users --api-url \(base)", "Enter")
            await pane.waitFor { screenText($0).contains("· 1/") }
            try await pane.keys("j", "j")
            await pane.waitFor { screenText($0).contains("· 3/") }
            for way in ["Ctrl-z", "kill -TSTP"] {
                if way == "Ctrl-z" {
                    try await pane.keys("C-z")
                } else {
                    let pid = try #require(processID(commandContaining: base))
                    kill(pid, SIGTSTP)
                }
                let shell = await pane.waitFor { screenText($0).contains("Stopped") }
                #expect(screenText(shell).contains("Stopped"), "\(way): \(screenText(shell))")
                #expect(!screenText(shell).contains("ghscroll · All users"), "\(way): the shell's screen, not the list")
                try await pane.keys("fg", "Enter")
                let back = await pane.waitFor { screenText($0).contains("· 3/") && idsOnScreen($0).count >= 22 }
                #expect(screenText(back).contains("· 3/"), "\(way): \(screenText(back))")
                #expect(idsOnScreen(back) == Array(server.data.users.prefix(22).map(\.id)), "\(way): the same rows, drawn whole")
            }
            try await pane.keys("j")
            let moved = await pane.waitFor { screenText($0).contains("· 4/") }
            #expect(screenText(moved).contains("· 4/"), "keys work after coming back")
            try await pane.keys("q")
            let left = await pane.waitFor { !screenText($0).contains("ghscroll · All users") }
            #expect(!screenText(left).contains("ghscroll · All users"), "q leaves to the shell")
        }
    }

    @Test("colors are used when the terminal has them, and none when NO_COLOR is set", arguments: [false, true])
    func noColor(set: Bool) async throws {
        try await withLaunch("users", before: set ? "NO_COLOR=1 " : "", rows: 10) { _, pane in
            await pane.waitFor { idsOnScreen($0).count >= 8 }
            let text = await pane.captureWithAttributes()
            // Any SGR that sets a foreground color: ESC [ 3x m, ESC [ 9x m or 256-color forms.
            let colored = text.range(of: "\u{1B}\\[(3[0-7]|9[0-7]|38;5;[0-9]+)m", options: .regularExpression) != nil
            #expect(colored == !set, "\(text.replacingOccurrences(of: "\u{1B}", with: "^["))")
            #expect(text.contains("\u{1B}[7m"), "the bars and the selection are in reverse video either way")
        }
    }

    @Test("hostile logins are drawn inert: no escape sequence reaches the terminal, columns stay aligned")
    func hostileStrings() async throws {
        let logins = [
            "\u{1B}[2J\u{1B}[Hcleared", "\u{1B}]0;PWNED\u{07}title", "car\rriage", "back\u{08}\u{08}space",
            "\u{202E}desrever", "e\u{301}\u{301}\u{301}accents", "漢字漢字wide", "smile😀", "\u{9B}31mcsi",
        ]
        let users = logins.enumerated().map { ["login": $1, "id": $0 + 1, "type": "User"] as [String: Any] }
        let body = try JSONSerialization.data(withJSONObject: users)
        var options = FakeGitHubOptions()
        options.scriptedReplies = [FakeRawReply(headers: [("Content-Type", "application/json")], body: Array(body))]
        try await withLaunch("users --per-page 9", options: options, columns: 60, rows: 14) { _, pane in
            let screen = await pane.waitFor { idsOnScreen($0).count >= 12 }
            let text = screenText(screen)
            #expect(screen.first?.hasPrefix(" ghscroll · All users") == true, "the screen was not cleared:\n\(text)")
            #expect(Array(idsOnScreen(screen).prefix(9)) == Array(1...9), "\(text)")
            // Every "#id" ends in the same column: widths were computed as the terminal computes them.
            let rows = screen.dropFirst().prefix(12)
            let ends = Set(rows.compactMap { line -> Int? in
                guard let hash = line.range(of: " #", options: .backwards) else { return nil }
                let end = line[hash.upperBound...].prefix { $0.isNumber }.endIndex
                return line[..<end].reduce(0) { $0 + columns(of: $1) }
            })
            #expect(ends.count == 1, "id columns misaligned:\n\(text)")
            #expect(text.contains("\u{FFFD}"), "control characters show as U+FFFD")
            #expect(!text.contains("PWNED") || text.contains("\u{FFFD}]0;PWNED"), "the OSC arrived as text, not as a command")
            let title = try await run("tmux", ["-L", pane.socket, "display-message", "-p", "#{pane_title}"]).output
            #expect(!title.contains("PWNED"), "the pane title was not changed")
        }
    }

    @Test("a storm of resizes down to 1×1 does not crash, and the list comes back at full size")
    func resizeStorm() async throws {
        try await withLaunch("users", after: "; echo EXIT=$?; sleep 30", columns: 80, rows: 24) { _, pane in
            await pane.waitFor { idsOnScreen($0).count > 10 }
            var generator = SystemRandomNumberGenerator()
            for step in 0..<60 {
                let size = step % 7 == 0 ? (1, 1) : (Int.random(in: 1...200, using: &generator), Int.random(in: 1...60, using: &generator))
                try await pane.resize(columns: size.0, rows: size.1)
                if step % 3 == 0 { try await pane.keys(["j", "G", "k", "f"][step % 4]) }
            }
            try await pane.resize(columns: 80, rows: 24)
            let screen = await pane.waitFor { idsOnScreen($0).count >= 20 && $0.first?.hasPrefix(" ghscroll") == true }
            #expect(idsOnScreen(screen).count >= 20, "\(screenText(screen))")
            #expect(!screenText(screen).contains("EXIT="), "still running")
        }
    }

    @Test("a resize keeps the selected user on screen")
    func resize() async throws {
        try await withLaunch("users", columns: 80, rows: 30) { server, pane in
            await pane.waitFor { idsOnScreen($0).count > 20 }
            for _ in 0..<20 { try await pane.keys("j") }
            let selectedID = server.data.users[20].id
            await pane.waitFor { screenText($0).contains("21/") }
            for (columns, rows) in [(40, 8), (1, 1), (100, 12), (30, 5), (80, 30)] {
                try await pane.resize(columns: columns, rows: rows)
                if rows >= 5, columns >= 30 {
                    let screen = await pane.waitFor(5) { idsOnScreen($0).contains(selectedID) }
                    #expect(idsOnScreen(screen).contains(selectedID), "at \(columns)x\(rows):\n\(screenText(screen))")
                }
            }
        }
    }

    @Test("q, SIGTERM, SIGINT and SIGHUP leave the main screen restored with echo on", arguments: ["q", "TERM", "INT", "HUP"])
    func restoresTerminal(how: String) async throws {
        let marker = UUID().uuidString.prefix(8)
        let after = "; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e echo -e -echo -e icanon -e -icanon | sort | tr '\\n' ' '; echo END; sleep 30"
        try await withLaunch("users --log-file /tmp/ghs-\(marker).log", before: "echo BEFORE; ", after: after, rows: 20) { server, pane in
            await pane.waitFor { idsOnScreen($0).count > 5 }
            if how == "q" {
                try await pane.keys("q")
            } else {
                // Only ghscroll: the tmux server's and the shell's command lines name the log file too.
                try await run("pkill", ["-\(how)", "-f", "^\(binary) .*ghs-\(marker).log"])
            }
            let screen = await pane.waitFor { screenText($0).contains("END") }
            let text = screenText(screen)
            #expect(text.contains("BEFORE"), "back on the main screen:\n\(text)")
            #expect(!text.contains("ghscroll ·"), "the list is gone with the alternate screen")
            #expect(text.contains("echo icanon END"), "echo and canonical mode restored:\n\(text)")
            let status = ["q": 0, "INT": 130, "HUP": 129, "TERM": 143][how] ?? -1
            #expect(text.contains("EXIT=\(status)"), "exit status 128 + the signal:\n\(text)")
        }
    }
}

extension BrowserEndToEndTests {
    @Test("with TERM=vt100 (no alternate screen) quitting clears the screen: the shell does not write over the last frame")
    func clearsWithoutAlternateScreen() async throws {
        try await withLaunch("users", before: "TERM=vt100 ", after: "; echo EXIT=$?; sleep 30", rows: 20) { _, pane in
            let list = await pane.waitFor { idsOnScreen($0).count > 5 }
            #expect(screenText(list).contains("ghscroll ·"), "the list is drawn on the main screen:\n\(screenText(list))")
            try await pane.keys("q")
            let screen = await pane.waitFor { screenText($0).contains("EXIT=") }
            let text = screenText(screen)
            #expect(text.contains("EXIT=0"), "\(text)")
            #expect(!text.contains("ghscroll ·") && idsOnScreen(screen).isEmpty, "no row of the frame is left:\n\(text)")
            #expect(screen.first?.hasPrefix("EXIT=0") == true, "the shell goes on from the top of a clear screen:\n\(text)")
        }
    }
}

/// Terminal columns of one character as tmux counts them, for the characters these tests draw.
func columns(of character: Character) -> Int {
    guard let value = character.unicodeScalars.first?.value else { return 0 }
    let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                       0xFF00...0xFF60, 0x1F300...0x1FAFF]
    return wide.contains { $0.contains(value) } ? 2 : 1
}
