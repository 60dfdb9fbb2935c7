import GitHubAPI
import TerminalUI

/// A one-off message for the status line, until the next key: what happened, as a fact. The
/// view words it.
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
    /// `G` (or a count's row) went by GitHub's count of the list's pages and found the page it
    /// named empty: GitHub does not serve the list that far (40,000 stargazers), or it shrank.
    case endNotServed
    /// `r` while GitHub is asked for the list's rows again already: a refresh, or the first
    /// page shown from a stale copy being checked.
    case alreadyRefreshing
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
    /// A notice no key caused (the cache turned itself off, the history not kept).
    case notice(Notice)
    /// `F` on a repository.
    case followIsForAccounts
    /// `*` on anything but a repository.
    case starIsForRepositories
    /// `F` on an organization.
    case organizationsNotFollowed
    /// `F` on the token owner's own row.
    case thatIsYou
    /// `F` or `*` that the token may not do (no token, a scope it lacks, an Actions token).
    case cannotAct(WriteTarget, TokenAbilities.Ability)
    /// `F` or `*` while a write (or the question of what is set) is under way.
    case writeUnderWay
    /// `F` or `*` while GitHub's secondary limit holds writes back.
    case writesHeld
    /// GitHub could not say whether the target is followed or starred.
    case stateNotKnown(WriteTarget, WriteFailure)
    /// A write GitHub accepted.
    case wrote(Acting.Change)
    /// A write GitHub refused, or a limit held back: put back.
    case writeFailed(Acting.Change, WriteFailure)
    /// A write whose end was unknown did not land (GitHub says so): put back.
    case writeLost(Acting.Change)
    /// Whether a write landed could not be had: put back, asked again at the next key.
    case writeUnknown(Acting.Change, WriteFailure)
}

extension Flash {
    /// A write GitHub's secondary limit held back: its countdown changes by itself.
    var isWriteLimit: Bool {
        if case .writeFailed(_, .limited) = self { true } else { false }
    }
}
