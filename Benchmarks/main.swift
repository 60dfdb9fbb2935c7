// ghscroll-bench: the performance figures quoted in the issue notes. Run with `make bench`.
// Every figure is a median over several runs, or a ratio within one run (the machines are shared
// and noisy). The table is printed and the same figures are written to .bench/results.json.
// BENCH_QUICK=1 skips the slow runs (a million users through the browser).
import Browser
import FakeGitHub
import GitHubAPI
import Foundation
import ListCore
import TerminalUI

struct Item: Identifiable, Sendable {
    let id: Int
    let login: String
}

let clock = ContinuousClock()
let quick = ProcessInfo.processInfo.environment["BENCH_QUICK"] == "1"
/// BENCH_ONLY=scroll,memory runs only those sections (frames, appends, stalls, plain, idle,
/// first-row, memory, scroll, keys, cache-cost).
let only = ProcessInfo.processInfo.environment["BENCH_ONLY"].map { Set($0.split(separator: ",").map(String.init)) }
func wanted(_ section: String) -> Bool { only?.contains(section) ?? true }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Median of `runs` timings of `body`, in microseconds per `iterations`.
func median(runs: Int = 7, iterations: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        samples.append(seconds(clock.measure { body() }) * 1e6 / Double(iterations))
    }
    return middle(samples)
}

