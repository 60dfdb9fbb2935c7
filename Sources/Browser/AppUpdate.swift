import Foundation
import GitHubAPI
import ListCore
import TerminalUI

extension AppState {
    /// Applies one message, handled at `now` (the clock of countdowns, ages and the pagers'
    /// timing), and returns the work it asks for, in order.
    public mutating func update(_ message: Message, at now: Date) -> [Command] {
        self.now = now
        var commands: [Command]
        switch message {
        case .key(let key):
            commands = handleKey(key)
        case let .resized(rows, columns):
            commands = resize(rows: rows, columns: columns)
        case let .pageLoaded(id, token, page, origin):
            commands = onPage(id, token, page, origin)
        case let .pageFailed(id, token, failure):
            let current = isCurrent(id, token)
            commands = onScreen(id, .pageFailed(token, failure))
            if current, (failure.underlying as? GitHubError)?.isUnreachable == true { commands += wentOffline() }
        case .detailsDue(let id):
            commands = details.due(id)
        case let .detailsLoaded(id, user, revalidating):
            _ = details.loaded(id, user, revalidating: revalidating)
            commands = []
        case let .detailsFailed(id, reason):
            _ = details.failed(id, reason)
            commands = []
        case .rateLimit(let limit):
            rateLimit = limit
            commands = []
        case .wait(let wait):
            self.wait = wait
            commands = []
        case .tick(let id):
            guard id == pendingTick else { return [] }
            pendingTick = nil
            spinner &+= 1
            commands = []
        case let .opened(url, error):
            if let error { flash = "\(error) · \(url)" }
            commands = []
        case let .avatarLoaded(id, image):
            avatar.loaded(id, image)
            commands = []
        case .avatarFailed(let id, _):
            avatar.failed(id)
            commands = []
        case .notice(let text):
            flash = text
            return []
        case .reconnect(let id):
            guard var state = offline, state.pending == id else { return [] }
            state.pending = nil
            state.attempts += 1
            offline = state
            commands = tryAgain()
        case let .probed(id, origin):
            commands = probed(id, origin)
        case .signal(let number):
            exitStatus = 128 + number
            return []
        }
        return commands + avatar.want(wantedAvatar) + scheduleTick()
    }

    // MARK: - Offline and the cache

    /// Whether `token` is the fetch the screen `id` waits for.
    private func isCurrent(_ id: ScreenID, _ token: FetchToken) -> Bool {
        screen(id)?.pager.inFlight[token.direction]?.token == token
    }

    /// A page for the screen `id`. Where it came from says how old the rows are, whether GitHub
    /// answers, and whether a first screen from a stale cache must be asked of GitHub again.
    /// A result the screen no longer waits for (or for a screen that is gone) changes nothing.
    private mutating func onPage(_ id: ScreenID, _ token: FetchToken, _ page: Page<GitHubUser, GitHubCursor>,
                                 _ origin: ResponseOrigin) -> [Command] {
        guard isCurrent(id, token) else { return [] }
        let firstPage = token.direction == .initial || token.direction == .refresh
        var revalidate = false
        var reconnect: [Command] = []
        // When the rows were fetched, if they are not GitHub's latest (set by a first page).
        var storedAt: Date?
        switch origin {
        case .network, .revalidated:
            offline = nil
        case let .cache(fetchedAt, fresh):
            storedAt = fetchedAt
            // Drawn from the cache at once; then GitHub is asked (If-None-Match) whether it
            // changed, and its answer replaces the rows through the store's change set.
            revalidate = token.direction == .initial && !fresh
        case .offline(let fetchedAt):
            storedAt = fetchedAt
            reconnect = wentOffline()
        }
        let moment = moment
        guard let (commands, isTop) = withScreen(id, { screen -> [Command] in
            if firstPage { screen.storedAt = storedAt }
            let loaded = screen.send(.pageLoaded(token, page), at: moment)
            return revalidate ? loaded + screen.send(.refresh, at: moment) : loaded
        }) else { return [] }
        return commands + finishPage(isTop: isTop) + reconnect
    }

