import FakeGitHub
import Foundation
import Testing

@Suite("ghscroll in tmux against the fake server", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct BrowserEndToEndTests {
    @Test("the first rows appear, and paging past several pages shows the server's users in order, none twice")
    func scrollPages() async throws {
        let (server, pane) = try await launch("users --per-page 20", columns: 80, rows: 24)
        defer { close(server, pane) }
        let first = await pane.waitFor { idsOnScreen($0).count >= 22 }
        let all = server.data.users.map(\.id)
        #expect(idsOnScreen(first) == Array(all.prefix(22)), "\(screenText(first))")
        var seen: [Int64] = idsOnScreen(first)
        var top = seen.first
        for _ in 0..<6 {
            try await pane.keys("f")
            let screen = await pane.waitFor { idsOnScreen($0).count >= 22 && idsOnScreen($0).first != top }
            top = idsOnScreen(screen).first
            for id in idsOnScreen(screen) where !seen.contains(id) { seen.append(id) }
        }
        #expect(seen.count > 100, "scrolled past five pages of 20")
        #expect(seen == Array(all.prefix(seen.count)), "in the server's order with none missing or twice")
        let screen = await pane.capture()
        let onScreen = idsOnScreen(screen)
        #expect(Set(onScreen).count == onScreen.count)
    }

    @Test("--max-items 200: paging on drops the first pages; one g jumps back to the first user (from the cache), in order, the position true")
    func boundedMemory() async throws {
        let (server, pane) = try await launch("users --per-page 100 --max-items 200", rows: 20)
        defer { close(server, pane) }
        await pane.waitFor { idsOnScreen($0).count > 5 }
        var screen: [String] = []
        for _ in 0..<10 where loadedCount(screen) < 500 {
            try await pane.keys("G")
            screen = await pane.waitFor(2) { loadedCount($0) >= 500 }
        }
        #expect(loadedCount(screen) >= 500, "\(screenText(screen))")
        #expect(!screenText(screen).contains(" 1/"), "not at the first user yet")
        // One g: the first page is loaded in place of the loaded ones, the selection on its first
        // user. (A page asked for while the selection sat on the last row may still arrive after
        // that, so the position is read against the count the status line shows with it.)
        func atFirst(_ screen: [String]) -> Bool { screenText(screen).contains(" 1/\(loadedCount(screen))") }
        try await pane.keys("g")
        screen = await pane.waitFor(5) { atFirst($0) }
        #expect(atFirst(screen), "\(screenText(screen))")
        #expect(loadedCount(screen) >= 500)
        #expect(!screenText(screen).contains("before these"))
        let all = server.data.users.map(\.id)
        let ids = idsOnScreen(screen)
        #expect(ids == Array(all.prefix(ids.count)), "the first users, in the server's order")
        // The dropped first page came back from the disk cache: GitHub was asked for it once.
        let firstPage = await server.requestLog().filter { $0.queryValue("since") == "0" }
        #expect(firstPage.count == 1)
    }

    @Test("G repeated on a short list reaches the end row")
    func endOfList() async throws {
        let (server, pane) = try await launch("followers octocat --per-page 20", listSizes: ["followers:octocat": 45], rows: 20)
        defer { close(server, pane) }
        await pane.waitFor { idsOnScreen($0).count > 5 }
        var screen: [String] = []
        for _ in 0..<6 {
            try await pane.keys("G")
            screen = await pane.waitFor(2) { screenText($0).contains("End of list") }
            if screenText(screen).contains("End of list") { break }
        }
        #expect(screenText(screen).contains("— End of list · 45 followers —"), "\(screenText(screen))")
    }

    @Test("r refreshes, and so does pulling past the first row: the first page is requested again")
    func refresh() async throws {
        let (server, pane) = try await launch("users --per-page 30", rows: 20)
        defer { close(server, pane) }
        await pane.waitFor { idsOnScreen($0).count > 5 }
        func firstPageRequests() async -> Int { await server.requestLog().filter { $0.queryValue("since") == "0" }.count }
        #expect(await firstPageRequests() == 1)
        try await pane.keys("r")
        try await waitUntil { await firstPageRequests() == 2 }
        #expect(await firstPageRequests() == 2)
        let again = await server.requestLog().filter { $0.queryValue("since") == "0" }.last
        #expect(again?.ifNoneMatch != nil && again?.status == 304, "the refresh was conditional and cost no rate limit")

        try await pane.keys("g", "k")
        let pulled = await pane.waitFor { screenText($0).contains("Pull to refresh") }
        #expect(screenText(pulled).contains("Pull to refresh"))
        try await pane.keys("k")
        try await waitUntil { await firstPageRequests() == 3 }
        #expect(await firstPageRequests() == 3)
        let after = await pane.waitFor { !screenText($0).contains("Pull to refresh") && idsOnScreen($0).count > 5 }
        #expect(!screenText(after).contains("Pull to refresh"))
    }

    @Test("a page that fails through its retries shows the retry row, and R recovers")
    func retry() async throws {
        let (server, pane) = try await launch("users --per-page 20 --retry-delay-ms 20", rows: 16)
        defer { close(server, pane) }
        await pane.waitFor { idsOnScreen($0).count > 5 }
        // The first try and its three automatic retries all fail.
        await server.update { $0.scriptedStatuses = [502, 502, 502, 502] }
        try await pane.keys("G")
        await pane.waitFor { screenText($0).contains("load failed") }
        try await pane.keys("G")
        let failed = await pane.waitFor { screenText($0).contains("press R to retry") }
        #expect(screenText(failed).contains("HTTP 502"), "\(screenText(failed))")
        let loadedBefore = loadedCount(failed)
        #expect(idsOnScreen(failed).count > 5, "the loaded rows stay")
        try await pane.keys("R")
        let recovered = await pane.waitFor { !screenText($0).contains("press R to retry") && loadedCount($0) > loadedBefore }
        #expect(loadedCount(recovered) > loadedBefore, "\(screenText(recovered))")
        let ids = idsOnScreen(recovered)
        let all = server.data.users.map(\.id)
        if let first = ids.first, let start = all.firstIndex(of: first) {
            #expect(ids == Array(all[start..<min(all.count, start + ids.count)]), "the recovered page follows on")
        }
    }

    @Test("End and Home work as tmux sends them (ESC[4~ and ESC[1~, which xterm's terminfo does not list)")
    func homeAndEnd() async throws {
        let (server, pane) = try await launch("users --per-page 50", rows: 20)
        defer { close(server, pane) }
        await pane.waitFor { screenText($0).contains(" 1/50") }
        try await pane.keys("End")
        let end = await pane.waitFor(5) { screenText($0).contains(" 50/") }
        #expect(screenText(end).contains(" 50/"), "\(screenText(end))")
        try await pane.keys("Home")
        let home = await pane.waitFor(5) { screenText($0).contains(" 1/") }
        #expect(screenText(home).contains(" 1/"), "\(screenText(home))")
        #expect(home.first?.hasPrefix(" ghscroll · All users") == true, "no Esc went through: still the same list")
    }

    @Test("the mouse wheel moves the selection down and up")
    func mouseWheel() async throws {
        let (server, pane) = try await launch("users", rows: 20)
        defer { close(server, pane) }
        await pane.waitFor { screenText($0).contains("1/100") }
        // SGR mouse reports (the format xterm-256color's terminfo asks for): button 65 is the wheel down, 64 up.
        let wheelDown = Array("\u{1B}[<65;10;5M".utf8), wheelUp = Array("\u{1B}[<64;10;5M".utf8)
        for _ in 0..<3 { try await pane.bytes(wheelDown) }
        let down = await pane.waitFor(5) { screenText($0).contains("4/100") }
        #expect(screenText(down).contains("4/100"), "\(screenText(down))")
        try await pane.bytes(wheelUp)
        let up = await pane.waitFor(5) { screenText($0).contains("3/100") }
        #expect(screenText(up).contains("3/100"), "\(screenText(up))")
    }

    @Test("each j reaches the terminal in one write, not one per cursor movement (the terminal wakes for each)")
    func oneWritePerFrame() async throws {
        let (server, pane) = try await launch("users", before: "exec ", rows: 24)
        defer { close(server, pane) }
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

    @Test("Ctrl-z stops the program with the shell's screen back; fg brings the list back as it was; kill -TSTP does the same")
    func suspendAndResume() async throws {
        let (server, base) = try await startServer()
        let pane = try await TmuxPane(command: "exec bash --norc --noprofile -i", columns: 80, rows: 24)
        defer { close(server, pane) }
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

    @Test("colors are used when the terminal has them, and none when NO_COLOR is set", arguments: [false, true])
    func noColor(set: Bool) async throws {
        let (server, pane) = try await launch("users", before: set ? "NO_COLOR=1 " : "", rows: 10)
        defer { close(server, pane) }
        await pane.waitFor { idsOnScreen($0).count >= 8 }
        let text = await pane.captureWithAttributes()
        // Any SGR that sets a foreground color: ESC [ 3x m, ESC [ 9x m or 256-color forms.
        let colored = text.range(of: "\u{1B}\\[(3[0-7]|9[0-7]|38;5;[0-9]+)m", options: .regularExpression) != nil
        #expect(colored == !set, "\(text.replacingOccurrences(of: "\u{1B}", with: "^["))")
        #expect(text.contains("\u{1B}[7m"), "the bars and the selection are in reverse video either way")
    }

    @Test("a used-up rate limit shows a live countdown and a token hint, sends nothing until the reset, then resumes")
    func rateLimitCountdown() async throws {
        var options = FakeGitHubOptions()
        options.primaryLimit = 2
        options.rateLimitWindowSeconds = 4
        let (server, pane) = try await launch("users --per-page 20", options: options, rows: 12)
        defer { close(server, pane) }
        // Two pages fit the limit; G asks for a third.
        await pane.waitFor { loadedCount($0) == 40 }
        try await pane.keys("G")
        let waiting = await pane.waitFor(10) { screenText($0).contains("rate limit used up · resumes in") }
        let text = screenText(waiting)
        #expect(text.contains("rate limit used up · resumes in"), "\(text)")
        #expect(text.contains("Waiting: rate limit used up · resumes in "), "the loading row says what it waits for:\n\(text)")
        #expect(text.contains("GH_TOKEN raises the limit"), "and that a token helps, when none was given:\n\(text)")
        let limited = try #require(await server.requestLog().last { $0.status == 403 })
        let later = await pane.waitFor(10) { loadedCount($0) > 40 }
        #expect(loadedCount(later) > 40, "it resumed by itself:\n\(screenText(later))")
        let log = await server.requestLog()
        let next = log.first { $0.started > limited.started }
        #expect(log.filter { $0.status == 403 }.count == 1, "one refusal, no hammering")
        // The window opened with the first request and lasts 4 s; its reset is in whole epoch seconds.
        let reset = (log.first?.started ?? 0) + 4 - 1
        #expect((next?.started ?? 0) >= reset, "nothing sent before the window reset")
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
        let (server, pane) = try await launch("users --per-page 9", options: options, columns: 60, rows: 14)
        defer { close(server, pane) }
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

    @Test("a storm of resizes down to 1×1 does not crash, and the list comes back at full size")
    func resizeStorm() async throws {
        let (server, pane) = try await launch("users", after: "; echo EXIT=$?; sleep 30", columns: 80, rows: 24)
        defer { close(server, pane) }
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

    @Test("a resize keeps the selected user on screen")
    func resize() async throws {
        let (server, pane) = try await launch("users", columns: 80, rows: 30)
        defer { close(server, pane) }
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

    @Test("q, SIGTERM, SIGINT and SIGHUP leave the main screen restored with echo on", arguments: ["q", "TERM", "INT", "HUP"])
    func restoresTerminal(how: String) async throws {
        let marker = UUID().uuidString.prefix(8)
        let after = "; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e echo -e -echo -e icanon -e -icanon | sort | tr '\\n' ' '; echo END; sleep 30"
        let (server, pane) = try await launch("users --log-file /tmp/ghs-\(marker).log", before: "echo BEFORE; ", after: after, rows: 20)
        defer { close(server, pane) }
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

    @Test("--plain prints 1,000 unique users in order from a running server")
    func plain() async throws {
        let (server, base) = try await startServer()
        defer { Task { await server.stop() } }
        let result = try await run(binary, ["users", "--api-url", base, "--plain", "--limit", "1000"])
        let lines = result.output.split(separator: "\n")
        #expect(result.status == 0)
        #expect(lines.count == 1_000)
        let expected = server.data.users.prefix(1_000).map { "\($0.id)\t\($0.login)" }
        #expect(lines.map(String.init) == expected)
    }
}

/// Terminal columns of one character as tmux counts them, for the characters these tests draw.
func columns(of character: Character) -> Int {
    guard let value = character.unicodeScalars.first?.value else { return 0 }
    let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                       0xFF00...0xFF60, 0x1F300...0x1FAFF]
    return wide.contains { $0.contains(value) } ? 2 : 1
}

/// Polls an async condition (at most `seconds`).
func waitUntil(_ seconds: Double = 10, _ condition: () async -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !(await condition()), Date() < deadline {
        try await Task.sleep(for: .milliseconds(50))
    }
}

@Suite("ghscroll --plain and --json against the fake server")
struct PlainEndToEndTests {
    @Test("retries and waits are reported on stderr; stdout holds only the data, complete and in order",
          arguments: ["--plain", "--json"])
    func progressOnStderr(mode: String) async throws {
        var options = FakeGitHubOptions()
        options.scriptedStatuses = [502, 503]
        options.secondaryLimitEvery = 4
        options.secondaryRetryAfterSeconds = 1
        let (server, base) = try await startServer(users: 400, options: options)
        defer { Task { await server.stop() } }
        let result = try await run(binary, ["users", "--api-url", base, mode, "--per-page", "50", "--limit", "300",
                                            "--retry-delay-ms", "10"])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let expected = server.data.users.prefix(300)
        if mode == "--plain" {
            #expect(lines == expected.map { "\($0.id)\t\($0.login)" })
        } else {
            #expect(lines.count == 300)
            #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
            #expect(zip(lines, expected).allSatisfy { $0.contains("\"id\":\($1.id),") })
        }
        let notes = result.errors.split(separator: "\n").map(String.init)
        #expect(notes.contains("ghscroll: HTTP 502 · retry 1/3 in 1 s"), "\(result.errors)")
        #expect(notes.contains("ghscroll: HTTP 503 · retry 2/3 in 1 s"), "\(result.errors)")
        #expect(notes.contains("ghscroll: GitHub asked to slow down · resumes in 1 s"), "\(result.errors)")
    }

    @Test("a page that fails through every retry ends --plain with a message on stderr and exit status 1")
    func failure() async throws {
        var options = FakeGitHubOptions()
        options.scriptedStatuses = [500, 500, 500, 500]
        let (server, base) = try await startServer(users: 100, options: options)
        defer { Task { await server.stop() } }
        let result = try await run(binary, ["users", "--api-url", base, "--plain", "--retry-delay-ms", "1"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasSuffix("Error: GitHub had a server error (HTTP 500: Server Error).\n"), "\(result.errors)")
        #expect(!result.errors.contains("Error: ghscroll:"), "one prefix")
        #expect(await server.requestLog().count == 4, "the first try and three retries")
    }
}
