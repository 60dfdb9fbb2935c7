import Foundation
import GitHubAPI
import TerminalUI

extension AppState {
    // MARK: - F and *

    /// `F` (`star` false) or `*` (true): the question for the account or repository selected,
    /// once what is set is known; a key that cannot act says why and sends nothing.
    mutating func act(star: Bool) -> [Command] {
        let target: WriteTarget
        switch actSubject(star: star) {
        case .refused(let reason): return nothing(reason)
        case .target(let found): target = found
        }
        let ability = acting.ability(for: target)
        guard ability.mayTry else { return nothing(.cannotAct(target, ability)) }
        guard !acting.isBusy else { return nothing(.writeUnderWay) }
        if let held = acting.heldUntil, held > now { return nothing(.writesHeld) }
        let count = shownCount(of: target)
        guard let isSet = knownState(of: target) else {
            let id = acting.newRequest()
            acting.asking = Acting.Asking(id: id, target: target, screen: top.id, count: count)
            return [.run(.act(id), .askState(target))]
        }
        return acting.ask(Acting.Change(target, on: !isSet), isSet: isSet, count: count)
    }

    /// What `F` or `*` is about, or why it acts on nothing here.
    private enum ActSubject {
        case target(WriteTarget)
        case refused(Flash)
    }

    /// What `F` and `*` would do on what is selected, as far as the screen knows, for their
    /// hints: "unfollow", "unstar" where it is set (known only with a token or after a write),
    /// and which of them would refuse (an organization, your own account, the other kind of
    /// row), left out. Nothing to work out while the token may do neither.
    var actHints: (undo: KeyTable.Undo, refused: KeyTable.Unable) {
        let abilities = acting.abilities
        guard abilities.follow.mayTry || abilities.star.mayTry else { return ([], []) }
        let row = top.selectedRow
        let knows = hasToken || fillsRows || !acting.known.isEmpty
        var undo: KeyTable.Undo = []
        var refused: KeyTable.Unable = []
        for star in [false, true] {
            switch actSubject(star: star, row: row) {
            case .refused: refused.insert(star ? .star : .follow)
            case .target(let target):
                if knows, knownState(of: target, row: row) == true { undo.insert(star ? .unstar : .unfollow) }
            }
        }
        return (undo, refused)
    }

    /// The account (`F`) or repository (`*`) selected; on a profile with the selection on no
    /// item, its own account.
    private func actSubject(star: Bool) -> ActSubject { actSubject(star: star, row: top.selectedRow) }

    /// ``actSubject(star:)`` with the selected row given.
    private func actSubject(star: Bool, row: Row?) -> ActSubject {
        switch (row, star) {
        case (.repository(let repository)?, true):
            guard let (owner, name) = repository.ownerAndName else { return .refused(.nothingToOpen) }
            return .target(.repository(owner: owner, name: name))
        case (.repository?, false):
            return .refused(.followIsForAccounts)
        case (.user(let user)?, false):
            if user.isOrganization { return .refused(.organizationsNotFollowed) }
            if top.fillsByID[user.id]?.isViewer == true || isViewer(user.login) { return .refused(.thatIsYou) }
            return .target(.account(user.login))
        case (nil, false):
            guard let own = top.ownAccount else { return .refused(.nothingToOpen) }
            if own.isOrganization == true { return .refused(.organizationsNotFollowed) }
            if isViewer(own.login) { return .refused(.thatIsYou) }
            return .target(.account(own.login))
        case (.user?, true), (nil, true):
            return .refused(.starIsForRepositories)
        }
    }

    /// Whether `login` is the token's owner, as far as the browser knows.
    func isViewer(_ login: String) -> Bool {
        acting.viewer.map { $0.lowercased() == login.lowercased() } ?? false
    }

    /// Whether the target is followed or starred, as far as the screen knows: a write or a
    /// `GET` said so, else the row's fill.
    private func knownState(of target: WriteTarget) -> Bool? { knownState(of: target, row: top.selectedRow) }

