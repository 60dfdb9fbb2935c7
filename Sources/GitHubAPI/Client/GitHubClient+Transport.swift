import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// One request through the transport, logged (never the token), its failure mapped to GitHubError.
extension GitHubClient {
    func send(_ request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse) {
        let host = request.url?.host ?? "the server"
        let shown = request.url.map(Self.logged) ?? "?"
        let started = ContinuousClock.now
        func elapsed() -> String { "\(Int((ContinuousClock.now - started).seconds * 1000)) ms" }
        do {
            try Task.checkCancellation()
            logger?.debug("\(request.httpMethod ?? "GET") \(shown)\(request.value(forHTTPHeaderField: "If-None-Match") == nil ? "" : " (if changed)")")
            let (data, response) = try await transport.load(request, limit: limit)
            logger?.debug("\(shown): \(response.statusCode), \(data.count) bytes in \(elapsed())")
            return (data, response)
        } catch {
            let mapped = Self.mapped(error, host: hostAndPort(request.url) ?? host)
            logger?.debug("\(shown): \(mapped) after \(elapsed())")
            throw mapped
        }
    }

    /// A URL as the log shows it: without a user or password it may carry.
    static func logged(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false), parts.user != nil || parts.password != nil
        else { return url.absoluteString }
        (parts.user, parts.password) = (nil, nil)
        return parts.string ?? "?"
    }

    static func mapped(_ error: any Error, host: String) -> GitHubError {
        switch error {
        case let error as GitHubError: error
        case is CancellationError: .cancelled
        case let error as URLError: Self.error(error, host: host)
        default: .network(message: String(describing: error))
        }
    }

    func hostAndPort(_ url: URL?) -> String? {
        guard let url, let host = url.host else { return nil }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