func middle(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func items(_ count: Int) -> [Item] { (0..<count).map { Item(id: $0, login: "user-\($0)") } }

func describe(_ item: Item) -> ItemText { ItemText(title: item.login, detail: "#\(item.id) ") }

// MARK: - The figures

/// One figure: a name for results.json, a value in a unit (nil when it could not be measured),
/// and what the table says of it.
struct Figure: Encodable {
    var name: String
    var value: Double?
    var unit: String
    var note: String
}

var figures: [Figure] = []

/// Records a figure and prints its line of the table.
@MainActor func record(_ name: String, _ value: Double?, _ unit: String, _ format: String = "%.1f", note: String = "") {
    figures.append(Figure(name: name, value: value.flatMap { $0.isFinite ? $0 : nil }, unit: unit, note: note))
    let shown = value.map { String(format: format, $0) + " " + unit } ?? "n/a"
    let line = name.padding(toLength: 40, withPad: " ", startingAt: 0) + shown.padding(toLength: 18, withPad: " ", startingAt: 0)
    print(line + note)
}

func heading(_ text: String) { print("\n" + text) }

@MainActor func writeResults() throws {
    let directory = URL(fileURLWithPath: ".bench")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    struct Results: Encodable {
        var date: String
        var machine: String
        var figures: [Figure]
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
    let results = Results(date: ISO8601DateFormatter().string(from: Date()), machine: "\(cores) cores, \(memory) GiB",
                          figures: figures)
    try encoder.encode(results).write(to: directory.appendingPathComponent("results.json"))
    print("\nwritten to .bench/results.json")
}

// MARK: - Frame cost against list length

/// A screen that keeps nothing: the renderer's own cost, without a cell grid's.
final class NullScreen: Screen {
    let size = (rows: 50, columns: 120)
    var characters = 0
    func clear() {}
    func put(row: Int, column: Int, _ text: String, style: Style) { characters &+= text.utf8.count }
    func fill(row: Int, column: Int, count: Int, style: Style) { characters &+= count }
    func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) { characters &+= 3 }
    let colorDepth = ColorDepth.truecolor
    func present() {}
}

/// Nanoseconds for one frame of a 50×120 in-memory screen over `count` items, after a one-row
/// move of the selection (`scroll` false: the rows stay) or a one-line scroll (`scroll` true).
func frameCost(count: Int, scroll: Bool, screen: some Screen = CellBuffer(rows: 50, columns: 120)) -> Double {
    let list = items(count)
    let rows = RowModel(items: list, footer: .loading)
    let frames = 300
    return 1000 * median(iterations: frames) {
        var viewport = Viewport(height: 48)
        // Scrolling: the selection on the bottom margin, each j scrolls a line. Moving: in the
        // middle of the screen, j and k in turn.
        viewport.place(rows.row(forItem: count / 2), atLine: scroll ? 45 : 20, in: rows)
        for step in 0..<frames {
            viewport.perform(scroll || step % 2 == 0 ? .lineDown : .lineUp, in: rows)
            screen.clear()
            Bar.draw(left: " bench", right: "", row: 0, on: screen, columns: 120)
            ListView(rows: rows, viewport: viewport, describe: describe, spinnerStep: step)
                .draw(on: screen, in: Rect(top: 1, left: 0, height: 48, width: 120))
            Bar.draw(left: "status", right: "", row: 49, on: screen, columns: 120)
            screen.present()
        }
    }
}

var frames: [Int: Double] = [:]
if wanted("frames") { heading("Frames (one frame into the in-memory 50×120 screen; medians of 7)") }
for count in [1_000, 100_000, 1_000_000] where wanted("frames") {
    let label = count == 1_000 ? "1k" : count == 100_000 ? "100k" : "1m"
    record("frame_ns_move_\(label)", frameCost(count: count, scroll: false), "ns", "%.0f", note: "after a one-row move, \(count) items")
    let scrolled = frameCost(count: count, scroll: true)
    frames[count] = scrolled
    record("frame_ns_scroll_\(label)", scrolled, "ns", "%.0f", note: "after a one-line scroll, \(count) items")
}
if wanted("frames") {
record("frame_ratio_1m_1k", frames[1_000_000].flatMap { large in frames[1_000].map { large / $0 } }, "×", "%.2f",
       note: "scroll frame, 1,000,000 items against 1,000")
let renderer = frameCost(count: 1_000_000, scroll: true, screen: NullScreen())
record("renderer_ns_1m", renderer, "ns", "%.0f", note: "the renderer alone (no cell grid), 1,000,000 items")
}

// MARK: - Appending pages as the list grows

/// Cost per 100-item page of growing one pager to `total` items; returns the median cost of a page
/// appended near 1,000 items and near `total` (each the median of 20 pages).
func appendCosts(total: Int) -> (early: Double, late: Double) {
    let pageItems = items(total + 100)
    var pager = Pager<Item, Int>(firstCursor: 0, pageSize: 100, prefetch: FixedDistancePrefetch(distance: 0))
    var effects = pager.handle(.start)
    var costs: [Double] = []
    var cursor = 0
    while cursor < total, case .fetch(let request)? = effects.first {
        let page = Page(items: Array(pageItems[cursor..<cursor + 100]), next: cursor + 100)
        costs.append(seconds(clock.measure { _ = pager.handle(.pageLoaded(request.token, page)) }) * 1e6)
        cursor += 100
        let count = pager.items.count
        effects = pager.handle(.visibleRange(count - 1..<count, viewportRows: 1))
    }
    return (middle(Array(costs[10..<30])), middle(Array(costs[(costs.count - 20)...])))
}

if wanted("appends") {
    let appends = appendCosts(total: 200_000)
    record("append_us_1k", appends.early, "µs", note: "a page of 100 appended at ~1,000 items")
    record("append_us_200k", appends.late, "µs", note: "at ~200,000 items (\(String(format: "%.2f", appends.late / appends.early))×)")
}

// MARK: - Prefetch: a person holding the key, on a virtual clock

if wanted("stalls") {
heading("Stalls: scrolling through 5,000 rows on a virtual clock (ScrollSimulation), seconds waited / stalls")
print("rows/s  latency  page   adaptive        one screen      5 rows before the end")
var stallTotals: [String: (seconds: Double, stalls: Int)] = [:]
var stallCases: [[String: Double]] = []
for speed in [5.0, 10, 20, 40] {
    for latency in [100, 300, 1000] {
        for pageSize in [30, 100] {
            let simulation = ScrollSimulation(rowsPerSecond: speed, latency: .milliseconds(latency), pageSize: pageSize, total: 5000)
            let policies: [(String, any PrefetchPolicy)] = [("adaptive", AdaptivePrefetch()), ("screen", FixedDistancePrefetch()),
                                                            ("five", FixedDistancePrefetch(distance: 5))]
            var line = String(format: "%6.0f  %5d ms  %4d", speed, latency, pageSize)
            var row: [String: Double] = ["rows_per_second": speed, "latency_ms": Double(latency), "page_size": Double(pageSize)]
            for (name, policy) in policies {
                let result = simulation.run(policy)
                line += "   " + String(format: "%6.1f s / %3d", result.stalledSeconds, result.stalls)
                let total = stallTotals[name] ?? (0, 0)
                stallTotals[name] = (total.seconds + result.stalledSeconds, total.stalls + result.stalls)
                row["\(name)_stalled_s"] = result.stalledSeconds
                row["\(name)_stalls"] = Double(result.stalls)
            }
            stallCases.append(row)
            print(line)
        }
    }
}
for name in ["adaptive", "screen", "five"] {
    let total = stallTotals[name] ?? (0, 0)
    record("stall_seconds_\(name)", total.seconds, "s", note: "summed over the 24 cases, in \(total.stalls) stalls")
}
}

// MARK: - The real binary against the fake server

let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ghscroll").path

func runBinary(_ arguments: [String]) throws -> (seconds: Double, lines: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    let start = clock.now
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (seconds, data.split(separator: UInt8(ascii: "\n")).count)
}

func serve() async throws -> (FakeGitHub, String) {
    let server = FakeGitHub(data: FakeDataSet(userCount: 30_000, seed: 5))
    let base = try await server.start()
    return (server, base.absoluteString)
}

let binaryBuilt = FileManager.default.isExecutableFile(atPath: binary)
if !binaryBuilt { print("\n\(binary) is not built: the figures of the real binary are skipped") }

if binaryBuilt, wanted("plain") {
    heading("--plain")
    let (server, base) = try await serve()
    var rates: [Double] = []
    for _ in 0..<5 {
        let result = try runBinary(["users", "--api-url", base, "--plain", "--limit", "20000", "--no-cache"])
        rates.append(Double(result.lines) / result.seconds)
    }
    record("plain_users_per_s", middle(rates), "users/s", "%.0f", note: "20,000 users over loopback HTTP (median of 5)")
    await server.stop()
}

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

if binaryBuilt, wanted("idle") {
    heading("Idle")
    let result = try await idle(seconds: 10)
    record("idle_frames", result.frames.map(Double.init), "frames", "%.0f", note: "drawn in a 12.5 s session, 10 s of it idle")
    record("idle_cpu_ticks", result.ticks.map(Double.init), "ticks", "%.0f", note: "CPU (1/100 s) used in 10 s idle")
}

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
    record("first_row_ms", cold.isEmpty ? nil : middle(cold), "ms", "%.0f",
           note: "empty cache, from process start (median of \(cold.count)); \(requests["cold"] ?? 0) requests")
    record("first_row_ms_cached", warm.isEmpty ? nil : middle(warm), "ms", "%.0f",
           note: "cache fresh; \(requests["warm"] ?? 0) requests")
    record("first_row_ms_stale", stale.isEmpty ? nil : middle(stale), "ms", "%.0f",
           note: "cache stale, revalidated; \(requests["stale"] ?? 0) requests")
    try? FileManager.default.removeItem(atPath: cacheHome)
    await server.stop()
}


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

