import Foundation

/// GitHub's rate-limit state, from the `x-ratelimit-*` headers of a response.
public struct RateLimit: Sendable, Equatable {
    public var limit: Int
    public var remaining: Int
    public var used: Int?
    /// When the window resets.
    public var reset: Date?
    /// `core`, `search`, `graphql`, …
    public var resource: String?

    public init(limit: Int, remaining: Int, used: Int? = nil, reset: Date? = nil, resource: String? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.used = used
        self.reset = reset
        self.resource = resource
    }

    /// Reads the headers; nil when `limit` or `remaining` is missing or not a number.
    public init?(header: (String) -> String?) {
        guard let limit = header("x-ratelimit-limit").flatMap({ Int($0.trimmingSpaces()) }),
              let remaining = header("x-ratelimit-remaining").flatMap({ Int($0.trimmingSpaces()) })
        else { return nil }
        self.limit = limit
        self.remaining = remaining
        used = header("x-ratelimit-used").flatMap { Int($0.trimmingSpaces()) }
        reset = header("x-ratelimit-reset").flatMap { Double($0.trimmingSpaces()) }
            .flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        resource = header("x-ratelimit-resource")
    }

    /// "4,987/5,000".
    public var summary: String { "\(remaining)/\(limit)" }
}
