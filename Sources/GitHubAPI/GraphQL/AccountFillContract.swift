import Foundation

// TEMPORARY: the contract the GraphQL helper implements (branch `graphql`); replaced by its files
// when that branch is merged. Nothing here talks to GitHub.

/// What GitHub's GraphQL API says of one account, for its row.
public struct AccountFill: Sendable, Hashable {
    public var login: String
    public var isOrganization: Bool
    public var name: String?
    public var bio: String?
    public var company: String?
    public var location: String?
    public var followers: Int?
    public var members: Int?
    public var isViewer: Bool
    public var followsViewer: Bool
    public var viewerFollows: Bool
    public var htmlURL: String?

    public init(login: String, isOrganization: Bool = false, name: String? = nil, bio: String? = nil,
                company: String? = nil, location: String? = nil, followers: Int? = nil, members: Int? = nil,
                isViewer: Bool = false, followsViewer: Bool = false, viewerFollows: Bool = false, htmlURL: String? = nil) {
        (self.login, self.isOrganization, self.name, self.bio, self.company, self.location) =
            (login, isOrganization, name, bio, company, location)
        (self.followers, self.members, self.isViewer, self.followsViewer, self.viewerFollows, self.htmlURL) =
            (followers, members, isViewer, followsViewer, viewerFollows, htmlURL)
    }
}

public struct GraphQLRate: Sendable, Equatable {
    public var cost: Int
    public var remaining: Int
    public var limit: Int
    public var resetAt: Date?
    public init(cost: Int, remaining: Int, limit: Int, resetAt: Date?) {
        (self.cost, self.remaining, self.limit, self.resetAt) = (cost, remaining, limit, resetAt)
    }
}

public struct FillAnswer: Sendable, Equatable {
    public var fills: [String: AccountFill]
    public var missing: [String]
    public var refusedScopes: [String]
    public var rate: GraphQLRate?
    public init(fills: [String: AccountFill], missing: [String] = [], refusedScopes: [String] = [], rate: GraphQLRate? = nil) {
        (self.fills, self.missing, self.refusedScopes, self.rate) = (fills, missing, refusedScopes, rate)
    }
}

extension GitHubClient {
    public func fillAccounts(_ logins: [String], members: Bool = false) async throws -> FillAnswer {
        throw GitHubError.network(message: "GraphQL is not built yet")
    }
}
