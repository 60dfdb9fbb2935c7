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

    /// Decodes `login` and `id` strictly; an optional field that is missing, null or of the wrong
    /// type becomes nil instead of failing the page.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        login = try container.decode(String.self, forKey: .login)
        id = try container.decode(Int64.self, forKey: .id)
        nodeID = container.lenient(.nodeID)
        avatarURL = container.lenient(.avatarURL)
        gravatarID = container.lenient(.gravatarID)
        url = container.lenient(.url)
        htmlURL = container.lenient(.htmlURL)
        type = container.lenient(.type)
        siteAdmin = container.lenient(.siteAdmin)
        userViewType = container.lenient(.userViewType)
        followersURL = container.lenient(.followersURL)
        followingURL = container.lenient(.followingURL)
        gistsURL = container.lenient(.gistsURL)
        starredURL = container.lenient(.starredURL)
        subscriptionsURL = container.lenient(.subscriptionsURL)
        organizationsURL = container.lenient(.organizationsURL)
        reposURL = container.lenient(.reposURL)
        eventsURL = container.lenient(.eventsURL)
        receivedEventsURL = container.lenient(.receivedEventsURL)
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

extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is missing, null or of another type: one odd field
    /// never fails a whole page.
    func lenient<T: Decodable>(_ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }
}
