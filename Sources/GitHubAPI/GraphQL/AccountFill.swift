import Foundation

/// What a GraphQL fill tells of one account: the facts a row shows beside the login.
///
/// Every text is as GitHub sent it; whoever draws it sanitizes it.
public struct AccountFill: Sendable, Hashable {
    public var login: String
    public var isOrganization: Bool
    public var name: String?
    /// A user's bio, or an organization's description.
    public var bio: String?
    public var company: String?
    public var location: String?
    /// A user's followers (nil for an organization).
    public var followers: Int?
    /// An organization's members the token may see, when they were asked for and allowed.
    public var members: Int?
    /// This account is the token's owner.
    public var isViewer: Bool
    /// This account follows the token's owner (`isFollowingViewer`; never for an organization).
    public var followsViewer: Bool
    /// The token's owner follows this account (`viewerIsFollowing`).
    public var viewerFollows: Bool
    /// The account's page on GitHub (`url`).
    public var htmlURL: String?
    /// The account's id (`databaseId`), when GitHub sent one.
    public var id: Int64?
    /// The account's picture (`avatarUrl`).
    public var avatarURL: String?

    public init(login: String, isOrganization: Bool = false, name: String? = nil, bio: String? = nil,
                company: String? = nil, location: String? = nil, followers: Int? = nil, members: Int? = nil,
                isViewer: Bool = false, followsViewer: Bool = false, viewerFollows: Bool = false,
                htmlURL: String? = nil, id: Int64? = nil, avatarURL: String? = nil) {
        self.login = login
        self.isOrganization = isOrganization
        self.name = name
        self.bio = bio
        self.company = company
        self.location = location
        self.followers = followers
        self.members = members
        self.isViewer = isViewer
        self.followsViewer = followsViewer
        self.viewerFollows = viewerFollows
        self.htmlURL = htmlURL
        self.id = id
        self.avatarURL = avatarURL
    }

    /// Reads one `repositoryOwner` object leniently: nil without a login; a field of the wrong
    /// type is read as absent, never failing the account or the page.
    init?(json: GraphQLValue) {
        guard let login = json["login"]?.string, !login.isEmpty else { return nil }
        func text(_ key: String) -> String? { json[key]?.string }
        func flag(_ key: String) -> Bool { json[key]?.bool ?? false }
        func count(_ key: String) -> Int? { json[key]?["totalCount"]?.int }
        let isOrganization = text("__typename") == "Organization"
        self.init(login: login, isOrganization: isOrganization, name: text("name"),
                  bio: isOrganization ? text("description") : text("bio"),
                  company: isOrganization ? nil : text("company"), location: text("location"),
                  followers: isOrganization ? nil : count("followers"),
                  members: isOrganization ? count("membersWithRole") : nil,
                  isViewer: !isOrganization && flag("isViewer"),
                  followsViewer: !isOrganization && flag("isFollowingViewer"),
                  viewerFollows: flag("viewerIsFollowing"), htmlURL: text("url"),
                  id: json["databaseId"]?.int.map(Int64.init), avatarURL: text("avatarUrl"))
    }
}

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

/// What one fill brought back.
public struct FillAnswer: Sendable, Equatable {
    /// The accounts GitHub described, keyed by login lowercased.
    public var fills: [String: AccountFill]
    /// Logins GitHub answered null for (`NOT_FOUND`, or null with no error).
    public var missing: [String]
    /// Scopes GitHub said the token lacks for fields left out of this answer (`read:org`).
    public var refusedScopes: [String]
    public var rate: GraphQLRate?

    public init(fills: [String: AccountFill] = [:], missing: [String] = [], refusedScopes: [String] = [],
                rate: GraphQLRate? = nil) {
        self.fills = fills
        self.missing = missing
        self.refusedScopes = refusedScopes
        self.rate = rate
    }
}
