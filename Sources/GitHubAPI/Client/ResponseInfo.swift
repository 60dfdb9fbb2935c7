import Foundation

/// What every response told about the connection, for a status line.
public struct ResponseInfo: Sendable {
    public var url: URL
    public var status: Int
    public var rateLimit: RateLimit?
    public var fromCache: Bool
}
