/// What a GraphQL fill tells of one repository on screen: whether the token's owner starred it,
/// and its star count now.
public struct RepositoryFill: Sendable, Equatable {
    /// `owner/name` as GitHub spells it.
    public var fullName: String
    public var stars: Int?
    public var viewerHasStarred: Bool

    public init(fullName: String, stars: Int? = nil, viewerHasStarred: Bool = false) {
        self.fullName = fullName
        self.stars = stars
        self.viewerHasStarred = viewerHasStarred
    }

    /// One `repository` as GitHub sent it, read leniently: no fill without a name; a field of
    /// the wrong type is read as absent.
    struct Node: GraphQLNode {
        static let prefix = "r"
        var fill: RepositoryFill?

        private enum CodingKeys: String, CodingKey {
            case nameWithOwner, stargazerCount, viewerHasStarred
        }

        init(from decoder: any Decoder) {
            guard let json = try? decoder.container(keyedBy: CodingKeys.self),
                  let fullName: String = json.lenient(.nameWithOwner), !fullName.isEmpty else {
                fill = nil
                return
            }
            fill = RepositoryFill(fullName: fullName, stars: json.lenient(.stargazerCount),
                                  viewerHasStarred: json.lenient(.viewerHasStarred) ?? false)
        }
    }
}

/// What one repository fill brought back.
public struct RepositoryFillAnswer: Sendable, Equatable {
    /// The repositories GitHub described, keyed by `owner/name` lowercased.
    public var fills: [String: RepositoryFill] = [:]
    /// `owner/name` of those GitHub answered null for (`NOT_FOUND`).
    public var missing: [String] = []
    public var rate: GraphQLRate?

    public init(fills: [String: RepositoryFill] = [:], missing: [String] = [], rate: GraphQLRate? = nil) {
        self.fills = fills
        self.missing = missing
        self.rate = rate
    }
}

extension GitHubClient {
    /// Whether the token's owner starred each of `names`, and their star counts: one GraphQL
    /// request a hundred, in the background lane like the accounts' fill (a token is needed).
    public func fillRepositories(_ names: [(owner: String, name: String)]) async throws -> RepositoryFillAnswer {
        var seen = Set<String>()
        let unique = names.filter { !$0.owner.isEmpty && !$0.name.isEmpty && seen.insert("\($0.owner)/\($0.name)".lowercased()).inserted }
        var answer = RepositoryFillAnswer()
        for start in stride(from: 0, to: unique.count, by: GraphQLQuery.maxAccounts) {
            let part = Array(unique[start..<min(unique.count, start + GraphQLQuery.maxAccounts)])
            let sent = try await graphQL(.repositories(part), as: GraphQLAliases<RepositoryFill.Node>.self)
            guard let data = sent.data else {
                if let problem = sent.problems.first { throw GitHubError.validation(message: String(problem.message.prefix(300))) }
                throw GitHubError.malformedBody(detail: "the GraphQL answer had no data")
            }
            answer.rate = sent.rate ?? answer.rate
            for (index, name) in part.enumerated() {
                let key = "\(name.owner)/\(name.name)".lowercased()
                guard let node = data.nodes[index] else {
                    answer.missing.append("\(name.owner)/\(name.name)")
                    continue
                }
                if let fill = node.fill { answer.fills[key] = fill }
            }
        }
        return answer
    }
}
