import Foundation

/// The GraphQL limit as a query's `rateLimit` reports it.
public struct GraphQLRate: Sendable, Equatable {
    /// Points this query cost.
    public var cost: Int
    public var remaining: Int
    public var limit: Int
    /// When the window starts again.
    public var resetAt: Date?

    public init(cost: Int, remaining: Int, limit: Int, resetAt: Date?) {
        self.cost = cost
        self.remaining = remaining
        self.limit = limit
        self.resetAt = resetAt
    }

    init?(json: GraphQLValue?) {
        guard let json, let cost = json["cost"]?.int, let remaining = json["remaining"]?.int,
              let limit = json["limit"]?.int else { return nil }
        self.init(cost: cost, remaining: remaining, limit: limit,
                  resetAt: json["resetAt"]?.string.flatMap { ISO8601DateFormatter().date(from: $0) })
    }
}
