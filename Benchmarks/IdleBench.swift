import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - Idle redraws and idle CPU

/// Runs `tmux -L socket ARGUMENTS`, not waiting for it: Foundation never sees a daemonising
/// tmux exit (see TmuxSupport in the tests).
func runTmux(_ socket: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
}

/// CPU ticks (utime + stime, 1/100 s) of a process, from /proc.
func cpuTicks(_ pid: String) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command name: state is field 3, utime field 14 and stime 15 (1-based, whole line).
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
}

/// The pid of the ghscroll process whose command line holds `marker`.
func browserPID(_ marker: String, command name: String = "ghscroll") -> String? {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries where entry.allSatisfy(\.isNumber) {
        guard let command = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
              command.hasPrefix(name),
              let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
              String(decoding: line, as: UTF8.self).contains(marker) else { continue }
        return entry
    }
    return nil
}

/// Frames the browser draws while nothing happens (from its log) and the CPU ticks it uses,
/// over `seconds` idle in tmux after the first pages arrived.
func idle(seconds: Double) async throws -> (frames: Int?, ticks: Int?) {
    let (server, base) = try await serve()
    defer { Task { await server.stop() } }
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).log").path
    let socket = "ghs-bench-\(UUID().uuidString.prefix(8))"
    func tmux(_ arguments: [String]) throws { try runTmux(socket, arguments) }
    try tmux(["new-session", "-d", "-x", "100", "-y", "30",
              "LC_ALL=C.UTF-8 TERM=xterm-256color \(binary) users --api-url \(base) --log-file \(log) --no-cache"])
    try await Task.sleep(for: .seconds(2))  // the first pages arrive and the spinner stops
    let pid = browserPID(log)
    let before = pid.flatMap(cpuTicks)
    try await Task.sleep(for: .seconds(seconds))
    let after = pid.flatMap(cpuTicks)
    try tmux(["send-keys", "q"])
    try await Task.sleep(for: .seconds(0.5))
    try tmux(["kill-server"])
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: log)
    let frames = text.range(of: "leaving after ").flatMap { Int(text[$0.upperBound...].prefix { $0.isNumber }) }
    let ticks = before.flatMap { start in after.map { $0 - start } }
    return (frames, ticks)
}

/// Idle redraws and idle CPU.
@MainActor func runIdleSection() async throws {
    if binaryBuilt, wanted("idle") {
        heading("Idle")
        let result = try await idle(seconds: 10)
        record("idle_frames", result.frames.map(Double.init), "frames", "%.0f", note: "drawn in a 12.5 s session, 10 s of it idle")
        record("idle_cpu_ticks", result.ticks.map(Double.init), "ticks", "%.0f", note: "CPU (1/100 s) used in 10 s idle")
    }
}
