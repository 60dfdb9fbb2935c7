import Foundation

/// One item of a stargazers list asked for with ``mediaType``: `{"starred_at": …, "user": {…}}`,
/// read into the account's row with the star's date kept in it (``GitHubUser/starredAt``).
///
/// A missing or odd `starred_at` leaves the row without a date rather than failing the page;
/// the `user` object is required, as a row is.
public struct Stargazer: Decodable, Sendable {
    /// The `Accept` that makes GitHub send each stargazer with the date of the star (with or
    /// without a token).
    public static let mediaType = "application/vnd.github.star+json"

    /// The account, with ``GitHubUser/starredAt`` set when GitHub sent a date.
    public var user: GitHubUser
    /// The account's `html_url`, as GitHub sent it (nil when it sent none).
    public var webPage: String?

    enum CodingKeys: String, CodingKey {
        case user
        case starredAt = "starred_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let sent = try container.decode(SentItem<GitHubUser>.self, forKey: .user)
        (user, webPage) = (sent.item, sent.webPage)
        if let date = (container.lenient(.starredAt) as String?).flatMap(GitHubUser.date) {
            user.starredAt = date
        }
    }
}
