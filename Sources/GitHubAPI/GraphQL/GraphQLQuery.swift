/// A GraphQL request as sent: the query text and its variables (values never go into the text).
public struct GraphQLQuery: Sendable, Equatable, Encodable {
    public var query: String
    public var variables: [String: String]

    public init(query: String, variables: [String: String]) {
        self.query = query
        self.variables = variables
    }

    /// The most accounts one fill asks for (GitHub's advice for one query's breadth).
    public static let maxAccounts = 100

    /// The accounts `logins` by login, as aliases `a0`, `a1`, … of `repositoryOwner(login: $l0)` …,
    /// with what a row shows, and the query's `rateLimit`. `members` asks an organization's
    /// `membersWithRole` count too, which needs the `read:org` scope.
    public static func accounts(_ logins: [String], members: Bool) -> GraphQLQuery {
        let count = min(logins.count, maxAccounts)
        let declarations = count == 0 ? "" : "(" + (0..<count).map { "$l\($0): String!" }.joined(separator: ", ") + ")"
        let aliases = (0..<count).map { "  a\($0): repositoryOwner(login: $l\($0)) { ...Account }\n" }.joined()
        let query = """
        query Fill\(declarations) {
        \(aliases)  rateLimit { cost remaining resetAt limit }
        }
        fragment Account on RepositoryOwner {
          __typename login url avatarUrl
          ... on User { databaseId name bio company location isViewer isFollowingViewer viewerIsFollowing followers { totalCount } }
          ... on Organization { databaseId name description location viewerIsFollowing\(members ? " membersWithRole { totalCount }" : "") }
        }
        """
        var variables: [String: String] = [:]
        for (index, login) in logins.prefix(count).enumerated() { variables["l\(index)"] = login }
        return GraphQLQuery(query: query, variables: variables)
    }

    /// The repositories `owner/name` (at most ``maxAccounts``), as aliases `r0`, `r1`, … of
    /// `repository(owner: $o0, name: $n0)`, with whether the token's owner starred each and its
    /// star count, and the query's `rateLimit`.
    public static func repositories(_ names: [(owner: String, name: String)]) -> GraphQLQuery {
        let count = min(names.count, maxAccounts)
        let declarations = count == 0 ? "" : "(" + (0..<count).map { "$o\($0): String!, $n\($0): String!" }.joined(separator: ", ") + ")"
        let aliases = (0..<count).map { "  r\($0): repository(owner: $o\($0), name: $n\($0)) { ...Repository }\n" }.joined()
        let query = """
        query FillRepositories\(declarations) {
        \(aliases)  rateLimit { cost remaining resetAt limit }
        }
        fragment Repository on Repository { nameWithOwner stargazerCount viewerHasStarred }
        """
        var variables: [String: String] = [:]
        for (index, name) in names.prefix(count).enumerated() {
            variables["o\(index)"] = name.owner
            variables["n\(index)"] = name.name
        }
        return GraphQLQuery(query: query, variables: variables)
    }

    /// A repository's stargazers, newest first, `first` a page (1 to 100), each with when they
    /// starred and what a row shows; `after` is the last page's `endCursor`.
    public static func stargazers(owner: String, name: String, after: String?, first: Int = 100) -> GraphQLQuery {
        let query = """
        query Stargazers($owner: String!, $name: String!, $after: String) {
          repository(owner: $owner, name: $name) {
            stargazers(first: \(min(100, max(1, first))), after: $after, orderBy: {field: STARRED_AT, direction: DESC}) {
              totalCount
              pageInfo { hasNextPage endCursor }
              edges { starredAt node { __typename login databaseId url avatarUrl name bio company location isViewer isFollowingViewer viewerIsFollowing followers { totalCount } } }
            }
          }
          rateLimit { cost remaining resetAt limit }
        }
        """
        var variables = ["owner": owner, "name": name]
        if let after { variables["after"] = after }
        return GraphQLQuery(query: query, variables: variables)
    }
}
