import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A GitHub-compatible HTTP server on loopback, for the demo and the tests.
///
/// It serves the user lists of ``FakeDataSet`` in GitHub's wire format: the same JSON fields,
/// `Link` headers, rate-limit headers, ETags and error bodies. ``FakeGitHubOptions`` add latency
/// and faults. It knows nothing of the client, so the two check each other.
package final class FakeGitHub: Sendable {
    package let data: FakeDataSet
    private let state: FakeState
    private let host: String
    private let port: UInt16
    private let pathPrefix: String
    private let running = Mutex<(server: HTTPServer, task: Task<Void, Never>, base: URL)?>(nil)

    /// - Parameters:
    ///   - host: an IPv4 loopback address (127.0.0.1 unless a test needs a second host).
    ///   - port: 0 picks a free port.
    ///   - pathPrefix: `/api/v3` makes it look like GitHub Enterprise.
    package init(data: FakeDataSet = FakeDataSet(), options: FakeGitHubOptions = FakeGitHubOptions(),
                host: String = "127.0.0.1", port: UInt16 = 0, pathPrefix: String = "") {
        self.data = data
        self.state = FakeState(options: options)
        self.host = host
        self.port = port
        self.pathPrefix = pathPrefix
    }

    /// The API base URL, once started.
    package var baseURL: URL? { running.withLock { $0?.base } }

    /// Starts listening and returns the API base URL (`http://127.0.0.1:PORT`).
    @discardableResult
    package func start() async throws -> URL {
        if let base = baseURL { return base }
        let handler = FakeHandler(data: data, state: state, prefix: pathPrefix, base: BaseBox())
        let server = HTTPServer(address: try .inet(ip4: host, port: port), timeout: 30,
                                pool: NoDelayPool(base: HTTPServer.defaultPool()), logger: .disabled, handler: handler)
        let task = Task { _ = try? await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let boundPort)? = await server.listeningAddress,
              let base = URL(string: "http://\(host):\(boundPort)\(pathPrefix)")
        else {
            task.cancel()
            throw FakeGitHubError.noAddress
        }
        handler.base.set(base.absoluteString)
        running.withLock { $0 = (server, task, base) }
        return base
    }

    /// Stops listening and closes every connection.
    package func stop() async {
        guard let current = running.withLock({ value in defer { value = nil }; return value }) else { return }
        await current.server.stop(timeout: 0)
        current.task.cancel()
    }

    /// Changes the options of the running server.
    package func update(_ change: @Sendable (inout FakeGitHubOptions) -> Void) async {
        await state.update(change)
    }

    package var options: FakeGitHubOptions { get async { await state.options } }

    /// Every request answered so far, in the order they were answered.
    package func requestLog() async -> [FakeRequestRecord] { await state.log }

    package func clearRequestLog() async { await state.clearLog() }
}

package enum FakeGitHubError: Error, CustomStringConvertible {
    case noAddress
    package var description: String { "the fake GitHub server did not report a listening address" }
}

/// The base URL, known only once the server listens.
final class BaseBox: Sendable {
    private let value = Mutex("")
    func set(_ base: String) { value.withLock { $0 = base } }
    func get() -> String { value.withLock { $0 } }
}

/// The server's socket pool, with Nagle's algorithm off on every socket it waits for (the
/// listening one's setting passes to the connections it accepts). FlyingFox writes a response's
/// head and its body in two writes: with Nagle on, the body waited for the client's delayed
/// acknowledgement of the head, about 40 ms on every answer of a kept-alive connection.
struct NoDelayPool<Base: AsyncSocketPool>: AsyncSocketPool {
    let base: Base

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // (A socket that is not TCP refuses the option: nothing to do then.)
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
