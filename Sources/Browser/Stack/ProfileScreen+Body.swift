import Foundation
import GitHubAPI
import ListCore

/// A profile as a kind of screen: an account of its own, slices that load near the screen, an
/// about row measured by what it shows, no filter.
extension ProfileScreen: ScreenBody {
    var kind: ScreenKind { .profile }
    var wrapped: Screen { .profile(self) }

    /// A slice's item selected: what it is; else the profile's own account.
    var actSubject: PaneSubject {
        if let row = selectedRow { return PaneSubject(row) }
        return profile.isOrganization == true ? .organization : .user
    }

    var enterEffect: KeyTable.EnterHint {
        guard let location = selectedSliceRow else { return .nothing }
        switch location.kind {
        case .item: return .details
        case .seeAll: return profile.list(for: location.slice) == nil ? .nothing : .open
        case .failed: return .retry
        case .heading, .loading, .empty: return .nothing
        }
    }

    /// Its slices load, and the about row shows the account's details whether the pane is open
    /// or not.
    func animates(paneLoading: Bool) -> Bool { profile.isLoading || paneLoading }

    mutating func reportVisible(at now: Duration?) -> [Command] { loadNearScreen() }

    mutating func fillsTaken() {}

    func keptWebPage(of row: Row) -> String? { profile.keptWebPage(of: row) }

    var ownAccount: OwnAccount? { OwnAccount(login: login, isOrganization: profile.isOrganization, fill: ownFill) }

    mutating func learn(_ details: UserDetails) { changeProfile { $0.learn(details) } }

    var header: HeaderFit? {
        HeaderFit(login: login, fill: ownFill, paneOpen: detailsOpen, lines: profile.rows.slice(.about)?.headingLines)
    }

    mutating func setHeaderLines(_ lines: Int) { changeProfile { $0.setHeaderLines(lines) } }

    /// A profile has no filter: its lists have.
    mutating func openFilter() -> Flash? { .profileHasNoFilter }

    /// `r`: every slice that loaded asks GitHub again, and GraphQL is asked again about its rows
    /// and its own account (who follows whom may have changed).
    mutating func refresh(at now: Duration?) -> Refreshed {
        let id = id
        let cancel: [Command] = fills.inFlight.map { [.cancel(.fill(id, $0.id))] } ?? []
        fills.forgetAll()
        return .asked(cancel + changeProfile { $0.refresh(screen: id) })
    }

    /// Whether GitHub answers again: the first page of the account's followers.
    mutating func tryAgain(at now: Duration?, pageSize: Int) -> [Command] {
        let list = GitHubList.users(.followers(login))
        return [.run(.probe(id), .probe(list, cursor: list.firstCursor, pageSize: pageSize))]
    }

    /// Enter on a row of a profile that is not an item: "All … →" opens the whole list, a retry
    /// row retries its slice.
    mutating func enterRow(at now: Duration?) -> Entered {
        guard let location = selectedSliceRow else { return .asked([]) }
        switch location.kind {
        case .seeAll:
            guard let list = profile.list(for: location.slice) else { return .asked([]) }
            return .push(list, from: login)
        case .failed:
            let id = id
            return .asked(changeProfile { $0.retry(location.slice, screen: id) })
        case .heading, .item, .loading, .empty:
            return .refused(.nothingToOpen)
        }
    }

    /// `R`: every slice that failed (Enter on a slice's retry row asks again for that one alone).
    mutating func retryParts() -> [Command] {
        let failed = profile.rows.slices.filter { $0.state.failure != nil }.map(\.id)
        guard !failed.isEmpty else { return [] }
        let id = id
        return changeProfile { profile in failed.flatMap { profile.retry($0, screen: id) } }
    }

    var partFailed: Bool { sliceFailed }

    /// Its account and its slices' rows, for Tab: all of them (`limit` nil: the slices first),
    /// or as it leaves the stack (its account first).
    func noteNames(into names: inout KnownNames, limit: Int?) {
        if limit != nil { names.note(login: login) }
        profile.rows.slices.forEach { $0.items.forEach { names.note($0) } }
        if limit == nil { names.note(login: login) }
    }
}
