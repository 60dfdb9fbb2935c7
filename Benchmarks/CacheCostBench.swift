// The disk cache at its cap (#24): what writing pages costs when every page written must make
// room, against the same run into an empty cache. BENCH_ONLY=cache-cost runs this section alone.
import Browser
import FakeGitHub
import Foundation
import Platform

// MARK: - A child's CPU

/// What one run of the binary cost: user + system CPU seconds (wait4's rusage) and the lines it
/// printed; nil when it could not be started or did not exit 0.
func childCPU(_ arguments: [String]) -> (cpu: Double, lines: Int)? {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-\(UUID().uuidString).out").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    guard let pid = try? ChildProcess.start([binary] + arguments, stdout: output) else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    guard status == 0, let text = FileManager.default.contents(atPath: output) else { return nil }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return (seconds(usage.ru_utime) + seconds(usage.ru_stime), text.split(separator: UInt8(ascii: "\n")).count)
}

// MARK: - Files

/// Copies a cache file (and its WAL, when one was left) to `destination`.
func copyCache(_ source: String, to destination: String) throws {
    removeCache(destination)
    try FileManager.default.copyItem(atPath: source, toPath: destination)
    if FileManager.default.fileExists(atPath: source + "-wal") {
        try FileManager.default.copyItem(atPath: source + "-wal", toPath: destination + "-wal")
    }
}

func removeCache(_ path: String) {
    for file in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
}

// MARK: - The section

/// `cache_full_ratio`: the CPU of `--plain` through 20,000 users (100 a page) into a cache already
/// at its cap (the default 100 MiB), over the same run into an empty cache; then `cache info`
/// and the browser's first row on that full cache.
///
/// The cache is filled by one `--plain` run of the binary under test with the default cap and
/// 99 users a page (URLs the measured runs never ask for), through enough users to pass the cap:
/// every later page written has to evict. Each measured run gets its own copy of that file.
@MainActor func cacheCostBench() async throws {
    heading("The disk cache at its cap (--plain, 20,000 users, 100 a page; CPU of the child, user + system; medians of 5)")
    let fillUsers = 140_000
    let server = FakeGitHub(data: FakeDataSet(userCount: fillUsers + 1_000, seed: 5))
    let base = try await server.start().absoluteString
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-bench-cache-cost-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let full = folder + "/full.sqlite"
    let filled = childCPU(["users", "--api-url", base, "--plain", "--no-config", "--per-page", "99",
                           "--limit", "\(fillUsers)", "--cache", full])
    let size = (try? runBinaryOutput(["cache", "info", "--cache", full])).flatMap { text in
        text.split(separator: "\n").first { $0.hasPrefix("Size:") }.map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) }
    } ?? "unknown"
    print("filled by one --plain run of \(fillUsers) users, 99 a page (\(filled.map { String(format: "%.1f s CPU", $0.cpu) } ?? "failed")): \(size)")

    let plain = ["users", "--api-url", base, "--plain", "--no-config", "--per-page", "100", "--limit", "20000", "--cache"]
    var empty: [Double] = []
    var capped: [Double] = []
    var complete = true
    let lastFull = folder + "/after-run.sqlite"
    for _ in 0..<5 {
        let emptyFile = folder + "/empty.sqlite"
        removeCache(emptyFile)
        if let run = childCPU(plain + [emptyFile]) { empty.append(run.cpu); complete = complete && run.lines == 20_000 }
        try copyCache(full, to: lastFull)
        if let run = childCPU(plain + [lastFull]) { capped.append(run.cpu); complete = complete && run.lines == 20_000 }
    }
    let emptyCPU = middle(of: empty)
    let fullCPU = middle(of: capped)
    let check = complete ? "" : "; SOME RUNS DID NOT PRINT 20,000 USERS"
    record("cache_cpu_s_empty", emptyCPU, "s", "%.2f", note: "into an empty cache (\(empty.count) runs)\(check)")
    record("cache_cpu_s_full", fullCPU, "s", "%.2f", note: "into a cache at its cap, \(size) (\(capped.count) runs)")
    record("cache_full_ratio", fullCPU.flatMap { f in emptyCPU.map { f / $0 } }, "×", "%.2f", note: "full / empty (at most 1.5)")

    // `cache info` on the full cache, wall time from process start to exit.
    var info: [Double] = []
    for _ in 0..<5 {
        if let run = try? runBinary(["cache", "info", "--cache", lastFull]) { info.append(run.seconds) }
    }
    record("cache_info_s_full", middle(of: info), "s", "%.3f", note: "ghscroll cache info on the full cache")

    // The browser's first row on the full cache, its first page among the stored ones (the
    // last measured run wrote it).
    var firstRows: [Double] = []
    for _ in 0..<3 {
        let home = folder + "/home"
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home + "/ghscroll", withIntermediateDirectories: true)
        try copyCache(lastFull, to: home + "/ghscroll/cache.sqlite")
        let result = try await browse(base: base, server: server, cacheHome: home, users: 1_000)
        result.firstRow.map { firstRows.append(Double($0)) }
    }
    record("first_row_ms_full_cache", middle(of: firstRows), "ms", "%.0f",
           note: "the browser on the full cache, first page stored (median of \(firstRows.count))")
    await server.stop()
}

/// What the binary printed on stdout, as text.
func runBinaryOutput(_ arguments: [String]) throws -> String {
    String(decoding: try runBinaryData(arguments), as: UTF8.self)
}