// MARK: - Bytes and CPU per one-line scroll, against less

/// CPU time of every thread of a process, in nanoseconds (from /proc/PID/task/*/schedstat).
func cpuNanoseconds(_ pid: String) -> Int? {
    guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
    var total = 0
    for task in tasks {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
              let ns = text.split(separator: " ").first.flatMap({ Int($0) }) else { continue }
        total += ns
    }
    return total
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
    guard let pid = browserPID(marker, command: name), let cpuBefore = cpuNanoseconds(pid) else { return nil }
    let writesBefore = writeCalls(pid)
    let bytesBefore = fileSize(capture)
    for _ in 0..<presses {
        try tmux(["send-keys", "j"])
        try await Task.sleep(for: .milliseconds(20))
    }
    try await Task.sleep(for: .milliseconds(500))
    guard let cpuAfter = cpuNanoseconds(pid) else { return nil }
    let writes = writeCalls(pid).flatMap { after in writesBefore.map { Double(after - $0) / Double(presses) } }
    let bytes = fileSize(capture) - bytesBefore
    try tmux(["send-keys", "q"])
    try await Task.sleep(for: .milliseconds(200))
    return ScrollCost(bytesPerScroll: Double(bytes) / Double(presses), fullFrameBytes: fullFrame,
                      cpuMsPerScroll: Double(cpuAfter - cpuBefore) / 1e6 / Double(presses), writesPerScroll: writes)
}

