import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - The disk cache: first row and requests, first run against a second

/// Runs the browser in tmux until it has drawn its first rows and paged to `users` users (End
/// held), then quits; returns the first-row time from its log and the requests the fake saw.
func browse(base: String, server: FakeGitHub, cacheHome: String, users: Int, extra: String = "") async throws
    -> (firstRow: Int?, requests: Int) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).log").path
    let socket = "ghs-bench-\(UUID().uuidString.prefix(8))"
    await server.clearRequestLog()
    func tmux(_ arguments: [String]) throws { try runTmux(socket, arguments) }
    try tmux(["new-session", "-d", "-x", "100", "-y", "30",
              "LC_ALL=C.UTF-8 TERM=xterm-256color XDG_CACHE_HOME=\(cacheHome) \(binary) users --api-url \(base) --per-page 100 --log-file \(log) \(extra)"])
    let deadline = Date().addingTimeInterval(20)
    var pressed = 0
    while Date() < deadline, pressed < users / 100 + 2 {
        try await Task.sleep(for: .milliseconds(150))
        try tmux(["send-keys", "End"])
        pressed += 1
    }
    try await Task.sleep(for: .milliseconds(500))
    try tmux(["send-keys", "q"])
    try await Task.sleep(for: .milliseconds(300))
    try? tmux(["kill-server"])
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: log)
    let firstRow = text.range(of: "first rows drawn ").flatMap { Int(text[$0.upperBound...].prefix { $0.isNumber }) }
    return (firstRow, await server.requestLog().count)
}

/// The disk cache: first row and requests, first run against a second.
@MainActor func runFirstRowSection() async throws {
    if binaryBuilt, wanted("first-row") {
        heading("First rows (1,000 users, End held, local fake with no latency)")
        let server = FakeGitHub(data: FakeDataSet(userCount: 1_000, seed: 5))
        let base = try await server.start().absoluteString
        let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-cache-\(UUID().uuidString)").path
        var cold: [Double] = []
        var warm: [Double] = []
        var stale: [Double] = []
        var requests: [String: Int] = [:]
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: cacheHome)
            let first = try await browse(base: base, server: server, cacheHome: cacheHome, users: 1_000)
            let second = try await browse(base: base, server: server, cacheHome: cacheHome, users: 1_000)
            let third = try await browse(base: base, server: server, cacheHome: cacheHome, users: 1_000, extra: "--max-age 0")
            first.firstRow.map { cold.append(Double($0)) }
            second.firstRow.map { warm.append(Double($0)) }
            third.firstRow.map { stale.append(Double($0)) }
            requests = ["cold": first.requests, "warm": second.requests, "stale": third.requests]
        }
        record("first_row_ms", middle(of: cold), "ms", "%.0f",
               note: "empty cache, from process start (median of \(cold.count)); \(requests["cold"] ?? 0) requests")
        record("first_row_ms_cached", middle(of: warm), "ms", "%.0f",
               note: "cache fresh; \(requests["warm"] ?? 0) requests")
        record("first_row_ms_stale", middle(of: stale), "ms", "%.0f",
               note: "cache stale, revalidated; \(requests["stale"] ?? 0) requests")
        try? FileManager.default.removeItem(atPath: cacheHome)
        await server.stop()
    }
}
