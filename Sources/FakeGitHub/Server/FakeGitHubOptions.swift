/// Knobs for the demo and the tests: latency, faults and limits. Change them while the server runs.
package struct FakeGitHubOptions: Sendable {
    /// Delay before each response, picked uniformly in this range (milliseconds).
    package var latencyMilliseconds: ClosedRange<Int> = 0...0
    /// Share of requests answered with a 5xx (0...1).
    package var failureRate: Double = 0
    /// Share of successful bodies cut short (the JSON ends early).
    package var truncationRate: Double = 0
    /// Requests allowed per window before a primary rate limit (403, remaining 0); nil: never.
    package var primaryLimit: Int?
    /// The limit reported in `x-ratelimit-limit` when no primary limit is set.
    package var reportedLimit = 5_000
    /// How long a rate-limit window lasts (seconds).
    package var rateLimitWindowSeconds = 3_600
    /// Searches allowed per `searchWindowSeconds` before the search API's own rate limit (403,
    /// remaining 0; GitHub allows 30 a minute with a token, 10 without); nil: never. The other
    /// requests count apart, as on GitHub.
    package var searchLimit: Int?
    package var searchWindowSeconds = 60
    /// Every this-many requests get a secondary rate limit (429 with `retry-after`); nil: never.
    package var secondaryLimitEvery: Int?
    /// The `retry-after` of a secondary limit; nil sends none.
    package var secondaryRetryAfterSeconds: Int? = 1
    /// Each page after the first repeats this many items from the end of the page before it.
    package var pageOverlap = 0
    /// Tokens accepted; nil accepts any token (a request without a token is always accepted).
    package var acceptedTokens: Set<String>?
    /// Links point here instead of at the server itself (to test links to other hosts).
    package var linkBaseURL: String?
    /// Statuses to answer the next requests with, one each, before anything else.
    package var scriptedStatuses: [Int] = []
    /// Raw answers to the next requests, one each, before anything else (and before
    /// `scriptedStatuses`): any status, headers and bytes, for hostile-input tests.
    package var scriptedReplies: [FakeRawReply] = []
    /// Repository descriptions carry hostile text (escape sequences, bidi controls, wide and
    /// combining characters, very long lines): one repository in three, the same ones each time.
    package var hostileText = false
    /// Searches answer `incomplete_results: true`, as GitHub's do when its search timed out and
    /// the results may be partial.
    package var incompleteSearches = false
    /// The login the fake plays as the owner of a token not in `tokens`: `GET /user` and its
    /// lists and writes are its; in GraphQL `isViewer` is true on it, `isFollowingViewer` on the
    /// accounts in its followers list, `viewerIsFollowing` on those in its following list. nil:
    /// no account is the viewer (`/user` answers 401).
    package var viewer: String?
    /// The scopes of a token not in `tokens`, as a classic token has them (sent back in
    /// `X-OAuth-Scopes`); nil grants every scope (``everyScope``). Without
    /// `read:org` GraphQL refuses `membersWithRole` with `INSUFFICIENT_SCOPES`.
    package var tokenScopes: [String]?
    /// Tokens the fake knows by value: whose each is, and its kind (``FakeToken``). Any other
    /// token belongs to `viewer` and is a classic one with `tokenScopes` (every scope when nil).
    package var tokens: [String: FakeToken] = [:]
    /// Every this-many writes (follow, star and their undoing) get a secondary limit for content
    /// creation (`writeLimitStatus`, with `retry-after` as `secondaryRetryAfterSeconds`); nil: never.
    package var writeLimitEvery: Int?
    /// 403 or 429: GitHub sends either.
    package var writeLimitStatus = 403
    /// An `INSUFFICIENT_SCOPES` answer has `"data": null` for the whole query, as GitHub has been
    /// seen to send, instead of nulling only the organizations it is about.
    package var insufficientScopesNullData = false
    /// GraphQL points allowed per window before its limit error; nil: never (5,000 reported).
    package var graphqlPointLimit: Int?
    /// The `type` of the GraphQL limit's error.
    package var graphqlLimitType = FakeGraphQLLimitType.rateLimited
    /// How many stargazers of a repository are served, as GitHub serves the first 40,000 only:
    /// a page that starts past them answers GitHub's 422 ("pagination is limited for this
    /// resource"). Tests lower it to reach it in a few pages.
    package var paginationLimit = githubPaginationLimit
    /// GitHub's: 400 pages of 100.
    package static let githubPaginationLimit = 40_000
    /// Seed of the fault dice.
    package var faultSeed: UInt64 = 42

    package init() {}

    /// The scopes a token of `tokenScopes: nil` says it has.
    package static let everyScope = ["repo", "read:org", "gist", "user", "workflow"]

    /// Who `token` belongs to and what it may do.
    func token(_ value: String) -> FakeToken {
        tokens[value] ?? FakeToken(viewer: viewer, kind: .classic(scopes: tokenScopes ?? Self.everyScope))
    }

    /// A visible latency for the demo.
    package static var demo: FakeGitHubOptions {
        var options = FakeGitHubOptions()
        options.latencyMilliseconds = 250...700
        return options
    }
}

/// A reply sent exactly as given: no rate-limit headers, no ETag, no checks.
package struct FakeRawReply: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: Int = 200, headers: [(name: String, value: String)] = [], json: String) {
        self.init(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
                  body: Array(json.utf8))
    }
}

/// One request as the fake server saw it.
package struct FakeRequestRecord: Sendable, Equatable {
    package let sequence: Int
    package let method: String
    package let path: String
    /// The query as sent (`since=10&per_page=30`), or empty.
    package let query: String
    package let hadAuthorization: Bool
    package let authorization: String?
    package let ifNoneMatch: String?
    package let userAgent: String?
    /// Every request header, names lowercased.
    package let headers: [String: String]
    package let status: Int
    /// The body was cut short on purpose (`truncationRate`).
    package let truncated: Bool
    /// Monotonic seconds since the server started, when the request arrived and when it was answered.
    package let started: Double
    package let finished: Double

    /// `path?query`.
    package var target: String { query.isEmpty ? path : "\(path)?\(query)" }

    /// The value of one query parameter.
    package func queryValue(_ name: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.first.map(String.init) == name {
                return parts.count > 1 ? String(parts[1]).removingPercentEncoding : ""
            }
        }
        return nil
    }
}
