import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - The real binary against the fake server

/// What the binary printed on stdout (its stderr dropped).
func runBinaryData(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
}

/// How long a run of the binary took, and how many lines it printed.
func runBinary(_ arguments: [String]) throws -> (seconds: Double, lines: Int) {
    let start = clock.now
    let data = try runBinaryData(arguments)
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (seconds, data.split(separator: UInt8(ascii: "\n")).count)
}

func serve() async throws -> (FakeGitHub, String) {
    let server = FakeGitHub(data: FakeDataSet(userCount: 30_000, seed: 5))
    let base = try await server.start()
    return (server, base.absoluteString)
}

/// The real binary against the fake server.
@MainActor func runPlainSection() async throws {


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
}
