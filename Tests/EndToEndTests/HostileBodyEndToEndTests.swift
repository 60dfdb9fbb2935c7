import FakeGitHub
import Foundation
import Synchronization
import Testing

/// Waits for a child to exit, polling; its exit status and its peak resident memory in KiB.
func waitForExitWithPeak(_ pid: pid_t) async -> (status: Int32, peakKiB: Int) {
    var status: Int32 = 0
    var usage = rusage()
    while true {
        let result = wait4(pid, &status, WNOHANG, &usage)
        if result == pid { break }
        if result < 0 && errno != EINTR { return (-1, 0) }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return ((status >> 8) & 0xff, usage.ru_maxrss)
}

@Suite("Hostile bodies", .serialized, .timeLimit(.minutes(2)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct HostileBodyEndToEndTests {
    /// URLSession on Linux reads on while its delegate's queue lags behind a cancel, so a refused
    /// body costs what arrived before the cancel landed: the bound is 320 MB, whatever the body's size.
    @Test("a chunked body without Content-Length is refused at the 8 MiB cap with exit status 1; the program stays under 320 MB",
          arguments: [200, 800])
    func endlessChunkedBody(megabytes: Int) async throws {
        let responder = try RawResponder(.endlessBody(limit: megabytes * 1_048_576))
        defer { responder.stop() }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-e2e-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.removeItem(atPath: output + ".err")
        }
        let pid = try spawn(binary, ["users", "--plain", "--no-cache", "--api-url", "http://127.0.0.1:\(responder.port)"],
                            environment: clean, stdoutPath: output, stderrPath: output + ".err")
        let (status, peak) = await waitForExitWithPeak(pid)
        let errors = String(decoding: FileManager.default.contents(atPath: output + ".err") ?? Data(), as: UTF8.self)
        print("hostile body: \(megabytes) MB body, peak \(peak / 1024) MB, \(responder.sent / 1_048_576) MB sent")
        #expect(status == 1)
        #expect(errors.contains("larger than 8 MiB; refused"), "\(errors)")
        #expect(peak < 320 * 1024, "peak resident memory \(peak / 1024) MB")
    }
}
