import Foundation

/// One account as GraphQL serves it: the REST profile's fields, from the same ``FakeProfile``.
struct FakeGraphQLAccount: Sendable {
    let user: FakeUser
    let profile: FakeProfile

    /// GitHub's global node id (the REST `node_id`).
    var nodeID: String { Data("04:\(user.isOrganization ? "Organization" : "User")\(user.id)".utf8).base64EncodedString() }
}
