import Foundation
import GitHubAPI
import GraphQL
import Testing

/// GitHub's published schema, read once: `../shared/github/schema.graphql` beside the repository.
private let githubSchema: Result<GraphQLSchema, any Error> = Result {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let file = root.deletingLastPathComponent().appendingPathComponent("shared/github/schema.graphql")
    return try buildSchema(source: String(contentsOf: file, encoding: .utf8), assumeValid: true)
}

@Suite("The GraphQL queries the client sends, validated against GitHub's published schema")
struct GraphQLSchemaTests {
    static let logins = (0..<100).map { "user-\($0)" }

    /// The validation errors of `query` against GitHub's schema, and the variables it declares.
    func check(_ query: GraphQLQuery) throws -> (errors: [String], declared: Set<String>) {
        let schema = try githubSchema.get()
        let document = try parse(source: query.query)
        let errors = validate(schema: schema, ast: document).map(\.message)
        var declared = Set<String>()
        for case let operation as OperationDefinition in document.definitions {
            for variable in operation.variableDefinitions { declared.insert(variable.variable.name.value) }
        }
        return (errors, declared)
    }

    @Test("the fill for 1 and for 100 accounts, with and without organizations' member counts",
          arguments: [1, 100], [false, true])
    func accounts(count: Int, members: Bool) throws {
        let query = GraphQLQuery.accounts(Array(Self.logins.prefix(count)), members: members)
        let (errors, declared) = try check(query)
        #expect(errors == [])
        #expect(declared == Set((0..<count).map { "l\($0)" }), "one variable a login, each declared")
        #expect(Set(query.variables.keys) == declared)
        #expect(query.query.contains("membersWithRole") == members)
        #expect(query.query.contains("a\(count - 1): repositoryOwner(login: $l\(count - 1))"))
    }

    @Test("more than 100 logins are not put in one query")
    func capped() {
        let query = GraphQLQuery.accounts((0..<150).map { "u\($0)" }, members: false)
        #expect(query.variables.count == 100)
        #expect(!query.query.contains("a100:"))
    }

    @Test("logins go in variables, never into the query text, whatever they hold")
    func loginsAreVariables() throws {
        let hostile = #"x") { __typename } a1: repositoryOwner(login: "y"#
        let query = GraphQLQuery.accounts(["octocat", hostile], members: false)
        #expect(!query.query.contains("octocat") && !query.query.contains("__typename } a1"))
        #expect(query.variables == ["l0": "octocat", "l1": hostile])
        #expect(try check(query).errors == [])
    }

    @Test("the stargazers page, newest first, with and without a cursor", arguments: [nil, "Y3Vyc29yOnYyOjk5"])
    func stargazers(after: String?) throws {
        let query = GraphQLQuery.stargazers(owner: "octocat", name: "hello-world", after: after)
        let (errors, declared) = try check(query)
        #expect(errors == [])
        #expect(declared == ["owner", "name", "after"])
        #expect(query.variables["after"] == after)
        #expect(query.variables["owner"] == "octocat" && query.variables["name"] == "hello-world")
        #expect(query.query.contains("first: 100") && query.query.contains("direction: DESC"))
    }

    @Test("the repositories' fill (viewerHasStarred, stargazerCount) for 1 and for 100, names only in variables",
          arguments: [1, 100])
    func repositories(count: Int) throws {
        let names = (0..<150).map { (owner: "o\($0)", name: #"n") { x }"# + "\($0)") }
        let query = GraphQLQuery.repositories(Array(names.prefix(count)))
        let (errors, declared) = try check(query)
        #expect(errors == [])
        #expect(declared == Set((0..<count).flatMap { ["o\($0)", "n\($0)"] }))
        #expect(Set(query.variables.keys) == declared)
        #expect(!query.query.contains("{ x }"))
        #expect(GraphQLQuery.repositories(names).variables.count == 200)
    }

    @Test("a field GitHub does not have is caught (the check is real)")
    func catchesMistakes() throws {
        let wrong = GraphQLQuery(query: "query { repositoryOwner(login: \"x\") { login name } }", variables: [:])
        #expect(try check(wrong).errors.count == 1, "name is not a field of the RepositoryOwner interface")
    }
}
