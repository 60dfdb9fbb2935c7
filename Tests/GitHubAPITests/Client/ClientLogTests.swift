import Foundation
@testable import GitHubAPI
import Logging
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps the messages logged through it.
struct RecordingLogHandler: LogHandler {
    final class Lines: Sendable {
        let all = Mutex<[String]>([])
    }

    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.all.withLock { $0.append("\(event.level) \(event.message)") }
    }
}

@Suite("What the client writes to the log (--log-file)")
struct ClientLogTests {
    @Test("each request is logged when it goes out and when it ends, with its status, size and time; never the token")
    func requestsLogged() async throws {
        let lines = RecordingLogHandler.Lines()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }
        let transport = ScriptedTransport([.json(#"[{"login":"a","id":1,"type":"User"}]"#, headers: ["ETag": "\"e\""]),
                                           .failure(URLError(.timedOut))])
        let base = try #require(URL(string: "https://api.github.com"))
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: "secret-token"),
                                  retryPolicy: .none, transport: transport, logger: logger)
        let source = AllUsersSource(client: client)
        _ = try await source.load(at: .since(0), pageSize: 1, policy: .normal)
        await #expect(throws: GitHubError.timeout(host: "api.github.com")) {
            try await source.load(at: .since(1), pageSize: 1, policy: .normal)
        }
        let logged = lines.all.withLock { $0 }
        let (url, next) = ("https://api.github.com/users?since=0&per_page=1", "https://api.github.com/users?since=1&per_page=1")
        #expect(logged.count == 4, "\(logged)")
        guard logged.count == 4 else { return }
        #expect(logged[0] == "debug GET \(url)")
        #expect(logged[1].hasPrefix("debug \(url): 200, 36 bytes in ") && logged[1].hasSuffix(" ms"), "\(logged[1])")
        #expect(logged[2] == "debug GET \(next)")
        #expect(logged[3].hasPrefix("debug \(next): \(GitHubError.timeout(host: "api.github.com")) after ") && logged[3].hasSuffix(" ms"), "\(logged[3])")
        #expect(!logged.joined().contains("secret-token"))
    }
}
