/// Any list ghscroll can browse: people, or repositories.
public enum GitHubList: Sendable, Equatable {
    case users(UserList)
    case repositories(RepositoryList)

    /// "Followers of octocat", "Repositories of octocat".
    public var title: String {
        switch self {
        case .users(let list): list.title
        case .repositories(let list): list.title
        }
    }

    /// What the items are called, plural: "No followers", "No repositories".
    public var noun: String {
        switch self {
        case .users(let list): list.noun
        case .repositories(let list): list.noun
        }
    }

    /// True for the lists that page by number (all but GET /users, which pages by id).
    public var isPageNumbered: Bool {
        switch self {
        case .users(let list): list.isPageNumbered
        case .repositories: true
        }
    }

    /// The cursor of the list's first page.
    public var firstCursor: GitHubCursor { firstCursor(startPage: 1) }

    /// The cursor a list starts from: a page-numbered list may start at a later page.
    public func firstCursor(startPage: Int) -> GitHubCursor {
        switch self {
        case .users(let list): list.firstCursor(startPage: startPage)
        case .repositories: startPage > 1 ? .page(startPage) : .first
        }
    }

    /// The cursors of the pages before `cursor`, for a list opened past its start.
    public func cursors(before cursor: GitHubCursor) -> [GitHubCursor] {
        switch self {
        case .users(let list): list.cursors(before: cursor)
        case .repositories: GitHubCursor.pages(before: cursor)
        }
    }

    /// The cursors of pages `numbers` (counted from 1) of a page-numbered list, for pages never
    /// loaded; none for a list that pages another way.
    public func cursors(ofPages numbers: ClosedRange<Int>) -> [GitHubCursor] {
        guard isPageNumbered else { return [] }
        return numbers.map { $0 <= 1 ? .first : .page($0) }
    }
}

extension GitHubCursor {
    /// The numbered pages before `cursor` (pages 1 to N-1 of page N); none for any other cursor.
    static func pages(before cursor: GitHubCursor) -> [GitHubCursor] {
        guard case .page(let number) = cursor, number > 1 else { return [] }
        return [.first] + (2..<number).map { .page($0) }
    }
}
