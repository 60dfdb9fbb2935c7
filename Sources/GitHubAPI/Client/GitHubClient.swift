import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A successful response (2xx, or a 304 answered from the stored page).
public struct GitHubResponse: Sendable {
    public var url: URL
    public var status: Int
    public var body: Data
    /// `Link` relations (`next`, `last`, …) to URLs as sent.
    public var links: [String: String]
    public var rateLimit: RateLimit?
    public var etag: String?
    /// True when the body is a stored one (a 304, a fresh stored response, or GitHub unreachable).
    public var fromCache: Bool
    /// Where exactly it came from.
    public var origin: ResponseOrigin
}

/// What every response told about the connection, for a status line.
public struct ResponseInfo: Sendable {
    public var url: URL
    public var status: Int
    public var rateLimit: RateLimit?
    public var fromCache: Bool
}

/// Talks to the GitHub REST API through an ``HTTPTransport`` (one long-lived `URLSession`
/// unless a test passes another), keeping its connections.
///
/// Sends GitHub's recommended headers, sends the token only to the base URL's origin, checks
/// the status before decoding, maps failures to ``GitHubError`` and revalidates pages it has
/// seen with `If-None-Match`.
public final class GitHubClient: Sendable {
    public let configuration: GitHubConfiguration
    private let transport: any HTTPTransport
    private let store: any ResponseStore
    /// How long a stored response without `max-age` stays fresh; `maxAgeOverride` replaces
    /// GitHub's `max-age` when set (`--max-age`).
    private let defaultMaxAge: TimeInterval
    private let maxAgeOverride: TimeInterval?
    private let observer: (@Sendable (ResponseInfo) -> Void)?
    private let throttle: RequestThrottle
    /// Each request sent and how it ended, at debug level (`--log-file`); never the token.
    private let logger: Logger?

    /// - Parameters:
    ///   - store: where responses are kept for conditional requests and the cache policies
    ///     (the last 256 in memory unless a disk cache is given).
    ///   - maxAge: seconds a stored response stays fresh, instead of GitHub's `max-age`.
    ///   - retryPolicy: how failures are retried and rate limits waited out (``perform(_:)``).
    ///   - clock: what waits are timed on; tests pass a scripted one.
    ///   - transport: how requests are sent; a ``URLSessionTransport`` with the configuration's
    ///     timeout unless given.
    ///   - onResponse: called with every response's status and rate limit.
    ///   - onWait: called when a wait starts (with its end) and when it ends (with nil).
    ///   - logger: where each request sent, and its status, size and time, is logged.
    public init(configuration: GitHubConfiguration, store: any ResponseStore = MemoryResponseStore(),
                maxAge: TimeInterval? = nil, retryPolicy: RetryPolicy = RetryPolicy(),
                clock: any RequestClock = SystemRequestClock(),
                transport: (any HTTPTransport)? = nil,
                onResponse: (@Sendable (ResponseInfo) -> Void)? = nil,
                onWait: (@Sendable (Wait?) -> Void)? = nil, logger: Logger? = nil) {
        self.configuration = configuration
        self.transport = transport ?? URLSessionTransport(timeout: configuration.timeout)
        self.store = store
        self.defaultMaxAge = 60
        self.maxAgeOverride = maxAge
        self.observer = onResponse
        self.throttle = RequestThrottle(policy: retryPolicy, clock: clock, onWait: onWait)
        self.logger = logger
    }

    /// Runs one logical request (a GET and the decoding of its body) in this client's turn:
    /// requests go out one at a time, transient failures are retried and rate limits waited out
    /// (those of `resource`'s own API: GitHub counts `search` apart from `core`).
    public func perform<T: Sendable>(resource: String = "core", _ operation: @Sendable () async throws -> T) async throws -> T {
        try await throttle.perform(resource: resource, operation)
    }

