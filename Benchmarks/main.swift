// ghscroll-bench: the performance figures quoted in the issue notes. Run with `make bench`.
// Every figure is a median over several runs; compare ratios, not absolute times (the machines are shared).
import FakeGitHub
import Foundation
import ListCore
import TerminalUI

struct Item: Identifiable, Sendable {
    let id: Int
    let login: String
}

let clock = ContinuousClock()

/// Median of `runs` timings of `body`, in microseconds per `iterations`.
func median(runs: Int = 7, iterations: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let elapsed = clock.measure { body() }
        let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        samples.append(micros / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

func items(_ count: Int) -> [Item] { (0..<count).map { Item(id: $0, login: "user-\($0)") } }

func describe(_ item: Item) -> ItemText { ItemText(title: item.login, detail: "#\(item.id) ") }

func report(_ name: String, _ value: String) { print(name.padding(toLength: 58, withPad: " ", startingAt: 0) + value) }

// MARK: - Frame cost against list length

/// A screen that keeps nothing: the renderer's own cost, without a cell grid's.
final class NullScreen: Screen {
    let size = (rows: 50, columns: 120)
    var characters = 0
    func clear() {}
    func put(row: Int, column: Int, _ text: String, style: Style) { characters &+= text.utf8.count }
    func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) { characters &+= 3 }
    let colorDepth = ColorDepth.truecolor
    func present() {}
}

/// One frame of a 50×120 screen with the selection in the middle of `count` items.
func frameCost(count: Int, screen: some Screen = CellBuffer(rows: 50, columns: 120)) -> Double {
    let list = items(count)
    let rows = RowModel(items: list, footer: .loading)
    var viewport = Viewport(height: 48)
    viewport.place(rows.row(forItem: count / 2), atLine: 20, in: rows)
    let frames = 300
    return median(iterations: frames) {
        for step in 0..<frames {
            viewport.perform(step % 2 == 0 ? .lineDown : .lineUp, in: rows)
            ListRenderer.render(ListFrame(title: "bench", rows: rows, viewport: viewport, describe: describe,
                                          status: "status", spinnerStep: step), on: screen)
        }
    }
}

let small = frameCost(count: 100)
let large = frameCost(count: 1_000_000)
report("frame into the in-memory screen, 100 items loaded", String(format: "%.0f µs", small))
report("frame into the in-memory screen, 1,000,000 items", String(format: "%.0f µs (%.2f× the 100-item frame)", large, large / small))
let smallNull = frameCost(count: 100, screen: NullScreen())
let largeNull = frameCost(count: 1_000_000, screen: NullScreen())
report("renderer alone (no cell grid), 100 items loaded", String(format: "%.0f µs", smallNull))
report("renderer alone (no cell grid), 1,000,000 items", String(format: "%.0f µs (%.2f×)", largeNull, largeNull / smallNull))

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
        let elapsed = clock.measure { _ = pager.handle(.pageLoaded(request.token, page)) }
        costs.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        cursor += 100
        let count = pager.items.count
        effects = pager.handle(.visibleRange(count - 1..<count, viewportRows: 1))
    }
    func middle(_ slice: ArraySlice<Double>) -> Double { slice.sorted()[slice.count / 2] }
    return (middle(costs[10..<30]), middle(costs[(costs.count - 20)...]))
}

let appends = appendCosts(total: 200_000)
report("append a page of 100 at ~1,000 items", String(format: "%.1f µs", appends.early))
report("append a page of 100 at ~200,000 items", String(format: "%.1f µs (%.2f×)", appends.late, appends.late / appends.early))

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

if FileManager.default.isExecutableFile(atPath: binary) {
    let (server, base) = try await serve()
    var rates: [Double] = []
    for _ in 0..<5 {
        let result = try runBinary(["users", "--api-url", base, "--plain", "--limit", "20000", "--no-cache"])
        rates.append(Double(result.lines) / result.seconds)
    }
    rates.sort()
    report("--plain, 20,000 users over loopback HTTP", String(format: "%.0f users/s (median of 5)", rates[2]))
    await server.stop()
} else {
    report("--plain throughput", "skipped: \(binary) not built")
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
func browserPID(_ marker: String) -> String? {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries where entry.allSatisfy(\.isNumber) {
        guard let command = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
              command.hasPrefix("ghscroll"),
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

if FileManager.default.isExecutableFile(atPath: binary) {
    let result = try await idle(seconds: 10)
    if let frames = result.frames {
        report("frames drawn in a 12.5 s session, 10 s of it idle", "\(frames) (a 25 fps redraw would be ~310)")
    } else {
        report("idle frames", "could not read the browser's log (is tmux installed?)")
    }
    report("CPU ticks (1/100 s) used in 10 s idle", result.ticks.map { "\($0)" } ?? "could not read /proc")
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

if FileManager.default.isExecutableFile(atPath: binary) {
    let server = FakeGitHub(data: FakeDataSet(userCount: 1_000, seed: 5))
    let base = try await server.start().absoluteString
    let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-cache-\(UUID().uuidString)").path
    let cold = try await browse(base: base, server: server, cacheHome: cacheHome, users: 1_000)
    let warm = try await browse(base: base, server: server, cacheHome: cacheHome, users: 1_000)
    let stale = try await browse(base: base, server: server, cacheHome: cacheHome, users: 1_000, extra: "--max-age 0")
    func show(_ run: (firstRow: Int?, requests: Int)) -> String {
        "first row \(run.firstRow.map { "\($0) ms" } ?? "?") after start, \(run.requests) requests"
    }
    report("1,000 users, first run (empty cache)", show(cold))
    report("1,000 users, second run (cache fresh)", show(warm))
    report("1,000 users, third run (cache stale: revalidated)", show(stale))
    try? FileManager.default.removeItem(atPath: cacheHome)
    await server.stop()
}
