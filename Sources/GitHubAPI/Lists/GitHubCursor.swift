import Foundation

/// Where the next page of a GitHub list is.
public enum GitHubCursor: Sendable, Hashable, CustomStringConvertible {
    /// GET /users: the users after this id.
    case since(Int64)
    /// The first page of a page-numbered list.
    case first
    /// A page-numbered list started at this page (`--page N`).
    case page(Int)
    /// A page-numbered list's page, at the URL GitHub's `Link` named.
    case link(URL)
    /// A GraphQL connection's page after this `endCursor` (`--newest`); its first page is
    /// ``first``.
    case after(String)

    public var description: String {
        switch self {
        case .since(let id): "since \(id)"
        case .first: "page 1"
        case .page(let number): "page \(number)"
        case .link(let url): url.absoluteString
        case .after(let cursor): "after \(cursor)"
        }
    }
}
