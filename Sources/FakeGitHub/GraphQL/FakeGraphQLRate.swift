/// The `rateLimit` object of an answer: what this query cost and what is left.
struct FakeGraphQLRate: Sendable {
    var cost: Int
    var limit: Int
    var remaining: Int
    var used: Int
    var resetAt: String
    var nodeCount: Int
}
