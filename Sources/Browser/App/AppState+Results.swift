import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - Pages, the cache and GitHub out of reach

extension AppState {
    // MARK: - Offline and the cache

    /// Whether `token` is the fetch the screen `id` waits for.
    func isCurrent(_ id: ScreenID, _ token: FetchToken) -> Bool {
        stack.screen(id)?.awaits(token) == true
    }

    /// A page for the screen `id`. Where it came from says how old the rows are and whether
    /// GitHub answers. A first page from a stale cache is a copy (``FetchToken/revalidates(_:)``):
    /// the pager shows it and waits for GitHub's answer to the same fetch, which replaces its
    /// rows. A result the screen no longer waits for (or for a screen that is gone) changes
    /// nothing; a refresh, or that answer, that only the cache gave (GitHub out of reach) failed.
    /// `webPages`: the address GitHub sent for each row.
    mutating func onPage(_ id: ScreenID, _ token: FetchToken, _ page: Page<Row, GitHubCursor>,
                         _ origin: ResponseOrigin, webPages: [String?] = [], fills: [AccountFill] = []) -> [Command] {
        guard isCurrent(id, token) else { return [] }
        // GitHub's answer for a first page shown from a copy, or a refresh: it asked GitHub.
        let askedGitHub = token.direction == .refresh || stack.screen(id)?.isRevalidating == true
        if askedGitHub, case .offline = origin {
            // Only the cache answered: nothing new, so the refresh failed and every row stays as
            // it is (a retry, or the reconnect, asks GitHub again).
            wentOffline()
            return onScreen(id, .pageFailed(token, LoadFailure(CacheOnlyAnswer())))
        }
        let kept = learnWebPages(page.items, sent: webPages)
        // When the rows were fetched, if they are not GitHub's latest (set by a first page).
        var storedAt: Date?
        switch origin {
        case .network, .revalidated:
            offline = nil
        case .cache(let fetchedAt, _):
            storedAt = fetchedAt
        case .offline(let fetchedAt):
            storedAt = fetchedAt
            wentOffline()
        }
        let event: PagerEvent<Row, GitHubCursor> = token.revalidates(origin) ? .stalePage(token, page) : .pageLoaded(token, page)
        let delivery = PageDelivery(token: token, page: page, event: event, storedAt: storedAt, webPages: kept, fills: fills)
        let moment = moment
        guard let (taken, isTop) = stack.withScreen(id, { $0.take(delivery, at: moment) }) else { return [] }
        // G (or a count) went by GitHub's count of pages, and found the page it named empty.
        if taken.misled, isTop { flash = .endNotServed }
        return taken.commands
    }

    /// GitHub could not be reached: try again after a growing wait (one wait at a time; the
    /// reconcile step asks for its timer).
    mutating func wentOffline() {
        var state = offline ?? Offline(attempts: 0, pending: nil)
        guard state.pending == nil else {
            offline = state
            return
        }
        nextReconnect += 1
        state.pending = nextReconnect
        state.retryAt = now.addingTimeInterval(state.delay(unit: reconnectUnit).inSeconds)
        offline = state
    }

    /// Tries GitHub again: the load that failed, else what the screen on top asks to probe.
    mutating func tryAgain() -> [Command] {
        let (moment, pageSize) = (moment, pageSize)
        return top.tryAgain(at: moment, pageSize: pageSize)
    }

    mutating func probed(_ id: ScreenID, _ origin: ResponseOrigin?) -> [Command] {
        guard let origin, origin.reachedGitHub else {
            wentOffline()
            return []
        }
        offline = nil
        if origin == .revalidated { _ = stack.withScreen(id) { $0.storedAt = nil } }
        return []
    }

    // MARK: - Results

    /// A page result for the screen `id`; dropped when that screen is no longer on the stack.
    mutating func onScreen(_ id: ScreenID, _ event: PagerEvent<Row, GitHubCursor>) -> [Command] {
        let moment = moment
        return stack.withScreen(id, { $0.send(event, at: moment) })?.result ?? []
    }

    mutating func resize(rows: Int, columns: Int) -> [Command] {
        size = Size(rows: rows, columns: columns)
        let height = screenLayout.listHeight
        stack.forEach { $0.resize(listHeight: height) }
        return []
    }
}
