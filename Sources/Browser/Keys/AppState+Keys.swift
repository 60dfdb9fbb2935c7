import Foundation
import GitHubAPI
import ListCore
import TerminalUI

extension AppState {
    // MARK: - Keys

    mutating func handleKey(_ key: Key) -> [Command] {
        flash = nil
        switch mode {
        case .help:
            return helpKey(key)
        case .filter:
            return filterKey(key)
        case .command:
            return commandKey(key)
        case .question:
            return questionKey(key)
        case .list, .details:
            return listKey(key)
        }
    }

    private mutating func listKey(_ key: Key) -> [Command] {
        let action = keys.action(for: key, in: mode)
        if mode == .list, let counted = countKey(action, key) { return counted }
        let pull = top.pull(action)
        if pull.released {
            // Pulled at the top: the first page again.
            return sendTop(.refresh(at: nil))
        }
        // The key that showed the pull row does nothing more; any other that took it away goes
        // on to do what it does (j after an armed pull moves down at once).
        if pull.changed, action == .lineUp { return [] }
        guard let action else { return paneKey(key) }
        switch action {
        case .lineDown, .scrollDown, .pageDown, .halfPageDown: return moveDown(action)
        case .lineUp: return moveUp(.lineUp)
        case .scrollUp: return moveUp(.lineUp, times: Self.wheelRows)
        case .pageUp: return moveUp(.pageUp)
        case .halfPageUp: return moveUp(.halfPageUp)
        case .first: return moveToEnd(.first)
        case .last: return moveToEnd(.last)
        case .details:
            return enter()
        case .back:
            return back()
        case .followers, .following, .repositories, .starred, .organizations:
            return drillDown(action)
        case .profile:
            return openProfile()
        case .command:
            overlay = .command
            prompt.open()
            return []
        case .search:
            overlay = .command
            // On a search, its query to change; elsewhere a new one.
            if let query = top.searchQuery {
                prompt.open("search \(query)")
            } else {
                prompt.open("search ")
            }
            return []
        case .sort:
            return cycleSort()
        case .filter:
            if let refused = top.openFilter() { return nothing(refused) }
            overlay = .filter
            return []
        case .refresh:
            let moment = moment
            switch top.refresh(at: moment) {
            case .asked(let commands): return commands
            case .refused(let flash): return nothing(flash)
            }
        case .retry:
            return retryNow()
        case .open:
            guard let url = selectedPage else { return nothing(selectedPageUnknown ? .pageNotKnownYet : .nothingToOpen) }
            flash = .opening(url)
            return [.open(url)]
        case .copy:
            guard let url = selectedPage else { return nothing(selectedPageUnknown ? .pageNotKnownYet : .nothingToCopy) }
            flash = .copied(url)
            return [.copy(url)]
        case .layout:
            layout = layout == .compact ? .comfortable : .compact
            let heights = layout.heights
            stack.forEach { $0.relayout(to: heights) }
            return []
        case .help, .suspend, .quit:
            return anywhere(action, fromFilter: false)
        case .follow:
            return act(star: false)
        case .star:
            return act(star: true)
        case .count, .click, .yes, .no:
            return []
        case .keepFilter, .clearFilter, .deleteCharacter, .deleteForward, .deleteWord, .deleteToStart, .cursorLeft,
             .cursorRight, .lineStart, .lineEnd, .closeHelp, .runCommand, .cancelCommand, .complete, .olderCommand,
             .newerCommand:
            return []
        }
    }

    /// Enter on the selected row: its details, or what a profile's row leads to.
    mutating func enter() -> [Command] {
        switch enterEffect {
        case .details: break
        case .open, .retry: return enterRow()
        case .nothing, .noRows: return nothing(.nothingToOpen)
        }
        top.detailsOpen = true
        return []
    }

    /// A key that acts only with the details pane open, pressed on a list without it, says what
    /// it does and how to open the pane ("1: open their followers, with the details open
    /// (Enter)"); any other key that does nothing here stays silent.
    private mutating func paneKey(_ key: Key) -> [Command] {
        guard mode == .list, let action = keys.action(for: key, in: .details),
              keys.shortHelp(action, in: .details) != nil, keys.label(.details, in: .list) != nil else { return [] }
        return nothing(.paneKey(key, action))
    }

    /// A key with nothing to act on says so, rather than nothing at all.
    mutating func nothing(_ what: Flash) -> [Command] {
        flash = what
        return []
    }

    /// `R`: what failed, at once: the pane's details and picture, GitHub when it could not be
    /// reached (the waits start over), the load that failed, or one waiting out a retry.
    private mutating func retryNow() -> [Command] {
        if let retried = retryOwnParts() { return retried }
        if top.detailsOpen, let login = wantedDetails {
            var commands: [Command] = []
            if case .failed = details.shown(for: login) { commands += details.retry() }
            if let key = wantedAvatar, avatar.shown(key) == .unavailable { commands += avatar.retry(key) }
            if !commands.isEmpty { return commands }
        }
        if top.detailsOpen, let name = wantedRepository {
            var commands: [Command] = []
            if case .failed = repository.shown(for: name) { commands += repository.retry() }
            if let key = wantedAvatar, avatar.shown(key) == .unavailable { commands += avatar.retry(key) }
            if !commands.isEmpty { return commands }
        }
        if offline != nil {
            offline = Offline(attempts: 0, pending: nil)
            return tryAgain()
        }
        if case .retry? = wait?.reason {
            // The client waits before its next try, for one of the requests in flight (the
            // wait does not say which): they all go again now.
            wait = nil
            return sendTop(.restart) + details.restart() + repository.restart() + avatar.restart()
        }
        // Fills that failed: asked again by the reconcile step that follows, beside a page that
        // failed too.
        let fillsRetried = top.retryFills()
        let moment = moment
        return top.retryPage(at: moment) ?? (fillsRetried ? [] : nothing(.nothingFailed))
    }

    /// Rows a notch of the mouse wheel moves.
    static let wheelRows = 3

    mutating func move(_ command: Viewport.Command, times: Int = 1) -> [Command] {
        let calledOff = callOffJump()
        for _ in 0..<max(1, times) {
            let before = top.viewport
            top.move(command)
            if top.viewport == before { break }
        }
        return calledOff
    }

    /// A jump on its way (`g`, `G`, a count's row) is called off by a move made meanwhile.
    mutating func callOffJump() -> [Command] {
        let moment = moment
        return top.callOffJump(at: moment)
    }

    /// `g` and `G`: the first and the last row of the whole list. When memory bounds dropped
    /// that end, its page is loaded in place of the loaded ones (a jump), not page by page.
    mutating func moveToEnd(_ command: Viewport.Command) -> [Command] {
        let moment = moment
        return top.moveToEnd(command, at: moment) ?? move(command)
    }

    /// Esc: close the details pane, else clear the filter, else go back to the list below.
    private mutating func back() -> [Command] {
        if top.detailsOpen {
            // The pane wants nothing now; a profile under it wants its account's details again.
            top.detailsOpen = false
            return []
        }
        if top.isFiltered {
            top.clearFilter()
            return []
        }
        guard stack.canPop else {
            flash = .nothingToGoBackTo
            return []
        }
        return pop()
    }

    /// The top screen leaves the stack: its requests are cancelled, and the screen below is as
    /// it was left. The prompt keeps the names it showed for Tab.
    mutating func pop() -> [Command] {
        let moment = moment
        guard let (popped, cancels) = stack.pop(at: moment) else { return [] }
        prompt.remember(popped)
        return cancels
    }

}
