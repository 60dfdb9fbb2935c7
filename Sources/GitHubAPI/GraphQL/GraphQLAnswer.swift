import Foundation

/// One GraphQL answer as sent: its `data` read as `Payload`, its `errors` and its rate.
struct GraphQLAnswer<Payload: GraphQLPayload>: Sendable {
    /// The answer's `data`; nil when it was null, missing or not an object.
    var data: Payload?
    var problems: [GraphQLProblem]
    var rate: GraphQLRate?
    /// The body as GitHub sent it.
    var body = Data()

    func has(_ type: String) -> Bool { problems.contains { $0.type == type } }
}

/// What one query's `data` is read as: typed, each part read leniently, so one odd value never
/// fails the rest (and a value of no use is skipped, not built).
protocol GraphQLPayload: Decodable, Sendable {
    /// The query's `rateLimit`, when it was asked and reads.
    var rateLimit: GraphQLRate? { get }
}

/// One entry of `errors`: GitHub's `type` (`NOT_FOUND`, `INSUFFICIENT_SCOPES`, …), its message,
/// and the alias it is about (the path's first step). An entry that is no object is one with
/// none of them.
struct GraphQLProblem: Sendable, Equatable, Decodable {
    var type: String?
    var message: String
    var alias: String?

    private enum CodingKeys: String, CodingKey {
        case type, message, path
    }

    init(type: String?, message: String, alias: String?) {
        (self.type, self.message, self.alias) = (type, message, alias)
    }

    init(from decoder: any Decoder) {
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            self.init(type: nil, message: "", alias: nil)
            return
        }
        let path: [Lenient<String>]? = container.lenient(.path)
        self.init(type: container.lenient(.type), message: container.lenient(.message) ?? "", alias: path?.first?.value)
    }
}

/// A value read as a `T` when it is one, else nil: one odd element of an array never fails the
/// array.
struct Lenient<T: Decodable & Sendable>: Decodable, Sendable {
    var value: T?

    init(from decoder: any Decoder) {
        value = try? T(from: decoder)
    }
}

extension GitHubClient {
    /// The frame of a GraphQL answer's body: its data, its errors and its rate; a limit said in
    /// the body is thrown as `.rateLimited`.
    static func readAnswer<Payload>(_ body: Data, as payload: Payload.Type, rateLimit: RateLimit?) throws -> GraphQLAnswer<Payload> {
        guard let frame = try? JSONDecoder().decode(Frame<Payload>.self, from: body) else {
            throw GitHubError.malformedBody(detail: "the GraphQL answer was not a JSON object")
        }
        let rate = frame.data?.rateLimit
        if frame.problems.contains(where: { $0.type == "RATE_LIMITED" || $0.type == "RATE_LIMIT" }) {
            throw GitHubError.rateLimited(reset: rateLimit?.reset ?? rate?.resetAt, limit: rateLimit?.limit ?? rate?.limit,
                                          authenticated: true)
        }
        return GraphQLAnswer(data: frame.data, problems: frame.problems, rate: rate)
    }
}

/// A GraphQL body: an object with `data` and `errors`, each read leniently.
private struct Frame<Payload: GraphQLPayload>: Decodable {
    var data: Payload?
    var problems: [GraphQLProblem]

    private enum CodingKeys: String, CodingKey {
        case data, errors
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = container.lenient(.data)
        problems = (container.lenient(.errors) as [GraphQLProblem]?) ?? []
    }
}
