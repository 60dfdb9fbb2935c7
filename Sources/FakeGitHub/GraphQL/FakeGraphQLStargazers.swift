import Foundation
import GraphQL

/// `repository { stargazers(first:after:orderBy:) }`: the REST stargazers list of the same
/// repository (oldest first), served in either order with opaque cursors.
enum FakeGraphQLStargazers {
    /// One page of the connection, in the shape the schema's resolvers read.
    struct Page: Sendable {
        var totalCount: Int
        var edges: [Edge]
        var hasNextPage: Bool
        var hasPreviousPage: Bool
    }

    struct Edge: Sendable {
        var cursor: String
        var starredAt: String
        var node: FakeGraphQLAccount
    }

    static func types(user: GraphQLObjectType, dateTime: GraphQLScalarType)
        throws -> (connection: GraphQLObjectType, order: GraphQLInputObjectType) {
        let pageInfo = try GraphQLObjectType(name: "PageInfo", fields: [
            "hasNextPage": FakeGraphQLSchema.field(GraphQLNonNull(GraphQLBoolean)) { (page: Page, _) in page.hasNextPage },
            "hasPreviousPage": FakeGraphQLSchema.field(GraphQLNonNull(GraphQLBoolean)) { (page: Page, _) in page.hasPreviousPage },
            "startCursor": FakeGraphQLSchema.field(GraphQLString) { (page: Page, _) in page.edges.first?.cursor },
            "endCursor": FakeGraphQLSchema.field(GraphQLString) { (page: Page, _) in page.edges.last?.cursor },
        ])
        let edge = try GraphQLObjectType(name: "StargazerEdge", fields: [
            "cursor": FakeGraphQLSchema.field(GraphQLNonNull(GraphQLString)) { (edge: Edge, _) in edge.cursor },
            "starredAt": FakeGraphQLSchema.field(GraphQLNonNull(dateTime)) { (edge: Edge, _) in edge.starredAt },
            "node": FakeGraphQLSchema.field(GraphQLNonNull(user)) { (edge: Edge, _) in edge.node },
        ])
        let connection = try GraphQLObjectType(name: "StargazerConnection", fields: [
            "totalCount": FakeGraphQLSchema.field(GraphQLNonNull(GraphQLInt)) { (page: Page, _) in page.totalCount },
            "pageInfo": FakeGraphQLSchema.field(GraphQLNonNull(pageInfo)) { (page: Page, _) in page },
            "edges": FakeGraphQLSchema.field(GraphQLList(edge)) { (page: Page, _) in page.edges },
            "nodes": FakeGraphQLSchema.field(GraphQLList(user)) { (page: Page, _) in page.edges.map(\.node) },
        ])
        let direction = try GraphQLEnumType(name: "OrderDirection", values: [
            "ASC": GraphQLEnumValue(value: "ASC"), "DESC": GraphQLEnumValue(value: "DESC"),
        ])
        let field = try GraphQLEnumType(name: "StarOrderField", values: ["STARRED_AT": GraphQLEnumValue(value: "STARRED_AT")])
        let order = try GraphQLInputObjectType(name: "StarOrder", fields: {
            ["direction": InputObjectField(type: GraphQLNonNull(direction)),
             "field": InputObjectField(type: GraphQLNonNull(field))]
        })
        return (connection, order)
    }

    /// The page `args` ask for. As on GitHub: `first` or `last` is required and at most 100.
    static func page(of repository: FakeRepository, args: Map, context: FakeGraphQLContext) throws -> Page {
        let first = args["first"].int
        let last = args["last"].int
        guard first != nil || last != nil else {
            throw FakeGraphQLFailure(type: "MISSING_PAGINATION_BOUNDARIES", message:
                "You must provide a `first` or `last` value to properly paginate the `stargazers` connection.")
        }
        for (name, value) in [("first", first), ("last", last)] {
            guard let value else { continue }
            guard value <= 100 else {
                throw FakeGraphQLFailure(type: "EXCESSIVE_PAGE_SIZE", message:
                    "Requesting \(value) records on the `stargazers` connection exceeds the `\(name)` limit of 100 records.")
            }
            guard value >= 0 else {
                throw FakeGraphQLFailure(type: "INVALID_ARGUMENTS", message: "`\(name)` must be a non-negative integer.")
            }
        }
        let key = "stargazers:\(repository.key)"
        let size = context.stargazerCount(repository)
        let newestFirst = args["orderBy"]["direction"].string == "DESC"
        // Positions count in the order asked for; the list itself is oldest first.
        var start = 0
        var end = size
        if let after = args["after"].string {
            start = try position(after, size: size) + 1
        }
        if let before = args["before"].string {
            end = try position(before, size: size)
        }
        start = min(start, end)
        if let first { end = min(end, start + first) }
        if let last { start = max(start, end - last) }
        let edges = (start..<end).compactMap { index -> Edge? in
            let oldestFirst = newestFirst ? size - 1 - index : index
            guard let entry = context.edits.page(key, baseSize: repository.stargazers, offset: oldestFirst, limit: 1,
                                                 data: context.data).first
            else { return nil }
            // A star a write added is dated when it was made; the others as derived.
            let date = entry.added.map { ISO8601DateFormatter().string(from: $0) }
                ?? starredAt(repository, position: entry.basePosition ?? oldestFirst, of: repository.stargazers, data: context.data)
            return Edge(cursor: cursor(index), starredAt: date, node: context.account(entry.user))
        }
        return Page(totalCount: size, edges: edges, hasNextPage: end < size, hasPreviousPage: start > 0)
    }

    /// When the account at `position` of the oldest-first list starred the repository: the date
    /// the REST list (`star+json`) gives the same star, so the two APIs agree.
    static func starredAt(_ repository: FakeRepository, position: Int, of size: Int, data: FakeDataSet) -> String {
        let date = data.starDates(of: repository, offset: position, limit: 1).first ?? repository.createdAt
        return ISO8601DateFormatter().string(from: date)
    }

    static func cursor(_ index: Int) -> String { Data("cursor:v2:\(index)".utf8).base64EncodedString() }

    private static func position(_ cursor: String, size: Int) throws -> Int {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
              text.hasPrefix("cursor:v2:"), let index = Int(text.dropFirst("cursor:v2:".count)), index >= 0
        else {
            throw FakeGraphQLFailure(type: "INVALID_CURSOR_ARGUMENTS", message: "`\(cursor)` does not appear to be a valid cursor.")
        }
        return min(index, size)
    }
}
