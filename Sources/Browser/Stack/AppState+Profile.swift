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
            return nothing(top.ownAccount == nil ? .nothingToOpen : .selectAnAccount)
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

    /// Enter on a row that is not an item: what the screen says it does ("All … →" pushes the
    /// whole list, a retry row retries its slice).
    mutating func enterRow() -> [Command] {
        let moment = moment
        switch top.enterRow(at: moment) {
        case let .push(list, login): return push(list, from: login)
        case .asked(let commands): return commands
        case .refused(let flash): return nothing(flash)
        }
    }

    /// `R` on a screen with parts of its own (a profile): every part that failed, and the
    /// account's details and picture it shows without the pane. Nil when none did (the pane's,
    /// GitHub out of reach and waits are then retried as anywhere).
    mutating func retryOwnParts() -> [Command]? {
        var commands = top.retryParts()
        if !top.detailsOpen, let login = wantedDetails {
            if case .failed = details.shown(for: login) { commands += details.retry() }
            if let key = wantedAvatar, avatar.shown(key) == .unavailable { commands += avatar.retry(key) }
        }
        return commands.isEmpty ? nil : commands
    }

    /// Whether a part of the screen on top failed: one of its own (a slice), or the details of
    /// the account it is of.
    var ownPartFailed: Bool {
        if top.partFailed { return true }
        guard let own = top.ownAccount else { return false }
        if case .failed = details.shown(for: own.login) { return true }
        return false
    }

    // MARK: - Answers

    /// A slice's answer for the profile screen `id` (dropped when that screen is gone).
    mutating func onProfile(_ id: ScreenID, _ body: (inout Profile) -> Void) -> [Command] {
        _ = stack.withScreen(id) { $0.withProfile { $0.changeProfile(body) } }
        return []
    }

    /// An account's details arrived: the screens of that account learn its kind and counts.
    mutating func learnDetails(_ user: UserDetails) -> [Command] {
        stack.forEach { $0.learn(user) }
        return []
    }
}
