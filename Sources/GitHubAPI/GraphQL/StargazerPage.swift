import Foundation

/// One page of a repository's stargazers from GraphQL, newest first, each with when they starred
/// and what a row shows of them (``GraphQLQuery/stargazers(owner:name:after:)``).
public struct StargazerPage: Sendable, Equatable {
    /// One star: who, and when (nil when GitHub's date did not read).
    public struct Star: Sendable, Equatable {
        public var starredAt: Date?
        public var account: AccountFill

        public init(starredAt: Date?, account: AccountFill) {
            self.starredAt = starredAt
            self.account = account
        }
    }

    public var stars: [Star]
    /// How many stargazers the repository has.
    public var totalCount: Int?
    /// The cursor of the next page; nil at the end.
    public var endCursor: String?
    public var rate: GraphQLRate?

    public init(stars: [Star], totalCount: Int?, endCursor: String?, rate: GraphQLRate?) {
        self.stars = stars
        self.totalCount = totalCount
        self.endCursor = endCursor
        self.rate = rate
    }

    /// Reads an answer leniently: an edge without a login is left out, not failing the page.
    init(_ answer: GraphQLAnswer<Payload>, repository: String) throws {
        guard let data = answer.data else {
            throw GitHubError.validation(message: String((answer.problems.first?.message ?? "no data in GraphQL's answer").prefix(300)))
        }
        guard let connection = data.connection else { throw GitHubError.notFound(what: "repository \(repository)") }
        stars = connection.edges.compactMap { edge in
            edge.account.map { Star(starredAt: edge.starredAt.flatMap(GitHubUser.date), account: $0) }
        }
        totalCount = connection.totalCount
        endCursor = connection.endCursor
        rate = answer.rate
    }

    /// The `data` of an answer to ``GraphQLQuery/stargazers(owner:name:after:first:)``, each part
    /// read leniently.
    struct Payload: GraphQLPayload {
        /// The repository's `stargazers`; nil when the repository is null or absent.
        var connection: Connection?
        var rateLimit: GraphQLRate?

        private enum CodingKeys: String, CodingKey {
            case repository, rateLimit
        }

        /// The `repository` object, for its `stargazers`.
        private struct Repository: Decodable {
            var stargazers: Connection?

            private enum CodingKeys: String, CodingKey {
                case stargazers
            }

            init(from decoder: any Decoder) throws {
                stargazers = try decoder.container(keyedBy: CodingKeys.self).lenient(.stargazers)
            }
        }

        init(from decoder: any Decoder) throws {
            let json = try decoder.container(keyedBy: CodingKeys.self)
            connection = (json.lenient(.repository) as Repository?)?.stargazers
            rateLimit = (json.lenient(.rateLimit) as GraphQLRate.Node?)?.rate
        }
    }

    /// A `stargazers` connection: its edges, its count and the next page's cursor (nil unless
    /// `hasNextPage` is true).
    struct Connection: Decodable, Sendable {
        var edges: [Edge]
        var totalCount: Int?
        var endCursor: String?

        private enum CodingKeys: String, CodingKey {
            case edges, totalCount, pageInfo
        }

        /// `pageInfo`'s cursor, when there is a next page.
        private struct PageInfo: Decodable {
            var endCursor: String?

            private enum CodingKeys: String, CodingKey {
                case hasNextPage, endCursor
            }

            init(from decoder: any Decoder) throws {
                let json = try decoder.container(keyedBy: CodingKeys.self)
                endCursor = json.lenient(.hasNextPage) == true ? json.lenient(.endCursor) : nil
            }
        }

        init(from decoder: any Decoder) throws {
            let json = try decoder.container(keyedBy: CodingKeys.self)
            edges = json.lenient(.edges) ?? []
            totalCount = json.lenient(.totalCount)
            endCursor = (json.lenient(.pageInfo) as PageInfo?)?.endCursor
        }
    }

    /// One edge: when the star was given (as sent), and the account, when it reads.
    struct Edge: Decodable, Sendable {
        var starredAt: String?
        var account: AccountFill?

        private enum CodingKeys: String, CodingKey {
            case starredAt, node
        }

        init(from decoder: any Decoder) {
            let json = try? decoder.container(keyedBy: CodingKeys.self)
            starredAt = json?.lenient(.starredAt)
            account = (json?.lenient(.node) as AccountFill.Node?)?.fill
        }
    }
}

extension GitHubClient {
    /// A page of `owner/name`'s stargazers, newest first (`--newest`): a page load like any
    /// other, so in the foreground with the usual retries and waits, counted against the
    /// GraphQL limit, and kept in the store like a REST page (keyed by the query and its
    /// cursor), with the same policies: from the store at once or while fresh, offline from it.
    /// `after` is the last page's ``StargazerPage/endCursor``. Returns the body as GitHub sent it.
    public func newestStargazers(owner: String, name: String, after: String?, first: Int = 100,
                                 policy: CachePolicy = .normal) async throws -> (page: StargazerPage, origin: ResponseOrigin, body: Data) {
        let query = GraphQLQuery.stargazers(owner: owner, name: name, after: after, first: first)
        let repository = "\(owner)/\(name)"
        let key = Self.storeKey(configuration.graphqlURL, repository: repository, after: after, first: first)
        let stored = await store.response(for: key)
        func readPage(_ body: Data) throws -> StargazerPage {
            try StargazerPage(Self.readAnswer(body, as: StargazerPage.Payload.self, rateLimit: nil), repository: repository)
        }
        let now = throttle.clock.now()
        if let stored, policy == .preferCache || (policy == .normal && isFresh(stored, at: now)),
           let page = try? readPage(stored.body) {
            return (page, .cache(fetchedAt: stored.fetchedAt, fresh: isFresh(stored, at: now)), stored.body)
        }
        let answer: GraphQLAnswer<StargazerPage.Payload>
        do {
            answer = try await perform(resource: "graphql") { try await self.postGraphQL(query, as: StargazerPage.Payload.self) }
        } catch let error as GitHubError where error.isUnreachable {
            guard let stored, let page = try? readPage(stored.body) else { throw error }
            return (page, .offline(fetchedAt: stored.fetchedAt), stored.body)
        }
        let page = try StargazerPage(answer, repository: repository)
        await store.save(StoredResponse(url: key, etag: nil, body: answer.body, links: [:], fetchedAt: now, maxAge: maxAgeOverride))
        return (page, .network, answer.body)
    }

    /// Where a GraphQL stargazers page is kept: the GraphQL address with what picks the page.
    static func storeKey(_ graphQL: URL, repository: String, after: String?, first: Int) -> String {
        storeKey(graphQL, [URLQueryItem(name: "stargazers", value: repository), URLQueryItem(name: "first", value: String(first))]
                     + (after.map { [URLQueryItem(name: "after", value: $0)] } ?? []), repository: repository)
    }

    /// What every stored GraphQL stargazers page of `repository` starts with (any size, any cursor).
    static func storePrefix(_ graphQL: URL, repository: String) -> URLPrefix {
        URLPrefix(storeKey(graphQL, [URLQueryItem(name: "stargazers", value: repository)], repository: repository))
    }

    private static func storeKey(_ graphQL: URL, _ items: [URLQueryItem], repository: String) -> String {
        var components = URLComponents(url: graphQL, resolvingAgainstBaseURL: false)
        components?.queryItems = items
        return components?.string ?? graphQL.absoluteString + "?stargazers=" + repository
    }
}
