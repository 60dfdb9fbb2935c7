import Foundation

/// One row of a user list: what a row shows and what identifies the account.
///
/// GitHub's "simple user" object carries seventeen more fields, mostly URLs that follow from the
/// login or the id (``profileURL(base:)``, ``apiURL(base:)``); they are not kept. A loaded user
/// costs 32 bytes (the login inline when it is 15 bytes or less, as most are), so a million of
/// them fit in 32 MB. The details request brings the rest; `--json` prints the objects as GitHub
/// sent them.
///
/// Only `login` and `id` are required: a missing, null or odd `type` or `site_admin` never fails
/// a whole page.
public struct GitHubUser: Codable, Sendable, Identifiable, Hashable {
    public var login: String
    public var id: Int64
    public var kind: AccountKind
    /// True for GitHub staff (`site_admin`).
    public var isStaff: Bool
    /// What ``number`` means in this row: nothing, commits or a star's date (one byte of the
    /// padding after `isStaff`).
    private var numberKind: NumberKind
    /// Four bytes that fit in the row's padding, so a user still costs 32: the commits of a
    /// contributors list, or the seconds from ``numberEpoch`` to the star of a stargazers list.
    private var number: UInt32

    private enum NumberKind: UInt8, Hashable {
        case none, contributions, starredAt
    }

    /// The origin of a stored star date: 2000-01-01T00:00:00Z (stars began in 2008), so four
    /// bytes of seconds last until 2136.
    static let numberEpoch = Date(timeIntervalSince1970: 946_684_800)

    /// Commits to the repository, in a contributors list (0 elsewhere).
    public var contributions: UInt32 {
        get { numberKind == .contributions ? number : 0 }
        set { (numberKind, number) = newValue > 0 ? (.contributions, newValue) : (.none, 0) }
    }

    /// When the account starred the repository, in a stargazers list (nil elsewhere), to the
    /// second as GitHub sends it. A date before 2000 is kept as 2000-01-01, one after 2136 as
    /// the last second the row can hold.
    public var starredAt: Date? {
        get { numberKind == .starredAt ? Self.numberEpoch.addingTimeInterval(TimeInterval(number)) : nil }
        set {
            guard let newValue, newValue.timeIntervalSince1970.isFinite else { (numberKind, number) = (.none, 0); return }
            let seconds = newValue.timeIntervalSince(Self.numberEpoch).rounded(.down)
            (numberKind, number) = (.starredAt, seconds <= 0 ? 0 : seconds >= Double(UInt32.max) ? .max : UInt32(seconds))
        }
    }

    enum CodingKeys: String, CodingKey {
        case login, id, type, contributions
        case siteAdmin = "site_admin"
        case starredAt = "starred_at"
        /// Read with the fields (``ReadsWebPage``), not kept in the row.
        case webPage = "html_url"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(try decoder.container(keyedBy: CodingKeys.self))
    }

    private init(_ container: KeyedDecodingContainer<CodingKeys>) throws {
        login = try container.decode(String.self, forKey: .login)
        id = try container.decode(Int64.self, forKey: .id)
        kind = AccountKind(type: container.lenient(.type))
        isStaff = container.lenient(.siteAdmin) ?? false
        (numberKind, number) = (.none, 0)
        if let stars = (container.lenient(.starredAt) as String?).flatMap(Self.date) {
            starredAt = stars
        } else {
            contributions = (container.lenient(.contributions) as Int?).map { UInt32(clamping: $0) } ?? 0
        }
    }

    /// The fields kept: `login`, `id`, `type` (when known), `site_admin`, and `contributions`
    /// (when counted) or `starred_at` (when known, in GitHub's format).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(login, forKey: .login)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encode(isStaff, forKey: .siteAdmin)
        if contributions > 0 { try container.encode(contributions, forKey: .contributions) }
        if let starredAt { try container.encode(Self.timestamp(starredAt), forKey: .starredAt) }
    }

    public init(login: String, id: Int64, type: String? = "User", siteAdmin: Bool = false, contributions: UInt32 = 0,
                starredAt: Date? = nil) {
        self.login = login
        self.id = id
        self.kind = AccountKind(type: type)
        self.isStaff = siteAdmin
        (numberKind, number) = (.none, 0)
        self.contributions = contributions
        if let starredAt { self.starredAt = starredAt }
    }

    /// A date as GitHub writes one, `2011-01-16T19:06:43Z`.
    public static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A date GitHub wrote (`2011-01-16T19:06:43Z`); nil for anything else.
    static func date(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }

    /// True for organization accounts.
    public var isOrganization: Bool { kind == .organization }

    /// GitHub's `type`, as sent (nil when it was missing or one this program does not know).
    public var type: String? { kind.type }

    /// The account's web page under `base` ("https://github.com").
    public func profileURL(base: String) -> String { base + "/" + login }

    /// The account in the API under `base` ("https://api.github.com").
    public func apiURL(base: String) -> String { base + "/users/" + login }
}

/// What kind of account a user is, in one byte.
public enum AccountKind: UInt8, Sendable, Hashable, CaseIterable {
    case user, organization, bot, mannequin, enterprise
    /// A type this program does not know, or none.
    case unknown

    public init(type: String?) {
        switch type {
        case "User": self = .user
        case "Organization": self = .organization
        case "Bot": self = .bot
        case "Mannequin": self = .mannequin
        case "Enterprise": self = .enterprise
        default: self = .unknown
        }
    }

    /// The name GitHub uses (nil for ``unknown``).
    public var type: String? {
        switch self {
        case .user: "User"
        case .organization: "Organization"
        case .bot: "Bot"
        case .mannequin: "Mannequin"
        case .enterprise: "Enterprise"
        case .unknown: nil
        }
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is missing, null or of another type: one odd field
    /// never fails a whole page.
    func lenient<T: Decodable>(_ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    // The same for the types a decoder reads without a generic call (the generic one looks the
    // type up at run time: a fill's answer of 100 accounts reads a tenth faster with these).
    func lenient(_ key: Key) -> String? { (try? decodeIfPresent(String.self, forKey: key)) ?? nil }
    func lenient(_ key: Key) -> Bool? { (try? decodeIfPresent(Bool.self, forKey: key)) ?? nil }
    func lenient(_ key: Key) -> Int? { (try? decodeIfPresent(Int.self, forKey: key)) ?? nil }
    func lenient(_ key: Key) -> Int64? { (try? decodeIfPresent(Int64.self, forKey: key)) ?? nil }
}

extension GitHubUser: ReadsWebPage {
    static func decodeWithWebPage(from decoder: any Decoder) throws -> (GitHubUser, webPage: String?) {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        return (try GitHubUser(container), container.lenient(.webPage))
    }
}
