import Foundation
import ListCore

/// A source that can say where its pages came from and take a cache policy.
public protocol GitHubPageSource<Item>: PageSource where Cursor == GitHubCursor {
    func load(at cursor: GitHubCursor, pageSize: Int, policy: CachePolicy) async throws -> LoadedPage<Item>
}

extension AllUsersSource: GitHubPageSource {}
extension NumberedListSource: GitHubPageSource {}
extension SearchUsersSource: GitHubPageSource {}
