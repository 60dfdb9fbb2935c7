import GitHubAPI
import ListCore

/// One row of a browsed list: an account, or a repository. A list holds rows of one kind, so
/// GitHub's ids are unique within it.
///
/// A repository is kept out of line (`indirect`), so a row of a user list costs what the user
/// costs.
package enum Row: Sendable, Hashable, Identifiable {
    case user(GitHubUser)
    indirect case repository(GitHubRepository)

    package var id: Int64 {
        switch self {
        case .user(let user): user.id
        case .repository(let repository): repository.id
        }
    }

    /// The account, when the row is one.
    package var user: GitHubUser? {
        if case .user(let user) = self { user } else { nil }
    }

    /// The repository, when the row is one.
    package var repository: GitHubRepository? {
        if case .repository(let repository) = self { repository } else { nil }
    }

    /// What the filter reads: the login, or OWNER/NAME.
    package var name: String {
        switch self {
        case .user(let user): user.login
        case .repository(let repository): repository.fullName
        }
    }
}

extension Page where Item == GitHubUser {
    /// The same page, as rows.
    package var rows: Page<Row, Cursor> {
        Page<Row, Cursor>(items: items.map(Row.user), next: next, totalCount: totalCount, totalPages: totalPages,
                          isIncomplete: isIncomplete, endsShort: endsShort)
    }
}

extension GitHubList {
    /// One page of the list as rows, by the cache policy, with where it came from.
    func loadRows(client: GitHubClient, at cursor: GitHubCursor, pageSize: Int,
                  policy: CachePolicy) async throws -> (page: RowPage, origin: ResponseOrigin) {
        switch self {
        case .users(let list):
            let loaded = try await list.load(client: client, at: cursor, pageSize: pageSize, policy: policy)
            return (RowPage(loaded.page.rows, webPages: loaded.webPages, fills: loaded.fills), loaded.origin)
        case .repositories(let list):
            let loaded = try await list.githubSource(client: client).load(at: cursor, pageSize: pageSize, policy: policy)
            let page = loaded.page
            return (RowPage(Page(items: page.items.map(Row.repository), next: page.next, totalCount: page.totalCount,
                                 totalPages: page.totalPages, isIncomplete: page.isIncomplete,
                                 endsShort: page.endsShort), webPages: loaded.webPages),
                    loaded.origin)
        }
    }
}