    /// ``knownState(of:)`` with the selected row given.
    private func knownState(of target: WriteTarget, row: Row?) -> Bool? {
        if let known = acting.known[target] { return known }
        guard let row else {
            // The screen's own account (a profile's): what its fill says.
            guard let own = top.ownAccount, target == .account(own.login) else { return nil }
            return own.fill?.viewerFollows
        }
        guard let fill = top.fillsByID[row.id] else { return nil }
        switch (target, row) {
        case (.account, .user(let user)) where WriteTarget.account(user.login) == target: return fill.viewerFollows
        case (.repository, .repository) where fill.isRepository: return fill.viewerStarred
        default: return nil
        }
    }

    /// The count on screen a change moves: the account's followers, the repository's stars.
    private func shownCount(of target: WriteTarget) -> Int? {
        switch target {
        case .account(let login):
            if case .loaded(let user) = details.shown(for: login) { return user.followers }
            guard let row = top.selectedRow?.user, WriteTarget.account(row.login) == target else { return nil }
            return top.fillsByID[row.id]?.followers
        case let .repository(owner, name):
            if case .loaded(let found) = repository.shown(for: "\(owner)/\(name)") { return found.stars }
            guard let row = top.selectedRow?.repository else { return nil }
            return top.fillsByID[row.id]?.stars ?? row.stars
        }
    }

    /// A key while the question is asked: the question's own (``Acting/questionKey(_:)``).
    mutating func questionKey(_ key: Key) -> [Command] {
        let outcome = acting.questionKey(keys.action(for: key, in: .question))
        if outcome.quit { exitStatus = 0 }
        return outcome.commands
    }

    // MARK: - Answers

    /// An answer to one of acting's requests, given to it (the scope of ``Acting``'s own
    /// update): its flash said, and a write that landed followed up here, where the details
    /// and the stack are.
    mutating func actingAnswered(_ id: RequestID, _ answer: Acting.Answer) -> [Command] {
        let outcome = acting.answered(id, answer, askingOn: overlay == nil ? top.id : nil, now: now)
        if let said = outcome.flash { flash = said }
        guard let change = outcome.wrote else { return outcome.commands }
        if case .account = change.target { learnOwnFollowing(by: change.on ? 1 : -1) }
        return outcome.commands + refreshBelow(changedBy: change.target)
    }

    /// A follow or an unfollow moved the count of those the token's owner follows: their
    /// details (their pane's and profile's Following, its slice's count) say so at once, as
    /// GitHub will when asked again (the write marked them stale).
    private mutating func learnOwnFollowing(by step: Int) {
        guard let viewer = acting.viewer, var own = details.cache.peek(viewer), let following = own.following else { return }
        own.following = max(0, following + step)
        details.cache.insert(own, for: viewer)
        _ = learnDetails(own)
    }

    /// The lists under the top screen that a write changed are asked of GitHub again, so they
    /// show it when you come back to them. (The one on top stays as it is: a row unstarred in
    /// `starred @me` keeps its place, marked, until a refresh.)
    private mutating func refreshBelow(changedBy target: WriteTarget) -> [Command] {
        let moment = moment
        var commands: [Command] = []
        for id in stack.below.map(\.id) {
            commands += stack.withScreen(id) { $0.refresh(changedBy: target, at: moment) }?.result ?? []
        }
        return commands
    }
}

extension GitHubList {
    /// Whether a follow or a star of `target` changes what the list holds: their followers and
    /// your following list; the repository's stargazers and your starred list.
    func changes(by target: WriteTarget) -> Bool {
        let same = { (a: String, b: String) in a.lowercased() == b.lowercased() }
        switch (target, self) {
        case let (.account(login), .users(.followers(other))): return same(login, other)
        case (.account, .users(.following(let other))): return other == GitHubConfiguration.me
        case let (.repository(owner, name), .users(.stargazers(otherOwner, otherName))),
             let (.repository(owner, name), .users(.newestStargazers(otherOwner, otherName))):
            return same(owner, otherOwner) && same(name, otherName)
        case (.repository, .repositories(.starred(let other))): return other == GitHubConfiguration.me
        default: return false
        }
    }
}
