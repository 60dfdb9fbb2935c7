import GitHubAPI
import TerminalUI

/// A one-off message for the status line, until the next key: what happened, as a fact. The
/// view words it (``AppView/flashText(_:)``).
package enum Flash: Sendable, Equatable {
    /// A key found nothing to open (Enter, `o`, `p`, `1`–`5`) or to copy (`y`).
    case nothingToOpen
    case nothingToCopy
    /// `o` or `y` on a row whose web page is not known yet: GitHub has sent no `html_url` for
    /// it, nor for anything else of this host to learn where pages live.
    case pageNotKnownYet
    /// `p` on a profile's row that is no account.
    case selectAnAccount
    /// `R` with nothing failed.
    case nothingFailed
    /// Esc with nothing to close, clear or go back to.
    case nothingToGoBackTo
    /// `S` on a list that is not a search.
    case noOrderToChoose
    /// `/` on a profile.
    case profileHasNoFilter
    /// A pane key (`1`–`5`) pressed on the list, with the pane closed.
    case paneKey(Key, Action)
    /// `S`: the search's new order.
    case sorted(SearchSort)
    case opening(String)
    case copied(String)
    /// The browser could not be started for a URL.
    case openFailed(String, url: String)
    /// A notice from elsewhere (the cache turned itself off, say), already in words.
    case notice(String)
}
