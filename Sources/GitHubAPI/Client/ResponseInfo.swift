import Foundation

/// What every response told about the connection, for a status line.
public struct ResponseInfo: Sendable {
    public var url: URL
    public var status: Int
    public var rateLimit: RateLimit?
    public var fromCache: Bool
    /// A classic token's scopes, as the answer's `X-OAuth-Scopes` listed them; nil when it had
    /// none (no token, a fine-grained or an Actions token). ``TokenAbilities`` reads them.
    public var scopes: [String]? = nil
}
