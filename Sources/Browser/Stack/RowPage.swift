import GitHubAPI
import ListCore

/// A page of rows with the web page GitHub sent for each (`html_url`, in the rows' order; nil
/// where it sent none), as the runtime loads it.
package struct RowPage: Sendable, Equatable {
    package var page: Page<Row, GitHubCursor>
    package var webPages: [String?]
    /// What the page said of each row's account, when it said (a GraphQL page), in the rows' order.
    package var fills: [AccountFill]

    package init(_ page: Page<Row, GitHubCursor>, webPages: [String?] = [], fills: [AccountFill] = []) {
        self.page = page
        self.webPages = webPages
        self.fills = fills
    }
}
