import Foundation

/// One row of a repository list: what the row shows and what identifies the repository.
///
/// GitHub's repository object carries some eighty fields, most of them URLs that follow from
/// `full_name`; a row keeps what it draws (the name, the stars, the language, the fork and
/// archived marks, the description for the two-line layout); the owner is the first half of
/// `full_name`. The details request (``RepositoryDetails``) brings the rest; `--json` prints the
/// objects as GitHub sent them.
///
/// Only `id` and `full_name` are required: any other field that is missing, null or odd never
/// fails a whole page.
public struct GitHubRepository: Codable, Sendable, Identifiable, Hashable {
    public var id: Int64
    /// "octocat/Hello-World".
    public var fullName: String
    public var description: String?
    public var language: String?
    /// `stargazers_count`: nil when GitHub did not send it (its `minimal-repository` may leave
    /// it out), never shown as 0.
    public var stars: Int?
    public var isFork: Bool
    public var isArchived: Bool
    /// When something was last pushed (the order of `?sort=pushed`).
    public var pushedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, description, language, fork, archived
        case fullName = "full_name"
        case stars = "stargazers_count"
        case pushedAt = "pushed_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        fullName = try container.decode(String.self, forKey: .fullName)
        description = container.lenient(.description)
        language = container.lenient(.language)
        stars = (container.lenient(.stars) as Int?).map { max(0, $0) }
        isFork = container.lenient(.fork) ?? false
        isArchived = container.lenient(.archived) ?? false
        // (A page holds a hundred: one Sendable format style, not a formatter a row.)
        pushedAt = (container.lenient(.pushedAt) as String?).flatMap { try? Date($0, strategy: .iso8601) }
    }

    /// The fields kept, under GitHub's names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(fullName, forKey: .fullName)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(stars, forKey: .stars)
        try container.encode(isFork, forKey: .fork)
        try container.encode(isArchived, forKey: .archived)
        try container.encodeIfPresent(pushedAt?.formatted(.iso8601), forKey: .pushedAt)
    }

    public init(id: Int64, fullName: String, description: String? = nil, language: String? = nil, stars: Int? = nil,
                isFork: Bool = false, isArchived: Bool = false, pushedAt: Date? = nil) {
        self.id = id
        self.fullName = fullName
        self.description = description
        self.language = language
        self.stars = stars
        self.isFork = isFork
        self.isArchived = isArchived
        self.pushedAt = pushedAt
    }

    /// The owner and the name, when `full_name` has the form `OWNER/NAME` (nil otherwise: a
    /// hostile or broken answer is shown, never followed).
    public var ownerAndName: (owner: String, name: String)? { Self.ownerAndName(fullName) }

    /// `OWNER/NAME` split in two, when it is that: two parts, neither empty nor `.` or `..` (which
    /// a URL would take as a step up the path, to another resource of the same host).
    public static func ownerAndName(_ text: String) -> (owner: String, name: String)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}

/// The whole of `GET /repos/{owner}/{repo}`: what the repository pane shows.
///
/// Only `id` and `full_name` are required; a field that is missing, null or of the wrong type
/// becomes nil, so an odd answer still shows what it has.
public struct RepositoryDetails: Decodable, Sendable, Equatable {
    public var id: Int64
    public var fullName: String
    public var description: String?
    public var homepage: String?
    public var language: String?
    /// The license's SPDX id ("MIT"), else its name.
    public var license: String?
    public var topics: [String]
    public var stars: Int?
    public var forks: Int?
    /// People watching (`subscribers_count`; GitHub's `watchers_count` repeats the stars).
    public var watchers: Int?
    public var openIssues: Int?
    public var isFork: Bool
    public var isArchived: Bool
    public var createdAt: Date?
    public var pushedAt: Date?
    public var htmlURL: String?
    public var owner: GitHubUser?
    public var ownerAvatarURL: String?

    enum CodingKeys: String, CodingKey {
        case id, description, homepage, language, license, topics, fork, archived, owner
        case fullName = "full_name"
        case stars = "stargazers_count"
        case forks = "forks_count"
        case watchers = "subscribers_count"
        case openIssues = "open_issues_count"
        case createdAt = "created_at"
        case pushedAt = "pushed_at"
        case htmlURL = "html_url"
    }

    private struct License: Decodable {
        var spdxID: String?
        var name: String?
        enum CodingKeys: String, CodingKey {
            case name
            case spdxID = "spdx_id"
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            spdxID = container.lenient(.spdxID)
            name = container.lenient(.name)
        }
    }

    private struct Owner: Decodable {
        var user: GitHubUser?
        var avatarURL: String?
        enum CodingKeys: String, CodingKey {
            case avatarURL = "avatar_url"
        }
        init(from decoder: any Decoder) throws {
            user = try? GitHubUser(from: decoder)
            avatarURL = (try? decoder.container(keyedBy: CodingKeys.self))?.lenient(.avatarURL)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        fullName = try container.decode(String.self, forKey: .fullName)
        func date(_ key: CodingKeys) -> Date? {
            (container.lenient(key) as String?).flatMap(UserDetails.parseDate)
        }
        func count(_ key: CodingKeys) -> Int? {
            (container.lenient(key) as Int?).map { max(0, $0) }
        }
        description = container.lenient(.description)
        homepage = (container.lenient(.homepage) as String?).flatMap { $0.isEmpty ? nil : $0 }
        language = container.lenient(.language)
        let license: License? = container.lenient(.license)
        self.license = license.flatMap { license in
            license.spdxID.flatMap { $0 == "NOASSERTION" || $0.isEmpty ? nil : $0 } ?? license.name
        }
        topics = (container.lenient(.topics) as [String?]?)?.compactMap { $0 } ?? []
        stars = count(.stars)
        forks = count(.forks)
        watchers = count(.watchers)
        openIssues = count(.openIssues)
        isFork = container.lenient(.fork) ?? false
        isArchived = container.lenient(.archived) ?? false
        createdAt = date(.createdAt)
        pushedAt = date(.pushedAt)
        htmlURL = container.lenient(.htmlURL)
        let owner: Owner? = container.lenient(.owner)
        self.owner = owner?.user
        ownerAvatarURL = owner?.avatarURL
    }

    public init(id: Int64, fullName: String) {
        self.id = id
        self.fullName = fullName
        topics = []
        isFork = false
        isArchived = false
    }
}

extension GitHubClient {
    /// `GET /repos/{owner}/{repo}`: one repository's details, in this client's turn (retried and
    /// rate-limited like every request). A missing repository is ``GitHubError/notFound(what:)``.
    public func repositoryDetails(owner: String, repo: String,
                                  policy: CachePolicy = .normal) async throws -> (details: RepositoryDetails, origin: ResponseOrigin) {
        let segment = GitHubConfiguration.segment
        let url = try configuration.url("/repos/\(segment(owner))/\(segment(repo))")
        let (details, response) = try await perform { [self] in
            try await fetch(url, subject: "Repository \(owner)/\(repo)", policy: policy) {
                try GitHubClient.decode(RepositoryDetails.self, from: $0)
            }
        }
        return (details, response.origin)
    }
}
