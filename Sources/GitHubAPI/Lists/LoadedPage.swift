import Foundation
import ListCore

/// A page with where it came from and the body GitHub sent (for `--json`, which prints the
/// objects as they were sent).
public struct LoadedPage<Item: Sendable>: Sendable {
    public var page: Page<Item, GitHubCursor>
    public var origin: ResponseOrigin
    public var body: Data

    public init(page: Page<Item, GitHubCursor>, origin: ResponseOrigin, body: Data) {
        self.page = page
        self.origin = origin
        self.body = body
    }
}
