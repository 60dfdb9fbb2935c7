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
            guard let owner = repository.ownerAndName?.owner else { return nothing(.nothingToOpen) }
            return pushProfile(owner, isOrganization: nil)
        case nil:
            return nothing(top.profileScreen == nil ? .nothingToOpen : .selectAnAccount)
        }
    }

    /// A profile on the stack: its details asked for, the slices near the screen loading.
    mutating func pushProfile(_ login: String, isOrganization: Bool?) -> [Command] {
        nextScreenID += 1
        var profile = Profile(login: login, isOrganization: isOrganization, heights: layout.heights,
                              headerLines: screenLayout.profileHeaderLines(self, login: login, fill: nil, paneOpen: false))
        if let known = details.cache.peek(login) { profile.learn(known) }
        let screen = ProfileScreen(id: ScreenID(nextScreenID), profile: profile, crumbs: top.crumbs + [.name(login)],
                                   listHeight: screenLayout.listHeight)
        let moment = moment
        return stack.push(.profile(screen), at: moment)
    }

    /// Enter on a row of a profile that is not an item: "All … →" opens the whole list, a retry
    /// row retries its slice.
    mutating func enterSliceRow(_ location: SlicedRowLocation<ProfileSlice>) -> [Command] {
        guard let screen = top.profileScreen else { return [] }
        switch location.kind {
        case .seeAll:
            guard let list = screen.profile.list(for: location.slice) else { return [] }
            return push(list, from: screen.login)
        case .failed:
            let id = screen.id
            return top.withProfile { $0.changeProfile { $0.retry(location.slice, screen: id) } } ?? []
        case .heading, .item, .loading, .empty:
            return nothing(.nothingToOpen)
        }
    }

    /// `r` on a profile: every slice that loaded asks GitHub again, and GraphQL is asked again
    /// about its rows and its own account (who follows whom may have changed).
    mutating func refreshProfile() -> [Command] {
        top.withProfile { screen in
            let id = screen.id
            let cancel: [Command] = screen.fills.inFlight.map { [.cancel(.fill(id, $0.id))] } ?? []
            screen.fills.forgetAll()
            return cancel + screen.changeProfile { $0.refresh(screen: id) }
        } ?? []
    }

    /// `R` on a profile: every part that failed, the slices and the account's details and
    /// picture (Enter on a slice's retry row asks again for that slice alone). Nil when none
    /// did (the pane's, GitHub out of reach and waits are then retried as in any list).
    mutating func retryProfile() -> [Command]? {
        guard let screen = top.profileScreen else { return nil }
        let failed = screen.profile.rows.slices.filter { $0.state.failure != nil }.map(\.id)
        var commands: [Command] = []
        if !failed.isEmpty {
            commands = top.withProfile { screen -> [Command] in
                let id = screen.id
                return screen.changeProfile { profile in failed.flatMap { profile.retry($0, screen: id) } }
            } ?? []
        }
        if !top.detailsOpen, let login = wantedDetails {
            if case .failed = details.shown(for: login) { commands += details.retry() }
            if let key = wantedAvatar, avatar.shown(key) == .unavailable { commands += avatar.retry(key) }
        }
        return commands.isEmpty ? nil : commands
    }

    /// Whether a part of the profile on top failed: a slice, or the account's details.
    var profilePartFailed: Bool {
        guard let screen = top.profileScreen else { return false }
        if screen.sliceFailed { return true }
        if case .failed = details.shown(for: screen.login) { return true }
        return false
    }

    // MARK: - Answers

    /// A slice's answer for the profile screen `id` (dropped when that screen is gone).
    mutating func onProfile(_ id: ScreenID, _ body: (inout Profile) -> Void) -> [Command] {
        _ = stack.withScreen(id) { $0.withProfile { $0.changeProfile(body) } }
        return []
    }

    /// An account's details arrived: the profiles of that account learn its kind and counts.
    mutating func learnProfiles(_ user: UserDetails) -> [Command] {
        stack.forEach { $0.withProfile { $0.changeProfile { $0.learn(user) } } }
        return []
    }
}
