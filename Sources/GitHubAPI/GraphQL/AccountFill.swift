import Foundation

/// What a GraphQL fill tells of one account: the facts a row shows beside the login.
///
/// Every text is as GitHub sent it; whoever draws it sanitizes it.
public struct AccountFill: Sendable, Hashable, Codable {
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

    /// One `repositoryOwner` (or a stargazer's `node`) as GitHub sent it, read leniently: no
    /// fill without a login; a field of the wrong type is read as absent, never failing the
    /// account or the page.
    struct Node: GraphQLNode {
        static let prefix = "a"
        var fill: AccountFill?

        private enum CodingKeys: String, CodingKey {
            case typename = "__typename"
            case login, databaseId, url, avatarUrl, name, bio, description, company, location, isViewer
            case isFollowingViewer, viewerIsFollowing, followers, membersWithRole
        }

        /// A connection's `totalCount`, when it reads.
        private struct Count: Decodable {
            var value: Int?

            private enum CodingKeys: String, CodingKey {
                case totalCount
            }

            init(from decoder: any Decoder) throws {
                value = try decoder.container(keyedBy: CodingKeys.self).lenient(.totalCount)
            }
        }

        init(from decoder: any Decoder) {
            guard let json = try? decoder.container(keyedBy: CodingKeys.self),
                  let login: String = json.lenient(.login), !login.isEmpty else {
                fill = nil
                return
            }
            func text(_ key: CodingKeys) -> String? { json.lenient(key) }
            func flag(_ key: CodingKeys) -> Bool { json.lenient(key) ?? false }
            func count(_ key: CodingKeys) -> Int? { (json.lenient(key) as Count?)?.value }
            let isOrganization = text(.typename) == "Organization"
            fill = AccountFill(login: login, isOrganization: isOrganization, name: text(.name),
                               bio: isOrganization ? text(.description) : text(.bio),
                               company: isOrganization ? nil : text(.company), location: text(.location),
                               followers: isOrganization ? nil : count(.followers),
                               members: isOrganization ? count(.membersWithRole) : nil,
                               isViewer: !isOrganization && flag(.isViewer),
                               followsViewer: !isOrganization && flag(.isFollowingViewer),
                               viewerFollows: flag(.viewerIsFollowing), htmlURL: text(.url),
                               id: json.lenient(.databaseId), avatarURL: text(.avatarUrl))
        }
    }
}