    /// GETs `url`. `subject` names what was asked for, for a 404's message ("user octocat").
    /// `policy` says whether a stored response may answer instead (see ``CachePolicy``).
    public func get(_ url: URL, subject: String, policy: CachePolicy = .normal, maxBytes: Int? = nil) async throws -> GitHubResponse {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw GitHubError.invalidURL(url.absoluteString)
        }
        let key = url.absoluteString
        let stored = await store.response(for: key)
        let now = throttle.clock.now()
        if let stored {
            let fresh = isFresh(stored, at: now)
            if policy == .preferCache || (policy == .normal && fresh) {
                return Self.response(stored, url: url, origin: .cache(fetchedAt: stored.fetchedAt, fresh: fresh))
            }
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        let authenticated = configuration.token != nil && configuration.isSameOrigin(url)
        if authenticated, let token = configuration.token {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        if let etag = stored?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }

        let data: Data
        let http: HTTPURLResponse
        do {
            (data, http) = try await send(request, limit: maxBytes ?? configuration.maxBodyBytes)
        } catch let error as GitHubError where error.isUnreachable {
            // Offline: what was stored is better than nothing; the caller hears it is stale.
            guard let stored else { throw error }
            return Self.response(stored, url: url, origin: .offline(fetchedAt: stored.fetchedAt))
        }
        let header = { (name: String) in http.value(forHTTPHeaderField: name) }
        let rateLimit = RateLimit(header: header)
        let status = http.statusCode
        observer?(ResponseInfo(url: url, status: status, rateLimit: rateLimit, fromCache: status == 304))
        let freshFor = maxAgeOverride ?? maxAge(cacheControl: header("Cache-Control"))

        if status == 304, var stored {
            await store.revalidated(key, at: now, maxAge: freshFor)
            stored.fetchedAt = now
            var response = Self.response(stored, url: url, origin: .revalidated)
            response.rateLimit = rateLimit
            return response
        }
        guard (200..<300).contains(status) else {
            throw Self.error(status: status, body: data, header: header, subject: subject, authenticated: authenticated)
        }
        let links = header("Link").map(LinkHeader.relations) ?? [:]
        let etag = header("ETag")
        await store.save(StoredResponse(url: key, etag: etag, body: data, links: links, fetchedAt: now, maxAge: freshFor))
        return GitHubResponse(url: url, status: status, body: data, links: links, rateLimit: rateLimit,
                              etag: etag, fromCache: false, origin: .network)
    }

    /// GETs `url` and decodes its body. A stored body that no longer decodes (an old or damaged
    /// cache entry) is forgotten and fetched again.
    public func fetch<T: Sendable>(_ url: URL, subject: String, policy: CachePolicy = .normal,
                                   decode: (Data) throws -> T) async throws -> (T, GitHubResponse) {
        let response = try await get(url, subject: subject, policy: policy)
        do {
            return (try decode(response.body), response)
        } catch where response.origin != .network {
            await store.remove(url.absoluteString)
            let again = try await get(url, subject: subject, policy: .revalidate)
            return (try decode(again.body), again)
        }
    }

    /// An image (an avatar): through the store like any response, but outside the API's turn
    /// and its rate-limit waits (avatars are on another host, with no such limit), and with a
    /// small body cap. The token goes only to the API's own origin, so never to an avatar host.
    public func image(_ url: URL, maxBytes: Int = 2 * 1_048_576) async throws -> Data {
        try await get(url, subject: "the picture", policy: .normal, maxBytes: maxBytes).body
    }

    private func isFresh(_ stored: StoredResponse, at now: Date) -> Bool {
        let lifetime = maxAgeOverride ?? stored.maxAge ?? defaultMaxAge
        let age = now.timeIntervalSince(stored.fetchedAt)
        return age >= 0 && age < lifetime
    }

    private static func response(_ stored: StoredResponse, url: URL, origin: ResponseOrigin) -> GitHubResponse {
        GitHubResponse(url: url, status: 200, body: stored.body, links: stored.links, rateLimit: nil, etag: stored.etag,
                       fromCache: true, origin: origin)
    }

