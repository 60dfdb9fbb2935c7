import Foundation
import ListCore

/// A page with where it came from, the body GitHub sent (for `--json`, which prints the
/// objects as they were sent) and the web page of each item as GitHub sent it.
public struct LoadedPage<Item: Sendable>: Sendable {
    public var page: Page<Item, GitHubCursor>
    public var origin: ResponseOrigin
    public var body: Data
    /// Each item's `html_url`, in the order of the items: nil where GitHub sent none (an
    /// organization in `/users/{u}/orgs`). Empty when none was read.
    public var webPages: [String?]
    /// What a row shows of each item's account beyond the login, when the page brought it (a
    /// GraphQL page, `--newest`), in the order of the items. Empty when it did not.
    public var fills: [AccountFill]

    public init(page: Page<Item, GitHubCursor>, origin: ResponseOrigin, body: Data, webPages: [String?] = [],
                fills: [AccountFill] = []) {
        self.page = page
        self.origin = origin
        self.body = body
        self.webPages = webPages
        self.fills = fills
    }
}
