import Foundation
import GraphQL

/// The part of GitHub's GraphQL schema the client asks for, declared for GraphQLSwift: the
/// same names, types and nullability as GitHub's published schema. The resolvers read the
/// fake's data through each request's ``FakeGraphQLContext``.
enum FakeGraphQLSchema {
    /// The fields whose type is a connection: what GitHub's cost formula counts.
    static let connectionFields: Set<String> = ["followers", "membersWithRole", "stargazers"]

    /// Built once; a declaration GraphQLSwift refused is reported on every request.
    static let shared: Result<GraphQLSchema, any Error> = Result { try make() }

    private static func make() throws -> GraphQLSchema {
        let uri = try GraphQLScalarType(name: "URI", serialize: { try map(from: $0) })
        let dateTime = try GraphQLScalarType(name: "DateTime", serialize: { try map(from: $0) })
        let followers = try counted("FollowerConnection")
        let members = try counted("OrganizationMemberConnection")
        let owner = try GraphQLInterfaceType(
            name: "RepositoryOwner",
            fields: ownerFields(uri),
            resolveType: { value, _ in (value as? FakeGraphQLAccount)?.user.isOrganization == true ? "Organization" : "User" })
        let user = try GraphQLObjectType(name: "User", fields: ownerFields(uri).merging([
            "databaseId": field(GraphQLInt) { (account: FakeGraphQLAccount, _) in Int(account.user.id) },
            "name": field(GraphQLString) { (account: FakeGraphQLAccount, _) in account.profile.name },
            "bio": field(GraphQLString) { (account: FakeGraphQLAccount, _) in account.profile.bio },
            "company": field(GraphQLString) { (account: FakeGraphQLAccount, _) in account.profile.company },
            "location": field(GraphQLString) { (account: FakeGraphQLAccount, _) in account.profile.location },
            "isViewer": field(GraphQLNonNull(GraphQLBoolean)) { (account: FakeGraphQLAccount, context) in
                context.viewer?.id == account.user.id
            },
            "isFollowingViewer": field(GraphQLNonNull(GraphQLBoolean)) { (account: FakeGraphQLAccount, context) in
                context.followsViewer(account.user)
            },
            "viewerIsFollowing": field(GraphQLNonNull(GraphQLBoolean)) { (account: FakeGraphQLAccount, context) in
                context.viewerFollows(account.user)
            },
            "followers": field(GraphQLNonNull(followers), args: pageArguments) { (account: FakeGraphQLAccount, _) in
                account.profile.followers
            },
        ]) { $1 }, interfaces: [owner])
        let organization = try GraphQLObjectType(name: "Organization", fields: ownerFields(uri).merging([
            "databaseId": field(GraphQLInt) { (account: FakeGraphQLAccount, _) in Int(account.user.id) },
            "name": field(GraphQLString) { (account: FakeGraphQLAccount, _) in account.profile.name },
            "description": field(GraphQLString) { (account: FakeGraphQLAccount, _) in account.profile.bio },
            "location": field(GraphQLString) { (account: FakeGraphQLAccount, _) in account.profile.location },
            "viewerIsFollowing": field(GraphQLNonNull(GraphQLBoolean)) { (account: FakeGraphQLAccount, context) in
                context.viewerFollows(account.user)
            },
            "membersWithRole": field(GraphQLNonNull(members), args: pageArguments) { (account: FakeGraphQLAccount, context) in
                try context.members(of: account.user)
            },
        ]) { $1 }, interfaces: [owner])
        let stargazers = try FakeGraphQLStargazers.types(user: user, dateTime: dateTime)
        let repository = try GraphQLObjectType(name: "Repository", fields: [
            "name": field(GraphQLNonNull(GraphQLString)) { (repo: FakeRepository, _) in repo.name },
            "nameWithOwner": field(GraphQLNonNull(GraphQLString)) { (repo: FakeRepository, _) in repo.fullName },
            "stargazerCount": field(GraphQLNonNull(GraphQLInt)) { (repo: FakeRepository, context) in
                context.stargazerCount(repo)
            },
            "viewerHasStarred": field(GraphQLNonNull(GraphQLBoolean)) { (repo: FakeRepository, context) in
                context.viewerStarred(repo)
            },
            "stargazers": GraphQLField(
                type: GraphQLNonNull(stargazers.connection),
                args: pageArguments.merging(["orderBy": GraphQLArgument(type: stargazers.order)]) { $1 },
                resolve: { source, args, context, info in
                    guard let repo = source as? FakeRepository, let context = context as? FakeGraphQLContext else { return nil }
                    return try FakeGraphQLStargazers.page(of: repo, args: args, context: context)
                } as GraphQLFieldResolve),
        ])
        let rateLimit = try GraphQLObjectType(name: "RateLimit", fields: [
            "cost": field(GraphQLNonNull(GraphQLInt)) { (rate: FakeGraphQLRate, _) in rate.cost },
            "limit": field(GraphQLNonNull(GraphQLInt)) { (rate: FakeGraphQLRate, _) in rate.limit },
            "nodeCount": field(GraphQLNonNull(GraphQLInt)) { (rate: FakeGraphQLRate, _) in rate.nodeCount },
            "remaining": field(GraphQLNonNull(GraphQLInt)) { (rate: FakeGraphQLRate, _) in rate.remaining },
            "resetAt": field(GraphQLNonNull(dateTime)) { (rate: FakeGraphQLRate, _) in rate.resetAt },
            "used": field(GraphQLNonNull(GraphQLInt)) { (rate: FakeGraphQLRate, _) in rate.used },
        ])
        let query = try GraphQLObjectType(name: "Query", fields: [
            "repositoryOwner": GraphQLField(
                type: owner, args: ["login": GraphQLArgument(type: GraphQLNonNull(GraphQLString))],
                resolve: { _, args, context, _ in
                    guard let context = context as? FakeGraphQLContext else { return nil }
                    return try context.owner(login: args["login"].string ?? "")
                } as GraphQLFieldResolve),
            "repository": GraphQLField(
                type: repository,
                args: ["owner": GraphQLArgument(type: GraphQLNonNull(GraphQLString)),
                       "name": GraphQLArgument(type: GraphQLNonNull(GraphQLString))],
                resolve: { _, args, context, _ in
                    guard let context = context as? FakeGraphQLContext else { return nil }
                    return try context.repository(owner: args["owner"].string ?? "", name: args["name"].string ?? "")
                } as GraphQLFieldResolve),
            "rateLimit": GraphQLField(
                type: rateLimit, args: ["dryRun": GraphQLArgument(type: GraphQLBoolean, defaultValue: false)],
                resolve: { _, _, context, _ in (context as? FakeGraphQLContext)?.rate } as GraphQLFieldResolve),
        ])
        let schema = try GraphQLSchema(query: query, types: [user, organization])
        let problems = validateSchema(schema: schema)
        if !problems.isEmpty { throw GraphQLErrors(problems) }
        return schema
    }