    /// Decodes a body, turning any decoding failure into ``GitHubError/malformedBody(detail:)``.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw GitHubError.malformedBody(detail: describe(error, bytes: data.count))
        } catch {
            throw GitHubError.malformedBody(detail: "\(data.count) bytes that are not JSON")
        }
    }

    // MARK: - Transport

    private func send(_ request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse) {
        let host = request.url?.host ?? "the server"
        let shown = request.url.map(Self.logged) ?? "?"
        let started = ContinuousClock.now
        func elapsed() -> String { "\(Int((ContinuousClock.now - started).seconds * 1000)) ms" }
        do {
            try Task.checkCancellation()
            logger?.debug("GET \(shown)\(request.value(forHTTPHeaderField: "If-None-Match") == nil ? "" : " (if changed)")")
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

    private static func mapped(_ error: any Error, host: String) -> GitHubError {
        switch error {
        case let error as GitHubError: error
        case is CancellationError: .cancelled
        case let error as URLError: Self.error(error, host: host)
        default: .network(message: String(describing: error))
        }
    }

    private func hostAndPort(_ url: URL?) -> String? {
        guard let url, let host = url.host else { return nil }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    static func error(_ error: URLError, host: String) -> GitHubError {
        switch error.code {
        case .cancelled: .cancelled
        case .timedOut: .timeout(host: host)
        case .cannotFindHost, .dnsLookupFailed: .hostNotFound(host: host)
        case .cannotConnectToHost, .notConnectedToInternet: .connectionRefused(host: host)
        case .networkConnectionLost: .connectionLost(host: host)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            .malformedBody(detail: "the server's answer was not valid HTTP")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            .tls(host: host, reason: tlsFailure(error.localizedDescription) ?? error.localizedDescription)
        default:
            if let reason = tlsFailure(error.localizedDescription) {
                .tls(host: host, reason: reason)
            } else {
                .network(message: "\(host): \(error.localizedDescription)")
            }
        }
    }

    /// The cause of a TLS failure that retrying cannot mend, from libcurl's words (corelibs
    /// passes them on under an unknown error code): a certificate refused, or a protocol the
    /// two ends do not share (OpenSSL's reason, such as `wrong version number`: TLS spoken to a
    /// plain-HTTP server). Nil for anything else, a connection reset in the handshake included
    /// (`SSL_ERROR_SYSCALL`, `Connection reset by peer`), which is worth another try.
    static func tlsFailure(_ text: String) -> String? {
        let lowered = text.lowercased()
        if lowered.contains("certificate") || lowered.contains("subject name") {
            // "SSL certificate problem: self-signed certificate", "SSL: no alternative certificate subject name …"
            var reason = Substring(text)
            for prefix in ["SSL: ", "SSL "] where reason.hasPrefix(prefix) { reason = reason.dropFirst(prefix.count) }
            return String(reason).trimmingSpaces()
        }
        // OpenSSL's errors: "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"
        // (1.1: "error:1408F10B:SSL routines:ssl3_get_record:wrong version number").
        guard lowered.contains("ssl routines:"), !lowered.contains("ssl_error_syscall"),
              let reason = text.split(separator: ":").last.map({ String($0).trimmingSpaces() }), !reason.isEmpty
        else { return nil }
        if reason.lowercased() == "wrong version number" {
            return reason + " (the server does not speak TLS there: a plain-HTTP server has an http:// URL)"
        }
        return reason
    }

    /// Maps a 4xx/5xx to its error, reading GitHub's `{"message": …}` body when there is one.
    static func error(status: Int, body: Data, header: (String) -> String?, subject: String,
                      authenticated: Bool) -> GitHubError {
        struct ErrorBody: Decodable { var message: String? }
        let message = ((try? JSONDecoder().decode(ErrorBody.self, from: body))?.message ?? "")
            .replacingOccurrences(of: "\n", with: " ")
        let shortMessage = String(message.prefix(300))
        let remaining = header("x-ratelimit-remaining").flatMap { Int($0.trimmingSpaces()) }
        let retryAfter = header("retry-after").flatMap { Int($0.trimmingSpaces()) }.map { max(0, $0) }
        if status == 403 || status == 429 {
            if message.lowercased().contains("secondary rate limit") || retryAfter != nil {
                return .secondaryRateLimit(retryAfter: retryAfter, message: shortMessage)
            }
            if remaining == 0 {
                let rateLimit = RateLimit(header: header)
                return .rateLimited(reset: rateLimit?.reset, limit: rateLimit?.limit, authenticated: authenticated)
            }
            if status == 429 { return .secondaryRateLimit(retryAfter: nil, message: shortMessage) }
            return .forbidden(message: shortMessage.isEmpty ? "HTTP 403" : shortMessage)
        }
        switch status {
        case 401: return .badCredentials(message: shortMessage.isEmpty ? "HTTP 401" : shortMessage)
        case 404: return .notFound(what: subject)
        case 410: return .gone(message: shortMessage)
        case 422: return .validation(message: shortMessage.isEmpty ? "HTTP 422" : shortMessage)
        case 500...599: return .server(status: status, message: shortMessage)
        default: return .http(status: status, message: shortMessage)
        }
    }

    private static func describe(_ error: DecodingError, bytes: Int) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "\(bytes) bytes of broken or truncated JSON"
        case .dataCorrupted(let context): return "bad value at \(path(context))"
        case .keyNotFound(let key, let context): return "\(path(context)) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context): return "wrong type at \(path(context))"
        case .valueNotFound(_, let context): return "missing value at \(path(context))"
        @unknown default: return "undecodable JSON"
        }
    }
}
