import FakeGitHub
import Foundation
import Platform
import Testing

/// The package root, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let binary = packageRoot.appendingPathComponent(".build/debug/ghscroll").path

/// Runs a program to completion and returns its standard output, exit status and standard error.
///
/// Foundation's `Process` is not used: on Linux it learns that a child exited from a socket the child
/// inherits, so a child that leaves a daemon behind (`tmux new-session -d`) is never reaped and its
/// termination handler never runs. This spawns with `posix_spawn` and polls `waitpid` instead, without
/// blocking a concurrency thread.
@discardableResult
func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) async throws
    -> (output: String, status: Int32, errors: String) {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-e2e-\(UUID().uuidString)").path
    let errorPath = outputPath + ".err"
    defer {
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }
    let pid = try spawn(program, arguments, environment: environment, stdoutPath: outputPath, stderrPath: errorPath)
    let status = await waitForExit(pid)
    func text(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
    return (text(outputPath), status, text(errorPath))
}

/// Starts `program` (looked up in PATH) with stdin on /dev/null and stdout and stderr into files,
/// in a cache directory of its own.
func spawn(_ program: String, _ arguments: [String], environment: [String: String] = [:], stdoutPath: String,
           stderrPath: String = "/dev/null") throws -> pid_t {
    var env = ProcessInfo.processInfo.environment
    // Never the disk cache of the person running the tests: a fresh one per run unless given.
    let cache = isolatedCacheHome()
    env["XDG_CACHE_HOME"] = cache
    env["XDG_STATE_HOME"] = cache + "/state"
    env.merge(environment) { _, new in new }
    return try ChildProcess.start([program] + arguments, environment: env, stdout: stdoutPath, stderr: stderrPath)
}

/// A new, empty directory for the disk cache of one run of the binary (under
/// `$TMPDIR/ghs-e2e-caches`, which `make test` removes afterwards).
func isolatedCacheHome() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("ghs-e2e-caches/\(UUID().uuidString)").path
}

