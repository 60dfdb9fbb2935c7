import FlyingFox
import Foundation

/// A response before headers common to every answer are added.
struct FakeReply {
    var status: Int
    var body: String
    var headers: [(String, String)] = []
    /// Whether a successful GET body gets an ETag and honours If-None-Match.
    var cacheable = false
    /// What the request counts against its rate limit (GraphQL: the query's points).
    var cost = 1
    /// The classic scopes the endpoint accepts (`X-Accepted-OAuth-Scopes`).
    var acceptedScopes: [String] = []

    static func error(_ status: Int, _ message: String) -> FakeReply {
        FakeReply(status: status, body: FakeJSON.error(message, status: status))
    }

    static let notFound = FakeReply.error(404, "Not Found")
}

/// Answers every request: checks, faults, routing, ETags and rate-limit headers.
struct FakeHandler: HTTPHandler {
    let data: FakeDataSet
    let state: FakeState
    let prefix: String
    let base: BaseBox

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.path.hasPrefix("/avatars/") { return await avatar(request) }
        let started = await state.now()
        let dice = await state.nextRequest()
        let token = bearerToken(request.headers[.authorization])
        let options = await state.options
        let path = strippedPath(request.path)
        // GraphQL is at /graphql, and beside an Enterprise /api/v3 at /api/graphql.
        let isGraphQL = path == "/graphql" || (prefix.hasSuffix("/api/v3") && request.path == prefix.dropLast(3) + "/graphql")
        let resource = isGraphQL ? "graphql" : path.hasPrefix("/search/") ? "search" : "core"
        let limitKey = (token ?? "anonymous") + "|" + resource
        var limit = await state.rateLimit(limitKey, resource: resource)

        if dice.latency > 0 { try? await Task.sleep(for: .milliseconds(dice.latency)) }

        if let raw = await state.takeScriptedReply() {
            var headers = HTTPHeaders()
            for (name, value) in raw.headers { headers.addValue(value, for: HTTPHeader(name)) }
            await record(request, sequence: dice.sequence, status: raw.status, started: started)
            return HTTPResponse(statusCode: HTTPStatusCode(raw.status, phrase: phrase(raw.status)),
                                headers: headers, body: Data(raw.body))
        }

