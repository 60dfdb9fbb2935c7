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

    /// Reads one `repository` object leniently: nil without a name; a field of the wrong type is
    /// read as absent.
    init?(json: GraphQLValue) {
        guard let fullName = json["nameWithOwner"]?.string, !fullName.isEmpty else { return nil }
        self.init(fullName: fullName, stars: json["stargazerCount"]?.int, viewerHasStarred: json["viewerHasStarred"]?.bool ?? false)
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
            let sent = try await graphQL(.repositories(part))
            guard let data = sent.data, case .object = data else {
                if let problem = sent.problems.first { throw GitHubError.validation(message: String(problem.message.prefix(300))) }
                throw GitHubError.malformedBody(detail: "the GraphQL answer had no data")
            }
            answer.rate = sent.rate ?? GraphQLRate(json: data["rateLimit"]) ?? answer.rate
            for (index, name) in part.enumerated() {
                let key = "\(name.owner)/\(name.name)".lowercased()
                guard let value = data["r\(index)"], !value.isNull else {
                    answer.missing.append("\(name.owner)/\(name.name)")
                    continue
                }
                if let fill = RepositoryFill(json: value) { answer.fills[key] = fill }
            }
        }
        return answer
    }
}
