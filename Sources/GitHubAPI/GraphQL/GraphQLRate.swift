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

    /// A query's `rateLimit` as GitHub sent it: no rate unless its cost, what remains and the
    /// limit read as whole numbers.
    struct Node: Decodable, Sendable {
        var rate: GraphQLRate?

        private enum CodingKeys: String, CodingKey {
            case cost, remaining, limit, resetAt
        }

        init(from decoder: any Decoder) throws {
            let json = try decoder.container(keyedBy: CodingKeys.self)
            guard let cost: Int = json.lenient(.cost), let remaining: Int = json.lenient(.remaining),
                  let limit: Int = json.lenient(.limit) else { return }
            rate = GraphQLRate(cost: cost, remaining: remaining, limit: limit,
                               resetAt: (json.lenient(.resetAt) as String?).flatMap(GitHubUser.date))
        }
    }
}