    /// What follows a change on a screen, when it is the top one: the prefetch hint and the
    /// details pane. A filtered list loads more only when the person scrolls, so a filter that
    /// matches nothing cannot page through a whole list by itself.
    private mutating func finishPage(isTop: Bool) -> [Command] {
        guard isTop else { return [] }
        return (top.isFiltered ? [] : reportVisible()) + details.want(wantedDetails, debounce: true)
    }

    /// GitHub could not be reached: try again after a growing wait (one wait at a time).
    mutating func wentOffline() -> [Command] {
        var state = offline ?? Offline(attempts: 0, pending: nil)
        guard state.pending == nil else {
            offline = state
            return []
        }
        nextReconnect += 1
        state.pending = nextReconnect
        offline = state
        return [.scheduleReconnect(nextReconnect, after: state.delay(unit: reconnectUnit))]
    }

    /// Tries GitHub again: the load that failed, else the first page of the list on screen.
    mutating func tryAgain() -> [Command] {
        let pager = top.pager
        let failed = pager.initialState.failure ?? pager.refreshState.failure ?? pager.appendState.failure
            ?? pager.prependState.failure
        if failed != nil {
            return sendTop(.retry) + reportVisible()
        }
        return [.probe(top.id, top.list, cursor: pager.firstCursor, pageSize: pageSize)]
    }

    private mutating func probed(_ id: ScreenID, _ origin: ResponseOrigin?) -> [Command] {
        guard let origin, origin.reachedGitHub else { return wentOffline() }
        offline = nil
        if origin == .revalidated { _ = withScreen(id) { $0.storedAt = nil } }
        return []
    }

    // MARK: - Results

    /// A page result for the screen `id`; dropped when that screen is no longer on the stack.
    private mutating func onScreen(_ id: ScreenID, _ event: PagerEvent<GitHubUser, GitHubCursor>) -> [Command] {
        let moment = moment
        guard let (commands, isTop) = withScreen(id, { $0.send(event, at: moment) }) else { return [] }
        return commands + finishPage(isTop: isTop)
    }

    /// After the selection or what is on screen moved: the prefetch hint, and the details
    /// pane's user (asked for once the selection rests).
    private mutating func selectionMoved() -> [Command] {
        reportVisible() + details.want(wantedDetails, debounce: true)
    }

    private mutating func resize(rows: Int, columns: Int) -> [Command] {
        size = Size(rows: rows, columns: columns)
        let height = screenLayout.listHeight
        top.resize(listHeight: height)
        for index in below.indices {
            below[index].resize(listHeight: height)
        }
        return selectionMoved()
    }

    // MARK: - Keys

    private mutating func handleKey(_ key: Key) -> [Command] {
        flash = nil
        switch mode {
        case .help:
            overlay = nil
            if keys.action(for: key, in: .help) == .quit { exitStatus = 0 }
            return []
        case .filter:
            return filterKey(key)
        case .list, .details:
            return listKey(key)
        }
    }

    private mutating func listKey(_ key: Key) -> [Command] {
        let action = keys.action(for: key, in: mode)
        let pull = top.pull(action)
        if pull.released {
            return sendTop(.refresh) + reportVisible()
        }
        if pull.changed, top.pull.isPulled { return [] }
        guard let action else { return [] }
        switch action {
        case .lineDown: return move(.lineDown)
        case .lineUp: return move(.lineUp)
        case .pageDown: return move(.pageDown)
        case .pageUp: return move(.pageUp)
        case .halfPageDown: return move(.halfPageDown)
        case .halfPageUp: return move(.halfPageUp)
        case .first: return moveToEnd(.first)
        case .last: return moveToEnd(.last)
        case .details:
            guard top.selectedUser != nil else { return [] }
            top.detailsOpen = true
            return details.want(wantedDetails, debounce: false)
        case .back:
            return back()
        case .followers, .following:
            return drillDown(action)
        case .filter:
            overlay = .filter
            return []
        case .refresh:
            return sendTop(.refresh) + reportVisible()
        case .retry:
            if top.detailsOpen, let login = wantedDetails, case .failed = details.shown(for: login) {
                return details.retry()
            }
            if offline != nil {
                // At once, and the waits start over.
                offline = Offline(attempts: 0, pending: nil)
                return tryAgain()
            }
            return sendTop(.retry) + reportVisible()
        case .open:
            guard let user = top.selectedUser else { return [] }
            let url = profileURL(user.login)
            flash = "Opening \(url)"
            return [.open(url)]
        case .copy:
            guard let user = top.selectedUser else { return [] }
            let url = profileURL(user.login)
            flash = "Copied \(url)"
            return [.copy(url)]
        case .layout:
            layout = layout == .compact ? .comfortable : .compact
            top.relayout(to: layout.heights)
            for index in below.indices {
                below[index].relayout(to: layout.heights)
            }
            return reportVisible()
        case .help:
            overlay = .help
            return []
        case .suspend:
            return [.suspend]
        case .quit:
            exitStatus = 0
            return []
        case .keepFilter, .clearFilter, .deleteCharacter, .closeHelp:
            return []
        }
    }