if binaryBuilt, wanted("scroll") {
    heading("One-line scroll (j) in an 80×24 pane, against less on a file of the same rows (medians of 3)")
    let server = FakeGitHub(data: FakeDataSet(userCount: 20_000, seed: 5))
    let base = try await server.start().absoluteString
    let text = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).txt").path
    var lines = ""
    for user in FakeDataSet(userCount: 20_000, seed: 5).users {
        lines += user.login.padding(toLength: 60, withPad: " ", startingAt: 0) + "#\(user.id)\n"
    }
    try lines.write(toFile: text, atomically: true, encoding: .utf8)
    var ours: [ScrollCost] = []
    var theirs: [ScrollCost] = []
    var floors: [ScrollCost] = []
    // ncurses with no program around it, drawing the same frames (Benchmarks/Floor/main.c).
    let floor = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("ncurses-floor").path
    for _ in 0..<3 {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).log").path
        if let cost = try await scrollCost("\(binary) users --api-url \(base) --no-config --no-cache --log-file \(log)",
                                           marker: log, name: "ghscroll") { ours.append(cost) }
        try? FileManager.default.removeItem(atPath: log)
        if let cost = try await scrollCost("less -S \(text)", marker: text, name: "less") { theirs.append(cost) }
        if FileManager.default.isExecutableFile(atPath: floor) {
            let marker = "ghs-bench-\(UUID().uuidString)"
            if let cost = try await scrollCost("\(floor) \(marker)", marker: marker, name: "ncurses-floor") { floors.append(cost) }
        }
    }
    try? FileManager.default.removeItem(atPath: text)
    await server.stop()
    let bytes = ours.isEmpty ? nil : middle(ours.map(\.bytesPerScroll))
    let lessBytes = theirs.isEmpty ? nil : middle(theirs.map(\.bytesPerScroll))
    let cpu = ours.isEmpty ? nil : middle(ours.map(\.cpuMsPerScroll))
    let lessCPU = theirs.isEmpty ? nil : middle(theirs.map(\.cpuMsPerScroll))
    record("scroll_bytes", bytes, "B", "%.0f", note: "written to the terminal per one-line scroll")
    record("scroll_bytes_less", lessBytes, "B", "%.0f", note: "less, the same")
    record("scroll_bytes_ratio", bytes.flatMap { b in lessBytes.map { b / $0 } }, "×", "%.2f", note: "ours / less's (goal ≤ 2, at most 3)")
    record("full_frame_bytes", ours.isEmpty ? nil : middle(ours.map { Double($0.fullFrameBytes) }), "B", "%.0f",
           note: "the first whole screen, start-up sequences included")
    let writes = ours.compactMap(\.writesPerScroll), lessWrites = theirs.compactMap(\.writesPerScroll)
    record("scroll_writes", writes.isEmpty ? nil : middle(writes), "calls", "%.2f",
           note: "write calls per one-line scroll (the terminal wakes for each)")
    record("scroll_writes_less", lessWrites.isEmpty ? nil : middle(lessWrites), "calls", "%.2f", note: "less, the same")
    record("cpu_per_scroll_ms", cpu, "ms", "%.3f", note: "the process's CPU (all threads) per one-line scroll")
    record("cpu_per_scroll_ms_less", lessCPU, "ms", "%.3f", note: "less, the same")
    record("cpu_per_scroll_ratio", cpu.flatMap { c in lessCPU.map { c / $0 } }, "×", "%.1f", note: "ours / less's (at most 3)")
    let floorCPU = floors.isEmpty ? nil : middle(floors.map(\.cpuMsPerScroll))
    record("cpu_per_scroll_ms_floor", floorCPU, "ms", "%.3f",
           note: "ncurses alone drawing the same frames (ncurses-floor), the same way")
    record("cpu_per_scroll_floor_ratio", floorCPU.flatMap { f in lessCPU.map { f / $0 } }, "×", "%.1f",
           note: "ncurses-floor / less's: the least any ncurses screen of this list can reach")
    record("scroll_bytes_floor", floors.isEmpty ? nil : middle(floors.map(\.bytesPerScroll)), "B", "%.0f",
           note: "ncurses-floor's bytes per one-line scroll")
}

