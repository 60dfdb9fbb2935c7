import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - Resident memory per loaded user

/// A field of /proc/PID/status in kB ("VmRSS", "VmHWM").
func statusKB(_ pid: String, _ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.dropFirst(field.count + 1).filter(\.isNumber))
    }
    return nil
}

struct MemoryRun {
    var firstRSS: Int
    var endRSS: Int
    var peakRSS: Int
    var loaded: Int
    var seconds: Double
    var bytesPerItem: Double { Double(endRSS - firstRSS) * 1024 / Double(max(1, loaded - 100)) }
}

/// The browser in tmux pages through `users` users (End held) against a fake with no latency;
/// its resident memory after the first page and at the end, in kB.
func memoryRun(server: FakeGitHub, base: String, users: Int, extra: String = "") async throws -> MemoryRun? {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).log").path
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).sqlite").path
    let socket = "ghs-bench-\(UUID().uuidString.prefix(8))"
    await server.clearRequestLog()
    func tmux(_ arguments: [String]) throws { try runTmux(socket, arguments) }
    defer {
        try? tmux(["kill-server"])
        for path in [log, cache, cache + "-wal", cache + "-shm"] { try? FileManager.default.removeItem(atPath: path) }
    }
    try tmux(["new-session", "-d", "-x", "100", "-y", "30",
              "LC_ALL=C.UTF-8 TERM=xterm-256color \(binary) users --api-url \(base) --per-page 100 --no-config --cache \(cache) --log-file \(log) \(extra)"])
    let start = Date()
    var pid: String?
    while true {
        if pid != nil, await server.requestLog().count >= 1 { break }
        guard Date().timeIntervalSince(start) < 10 else { return nil }
        try await Task.sleep(for: .milliseconds(50))
        pid = pid ?? browserPID(log)
    }
    try await Task.sleep(for: .milliseconds(500))
    guard let pid, let first = statusKB(pid, "VmRSS") else { return nil }
    let pages = users / 100
    let began = Date()
    // G held: the pane's input gets one every 2 ms until the pipe is closed.
    try tmux(["pipe-pane", "-I", "while :; do printf G; sleep 0.002; done"])
    while true {
        let count = await server.requestLog().count
        if count >= pages { break }
        guard Date().timeIntervalSince(began) < 900 else { return nil }
        try await Task.sleep(for: .milliseconds(20))
    }
    try tmux(["pipe-pane"])
    let seconds = Date().timeIntervalSince(began)
    try await Task.sleep(for: .milliseconds(800))
    guard let end = statusKB(pid, "VmRSS"), let peak = statusKB(pid, "VmHWM") else { return nil }
    try tmux(["send-keys", "q"])
    try await Task.sleep(for: .milliseconds(300))
    return MemoryRun(firstRSS: first, endRSS: end, peakRSS: peak, loaded: pages * 100, seconds: seconds)
}

/// Resident memory per loaded user.
@MainActor func runMemorySection() async throws {
    if binaryBuilt, wanted("memory") {
        heading("Memory (the browser's resident memory; G held against a local fake; the disk cache on)")
        var ends: [String: Int] = [:]
        for users in quick ? [100_000] : [100_000, 1_000_000] {
            let server = FakeGitHub(data: FakeDataSet(userCount: users + 200, seed: 5))
            let base = try await server.start().absoluteString
            for (cap, argument) in [("off", "--max-items 0"), ("on", "")] {
                let label = (users == 100_000 ? "100k" : "1m") + "_cap_" + cap
                let what = cap == "off" ? "cap off" : "cap on (the default, 100,000)"
                if let run = try await memoryRun(server: server, base: base, users: users, extra: argument) {
                    ends[label] = run.endRSS
                    record("bytes_per_item_\(label)", run.bytesPerItem, "B", "%.0f",
                           note: "RSS growth from the first page to \(run.loaded) users, \(what): \(run.firstRSS / 1024) → \(run.endRSS / 1024) MB, \(Int(run.seconds)) s")
                    record("peak_rss_mb_\(label)", Double(run.peakRSS) / 1024, "MB", "%.0f", note: "peak resident memory, \(what)")
                } else {
                    record("bytes_per_item_\(label)", nil, "B", note: "the run did not finish")
                }
            }
            await server.stop()
        }
        if let large = ends["1m_cap_on"], let small = ends["100k_cap_on"] {
            record("rss_ratio_1m_100k_cap_on", Double(large) / Double(small), "×", "%.2f",
                   note: "resident memory after 1,000,000 users against after 100,000, cap on (at most 1.5)")
        }
    }
}
