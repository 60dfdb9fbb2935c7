import GitHubAPI
import ListCore

/// A page of rows with the web page GitHub sent for each (`html_url`, in the rows' order; nil
/// where it sent none), as the runtime loads it.
package struct RowPage: Sendable, Equatable {
    package var page: Page<Row, GitHubCursor>
    package var webPages: [String?]

    package init(_ page: Page<Row, GitHubCursor>, webPages: [String?] = []) {
        self.page = page
        self.webPages = webPages
    }
}
