import Foundation
import GitHubAPI
import ListCore
import TerminalUI

extension AppState {
    /// Applies one message and returns the work it asks for, in order.
    public mutating func update(_ message: Message) -> [Command] {
        var commands: [Command]
        switch message {
        case .key(let key):
            commands = handleKey(key)
        case let .resized(rows, columns):
            commands = resize(rows: rows, columns: columns)
        case let .pageLoaded(id, token, page):
            commands = onScreen(id, .pageLoaded(token, page))
        case let .pageFailed(id, token, failure):
            commands = onScreen(id, .pageFailed(token, failure))
        case .detailsDue(let id):
            commands = details.due(id)
        case let .detailsLoaded(id, user):
            _ = details.loaded(id, user)
            commands = []
        case let .detailsFailed(id, reason):
            _ = details.failed(id, reason)
            commands = []
        case .rateLimit(let limit):
            rateLimit = limit
            commands = []
        case let .wait(wait, now):
            self.wait = wait
            self.now = now
            commands = []
        case let .tick(id, now):
            guard id == pendingTick else { return [] }
            pendingTick = nil
            spinner &+= 1
            self.now = now
            commands = []
        case let .opened(url, error):
            if let error { flash = "\(error) · \(url)" }
            commands = []
        case .signal(let number):
            exitStatus = 128 + number
            return []
        }
        return commands + scheduleTick()
    }

    // MARK: - Results

    /// A page result for the screen `id`; dropped when that screen is no longer on the stack.
    private mutating func onScreen(_ id: ScreenID, _ event: PagerEvent<GitHubUser, GitHubCursor>) -> [Command] {
        guard let index = screens.firstIndex(where: { $0.id == id }) else { return [] }
        let heights = heights
        var commands = screens[index].send(event, heights: heights)
        guard index == screens.count - 1 else { return commands }
        // A filtered list loads more only when the person scrolls, so a filter that matches
        // nothing cannot page through a whole list by itself.
        if !top.isFiltered { commands += reportVisible() }
        return commands + details.want(wantedDetails, debounce: true)
    }

    private mutating func resize(rows: Int, columns: Int) -> [Command] {
        size = Size(rows: rows, columns: columns)
        let (height, heights) = (listHeight, heights)
        for index in screens.indices {
            screens[index].resize(listHeight: height, heights: heights)
        }
        return reportVisible() + details.want(wantedDetails, debounce: true)
    }

    // MARK: - Keys

    private mutating func handleKey(_ key: Key) -> [Command] {
        if key == .resize { return [] }  // the size arrives as .resized
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
        let heights = heights
        let mode = mode
        let action = keys.action(for: key, in: mode)
        let pull = withTop { $0.pull(action, heights: heights) }
        if pull.released {
            return withTop { $0.send(.refresh, heights: heights) } + reportVisible()
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
        case .first: return move(.first)
        case .last: return move(.last)
        case .details:
            guard top.selectedUser(heights) != nil else { return [] }
            withTop { $0.detailsOpen = true }
            return details.want(wantedDetails, debounce: false)
        case .back:
            return back()
        case .followers, .following:
            return drillDown(action)
        case .filter:
            overlay = .filter
            return []
        case .refresh:
            return withTop { $0.send(.refresh, heights: heights) } + reportVisible()
        case .retry:
            if top.detailsOpen, let login = wantedDetails, case .failed = details.shown(for: login) {
                return details.retry()
            }
            return withTop { $0.send(.retry, heights: heights) } + reportVisible()
        case .open:
            guard let user = top.selectedUser(heights) else { return [] }
            let url = profileURL(user.login)
            flash = "Opening \(url)"
            return [.open(url)]
        case .copy:
            guard let user = top.selectedUser(heights) else { return [] }
            let url = profileURL(user.login)
            flash = "Copied \(url)"
            return [.copy(url)]
        case .layout:
            let old = heights
            layout = layout == .compact ? .comfortable : .compact
            for index in screens.indices {
                screens[index].relayout(from: old, to: layout.heights)
            }
            return reportVisible()
        case .help:
            overlay = .help
            return []
        case .quit:
            exitStatus = 0
            return []
        case .keepFilter, .clearFilter, .deleteCharacter, .closeHelp:
            return []
        }
    }

    private mutating func move(_ command: Viewport.Command) -> [Command] {
        let heights = heights
        withTop { $0.move(command, heights: heights) }
        return reportVisible() + details.want(wantedDetails, debounce: true)
    }

    /// Esc: close the details pane, else clear the filter, else go back to the list below.
    private mutating func back() -> [Command] {
        let heights = heights
        if top.detailsOpen {
            withTop { $0.detailsOpen = false }
            return details.want(nil, debounce: false)
        }
        if top.isFiltered {
            withTop { $0.setFilter("", heights: heights) }
            return reportVisible()
        }
        guard screens.count > 1 else {
            flash = "Nothing to go back to · q quits"
            return []
        }
        var popped = screens.removeLast()
        // The popped list's requests are cancelled; the list below is as it was left.
        let cancels = popped.send(.cancel, heights: heights)
        return cancels + details.want(wantedDetails, debounce: false)
    }

    /// `1` and `2` from the details pane: push the user's followers (an organization's members)
    /// or the users they follow.
    private mutating func drillDown(_ action: Action) -> [Command] {
        let heights = heights
        guard let user = top.selectedUser(heights) else { return [] }
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
        let screen = ListScreen(id: ScreenID(nextScreenID + 1), list: list, crumbs: top.crumbs + [user.login, crumb],
                                pageSize: pageSize, prefetch: FixedDistancePrefetch(distance: prefetchDistance),
                                listHeight: listHeight, firstCursor: list.firstCursor)
        nextScreenID += 1
        screens.append(screen)
        return withTop { $0.send(.start, heights: heights) } + details.want(nil, debounce: false)
    }

    // MARK: - The filter line

    private mutating func filterKey(_ key: Key) -> [Command] {
        let heights = heights
        switch keys.action(for: key, in: .filter) {
        case .keepFilter:
            overlay = nil
            return []
        case .clearFilter:
            overlay = nil
            withTop { $0.setFilter("", heights: heights) }
        case .deleteCharacter:
            let text = String(top.filter.dropLast())
            withTop { $0.setFilter(text, heights: heights) }
        case .lineDown:
            withTop { $0.move(.lineDown, heights: heights) }
        case .lineUp:
            withTop { $0.move(.lineUp, heights: heights) }
        case .quit:
            exitStatus = 0
            return []
        default:
            guard let character = key.typedCharacter else { return [] }
            let text = top.filter + String(character)
            withTop { $0.setFilter(text, heights: heights) }
        }
        return reportVisible() + details.want(wantedDetails, debounce: true)
    }
}
