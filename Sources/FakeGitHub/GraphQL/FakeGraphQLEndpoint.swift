import Foundation
import GraphQL

/// Answers `POST /graphql` as GitHub does: a token required, the query parsed, validated and
/// executed by GraphQLSwift against ``FakeGraphQLSchema``, errors as HTTP 200 with `errors`
/// beside whatever `data` could be built, and the points the query cost counted against a
/// limit of its own (`x-ratelimit-resource: graphql`).
struct FakeGraphQLEndpoint {
    let data: FakeDataSet

    /// Queries already validated: the client sends the same few texts with other variables, and
    /// validating a hundred aliases costs more than answering them.
    private static let validated = FakeGraphQLValidations()

    /// The body GitHub reads: `{"query": …, "variables": {…}, "operationName": …}`.
    private struct Request: Decodable {
        var query: String
        var variables: [String: Map]?
        var operationName: String?
    }

    /// The answer to one request from `token`'s owner, as writes (`edits`) left the data; its
    /// `cost` is counted against `limit` by the handler.
    func answer(body: Data, token: FakeToken?, options: FakeGitHubOptions, limit: FakeRateLimit, base: String,
                edits: FakeEdits) async -> FakeReply {
        guard token != nil else {
            var reply = FakeReply.error(401, "This endpoint requires you to be authenticated.")
            reply.cost = 0
            return reply
        }
        guard let request = try? JSONDecoder().decode(Request.self, from: body) else {
            var reply = FakeReply.error(400, "Problems parsing JSON")
            reply.cost = 0
            return reply
        }
        let variables = request.variables ?? [:]
        let document = Result { try parse(source: Source(body: request.query, name: "GraphQL request")) }
        let (cost, nodes) = (try? document.get()).map { FakeGraphQLCost.of($0, variables: variables) } ?? (1, 0)
        if options.graphqlPointLimit != nil, limit.used + cost > limit.limit {
            return refused(options.graphqlLimitType, limit: limit)
        }
        let dates = ISO8601DateFormatter()
        let rate = FakeGraphQLRate(cost: cost, limit: limit.limit, remaining: max(0, limit.remaining - cost),
                                   used: limit.used + cost, resetAt: dates.string(from: limit.reset), nodeCount: nodes)
        let context = FakeGraphQLContext(data: data, base: base, viewer: token?.viewer, scopes: token?.scopes, rate: rate,
                                         edits: edits)
        let result: GraphQLResult
        do {
            let schema = try FakeGraphQLSchema.shared.get()
            let document = try document.get()
            let problems = Self.validated.check(request.query) { validate(schema: schema, ast: document) }
            if problems.isEmpty {
                result = try await execute(schema: schema, documentAST: document, rootValue: (), context: context,
                                           variableValues: variables, operationName: request.operationName)
            } else {
                result = GraphQLResult(errors: problems)
            }
        } catch let error as GraphQLError {
            result = GraphQLResult(errors: [error])
        } catch {
            return .error(500, "The fake's GraphQL schema was refused: \(error)")
        }
        let errors = result.errors.map(ErrorBody.init)
        var answer = Body(data: result.data, hasData: result.data != nil, errors: errors)
        if options.insufficientScopesNullData, errors.contains(where: { $0.type == "INSUFFICIENT_SCOPES" }) {
            answer.data = nil
        }
        var reply = FakeReply(status: 200, body: encode(answer))
        reply.cost = cost
        return reply
    }

    /// The limit's answer: HTTP 200, no data, an error of the type asked for. `RATE_LIMITED`
    /// uses up the window (`x-ratelimit-remaining: 0`); `RATE_LIMIT` leaves the headers as they
    /// were, as GitHub has been seen to answer with points still shown left.
    private func refused(_ type: FakeGraphQLLimitType, limit: FakeRateLimit) -> FakeReply {
        let error = ErrorBody(type: type.rawValue, path: nil, locations: nil,
                              message: "API rate limit exceeded for user ID 1. If you reach out to GitHub Support for help, "
                                  + "please include the request ID.")
        var reply = FakeReply(status: 200, body: encode(Body(data: nil, hasData: false, errors: [error])))
        reply.cost = type == .rateLimited ? limit.remaining : 0
        return reply
    }

    private func encode(_ body: Body) -> String {
        guard let bytes = try? GraphQLJSONEncoder().encode(body) else {
            return #"{"errors":[{"message":"the fake could not encode its answer"}]}"#
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `{"data": …, "errors": […]}`: `data` written (as null too) when the query was executed.
    private struct Body: Encodable {
        var data: Map?
        var hasData: Bool
        var errors: [ErrorBody]

        enum CodingKeys: String, CodingKey { case data, errors }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if hasData {
                if let data { try container.encode(data, forKey: .data) } else { try container.encodeNil(forKey: .data) }
            }
            if !errors.isEmpty { try container.encode(errors, forKey: .errors) }
        }
    }

    /// One error as GitHub writes it: its `type` first when it has one.
    private struct ErrorBody: Encodable {
        var type: String?
        var path: GraphQL.IndexPath?
        var locations: [SourceLocation]?
        var message: String

        init(type: String?, path: GraphQL.IndexPath?, locations: [SourceLocation]?, message: String) {
            self.type = type
            self.path = path
            self.locations = locations
            self.message = message
        }

        init(_ error: GraphQLError) {
            type = (error.originalError as? FakeGraphQLFailure)?.type
            path = error.path.elements.isEmpty ? nil : error.path
            locations = error.locations.isEmpty ? nil : error.locations
            message = error.message
        }
    }
}
