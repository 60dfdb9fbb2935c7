import Foundation
import GitHubAPI
import ListCore

/// A list as a kind of screen: paged, filtered, moved through by counts and jumps.
extension ListScreen: ScreenBody {
    var kind: ScreenKind { isSearch ? .search : .list }
    var wrapped: Screen { .list(self) }

    var actSubject: PaneSubject { fillsAccounts ? .user : .repository }

    var enterEffect: KeyTable.EnterHint {
        if selectedRow != nil { return .details }
        return rows.isEmpty && !isFiltered ? .noRows : .nothing
    }

    func animates(paneLoading: Bool) -> Bool { shown.isLoading || (detailsOpen && paneLoading) }

    mutating func fillsTaken() { fillsChanged() }

    func marksBehind(_ revision: Revision) -> Bool { !marksRevision.matches(revision) }

    func keptWebPage(of row: Row) -> String? { webPages[row.id] }

    var hasRows: Bool { !pager.items.isEmpty }

    var filtersAccounts: Bool { fillsAccounts }

    var searchQuery: String? {
        guard case .users(.search(let query, _)) = list else { return nil }
        return query
    }

    // MARK: - Pages

    /// `r`: the page that holds the selected row again; said, not dropped, while one is asked
    /// already (a refresh, or a stale first page being checked).
    mutating func refresh(at now: Duration?) -> Refreshed {
        if pager.hasLoadedFirstPage, pager.isRefreshing { return .refused(.alreadyRefreshing) }
        return .asked(refreshWhereSelected(at: now))
    }

    /// GitHub again: the load that failed, else whether the list's first page answers.
    mutating func tryAgain(at now: Duration?, pageSize: Int) -> [Command] {
        if pager.failure != nil { return retry(at: now) }
        return [.run(.probe(id), .probe(list, cursor: pager.firstCursor, pageSize: pageSize))]
    }

    mutating func retryPage(at now: Duration?) -> [Command]? {
        pager.failure == nil ? nil : retry(at: now)
    }

    func awaits(_ token: FetchToken) -> Bool { pager.inFlight[token.direction]?.token == token }

    var isRevalidating: Bool { pager.isRevalidating }

    mutating func take(_ delivery: PageDelivery, at now: Duration?) -> (commands: [Command], misled: Bool) {
        let direction = delivery.token.direction
        if direction == .initial || direction == .refresh { storedAt = delivery.storedAt }
        keepWebPages(delivery.webPages)
        keepFills(delivery.fills, of: delivery.page.items)
        let trusted = !pager.pageCountMisleads
        let commands = send(delivery.event, at: now)
        return (commands, trusted && pager.pageCountMisleads && direction == .jump)
    }

    func refusal(of token: FetchToken, _ failure: LoadFailure) -> String? {
        guard openedWith != nil, token.direction == .initial, pager.items.isEmpty, case .users(.search) = list,
              case .validation(let message)? = failure.underlying as? GitHubError
        else { return nil }
        return message
    }

    /// A follow or a star of `target` changed what the list holds (their followers, your
    /// following list; the repository's stargazers, your starred list): asked again.
    mutating func refresh(changedBy target: WriteTarget, at now: Duration?) -> [Command] {
        list.changes(by: target) ? refreshWhereSelected(at: now) : []
    }

    /// All its loaded rows' names, or at most `limit` of them nearest the selection.
    func noteNames(into names: inout KnownNames, limit: Int?) {
        let items = pager.items
        guard let limit else { return items.forEach { names.note($0) } }
        guard !items.isEmpty else { return }
        let middle = selectedID.flatMap { pager.store.index(of: $0) } ?? 0
        let start = max(0, min(middle - limit / 2, items.count - limit))
        items[start..<min(items.count, start + limit)].forEach { names.note($0) }
    }

    // MARK: - Moves across what is not loaded

