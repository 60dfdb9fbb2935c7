import Foundation

// Shared paging helpers: page sizes, page URLs and the `Link` targets that may be followed.

func clampPageSize(_ size: Int) -> Int { min(100, max(1, size)) }

func pageURL(_ cursor: GitHubCursor, client: GitHubClient, path: String, query: [(String, String)], pageSize: Int) throws -> URL {
    switch cursor {
    case .link(let url): return url
    case .first, .since, .page, .after:
        var number = 1
        if case .page(let start) = cursor { number = min(max(1, start), maxPageNumber) }
        return try client.configuration.url(path, query: query + [("per_page", String(clampPageSize(pageSize))),
                                                                   ("page", String(number))])
    }
}

/// The `rel="next"` URL as a cursor; nil when there is none, an error when it must not be followed.
func nextCursor(_ response: GitHubResponse, after url: URL, client: GitHubClient) throws -> GitHubCursor? {
    guard let next = try followableLink(response.links["next"], from: url, client: client) else { return nil }
    let current = pageNumber(url)
    let target = pageNumber(next)
    guard target > current else {
        throw GitHubError.unusableLink(reason: "it goes back from page \(current) to page \(target)")
    }
    return .link(next)
}

/// The largest page number followed: far beyond any real list (GitHub caps lists well below).
let maxPageNumber = 10_000_000

/// A `Link` target resolved against `url`, if it may be followed: http(s), the API's own origin,
/// and a sane page number. Nil when there is no link.
func followableLink(_ text: String?, from url: URL, client: GitHubClient) throws -> URL? {
    guard let text else { return nil }
    guard let next = URL(string: text, relativeTo: url)?.absoluteURL else {
        throw GitHubError.unusableLink(reason: "it is not a URL")
    }
    guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
        throw GitHubError.unusableLink(reason: "it is not an http(s) URL")
    }
    // The page being read is always on the API's origin (built from the base URL, or a link that
    // passed this check), so the base URL's origin is the one to compare with.
    guard client.configuration.isSameOrigin(next) else {
        throw GitHubError.unusableLink(reason: "it points to another host (\(next.host ?? "none"))")
    }
    let rawPage = URLComponents(url: next, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value
    if let rawPage {
        guard let page = Int(rawPage), (1...maxPageNumber).contains(page) else {
            throw GitHubError.unusableLink(reason: "page \"\(rawPage.prefix(20))\" is out of range")
        }
    }
    return next
}

func pageNumber(_ url: URL) -> Int {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
        .first { $0.name == "page" }?.value.flatMap { Int($0) }.map { max(1, $0) } ?? 1
}

/// The page number `rel="last"` names; nil when there is none or it is past belief (a count
/// of pages GitHub could not serve is no count).
func lastPage(_ response: GitHubResponse) -> Int? {
    response.links["last"].flatMap { URL(string: $0) }.map(pageNumber).flatMap { $0 <= maxPageNumber ? $0 : nil }
}