        let account = token.map { options.token($0) }
        let edits = await state.edits
        var reply: FakeReply
        var counts = true
        var truncated = false
        if let scripted = await state.takeScriptedStatus() {
            reply = scriptedReply(scripted)
        } else if (request.headers[HTTPHeader("User-Agent")] ?? "").isEmpty {
            reply = .error(403, "Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required).")
            counts = false
        } else if let token, let accepted = options.acceptedTokens, !accepted.contains(token) {
            reply = .error(401, "Bad credentials")
            counts = false
        } else if limit.exhausted, path != "/rate_limit" {
            reply = .error(403, "API rate limit exceeded for \(token == nil ? "127.0.0.1" : "user"). (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)")
            counts = false
        } else if await state.shouldSendSecondaryLimit(dice.sequence) {
            reply = .error(429, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.")
            if let after = options.secondaryRetryAfterSeconds { reply.headers.append(("retry-after", String(after))) }
        } else if dice.fail {
            reply = .error(dice.failStatus, dice.failStatus == 503 ? "Service Unavailable" : "Server Error")
        } else if isGraphQL, request.method == .POST {
            let (body, base) = (try await request.bodyData, base.get())
            // On the GraphQL executor's own thread (see FakeGraphQLExecutor).
            reply = await withTaskExecutorPreference(FakeGraphQLExecutor.shared) { [data] in
                await FakeGraphQLEndpoint(data: data).answer(body: body, token: account, options: options, limit: limit,
                                                             base: base, edits: edits)
            }
        } else if let answer = await FakeViewerEndpoints(data: data, state: state, pages: pages(request, options, edits),
                                                         options: options, token: account)
            .answer(request, parts: path.split(separator: "/").map(String.init), path: path) {
            reply = answer
        } else {
            reply = route(request, path: path, options: options, edits: edits)
            if dice.truncate, reply.status == 200, reply.body.utf8.count > 2 {
                truncated = true
                let bytes = Array(reply.body.utf8)
                let cut = max(1, Int(FakeRandom.hash(bytes: bytes) % UInt64(bytes.count - 1)))
                reply.body = String(decoding: bytes[..<cut], as: UTF8.self)
                reply.cacheable = false
            }
        }

        var headers = HTTPHeaders()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[HTTPHeader("X-GitHub-Api-Version-Selected")] = "2022-11-28"
        var body = Data(reply.body.utf8)
        if reply.cacheable, reply.status == 200, request.method == .GET {
            let etag = #"W/"\#(String(FakeRandom.hash(bytes: body), radix: 16))""#
            headers[.eTag] = etag
            headers[.cacheControl] = "private, max-age=60, s-maxage=60"
            if let sent = request.headers[.ifNoneMatch], sent.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == etag
            }) {
                reply.status = 304
                body = Data()
                counts = false
            }
        }
        if counts, path != "/rate_limit" {
            await state.count(limitKey, by: reply.cost)
            limit.used += reply.cost
        }
        if reply.status == 403 && limit.exhausted { limit.used = limit.limit }
        headers[HTTPHeader("x-ratelimit-limit")] = String(limit.limit)
        headers[HTTPHeader("x-ratelimit-remaining")] = String(limit.exhausted && reply.status == 403 ? 0 : limit.remaining)
        headers[HTTPHeader("x-ratelimit-used")] = String(limit.used)
        headers[HTTPHeader("x-ratelimit-reset")] = String(Int(limit.reset.timeIntervalSince1970))
        headers[HTTPHeader("x-ratelimit-resource")] = resource
        if let scopes = account?.scopes, reply.status != 401 {
            // A classic token's scopes, and the endpoint's, on every answer it gets.
            headers[HTTPHeader("X-OAuth-Scopes")] = scopes.joined(separator: ", ")
            headers[HTTPHeader("X-Accepted-OAuth-Scopes")] = reply.acceptedScopes.joined(separator: ", ")
        }
        for (name, value) in reply.headers { headers.addValue(value, for: HTTPHeader(name)) }

        await record(request, sequence: dice.sequence, status: reply.status, started: started, truncated: truncated)
        return HTTPResponse(statusCode: HTTPStatusCode(reply.status, phrase: phrase(reply.status)),
                            headers: headers, body: body)
    }

    private func record(_ request: HTTPRequest, sequence: Int, status: Int, started: Double, truncated: Bool = false) async {
        let auth = request.headers[.authorization]
        await state.record(FakeRequestRecord(
            sequence: sequence, method: request.method.rawValue, path: request.path,
            query: rawQuery(request), hadAuthorization: auth != nil, authorization: auth,
            ifNoneMatch: request.headers[.ifNoneMatch], userAgent: request.headers[HTTPHeader("User-Agent")],
            headers: Dictionary(request.headers.map { ($0.key.rawValue.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a }),
            status: status, truncated: truncated, started: started, finished: await state.now()))
    }

    // MARK: - Avatars

    /// `/avatars/u/{id}?v=4&s=N`: the account's identicon, N pixels square (460 by default, as
    /// GitHub). Like avatars.githubusercontent.com it knows no rate limit and no faults.
    private func avatar(_ request: HTTPRequest) async -> HTTPResponse {
        let started = await state.now()
        let parts = request.path.split(separator: "/")
        let size = request.query["s"].flatMap { Int($0) } ?? 460
        let latency = await state.options.latencyMilliseconds.lowerBound
        if latency > 0 { try? await Task.sleep(for: .milliseconds(latency)) }
        guard parts.count == 3, parts[1] == "u", let id = Int64(parts[2]), id > 0 else {
            await record(request, sequence: 0, status: 404, started: started)
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/html"], body: Data("<html>Not Found</html>".utf8))
        }
        let (body, type) = FakeAvatar.image(id: id, size: size)
        var headers = HTTPHeaders()
        headers[.contentType] = type
        headers[.cacheControl] = "max-age=300"
        let etag = "\"\(String(FakeRandom.hash(bytes: body), radix: 16))\""
        headers[.eTag] = etag
        if request.headers[.ifNoneMatch] == etag {
            await record(request, sequence: 0, status: 304, started: started)
            return HTTPResponse(statusCode: HTTPStatusCode(304, phrase: "Not Modified"), headers: headers, body: Data())
        }
        await record(request, sequence: 0, status: 200, started: started)
        return HTTPResponse(statusCode: .ok, headers: headers, body: body)
    }

    // MARK: - Routing

    private func pages(_ request: HTTPRequest, _ options: FakeGitHubOptions, _ edits: FakeEdits) -> FakePages {
        FakePages(data: data, request: request, linkBase: options.linkBaseURL ?? base.get(), overlap: options.pageOverlap,
                  paginationLimit: options.paginationLimit, edits: edits)
    }

    private func route(_ request: HTTPRequest, path: String, options: FakeGitHubOptions, edits: FakeEdits) -> FakeReply {
        guard request.method == .GET || request.method == .HEAD else { return .error(404, "Not Found") }
        let parts = path.split(separator: "/").map(String.init)
        let pages = pages(request, options, edits)
        let links = pages.linkBase
        switch parts.count {
        case 1 where parts[0] == "users": return pages.allUsers()
        case 1 where parts[0] == "rate_limit": return FakeReply(status: 200, body: #"{"resources":{},"rate":{}}"#)
        case 2 where parts[0] == "users":
            guard let user = data.user(login: parts[1]) else { return .notFound }
            return FakeReply(status: 200, body: FakeJSON.fullUser(user, data: data, base: links, edits: edits), cacheable: true)
        case 2 where parts == ["search", "users"]: return pages.searchUsers(incomplete: options.incompleteSearches)
        case 3 where parts[0] == "users" && (parts[2] == "followers" || parts[2] == "following"):
            guard let user = data.user(login: parts[1]) else { return .notFound }
            return pages.list(key: "\(parts[2]):\(user.login.lowercased())", path: path)
        case 3 where parts[0] == "orgs" && parts[2] == "members":
            guard let org = data.user(login: parts[1]), org.isOrganization else { return .notFound }
            return pages.list(key: "members:\(org.login.lowercased())", path: path)
        default: return pages.repositoryRoute(parts, path: path, hostile: options.hostileText) ?? .notFound
        }
    }

    private func scriptedReply(_ status: Int) -> FakeReply {
        switch status {
        case 401: .error(401, "Bad credentials")
        case 403: .error(403, "Resource not accessible")
        case 404: .notFound
        case 422: .error(422, "Validation Failed")
        case 429: .error(429, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.")
        default: .error(status, status >= 500 ? "Server Error" : "Error \(status)")
        }
    }

    private func strippedPath(_ path: String) -> String {
        var result = path
        if !prefix.isEmpty, result.hasPrefix(prefix) { result.removeFirst(prefix.count) }
        if result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result.isEmpty ? "/" : result
    }

    private func rawQuery(_ request: HTTPRequest) -> String {
        request.target.query()
    }

    private func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        for scheme in ["Bearer ", "token ", "bearer "] where header.hasPrefix(scheme) {
            return String(header.dropFirst(scheme.count))
        }
        return header
    }

    private func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 411: "Length Required"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
