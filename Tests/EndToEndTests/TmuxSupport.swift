import FakeGitHub
import Foundation
import Testing

/// The package root, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let binary = packageRoot.appendingPathComponent(".build/debug/ghscroll").path

/// Runs a program to completion without blocking a concurrency thread (the fake server in this
/// process needs them) and returns its standard output.
@discardableResult
func run(_ program: String, _ arguments: [String]) async throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("ghs-e2e-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outputURL) }
    let output = try FileHandle(forWritingTo: outputURL)
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    try output.close()
    let data = (try? Data(contentsOf: outputURL)) ?? Data()
    return (String(decoding: data, as: UTF8.self), status)
}

/// One tmux server and session running a command in a pane of a given size.
final class TmuxPane: Sendable {
    let socket: String

    init(command: String, columns: Int = 80, rows: Int = 24) async throws {
        socket = "ghs-e2e-\(UUID().uuidString.prefix(8))"
        let shell = "export LC_ALL=C.UTF-8 TERM=xterm-256color; \(command)"
        try await run("tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "bash", "-c", shell])
    }

    func close() async { _ = try? await run("tmux", ["-L", socket, "kill-server"]) }

    func keys(_ keys: String...) async throws { try await run("tmux", ["-L", socket, "send-keys"] + keys) }

    func capture() async -> [String] {
        let text = (try? await run("tmux", ["-L", socket, "capture-pane", "-p"]).output) ?? ""
        return text.components(separatedBy: "\n")
    }

    func resize(columns: Int, rows: Int) async throws {
        try await run("tmux", ["-L", socket, "resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Polls the screen until `condition` holds (at most `seconds`); returns the last screen.
    @discardableResult
    func waitFor(_ seconds: Double = 15, _ condition: ([String]) -> Bool) async -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var screen = await capture()
        while !condition(screen), Date() < deadline {
            try? await Task.sleep(for: .milliseconds(50))
            screen = await capture()
        }
        return screen
    }
}

/// The user ids drawn on screen, top to bottom (rows look like " login      #123 · org").
func idsOnScreen(_ screen: [String]) -> [Int64] {
    screen.dropFirst().dropLast().compactMap { line -> Int64? in
        guard let hash = line.range(of: " #", options: .backwards) else { return nil }
        let digits = line[hash.upperBound...].prefix { $0.isNumber }
        return Int64(digits)
    }
}

func screenText(_ screen: [String]) -> String { screen.joined(separator: "\n") }

/// Starts a fake GitHub for one test.
func startServer(users: Int = 3_000, listSizes: [String: Int] = [:], options: FakeGitHubOptions = FakeGitHubOptions()) async throws -> (FakeGitHub, String) {
    let server = FakeGitHub(data: FakeDataSet(userCount: users, seed: 3, listSizes: listSizes), options: options)
    let base = try await server.start()
    return (server, base.absoluteString)
}
