import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension GitHubClient {
    /// Fills rows: what a row shows of each of `logins`, in one POST to GraphQL per 100.
    ///
    /// Accounts whose fill the store holds, fetched less than ``fillLifetime`` ago (or the
    /// `--max-age` given), are not asked again; what GitHub sends is stored. With GitHub out of
    /// reach, the stored fills are answered however old (`offlineSince`), and the accounts with
    /// none are `unreached`; with none stored at all, the error is thrown.
    ///
    /// Goes in a background turn (after every page request waiting, never waiting out a limit
    /// or retrying: the caller asks again later). Throws ``GitHubError`` for a missing or bad
    /// token (401), a used-up GraphQL limit (`RATE_LIMITED` or `RATE_LIMIT` in the body, or
    /// a 403 with no points left: `.rateLimited` with the reset), a secondary limit, a 5xx and
    /// an unreadable answer. A partial answer is not an error: the accounts GitHub answered null
    /// are in `missing`. With `members`, organizations' member counts are asked too; when the
    /// token lacks `read:org` for them, the same accounts are asked again without, and
    /// `refusedScopes` says so.
    public func fillAccounts(_ logins: [String], members: Bool = false) async throws -> FillAnswer {
        var seen = Set<String>()
        let unique = logins.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
        let stored = await store.fills(for: unique)
        let now = throttle.clock.now()
        let lifetime = maxAgeOverride ?? Self.fillLifetime
        var answer = FillAnswer()
        var toAsk: [String] = []
        for login in unique {
            // An organization stored without its member count is asked again when they are wanted.
            if let kept = stored[login.lowercased()], case let age = now.timeIntervalSince(kept.fetchedAt),
               age >= 0, age < lifetime, !(members && kept.fill.isOrganization && kept.fill.members == nil) {
                answer.fills[login.lowercased()] = kept.fill
            } else {
                toAsk.append(login)
            }
        }
        for start in stride(from: 0, to: toAsk.count, by: GraphQLQuery.maxAccounts) {
            let chunk = Array(toAsk[start..<min(toAsk.count, start + GraphQLQuery.maxAccounts)])
            let part: FillAnswer
            do {
                part = try await fillPage(chunk, members: members)
            } catch let error as GitHubError where error.isUnreachable {
                // Offline: what is stored, however old, and the rest asked again later.
                let rest = toAsk[start...]
                let old = rest.compactMap { stored[$0.lowercased()] }
                guard !old.isEmpty || !answer.fills.isEmpty else { throw error }
                for kept in old { answer.fills[kept.fill.login.lowercased()] = kept.fill }
                answer.unreached = rest.filter { stored[$0.lowercased()] == nil }
                answer.offlineSince = old.map(\.fetchedAt).min()
                return answer
            }
            await store.saveFills(part.fills, at: now)
            answer.fills.merge(part.fills) { $1 }
            answer.missing += part.missing
            answer.refusedScopes = Array(Set(answer.refusedScopes + part.refusedScopes)).sorted()
            answer.rate = part.rate ?? answer.rate
        }
        return answer
    }

    /// How long a stored fill is used without asking GitHub again: an hour.
    public static let fillLifetime: TimeInterval = 3_600

    private func fillPage(_ logins: [String], members: Bool) async throws -> FillAnswer {
        let first = try await graphQL(.accounts(logins, members: members), as: Accounts.self)
        guard members, first.has("INSUFFICIENT_SCOPES") else { return try Self.fills(first, logins: logins) }
        // One organization's refused count must not blank the page: ask again without it.
        var again = try Self.fills(try await graphQL(.accounts(logins, members: false), as: Accounts.self), logins: logins)
        again.refusedScopes = ["read:org"]
        return again
    }

    /// What an answer to ``GraphQLQuery/accounts(_:members:)`` is read as.
    typealias Accounts = GraphQLAliases<AccountFill.Node>

    /// The accounts of an answer to ``GraphQLQuery/accounts(_:members:)``, read one by one.
    static func fills(_ answer: GraphQLAnswer<Accounts>, logins: [String]) throws -> FillAnswer {
        guard let data = answer.data else {
            if let problem = answer.problems.first {
                throw GitHubError.validation(message: String(problem.message.prefix(300)))
            }
            throw GitHubError.malformedBody(detail: "the GraphQL answer had no data")
        }
        var result = FillAnswer(rate: answer.rate)
        for (index, login) in logins.enumerated() {
            guard let node = data.nodes[index] else {
                result.missing.append(login)
                continue
            }
            // An account that does not read (no login) is left unfilled, not failing the page.
            if let fill = node.fill { result.fills[login.lowercased()] = fill }
        }
        return result
    }

    /// POSTs `query` to GraphQL in a background turn and reads the answer's frame; a limit
    /// said in the body is thrown as `.rateLimited`.
    func graphQL<Payload>(_ query: GraphQLQuery, as payload: Payload.Type) async throws -> GraphQLAnswer<Payload> {
        try await throttle.performInBackground(resource: "graphql") { try await self.postGraphQL(query, as: Payload.self) }
    }

    /// POSTs `query` to GraphQL and reads the answer's frame, its `data` as `payload`.
    func postGraphQL<Payload>(_ query: GraphQLQuery, as payload: Payload.Type) async throws -> GraphQLAnswer<Payload> {
        let url = configuration.graphqlURL
        guard let token = configuration.token, configuration.isSameOrigin(url) else {
            throw GitHubError.badCredentials(message: "GraphQL needs a token")
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        do {
            request.httpBody = try JSONEncoder().encode(query)
        } catch {
            throw GitHubError.invalidURL("a GraphQL query that could not be written as JSON")
        }
        let (body, http) = try await send(request, limit: configuration.maxBodyBytes)
        let header = { (name: String) in http.value(forHTTPHeaderField: name) }
        let rateLimit = RateLimit(header: header)
        observe(url: url, status: http.statusCode, rateLimit: rateLimit, fromCache: false, header: header)
        guard (200..<300).contains(http.statusCode) else {
            throw Self.error(status: http.statusCode, body: body, header: header, subject: "GraphQL", authenticated: true)
        }
        var answer = try Self.readAnswer(body, as: payload, rateLimit: rateLimit)
        answer.body = body
        return answer
    }

}

extension GitHubClient {
    /// What a body GitHub sent for ``GraphQLQuery/accounts(_:members:)`` of `logins` tells, read
    /// as a fill reads it (for the bench's decoding figures).
    public static func readFills(_ body: Data, logins: [String]) throws -> FillAnswer {
        try fills(try readAnswer(body, as: Accounts.self, rateLimit: nil), logins: logins)
    }

    /// The users of a body GitHub sent for a page of `/users`, read as the list reads them (for
    /// the bench's decoding figures).
    public static func readUsers(_ body: Data) throws -> [GitHubUser] {
        try decode([SentItem<GitHubUser>].self, from: body).split().items
    }
}