    private mutating func move(_ command: Viewport.Command) -> [Command] {
        top.move(command)
        return selectionMoved()
    }

    /// `g` and `G`: the first and the last row of the whole list. When memory bounds dropped
    /// that end, its page is loaded in place of the loaded ones (a jump), not page by page.
    private mutating func moveToEnd(_ command: Viewport.Command) -> [Command] {
        let pager = top.pager
        let dropped = command == .first ? pager.offset > 0 : pager.droppedAfter > 0
        guard dropped, !top.isFiltered else { return move(command) }
        let position = command == .first ? 0 : pager.knownCount - 1
        let moment = moment
        return top.jump(command, toItem: position, at: moment)
    }

    /// Esc: close the details pane, else clear the filter, else go back to the list below.
    private mutating func back() -> [Command] {
        if top.detailsOpen {
            top.detailsOpen = false
            return details.want(nil, debounce: false)
        }
        if top.isFiltered {
            top.setFilter("")
            return reportVisible()
        }
        guard let under = below.popLast() else {
            flash = (["Nothing to go back to"] + [keys.label(.quit, in: .list).map { "\($0) quits" }].compactMap { $0 })
                .joined(separator: " · ")
            return []
        }
        var popped = top
        top = under
        // The popped list's requests are cancelled; the list below is as it was left.
        let cancels = popped.send(.cancel, at: moment)
        return cancels + details.want(wantedDetails, debounce: false)
    }

    /// `1` and `2` from the details pane: push the user's followers (an organization's members)
    /// or the users they follow.
    private mutating func drillDown(_ action: Action) -> [Command] {
        guard let user = top.selectedUser else { return [] }
        let list: UserList
        let crumb: String
        switch action {
        case .followers where user.isOrganization:
            (list, crumb) = (.members(user.login), "members")
        case .followers:
            (list, crumb) = (.followers(user.login), "followers")
        default:
            (list, crumb) = (.following(user.login), "following")
        }
        nextScreenID += 1
        let pushed = ListScreen(id: ScreenID(nextScreenID), list: list, crumbs: top.crumbs + [user.login, crumb],
                                pageSize: pageSize, prefetch: Self.prefetchPolicy(prefetchDistance),
                                listHeight: screenLayout.listHeight, heights: layout.heights,
                                firstCursor: list.firstCursor, maxItems: maxItems)
        below.append(top)
        top = pushed
        return sendTop(.start) + details.want(nil, debounce: false)
    }

    // MARK: - The filter line

    private mutating func filterKey(_ key: Key) -> [Command] {
        switch keys.action(for: key, in: .filter) {
        case .keepFilter:
            overlay = nil
            return []
        case .clearFilter:
            overlay = nil
            top.setFilter("")
        case .deleteCharacter:
            top.setFilter(String(top.filter.dropLast()))
        case .lineDown:
            top.move(.lineDown)
        case .lineUp:
            top.move(.lineUp)
        case .suspend:
            return [.suspend]
        case .quit:
            exitStatus = 0
            return []
        default:
            guard let character = key.typedCharacter else { return [] }
            top.setFilter(top.filter + String(character))
        }
        return selectionMoved()
    }
}
