import Foundation
import Logging
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the GitHub REST API through an ``HTTPTransport`` (one long-lived `URLSession`
/// unless a test passes another), keeping its connections; and to its GraphQL API for row fills
/// and the newest stargazers (GitHubClient+GraphQL, StargazerPage).
///
/// Sends GitHub's recommended headers, sends the token only to the base URL's origin, checks
/// the status before decoding, maps failures to ``GitHubError`` and revalidates pages it has
/// seen with `If-None-Match`.
public final class GitHubClient: Sendable {
    public let configuration: GitHubConfiguration
    let transport: any HTTPTransport
    let store: any ResponseStore
    /// How long a stored response without `max-age` stays fresh; `maxAgeOverride` replaces
    /// GitHub's `max-age` when set (`--max-age`).
    private let defaultMaxAge: TimeInterval
    let maxAgeOverride: TimeInterval?
    let observer: (@Sendable (ResponseInfo) -> Void)?
    let throttle: RequestThrottle
    /// Each request sent and how it ended, at debug level (`--log-file`); never the token.
    let logger: Logger?
    /// The token's scopes from the last answer that listed them (`X-OAuth-Scopes`).
    let heardScopes = Mutex<[String]?>(nil)
    /// The token owner's login and id, once learned (``viewer()``): what a write's `{you}` is.
    let knownViewer = Mutex<(login: String, id: Int64)?>(nil)

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

    /// The `Accept` GitHub recommends for its REST API.
    public static let mediaType = "application/vnd.github+json"

    /// Runs one logical request (a GET and the decoding of its body) in this client's turn:
    /// requests go out one at a time, transient failures are retried and rate limits waited out
    /// (those of `resource`'s own API: GitHub counts `search` apart from `core`).
    public func perform<T: Sendable>(resource: String = "core", _ operation: @Sendable () async throws -> T) async throws -> T {
        try await throttle.perform(resource: resource, operation)
    }

    /// GETs `url`. `subject` names what was asked for, for a 404's message ("user octocat").
    /// `policy` says whether a stored response may answer instead (see ``CachePolicy``).
    /// `accept` asks for another representation (``Stargazer/mediaType``); a URL is always asked
    /// for with the same one, so its stored response has that shape.
    public func get(_ url: URL, subject: String, policy: CachePolicy = .normal, maxBytes: Int? = nil,
                    accept: String = GitHubClient.mediaType) async throws -> GitHubResponse {
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
        request.setValue(accept, forHTTPHeaderField: "Accept")
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
        observe(url: url, status: status, rateLimit: rateLimit, fromCache: status == 304, header: header)
        let freshFor = maxAgeOverride ?? maxAge(cacheControl: header("Cache-Control"))

        if status == 304, var stored {
            // Without a max-age the stored one stands, but not a write's mark: the default then.
            let unmarked = stored.maxAge == StoredResponse.markedStale ? defaultMaxAge : nil
            await store.revalidated(key, at: now, maxAge: freshFor ?? unmarked)
            stored.fetchedAt = now
            var response = Self.response(stored, url: url, origin: .revalidated)
            response.rateLimit = rateLimit
            return response
        }
        guard (200..<300).contains(status) else {
            throw Self.error(status: status, body: data, header: header, subject: subject, authenticated: authenticated,
                             host: GitHubConfiguration.webHost(of: configuration.baseURL))
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
                                   accept: String = GitHubClient.mediaType,
                                   decode: (Data) throws -> T) async throws -> (T, GitHubResponse) {
        let response = try await get(url, subject: subject, policy: policy, accept: accept)
        do {
            return (try decode(response.body), response)
        } catch where response.origin != .network {
            await store.remove(url.absoluteString)
            let again = try await get(url, subject: subject, policy: .revalidate, accept: accept)
            return (try decode(again.body), again)
        }
    }

    /// An image (an avatar): through the store like any response, but outside the API's turn
    /// and its rate-limit waits (avatars are on another host, with no such limit), and with a
    /// small body cap. The token goes only to the API's own origin, so never to an avatar host.
    /// A connection dropped under it (a reused connection the other end had just closed, or a
    /// loaded server) is tried once more at once, unless the policy retries nothing.
    public func image(_ url: URL, maxBytes: Int = 2 * 1_048_576) async throws -> Data {
        do {
            return try await get(url, subject: "the picture", policy: .normal, maxBytes: maxBytes).body
        } catch GitHubError.connectionLost where throttle.policy.maxRetries > 0 {
            return try await get(url, subject: "the picture", policy: .normal, maxBytes: maxBytes).body
        }
    }

    func isFresh(_ stored: StoredResponse, at now: Date) -> Bool {
        // Marked by a write (or sent so by GitHub): stale, whatever `--max-age` says.
        if stored.maxAge == StoredResponse.markedStale { return false }
        let lifetime = maxAgeOverride ?? stored.maxAge ?? defaultMaxAge
        let age = now.timeIntervalSince(stored.fetchedAt)
        return age >= 0 && age < lifetime
    }

    private static func response(_ stored: StoredResponse, url: URL, origin: ResponseOrigin) -> GitHubResponse {
        GitHubResponse(url: url, status: 200, body: stored.body, links: stored.links, rateLimit: nil, etag: stored.etag,
                       fromCache: true, origin: origin)
    }
}
