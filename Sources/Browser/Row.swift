import GitHubAPI
import ListCore

/// One row of a browsed list: an account, or a repository. A list holds rows of one kind, so
/// GitHub's ids are unique within it.
///
/// A repository is kept out of line (`indirect`), so a row of a user list costs what the user
/// costs.
public enum Row: Sendable, Hashable, Identifiable {
    case user(GitHubUser)
    indirect case repository(GitHubRepository)

    public var id: Int64 {
        switch self {
        case .user(let user): user.id
        case .repository(let repository): repository.id
        }
    }

    /// The account, when the row is one.
    public var user: GitHubUser? {
        if case .user(let user) = self { user } else { nil }
    }

    /// The repository, when the row is one.
    public var repository: GitHubRepository? {
        if case .repository(let repository) = self { repository } else { nil }
    }

    /// What the filter reads: the login, or OWNER/NAME.
    public var name: String {
        switch self {
        case .user(let user): user.login
        case .repository(let repository): repository.fullName
        }
    }
}

extension Page where Item == GitHubUser {
    /// The same page, as rows.
    public var rows: Page<Row, Cursor> {
        Page<Row, Cursor>(items: items.map(Row.user), next: next, totalCount: totalCount, totalPages: totalPages,
                          isIncomplete: isIncomplete)
    }
}
