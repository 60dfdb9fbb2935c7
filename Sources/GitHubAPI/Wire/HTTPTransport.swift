import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a GET reaches a server: the client's one seam to the network.
///
/// ``GitHubClient`` builds the request (headers, token, `If-None-Match`) and reads the answer;
/// a transport only moves bytes. The one the product ships is ``URLSessionTransport``; tests
/// that are not about HTTP itself pass a scripted one.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the body and the final response (after redirects).
    ///
    /// Throws a `URLError` when the network fails, ``GitHubError/bodyTooLarge(limit:)`` once
    /// the body would pass `limit` bytes, ``GitHubError/badRedirect(reason:)`` for a redirect
    /// that must not be followed, and `CancellationError` when the task is cancelled. A 4xx or
    /// 5xx is not an error here: it is returned like any other status.
    func load(_ request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse)
}

/// The scheme, host and port a URL is served from: a token goes to one origin only.
struct Origin: Equatable, Sendable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: URL?) {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    }
}
