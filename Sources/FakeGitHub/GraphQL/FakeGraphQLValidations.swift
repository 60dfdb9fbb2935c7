import GraphQL
import Synchronization

/// The validation errors of the last few query texts, so that a text is validated once.
final class FakeGraphQLValidations: Sendable {
    private let known = Mutex<[String: [GraphQLError]]>([:])
    /// Texts kept; past it all are forgotten (the client sends only a few texts).
    private let capacity = 16

    /// The errors of `query`, from `validate` the first time.
    func check(_ query: String, _ validate: () -> [GraphQLError]) -> [GraphQLError] {
        if let errors = known.withLock({ $0[query] }) { return errors }
        let errors = validate()
        known.withLock { known in
            if known.count >= capacity { known = [:] }
            known[query] = errors
        }
        return errors
    }
}
