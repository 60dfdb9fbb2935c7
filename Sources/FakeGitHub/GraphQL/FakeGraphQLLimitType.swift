/// The `type` GitHub gives an exhausted GraphQL limit: both have been seen.
package enum FakeGraphQLLimitType: String, Sendable {
    case rateLimited = "RATE_LIMITED"
    case rateLimit = "RATE_LIMIT"
}
