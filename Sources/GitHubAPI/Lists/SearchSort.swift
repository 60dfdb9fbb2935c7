/// How GitHub orders a user search: by best match (its default), or by followers, repositories
/// or sign-up date, most first.
public enum SearchSort: String, Sendable, Equatable, CaseIterable {
    case bestMatch = "best-match"
    case followers
    case repositories
    case joined

    /// The next order `S` cycles to: best match, followers, repositories, joined, and round.
    public var next: SearchSort {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }

    /// The `sort` parameter of `GET /search/users` (with `order=desc`); nil for best match.
    public var parameter: String? { self == .bestMatch ? nil : rawValue }

    /// How the title says it: "best match", "most followers".
    public var label: String {
        switch self {
        case .bestMatch: "best match"
        case .followers: "most followers"
        case .repositories: "most repositories"
        case .joined: "newest first"
        }
    }
}
