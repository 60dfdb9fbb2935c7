import GitHubAPI
import ListCore

/// What a list's pager shows, worked out once each time it changes: the view and the ticks read
/// it several times a frame.
struct PagerShown: Equatable {
    var footer: Footer?
    var placeholder: Placeholder?
    /// A refresh, or a first page shown from a copy being checked.
    var isRefreshing = false
    /// Waiting for a page: a refresh, a first page (or its check), the next page, a jump.
    var isLoading = false
    /// The items the pager knows of, dropped pages counted.
    var knownCount = 0

    init() {}

    /// `inout`: the pager is read where it is (a getter called on a class's stored pager copied
    /// the whole of it first).
    init(_ pager: inout Pager<Row, GitHubCursor>) {
        (footer, placeholder, isRefreshing, knownCount) = (pager.footer, pager.placeholder, pager.isRefreshing, pager.knownCount)
        isLoading = isRefreshing || pager.appendState == .loading || pager.jumpState == .loading || placeholder == .loading
    }
}