/// Waits for a child to exit, polling so that no thread is blocked; returns its exit status
/// (128 + the signal number when a signal ended it).
func waitForExit(_ pid: pid_t) async -> Int32 {
    while true {
        switch ChildProcess.exitStatusIfExited(pid) {
        case .exited(let status): return status.shellStatus
        case .failed: return -1
        case .running: try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// One tmux server and session running a command in a pane of a given size.
final class TmuxPane: Sendable {
    let socket: String
    /// The program's XDG_STATE_HOME (the command line's history), a new one for each pane.
    let stateHome: String

    init(command: String, columns: Int = 80, rows: Int = 24) async throws {
        socket = "ghs-e2e-\(UUID().uuidString.prefix(8))"
        let cache = isolatedCacheHome()
        stateHome = cache + "/state"
        let shell = "unset NO_COLOR; export LC_ALL=C.UTF-8 TERM=xterm-256color XDG_CACHE_HOME=\(cache) XDG_STATE_HOME=\(stateHome); "
            + command
        try await run("tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "bash", "-c", shell])
    }

    /// Kills the tmux server (and with it the program in the pane) before returning, so that
    /// nothing outlives the test process: a `defer` cannot await, and a task it starts may never
    /// run once the last test is done. (`kill-server` returns at once; waiting for it blocks a
    /// thread for a few milliseconds.)
    func closeNow() {
        guard let pid = try? spawn("tmux", ["-L", socket, "kill-server"], stdoutPath: "/dev/null") else { return }
        _ = ChildProcess.waitForExit(pid)
    }

    /// Waits until the command in the pane has exited: its session, and with it the tmux
    /// server, is gone (at most `seconds`). True when it exited.
    func waitForExit(_ seconds: Double = 10) async throws -> Bool {
        try await waitUntil(seconds) { (try? await run("tmux", ["-L", socket, "has-session"]).status) != 0 }
    }

    /// Presses G until the end row shows (at most `presses` times, waiting `seconds` after each);
    /// returns the last screen.
    func pressEndUntilListEnds(presses: Int = 6, seconds: Double, endRow: String = "End of list") async throws -> [String] {
        var screen: [String] = []
        for _ in 0..<presses {
            try await keys("G")
            screen = await waitFor(seconds) { screenText($0).contains(endRow) }
            if screenText(screen).contains(endRow) { break }
        }
        return screen
    }

    func keys(_ keys: String...) async throws { try await run("tmux", ["-L", socket, "send-keys"] + keys) }

    /// The process the pane runs (the program itself when the command starts with `exec`).
    func programPID() async throws -> pid_t {
        let output = try await run("tmux", ["-L", socket, "display-message", "-p", "#{pane_pid}"]).output
        guard let pid = pid_t(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TmuxError.noPane(output)
        }
        return pid
    }

    /// Sends raw bytes to the program, as a terminal would (mouse reports, escape sequences).
    func bytes(_ bytes: [UInt8]) async throws {
        try await run("tmux", ["-L", socket, "send-keys", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// The screen with its SGR attribute sequences (`capture-pane -e`).
    func captureWithAttributes() async -> String {
        (try? await run("tmux", ["-L", socket, "capture-pane", "-p", "-e"]).output) ?? ""
    }

    func capture() async -> [String] {
        let text = (try? await run("tmux", ["-L", socket, "capture-pane", "-p"]).output) ?? ""
        return text.components(separatedBy: "\n")
    }

    func resize(columns: Int, rows: Int) async throws {
        try await run("tmux", ["-L", socket, "resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Polls the screen until `condition` holds on two captures in a row that are identical, so a
    /// frame caught half-drawn does not count (at most `seconds`); returns the last screen.
    @discardableResult
    func waitFor(_ seconds: Double = 15, _ condition: ([String]) -> Bool) async -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var previous: [String] = []
        var screen = await capture()
        while !(condition(screen) && screen == previous), Date() < deadline {
            try? await Task.sleep(for: .milliseconds(40))
            previous = screen
            screen = await capture()
        }
        return screen
    }
}

enum TmuxError: Error { case noPane(String) }

/// The write system calls process `pid` has made so far (`syscw` in /proc/PID/io), or nil.
func writeCalls(_ pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
    let line = text.split(separator: "\n").first { $0.hasPrefix("syscw:") }
    return line.flatMap { Int($0.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)) }
}

/// The process whose command line contains `text` (the first found), or nil.
func processID(commandContaining text: String) -> pid_t? {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries where entry.allSatisfy(\.isNumber) {
        guard let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
              String(decoding: line, as: UTF8.self).contains(text), let pid = pid_t(entry), pid != getpid() else { continue }
        return pid
    }
    return nil
}

/// The user ids drawn on screen, top to bottom (rows look like " login      #123 · org").
func idsOnScreen(_ screen: [String]) -> [Int64] {
    screen.dropFirst().dropLast().compactMap { line -> Int64? in
        guard let hash = line.range(of: " #", options: .backwards) else { return nil }
        let digits = line[hash.upperBound...].prefix { $0.isNumber }
        return Int64(digits)
    }
}

/// The logins of the list rows on screen, in order: each row's first word (a filled row shows no
/// id, only the login, the name and facts about the account).
func loginsOnScreen(_ screen: [String]) -> [String] {
    screen.dropFirst().dropLast().compactMap { line in line.split(separator: " ").first.map(String.init) }
}

func screenText(_ screen: [String]) -> String { screen.joined(separator: "\n") }

/// The item count in the status line (" 40 users · …"), 0 when none is shown.
func loadedCount(_ screen: [String]) -> Int {
    guard let status = screen.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return 0 }
    // "1,000 users": the number grouped as the status line writes it.
    return Int(status.drop { $0 == " " }.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)) ?? 0
}

// MARK: - Fake servers and panes that are gone before the test returns

/// Starts a fake GitHub for one test, runs `body` with it and its base URL, and stops it before
/// returning, whether `body` returned or threw (a `defer` cannot await, and a task it starts may
/// never run). The data depend only on `users` and `listSizes`: a server started again with them,
/// on the port the first one had, is the same GitHub come back.
@discardableResult
func withServer<T>(users: Int = 3_000, listSizes: [String: Int] = [:], options: FakeGitHubOptions = FakeGitHubOptions(),
                   port: UInt16 = 0, _ body: (FakeGitHub, String) async throws -> T) async throws -> T {
    let server = FakeGitHub(data: FakeDataSet(userCount: users, seed: 3, listSizes: listSizes), options: options, port: port)
    let base = try await server.start().absoluteString
    let result: Result<T, any Error>
    do { result = .success(try await body(server, base)) } catch { result = .failure(error) }
    await server.stop()
    return try result.get()
}

/// Starts a fake GitHub and `ghscroll ARGUMENTS --api-url BASE` in a tmux pane of the given size
/// (`before` and `after` are shell text around the command), runs `body`, then kills the pane
/// (and the program in it) and stops the server, whether `body` returned or threw.
@discardableResult
func withLaunch<T>(_ arguments: String, before: String = "", after: String = "", users: Int = 3_000,
                   listSizes: [String: Int] = [:], options: FakeGitHubOptions = FakeGitHubOptions(),
                   columns: Int = 80, rows: Int = 24, _ body: (FakeGitHub, TmuxPane) async throws -> T) async throws -> T {
    try await withServer(users: users, listSizes: listSizes, options: options) { server, base in
        let pane = try await TmuxPane(command: "\(before)\(binary) \(arguments) --api-url \(base)\(after)",
                                      columns: columns, rows: rows)
        defer { pane.closeNow() }
        return try await body(server, pane)
    }
}

/// Polls an async condition (at most `seconds`); false when the time ran out first.
@discardableResult
func waitUntil(_ seconds: Double = 10, _ condition: () async -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !(await condition()) {
        guard Date() < deadline else { return false }
        try await Task.sleep(for: .milliseconds(50))
    }
    return true
}
