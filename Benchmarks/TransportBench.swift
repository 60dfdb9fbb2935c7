import Foundation
import GitHubAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - One request through the transport the program ships

/// CPU time of this process (all its threads), in microseconds: getrusage, not /proc's times of
/// the threads there now (``cpuNanoseconds(_:)``), which would miss dispatch threads that ended
/// between two reads.
func processCPUMicroseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let seconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
    return Double(seconds) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
}

/// The CPU one GET of a page of 100 users costs this process in ``URLSessionTransport`` (the
/// body not read), against the fake GitHub in a process of its own (`ghscroll serve-fake`), so
/// that the server's work is not counted. Each page and each fill of a scroll pays it.
@MainActor func runTransportSection() async throws {
    guard binaryBuilt, wanted("transport") else { return }
    heading("One request through URLSession (CPU of this process; medians of 7 rounds of 50)")
    let fake = Process()
    fake.executableURL = URL(fileURLWithPath: binary)
    fake.arguments = ["serve-fake", "--users", "1000", "--seed", "5", "--port", "0"]
    let output = Pipe()
    fake.standardOutput = output
    fake.standardError = FileHandle.nullDevice
    try fake.run()
    defer { fake.terminate() }
    // Its first line is where it listens.
    var said = Data()
    while !said.contains(UInt8(ascii: "\n")) {
        let more = output.fileHandleForReading.availableData
        guard !more.isEmpty else { break }
        said.append(more)
    }
    guard let base = String(decoding: said, as: UTF8.self).split(separator: "\n").first,
          let url = URL(string: base.trimmingCharacters(in: .whitespaces) + "/users?since=0&per_page=100") else {
        return record("request_cpu_us", nil, "µs", note: "the fake GitHub did not say where it listens")
    }
    let transport = URLSessionTransport(timeout: 30)
    var size = 0
    for _ in 0..<20 { size = try await transport.load(URLRequest(url: url), limit: 10_000_000).0.count }
    var samples: [Double] = []
    for _ in 0..<7 {
        let before = processCPUMicroseconds()
        for _ in 0..<50 { _ = try await transport.load(URLRequest(url: url), limit: 10_000_000) }
        samples.append((processCPUMicroseconds() - before) / 50)
    }
    record("request_cpu_us", middle(samples), "µs", "%.0f",
           note: "one GET of a page of 100 users (\(size / 1_000) kB), the body not read")
}
