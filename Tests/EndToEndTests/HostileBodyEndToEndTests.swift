import Foundation
import Synchronization
import Testing

/// A server on a raw socket that answers every request with an endless chunked body (no
/// `Content-Length`), 64 KiB a chunk, until `limit` bytes or the client hangs up; it counts what
/// it managed to send. (FakeGitHub's HTTP server cannot send chunked bodies.)
final class ChunkedResponder: Sendable {
    let port: Int
    private let listener: Int32
    private let sentBytes = Atomic<Int>(0)

    var sent: Int { sentBytes.load(ordering: .relaxed) }

    init(limit: Int = 200 * 1_048_576) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard fd >= 0, bound == 0, listen(fd, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                Thread { [self] in serve(client, limit: limit) }.start()
            }
        }.start()
    }

    private func serve(_ client: Int32, limit: Int) {
        defer { close(client) }
        var request = [UInt8](repeating: 0, count: 8192)
        guard recv(client, &request, request.count, 0) > 0 else { return }
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        guard Self.write(client, head) else { return }
        let payload = [UInt8](repeating: UInt8(ascii: " "), count: 65_536)
        let chunk = Array(String(payload.count, radix: 16).utf8) + [13, 10] + payload + [13, 10]
        var total = 0
        while total < limit, Self.write(client, chunk) {
            total += payload.count
            sentBytes.add(payload.count, ordering: .relaxed)
        }
        _ = Self.write(client, Array("0\r\n\r\n".utf8))
    }

    private static func write(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

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

@Suite("Hostile bodies", .serialized, .timeLimit(.minutes(1)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "build ghscroll first (make test does)"))
struct HostileBodyEndToEndTests {
    @Test("a 200 MB chunked body without Content-Length is refused at the 8 MiB cap; the program stays under 64 MB")
    func endlessChunkedBody() async throws {
        let responder = try ChunkedResponder()
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
        #expect(status == 1)
        #expect(errors.contains("larger than 8 MiB; refused"), "\(errors)")
        #expect(peak < 64 * 1024, "peak resident memory \(peak / 1024) MB")
        // The transfer stopped near the cap, not at the end of the body.
        #expect(responder.sent < 64 * 1_048_576, "\(responder.sent / 1_048_576) MB sent")
    }
}
