import GitHubAPI
import ListCore

extension AppState {
    // MARK: - Profiles

    /// `p`: the profile of the selected account (of a repository's owner), pushed on the stack.
    mutating func openProfile() -> [Command] {
        switch top.selectedRow {
        case .user(let user)?:
            return pushProfile(user.login, isOrganization: user.isOrganization)
        case .repository(let repository)?:
            guard let owner = repository.ownerAndName?.owner else { return nothing("Nothing to open") }
            return pushProfile(owner, isOrganization: nil)
        case nil:
            return nothing(top.profile == nil ? "Nothing to open" : "Select an account to open its profile")
        }
    }

    /// A profile on the stack: its details asked for, the slices near the screen loading.
    mutating func pushProfile(_ login: String, isOrganization: Bool?) -> [Command] {
        nextScreenID += 1
        var profile = Profile(login: login, isOrganization: isOrganization, heights: layout.heights,
                              headerLines: profileHeaderLines(login))
        if let known = details.cache.peek(login) { profile.learn(known) }
        let screen = ListScreen(id: ScreenID(nextScreenID), profile: profile, crumbs: top.crumbs + [login],
                                pageSize: pageSize, listHeight: screenLayout.listHeight)
        below.append(top)
        top = screen
        return top.loadProfileSlices() + paneWants(debounce: false)
    }

    /// Enter on a row of a profile that is not an item: "All … →" opens the whole list, a retry
    /// row retries its slice.
    mutating func enterSliceRow(_ location: SlicedRowLocation<ProfileSlice>) -> [Command] {
        guard let profile = top.profile else { return [] }
        switch location.kind {
        case .seeAll:
            guard let list = profile.list(for: location.slice) else { return [] }
            return push(list, from: profile.login, Profile.crumb(location.slice))
        case .failed:
            let id = top.id
            return top.changeProfile { $0.retry(location.slice, screen: id) } ?? []
        case .heading, .item, .loading, .empty:
            return nothing("Nothing to open")
        }
    }

    /// `r` on a profile: every slice that loaded asks GitHub again.
    mutating func refreshProfile() -> [Command] {
        let id = top.id
        return top.changeProfile { $0.refresh(screen: id) } ?? []
    }

    /// `R` on a profile: every part that failed, the slices and the account's details and
    /// picture (Enter on a slice's retry row asks again for that slice alone). Nil when none
    /// did (the pane's, GitHub out of reach and waits are then retried as in any list).
    mutating func retryProfile() -> [Command]? {
        guard let profile = top.profile else { return nil }
        let id = top.id
        let failed = profile.rows.slices.filter { $0.state.failure != nil }.map(\.id)
        var commands = failed.isEmpty ? [] : top.changeProfile { profile in failed.flatMap { profile.retry($0, screen: id) } } ?? []
        if !top.detailsOpen, let login = wantedDetails {
            if case .failed = details.shown(for: login) { commands += details.retry() }
            if let key = wantedAvatar, avatar.shown(key) == .unavailable { commands += avatar.retry(key) }
        }
        return commands.isEmpty ? nil : commands
    }

    /// Whether a part of the profile on top failed: a slice, or the account's details.
    var profilePartFailed: Bool {
        guard let profile = top.profile else { return false }
        if profile.rows.slices.contains(where: { $0.state.failure != nil }) { return true }
        if case .failed = details.shown(for: profile.login) { return true }
        return false
    }

    // MARK: - Answers

    /// A slice's answer for the profile screen `id` (dropped when that screen is gone).
    mutating func onProfile(_ id: ScreenID, _ body: (inout Profile) -> Void) -> [Command] {
        guard let (_, isTop) = withScreen(id, { $0.changeProfile(body) }) else { return [] }
        return isTop ? reportVisible() + paneWants(debounce: true) : []
    }

    /// An account's details arrived: the profiles of that account learn its kind and counts.
    mutating func learnProfiles(_ user: UserDetails) -> [Command] {
        _ = top.changeProfile { $0.learn(user) }
        for index in below.indices where below[index].profile != nil {
            _ = below[index].changeProfile { $0.learn(user) }
        }
        fitProfileHeaders()
        return top.profile == nil ? [] : top.loadProfileSlices()
    }

    // MARK: - The about row

    /// The lines of the about row of `login`'s profile: what its picture and text need in the
    /// list's width (narrower with the pane beside it), and a blank line; less on a short screen.
    func profileHeaderLines(_ login: String, paneOpen: Bool = false) -> Int {
        let width = screenLayout.areas(paneOpen: paneOpen).list?.width ?? size.columns
        return screenLayout.profileHeaderLines(needed: AppView.aboutPane(self, login: login).linesNeeded(width: width))
    }

    /// Every profile on the stack gives its about row the lines it needs now (after a resize,
    /// or when the details it shows came or failed).
    mutating func fitProfileHeaders() {
        if let login = top.profile?.login {
            let lines = profileHeaderLines(login, paneOpen: top.detailsOpen)
            _ = top.changeProfile { $0.setHeaderLines(lines) }
        }
        for index in below.indices {
            guard let login = below[index].profile?.login else { continue }
            let lines = profileHeaderLines(login, paneOpen: below[index].detailsOpen)
            _ = below[index].changeProfile { $0.setHeaderLines(lines) }
        }
    }
}
