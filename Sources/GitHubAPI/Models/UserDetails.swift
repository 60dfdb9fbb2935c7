import Foundation

/// The full profile of `GET /users/{login}`: what the details pane shows.
///
/// Only `login` and `id` are required; a field that is missing, null or of the wrong type
/// becomes nil, so an odd profile still shows what it has.
public struct UserDetails: Codable, Sendable, Equatable {
    public var login: String
    public var id: Int64
    public var type: String?
    public var siteAdmin: Bool?
    public var name: String?
    public var company: String?
    public var blog: String?
    public var location: String?
    public var email: String?
    public var hireable: Bool?
    public var bio: String?
    public var twitterUsername: String?
    public var publicRepos: Int?
    public var publicGists: Int?
    public var followers: Int?
    public var following: Int?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var htmlURL: String?
    public var avatarURL: String?

    enum CodingKeys: String, CodingKey {
        case login, id, type, name, company, blog, location, email, hireable, bio, followers, following
        case siteAdmin = "site_admin"
        case twitterUsername = "twitter_username"
        case publicRepos = "public_repos"
        case publicGists = "public_gists"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case htmlURL = "html_url"
        case avatarURL = "avatar_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        login = try container.decode(String.self, forKey: .login)
        id = try container.decode(Int64.self, forKey: .id)
        func date(_ key: CodingKeys) -> Date? {
            (container.lenient(key) as String?).flatMap(Self.parseDate)
        }
        type = container.lenient(.type)
        siteAdmin = container.lenient(.siteAdmin)
        name = container.lenient(.name)
        company = container.lenient(.company)
        blog = container.lenient(.blog)
        location = container.lenient(.location)
        email = container.lenient(.email)
        hireable = container.lenient(.hireable)
        bio = container.lenient(.bio)
        twitterUsername = container.lenient(.twitterUsername)
        publicRepos = container.lenient(.publicRepos)
        publicGists = container.lenient(.publicGists)
        followers = container.lenient(.followers)
        following = container.lenient(.following)
        createdAt = date(.createdAt)
        updatedAt = date(.updatedAt)
        htmlURL = container.lenient(.htmlURL)
        avatarURL = container.lenient(.avatarURL)
    }

    public init(login: String, id: Int64, type: String? = "User", name: String? = nil) {
        self.login = login
        self.id = id
        self.type = type
        self.name = name
    }

    /// True for organization accounts.
    public var isOrganization: Bool { type == "Organization" }

    /// GitHub's timestamps: `2011-01-25T18:44:36Z`.
    static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}

extension GitHubClient {
    /// `GET /users/{login}`: one account's full profile, in this client's turn (retried and
    /// rate-limited like every request). A missing account is ``GitHubError/notFound(what:)``.
    public func userDetails(login: String) async throws -> UserDetails {
        try await userDetails(login: login, policy: .normal).details
    }

    /// `GET /users/{login}` by a cache policy, with where the answer came from.
    public func userDetails(login: String, policy: CachePolicy) async throws -> (details: UserDetails, origin: ResponseOrigin) {
        let answer = try await userDetailsAsSent(login: login, policy: policy)
        return (answer.details, answer.origin)
    }

    /// `GET /users/{login}` (`GET /user` for ``GitHubConfiguration/me``) by a cache policy, with the body as GitHub sent it (every field,
    /// in GitHub's order: what `--json` prints) beside the decoded details.
    public func userDetailsAsSent(login: String, policy: CachePolicy) async throws
        -> (details: UserDetails, body: Data, origin: ResponseOrigin) {
        let url = try configuration.url(GitHubConfiguration.accountPath(login))
        let (details, response) = try await perform { [self] in
            try await fetch(url, subject: "User \(login)", policy: policy) { try GitHubClient.decode(UserDetails.self, from: $0) }
        }
        return (details, response.body, response.origin)
    }
}
