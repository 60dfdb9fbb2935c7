import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - Bytes and CPU per one-line scroll, against less

/// CPU time of each thread of a process, in nanoseconds, by thread id (from
/// /proc/PID/task/*/schedstat).
func threadNanoseconds(_ pid: String) -> [String: Int]? {
    guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
    var times: [String: Int] = [:]
    for task in tasks {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
              let ns = text.split(separator: " ").first.flatMap({ Int($0) }) else { continue }
        times[task] = ns
    }
    return times
}

/// CPU time of every thread of a process, in nanoseconds.
func cpuNanoseconds(_ pid: String) -> Int? {
    threadNanoseconds(pid).map { $0.values.reduce(0, +) }
}

/// The write system calls a process has made (`syscw` in /proc/PID/io: write and writev, not
/// socket sends).
func writeCalls(_ pid: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("syscw:") {
        return Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces))
    }
    return nil
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

struct ScrollCost {
    var bytesPerScroll: Double
    var fullFrameBytes: Int
    var cpuMsPerScroll: Double
    var writesPerScroll: Double?
    /// The busiest thread's share: the one that reads the keys and draws (the others load pages).
    var busiestThreadMsPerScroll: Double
}

/// Runs `command` in an 80×24 tmux pane whose output is logged (what the terminal receives),
/// presses j `warmup` times (the selection reaches the bottom margin), then `presses` more, one
/// every 20 ms, each a one-line scroll: bytes and CPU per press, and the bytes of the first frame.
func scrollCost(_ command: String, marker: String, name: String, presses: Int = 300, warmup: Int = 30) async throws -> ScrollCost? {
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).out").path
    let socket = "ghs-bench-\(UUID().uuidString.prefix(8))"
    func tmux(_ arguments: [String]) throws { try runTmux(socket, arguments) }
    defer {
        try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: capture)
    }
    try tmux(["new-session", "-d", "-x", "80", "-y", "24", "sleep 0.5; exec env LC_ALL=C.UTF-8 TERM=xterm-256color \(command)"])
    try await Task.sleep(for: .milliseconds(150))
    try tmux(["pipe-pane", "-o", "cat >> \(capture)"])
    try await Task.sleep(for: .seconds(2.5))
    let fullFrame = fileSize(capture)
    for _ in 0..<warmup {
        try tmux(["send-keys", "j"])
        try await Task.sleep(for: .milliseconds(20))
    }
    try await Task.sleep(for: .milliseconds(500))
    guard let pid = browserPID(marker, command: name), let threadsBefore = threadNanoseconds(pid) else { return nil }
    let cpuBefore = threadsBefore.values.reduce(0, +)
    let writesBefore = writeCalls(pid)
    let bytesBefore = fileSize(capture)
    for _ in 0..<presses {
        try tmux(["send-keys", "j"])
        try await Task.sleep(for: .milliseconds(20))
    }
    try await Task.sleep(for: .milliseconds(500))
    guard let threadsAfter = threadNanoseconds(pid) else { return nil }
    let cpuAfter = threadsAfter.values.reduce(0, +)
    let busiest = threadsAfter.map { $0.value - (threadsBefore[$0.key] ?? 0) }.max() ?? 0
    let writes = writeCalls(pid).flatMap { after in writesBefore.map { Double(after - $0) / Double(presses) } }
    let bytes = fileSize(capture) - bytesBefore
    try tmux(["send-keys", "q"])
    try await Task.sleep(for: .milliseconds(200))
    return ScrollCost(bytesPerScroll: Double(bytes) / Double(presses), fullFrameBytes: fullFrame,
                      cpuMsPerScroll: Double(cpuAfter - cpuBefore) / 1e6 / Double(presses), writesPerScroll: writes,
                      busiestThreadMsPerScroll: Double(busiest) / 1e6 / Double(presses))
}