    mutating func moveToEnd(_ command: Viewport.Command, at now: Duration?) -> [Command]? {
        guard pager.hasLoadedFirstPage else {
            // Before the first page: `G` is made when it comes (its last row), not lost.
            pendingMove = command == .last ? .last : nil
            return []
        }
        let dropped = command == .first ? pager.offset > 0 : pager.droppedAfter > 0
        if command == .last, let jump = jumpAcrossCounted(toItem: nil, at: now) {
            // A long list whose last pages were never loaded: its last page, not the next one.
            return jump
        }
        if command == .last, !dropped, !isFiltered, let total = pager.totalPages, total - pager.pages.count == 1,
           pager.appendState != .endReached, pager.appendState.failure == nil {
            // GitHub counts one page more (too near for a jump): the last row loaded, then the
            // list's last when that page comes, walked as a count's row is.
            let calledOff = callOffJump(at: now)
            move(.last)
            walkTo = AppState.largestCount
            return calledOff
        }
        guard dropped, !isFiltered else { return nil }
        let position = command == .first ? 0 : pager.knownCount - 1
        return jump(command, toItem: position, at: now)
    }

    /// A loaded row is selected; one in a page memory bounds dropped is loaded in place of the
    /// loaded ones (a jump, as `G` does); one past what is loaded is walked to: the last row
    /// loaded, then each page as it comes, until the row is there (``walkTo``). Among a filter's
    /// matches: nil, the row of those shown.
    mutating func moveToRow(_ position: Int, at now: Duration?) -> [Command]? {
        guard !isFiltered else { return nil }
        guard pager.hasLoadedFirstPage else {
            pendingItem = position
            return []
        }
        if select(item: position) { return callOffJump(at: now) }
        let (offset, knownCount, droppedAfter) = (pager.offset, pager.knownCount, pager.droppedAfter)
        let loadedEnd = offset + pager.items.count
        let dropped = position < offset || (position >= loadedEnd && position < knownCount && droppedAfter > 0)
        // Past the next page of a list whose pages GitHub counts: the page that holds the row, not
        // every page before it.
        if !dropped, let jump = jumpAcrossCounted(toItem: position, at: now) { return jump }
        guard dropped else {
            // A count's row is walked to, never past; the move calls off a jump.
            let ended = pager.appendState == .endReached
            let commands = callOffJump(at: now)
            move(position < offset ? .first : .last)
            if position >= loadedEnd, !ended { walkTo = position }
            return commands
        }
        return jump(toItem: position, at: now)
    }

    /// A move down or up of `lines` lines, `times` over, further than the rows loaded, or while
    /// a walk that way is under way: walked (``walkTo``), so the presses made while the next page
    /// loads add up rather than stop at the last row loaded. Never past a page that failed (R
    /// retries it), and never by a jump that would replace the rows loaded.
    mutating func walk(_ command: Viewport.Command, lines: Int, times: Int) -> Bool {
        guard !isFiltered, let selected = selectedItem else { return false }
        let rows = command == .lineDown || command == .lineUp ? lines : max(1, lines / max(1, heights.height(of: .item)))
        switch command {
        case .lineDown, .pageDown, .halfPageDown:
            guard pager.appendState.failure == nil else { return false }
            // (A walk up under way is given up: this one goes down from the selection.)
            let walking = walkTo.flatMap { $0 > selected ? $0 : nil }
            let target = min(AppState.largestCount, (walking ?? selected) + rows * times)
            guard walking != nil || target >= pager.offset + pager.items.count else { return false }
            walk(to: target, waitingOn: .last)
        default:
            guard pager.offset > 0, pager.prependState.failure == nil else { return false }
            let walking = walkTo.flatMap { $0 < selected ? $0 : nil }
            let target = max(0, (walking ?? selected) - rows * times)
            guard walking != nil || target < pager.offset else { return false }
            walk(to: target, waitingOn: .first)
        }
        return true
    }

    /// The row when it is loaded, else the loaded row nearest it (`edge`) while the pages between
    /// load; a walk down ends with the list.
    private mutating func walk(to target: Int, waitingOn edge: Viewport.Command) {
        if select(item: target) { return walkTo = nil }
        move(edge)
        if edge == .first || pager.appendState != .endReached { walkTo = target }
    }
}
