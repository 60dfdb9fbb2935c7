import Foundation

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