// MARK: - One key, in-process: the browser's own loop and frame diff, no terminal

/// Takes the loop's fetches and answers each at once with the next 100 users.
final class AnsweringRunner: CommandRunner {
    var fetches: [(ScreenID, FetchRequest<GitHubCursor>)] = []
    private var next: Int64 = 1
    func run(_ commands: [Command]) {
        for case let .fetch(id, _, request) in commands { fetches.append((id, request)) }
    }
    func settle(_ message: Message) {}
    func cancelAll() {}
    /// The pages asked for so far, as messages.
    func answers() -> [Message] {
        defer { fetches = [] }
        return fetches.map { id, request in
            let users = (next..<next + 100).map { GitHubUser(login: "user-\($0)", id: $0) }
            next += 100
            return .pageLoaded(id, request.token, Page(items: users, next: .since(next - 1)))
        }
    }
}

/// Microseconds for one j in an 80×24 browser over GET /users, through the browser's own loop
/// (``BrowserLoop``: the key read, the update, the frame) into a terminal that runs the ncurses
/// screen's row diff without ncurses. Pages are answered at once as the pager asks for them.
func keyCost(presses: Int) -> Double {
    let state = AppState(list: .all(since: 0), host: "api.github.com", profileBase: "https://github.com",
                         pageSize: 100, prefetchDistance: nil, size: AppState.Size(rows: 24, columns: 80),
                         now: Date(timeIntervalSince1970: 0))
    let terminal = FrameRecorder(rows: 24, columns: 80, keepingCells: false)
    let runner = AnsweringRunner()
    var now = Date(timeIntervalSince1970: 0)
    let loop = BrowserLoop(state: state, terminal: terminal, runner: runner, clock: { now })
    loop.start()
    func answer() {
        while !runner.fetches.isEmpty { loop.handle(TerminalInput<Message>.Wake(messages: runner.answers())) }
    }
    answer()
    return median(iterations: presses) {
        for _ in 0..<presses {
            now += 0.02
            terminal.keys.append(.character("j"))
            loop.handle(TerminalInput<Message>.Wake(input: true))
            answer()
        }
    }
}

if wanted("keys") {
    heading("One j in-process (the browser's loop and frame diff, 80×24, no terminal; medians of 7)")
    record("key_us", keyCost(presses: 2_000), "µs", "%.1f", note: "per j: the key read, the update, the frame and its row diff")
}

if binaryBuilt, wanted("cache-cost") { try await cacheCostBench() }  // Benchmarks/CacheCostBench.swift

try writeResults()
