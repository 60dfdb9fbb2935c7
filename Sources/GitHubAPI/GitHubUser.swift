import Foundation

/// GitHub's "simple user" object, as the user lists return it.
///
/// Only `login` and `id` are required; every other field is optional so that a missing or
/// unknown field never fails a whole page.
public struct GitHubUser: Codable, Sendable, Identifiable, Hashable {
    public var login: String
    public var id: Int64
    public var nodeID: String?
    public var avatarURL: String?
    public var gravatarID: String?
    public var url: String?
    public var htmlURL: String?
    public var type: String?
    public var siteAdmin: Bool?
    public var userViewType: String?
    public var followersURL: String?
    public var followingURL: String?
    public var gistsURL: String?
    public var starredURL: String?
    public var subscriptionsURL: String?
    public var organizationsURL: String?
    public var reposURL: String?
    public var eventsURL: String?
    public var receivedEventsURL: String?

    enum CodingKeys: String, CodingKey {
        case login, id, url, type
        case nodeID = "node_id"
        case avatarURL = "avatar_url"
        case gravatarID = "gravatar_id"
        case htmlURL = "html_url"
        case siteAdmin = "site_admin"
        case userViewType = "user_view_type"
        case followersURL = "followers_url"
        case followingURL = "following_url"
        case gistsURL = "gists_url"
        case starredURL = "starred_url"
        case subscriptionsURL = "subscriptions_url"
        case organizationsURL = "organizations_url"
        case reposURL = "repos_url"
        case eventsURL = "events_url"
        case receivedEventsURL = "received_events_url"
    }

    public init(login: String, id: Int64, type: String? = "User", siteAdmin: Bool? = false) {
        self.login = login
        self.id = id
        self.type = type
        self.siteAdmin = siteAdmin
    }

    /// True for organization accounts.
    public var isOrganization: Bool { type == "Organization" }
}