/// Bytes and CPU per one-line scroll, against less.
@MainActor func runScrollSection() async throws {
    if binaryBuilt, wanted("scroll") {
        heading("One-line scroll (j) in an 80×24 pane, against less on a file of the same rows (medians of 5)")
        // The token's owner is a user of the list, so that filled rows carry marks too.
        var options = FakeGitHubOptions()
        options.viewer = FakeDataSet(userCount: 20_000, seed: 5).users.first?.login
        let server = FakeGitHub(data: FakeDataSet(userCount: 20_000, seed: 5), options: options)
        let base = try await server.start().absoluteString
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).txt").path
        var lines = ""
        for user in FakeDataSet(userCount: 20_000, seed: 5).users {
            lines += user.login.padding(toLength: 60, withPad: " ", startingAt: 0) + "#\(user.id)\n"
        }
        try lines.write(toFile: text, atomically: true, encoding: .utf8)
        // The same users as filled rows, for the floor to draw as ghscroll draws them with a
        // token: the login, the name, and the place and followers at the right.
        let filledRows = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).tsv").path
        try filledRowLines(FakeDataSet(userCount: 20_000, seed: 5)).write(toFile: filledRows, atomically: true, encoding: .utf8)
        var ours: [ScrollCost] = []
        var theirs: [ScrollCost] = []
        var floors: [ScrollCost] = []
        // Ours over the floor's within each round, run back to back: the machine's drift
        // between rounds cancels out of the ratio.
        var floorRatios: [Double] = []
        // The same for the thread that reads the keys and draws alone: without the page loads,
        // which the floor does not make.
        var loopRatios: [Double] = []
        // Ours with a token: the rows fill with names, places and marks as they scroll by.
        var filled: [ScrollCost] = []
        var filledRatios: [Double] = []
        // The floor drawing filled rows, and ours with a token over it, round by round.
        var filledFloors: [ScrollCost] = []
        var filledFloorRatios: [Double] = []
        // Ours with a token, the thread that reads the keys and draws alone, over the floor.
        var filledLoopRatios: [Double] = []
        // ncurses with no program around it, drawing the same frames (Benchmarks/Floor/main.c).
        let floor = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("ncurses-floor").path
        for _ in 0..<5 {
            var ourRound: ScrollCost?
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).log").path
            if let cost = try await scrollCost("\(binary) users --api-url \(base) --no-config --no-cache --log-file \(log)",
                                               marker: log, name: "ghscroll") { ours.append(cost); ourRound = cost }
            try? FileManager.default.removeItem(atPath: log)
            var filledRound: ScrollCost?
            let filledLog = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).log").path
            if let cost = try await scrollCost("GH_TOKEN=bench \(binary) users --api-url \(base) --no-config --no-cache --log-file \(filledLog)",
                                               marker: filledLog, name: "ghscroll") { filled.append(cost); filledRound = cost }
            try? FileManager.default.removeItem(atPath: filledLog)
            if let cost = try await scrollCost("less -S \(text)", marker: text, name: "less") { theirs.append(cost) }
            if FileManager.default.isExecutableFile(atPath: floor) {
                let marker = "ghs-bench-\(UUID().uuidString)"
                if let cost = try await scrollCost("\(floor) \(marker)", marker: marker, name: "ncurses-floor") {
                    floors.append(cost)
                    if let ourRound {
                        floorRatios.append(ourRound.cpuMsPerScroll / cost.cpuMsPerScroll)
                        loopRatios.append(ourRound.busiestThreadMsPerScroll / cost.cpuMsPerScroll)
                    }
                    if let filledRound {
                        filledRatios.append(filledRound.cpuMsPerScroll / cost.cpuMsPerScroll)
                        filledLoopRatios.append(filledRound.busiestThreadMsPerScroll / cost.cpuMsPerScroll)
                    }
                }
                let filledMarker = "ghs-bench-\(UUID().uuidString)"
                if let cost = try await scrollCost("\(floor) \(filledMarker) \(filledRows)", marker: filledMarker, name: "ncurses-floor") {
                    filledFloors.append(cost)
                    if let filledRound { filledFloorRatios.append(filledRound.cpuMsPerScroll / cost.cpuMsPerScroll) }
                }
            }
        }
        try? FileManager.default.removeItem(atPath: text)
        try? FileManager.default.removeItem(atPath: filledRows)
        await server.stop()
        let bytes = middle(of: ours.map(\.bytesPerScroll))
        let lessBytes = middle(of: theirs.map(\.bytesPerScroll))
        let cpu = middle(of: ours.map(\.cpuMsPerScroll))
        let lessCPU = middle(of: theirs.map(\.cpuMsPerScroll))
        record("scroll_bytes", bytes, "B", "%.0f", note: "written to the terminal per one-line scroll")
        record("scroll_bytes_less", lessBytes, "B", "%.0f", note: "less, the same")
        record("scroll_bytes_ratio", bytes.flatMap { b in lessBytes.map { b / $0 } }, "×", "%.2f", note: "ours / less's (goal ≤ 2, at most 3)")
        record("full_frame_bytes", middle(of: ours.map { Double($0.fullFrameBytes) }), "B", "%.0f",
               note: "the first whole screen, start-up sequences included")
        let writes = ours.compactMap(\.writesPerScroll), lessWrites = theirs.compactMap(\.writesPerScroll)
        record("scroll_writes", middle(of: writes), "calls", "%.2f",
               note: "write calls per one-line scroll (the terminal wakes for each)")
        record("scroll_writes_less", middle(of: lessWrites), "calls", "%.2f", note: "less, the same")
        record("cpu_per_scroll_ms", cpu, "ms", "%.3f", note: "the process's CPU (all threads) per one-line scroll")
        record("cpu_per_scroll_ms_less", lessCPU, "ms", "%.3f", note: "less, the same")
        record("cpu_per_scroll_ratio", cpu.flatMap { c in lessCPU.map { c / $0 } }, "×", "%.1f", note: "ours / less's (at most 3)")
        let floorCPU = middle(of: floors.map(\.cpuMsPerScroll))
        record("cpu_per_scroll_ms_floor", floorCPU, "ms", "%.3f",
               note: "ncurses alone drawing the same frames (ncurses-floor), the same way")
        record("cpu_per_scroll_floor_ratio", floorCPU.flatMap { f in lessCPU.map { f / $0 } }, "×", "%.1f",
               note: "ncurses-floor / less's: the least any ncurses screen of this list can reach")
        record("cpu_per_scroll_ours_floor_ratio", middle(of: floorRatios), "×", "%.2f",
               note: "ours / ncurses-floor's, the median of each round's ratio (at most 2)")
        record("cpu_per_scroll_ms_loop", middle(of: ours.map(\.busiestThreadMsPerScroll)), "ms", "%.3f",
               note: "ours, the busiest thread only (keys and frames; the page loads are on others)")
        record("cpu_per_scroll_loop_floor_ratio", middle(of: loopRatios), "×", "%.2f",
               note: "that thread / ncurses-floor's, the median of each round's ratio")
        record("cpu_per_scroll_ms_filled", middle(of: filled.map(\.cpuMsPerScroll)), "ms", "%.3f",
               note: "ours with a token, the rows filling as they scroll by (one GraphQL request a page)")
        record("cpu_per_scroll_filled_floor_ratio", middle(of: filledRatios), "×", "%.2f",
               note: "that / ncurses-floor's, the median of each round's ratio (at most 2)")
        record("cpu_per_scroll_ms_loop_filled", middle(of: filled.map(\.busiestThreadMsPerScroll)), "ms", "%.3f",
               note: "ours with a token, the busiest thread only (the fills' and pages' requests are on others)")
        record("cpu_loop_filled_floor_ratio", middle(of: filledLoopRatios), "×", "%.2f",
               note: "that thread / ncurses-floor's, the median of each round's ratio")
        record("cpu_per_scroll_ms_floor_filled", middle(of: filledFloors.map(\.cpuMsPerScroll)), "ms", "%.3f",
               note: "ncurses-floor drawing the filled rows (login, name, place and followers)")
        record("cpu_filled_over_filled_floor", middle(of: filledFloorRatios), "×", "%.2f",
               note: "ours with a token / that floor, the median of each round's ratio")
        record("scroll_bytes_floor_filled", middle(of: filledFloors.map(\.bytesPerScroll)), "B", "%.0f",
               note: "that floor's bytes per one-line scroll")
        record("scroll_bytes_filled", middle(of: filled.map(\.bytesPerScroll)), "B", "%.0f",
               note: "ours with a token, the same")
        record("scroll_bytes_floor", middle(of: floors.map(\.bytesPerScroll)), "B", "%.0f",
               note: "ncurses-floor's bytes per one-line scroll")
    }
}

/// The users as the floor's filled rows, one a line: `login<TAB>name<TAB>place · N followers`
/// (the place left out when there is none), the counts short as filled rows write them.
func filledRowLines(_ data: FakeDataSet) -> String {
    var lines = ""
    for user in data.users {
        let profile = data.profile(of: user)
        let clean = { (text: String?) in text.map { TerminalText.sanitize($0).replacingOccurrences(of: "\t", with: " ") } ?? "" }
        let followers = Formatting.count(profile.followers, Noun("follower"), compact: true)
        let right = [clean(profile.location), followers].filter { !$0.isEmpty }.joined(separator: " · ")
        lines += "\(user.login)\t\(clean(profile.name))\t\(right)\n"
    }
    return lines
}
