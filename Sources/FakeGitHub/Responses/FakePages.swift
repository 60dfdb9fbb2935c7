import FlyingFox

/// Builds the paged answers of one request: bodies and `Link` headers in GitHub's formats.
struct FakePages {
    let data: FakeDataSet
    let request: HTTPRequest
    let linkBase: String
    let overlap: Int
    /// The items of a long list (stargazers) served; a page past them is GitHub's 422.
    var paginationLimit = FakeGitHubOptions.githubPaginationLimit
    /// What writes changed: lists and counts are served as changed.
    var edits = FakeEdits()

    private func int(_ name: String) -> Int? { request.query[name].flatMap { Int($0) } }

    /// `per_page`: default 30, clamped to 1...100 as GitHub does.
    var perPage: Int { min(100, max(1, int("per_page") ?? 30)) }
    var page: Int { max(1, int("page") ?? 1) }

    // MARK: - GET /users?since=

    func allUsers() -> FakeReply {
        let since = request.query["since"].flatMap { Int64($0) } ?? 0
        var users = Array(data.users(since: since, limit: perPage))
        if overlap > 0, since > 0, !users.isEmpty {
            users = Array(data.users(upTo: since, count: overlap)) + users
        }
        var links: [String] = []
        if let last = users.last {
            links.append("<\(linkBase)/users?since=\(last.id)&per_page=\(perPage)>; rel=\"next\"")
        }
        links.append("<\(linkBase)/users{?since}>; rel=\"first\"")
        return FakeReply(status: 200, body: FakeJSON.users(users, base: linkBase),
                         headers: [("Link", links.joined(separator: ", "))], cacheable: true)
    }

    // MARK: - Page-numbered lists

    func list(key: String, path: String) -> FakeReply {
        list(key: key, size: data.listSize(key), path: path)
    }

    /// A list of `size` accounts derived from `key`, as writes changed it.
    func list(key: String, size: Int, path: String) -> FakeReply {
        numbered(total: edits.size(key, baseSize: size, data: data), path: path) { start, count in
            FakeJSON.users(edits.page(key, baseSize: size, offset: start, limit: count, data: data).map(\.user), base: linkBase)
        }
    }

    /// A page-numbered list of `total` items: `body` writes the JSON array of items
    /// `start ..< start + count` (it may be asked past the end), and the `Link` header goes with it.
    func numbered(total: Int, path: String, body: (_ start: Int, _ count: Int) -> String) -> FakeReply {
        let (start, count) = window(page: page)
        let pages = max(1, (total + perPage - 1) / perPage)
        let clipped = start < total ? min(count, total - start) : 0
        var reply = FakeReply(status: 200, body: body(min(start, total), clipped), cacheable: true)
        if let link = pageLinks(path: path, pages: pages) { reply.headers.append(("Link", link)) }
        return reply
    }

    /// Page p holds items (p-1)·n ..< p·n, plus the `overlap` items before them after page 1.
    private func window(page: Int) -> (start: Int, count: Int) {
        let start = (page - 1) * perPage
        let extra = page > 1 ? min(overlap, start) : 0
        return (start - extra, perPage + extra)
    }

    /// GitHub's `Link` for page-numbered lists; nil when one page holds everything. The links keep
    /// the request's other parameters, with the values in `replacing` instead of the ones sent.
    private func pageLinks(path: String, pages: Int, replacing: [String: String] = [:]) -> String? {
        guard pages > 1 else { return nil }
        let kept = request.query.filter { $0.name != "page" && $0.name != "per_page" }
            .map { "\($0.name)=\(percentEncode(replacing[$0.name] ?? $0.value))&" }.joined()
        func url(_ page: Int) -> String { "<\(linkBase)\(path)?\(kept)per_page=\(perPage)&page=\(page)>" }
        var links: [String] = []
        if page > 1 { links.append("\(url(min(page - 1, pages))); rel=\"prev\"") }
        if page < pages {
            links.append("\(url(page + 1)); rel=\"next\"")
            links.append("\(url(pages)); rel=\"last\"")
        }
        if page > 1 { links.append("\(url(1)); rel=\"first\"") }
        return links.joined(separator: ", ")
    }

    // MARK: - GET /search/users

    static let searchCap = 1_000

    /// GitHub's user search (see ``FakeSearch``): a 422 for a missing `q`, a malformed qualifier or a
    /// page past the first 1,000 results; `total_count` counts every match. `incomplete`: the
    /// page says `incomplete_results: true`, as GitHub's does when its search timed out.
    func searchUsers(incomplete: Bool = false) -> FakeReply {
        let query = searchQuery.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else {
            return FakeReply(status: 422, body: #"{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"missing"}],"documentation_url":"https://docs.github.com/v3/search","status":"422"}"#)
        }
        let search: FakeSearch
        do throws(FakeSearch.Invalid) {
            search = try FakeSearch(query: query, sort: request.query["sort"], order: request.query["order"])
        } catch {
            return FakeReply(status: 422, body: Self.invalidSearch(error.message))
        }
        let start = (page - 1) * perPage
        guard start < Self.searchCap else {
            return .error(422, "Only the first 1000 search results are available")
        }
        let matches = search.results(in: data)
        let end = min(matches.count, start + perPage, Self.searchCap)
        let items = start < end ? Array(matches[start..<end]) : []
        let body = #"{"total_count":\#(matches.count),"incomplete_results":\#(incomplete),"items":"# +
            FakeJSON.users(items, base: linkBase) + "}"
        var reply = FakeReply(status: 200, body: body, cacheable: true)
        let pages = max(1, (min(matches.count, Self.searchCap) + perPage - 1) / perPage)
        if let link = pageLinks(path: "/search/users", pages: pages, replacing: ["q": query]) {
            reply.headers.append(("Link", link))
        }
        return reply
    }

    /// GitHub's 422 for a query it cannot read, with a short `message` for people to read.
    private static func invalidSearch(_ message: String) -> String {
        #"{"message":"\#(FakeJSON.escape(message))","errors":[{"message":"The listed users cannot be searched "# +
            #"either because the users do not exist or you do not have permission to view the users.","# +
            #""resource":"Search","field":"q","code":"invalid"}],"# +
            #""documentation_url":"https://docs.github.com/v3/search","status":"422"}"#
    }

    /// `q` as GitHub reads it, form-encoded: a `+` is a space and `%2B` a plus.
    private var searchQuery: String {
        for pair in request.target.query().split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first == "q" else { continue }
            let spaced = parts.dropFirst().joined().replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        return request.query["q"] ?? ""
    }

    /// Everything but ASCII letters, digits and `-._~:` percent-encoded, so that `Link` stays ASCII.
    private func percentEncode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: Self.queryAllowed) ?? value
    }

    private static let queryAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:")
}

import Foundation