    /// The fields every account has (GitHub's `RepositoryOwner` interface, the ones we serve).
    private static func ownerFields(_ uri: GraphQLScalarType) -> GraphQLFieldMap {
        [
            "id": field(GraphQLNonNull(GraphQLID)) { (account: FakeGraphQLAccount, _) in account.nodeID },
            "login": field(GraphQLNonNull(GraphQLString)) { (account: FakeGraphQLAccount, _) in account.user.login },
            "url": field(GraphQLNonNull(uri)) { (account: FakeGraphQLAccount, _) in "https://github.com/\(account.user.login)" },
            "avatarUrl": field(GraphQLNonNull(uri), args: ["size": GraphQLArgument(type: GraphQLInt)]) {
                (account: FakeGraphQLAccount, context) in
                "\(FakeJSON.avatarBase(context.base))/avatars/u/\(account.user.id)?v=4"
            },
        ]
    }

    static let pageArguments: GraphQLArgumentConfigMap = [
        "first": GraphQLArgument(type: GraphQLInt), "after": GraphQLArgument(type: GraphQLString),
        "last": GraphQLArgument(type: GraphQLInt), "before": GraphQLArgument(type: GraphQLString),
    ]

    /// A field read from a source of type `Source` with the request's context.
    static func field<Source>(_ type: GraphQLOutputType, args: GraphQLArgumentConfigMap = [:],
                              _ read: @escaping @Sendable (Source, FakeGraphQLContext) throws -> (any Sendable)?) -> GraphQLField {
        GraphQLField(type: type, args: args, resolve: { source, _, context, _ in
            guard let source = source as? Source, let context = context as? FakeGraphQLContext else { return nil }
            return try read(source, context)
        } as GraphQLFieldResolve)
    }

    /// A connection the fake serves only the size of (its source is the count).
    private static func counted(_ name: String) throws -> GraphQLObjectType {
        try GraphQLObjectType(name: name, fields: [
            "totalCount": field(GraphQLNonNull(GraphQLInt)) { (total: Int, _) in total },
        ])
    }
}
