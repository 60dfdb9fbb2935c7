import Foundation
import GitHubAPI
import ListCore

extension AppState {
    // MARK: - One reconcile step

    /// What the reconcile step compares: what the state was before a message.
    struct Before {
        /// What the top screen showed; nil before the first screen's start, when nothing was
        /// on screen (the hint is then due).
        var sight: Sight?
        /// The reconnect GitHub out of reach waited for.
        var reconnect: Int?
        /// When each screen's failed fills were to be asked again, for those that waited.
        var fillRetries: [ScreenID: Date] = [:]
        /// Whether the message moves through the top screen's rows as the person does.
        var moved = false

        init(_ state: AppState, moved: Bool = false) {
            (sight, self.moved) = (Sight(state.top), moved)
            reconnect = state.offline?.pending
            if let at = state.top.fillsRetryAt { fillRetries[state.top.id] = at }
            for screen in state.below {
                if let at = screen.fillsRetryAt { fillRetries[screen.id] = at }
            }
        }

        /// Before anything was on screen.
        init() {}
    }

    /// What follows from the state after a message, derived here once from the state and what
    /// it was `before`, rather than at each place that changed it: every profile's about row
    /// fits the details it shows (`refit`: when the size, the details or the screen shown
    /// changed), the top list's filter judges who you follow as F's writes left it (as its rows
    /// show), a screen whose failed fills got a new time to be asked again gets its timer, the
    /// top screen gets the prefetch hint when what it shows changed (``Sight``), its rows'
    /// fills are asked for, the details pane wants the row it is on (after the selection rests,
    /// with `debounce`), GitHub out of reach gets its reconnect's timer, the picture the pane
    /// shows is asked for, and a tick is asked for while something animates.
    mutating func reconcile(debounce: Bool, refit: Bool, since before: Before) -> [Command] {
        if refit { fitHeaders() }
        let (known, revision) = (acting.known, acting.revision)
        top.takeMarks(known, revision: revision)
        var commands = fillRetryTimers(since: before)
        if Sight(top).wantsHint(since: before.sight, moved: before.moved) {
            let moment = moment
            commands += top.reportVisible(at: moment)
        }
        if fillsRows {
            let now = now
            if let fill = top.fillWants(at: now) { commands.append(fill) }
        }
        let (login, name) = (wantedDetails, wantedRepository)
        // Appended one by one: most are empty after most keys, and `+` would make a new array each.
        commands.append(contentsOf: details.want(login, debounce: debounce))
        commands.append(contentsOf: repository.want(name, debounce: debounce))
        if let state = offline, let pending = state.pending, pending != before.reconnect {
            commands.append(.run(.reconnect(pending), .timer(after: state.delay(unit: reconnectUnit))))
        }
        commands.append(contentsOf: avatar.want(wantedAvatar(login: login, repository: name), now: now))
        commands.append(contentsOf: scheduleTick())
        return commands
    }

    /// The timers after which screens' failed fills are asked again: one for each screen whose
    /// fills got a new time for it (never one this run without a token that works).
    private func fillRetryTimers(since before: Before) -> [Command] {
        let now = now
        func timer(_ screen: Screen) -> Command? {
            guard let at = screen.fillsRetryAt, before.fillRetries[screen.id] != at, screen.fillsFailed else { return nil }
            return .run(.fillRetry(screen.id), .timer(after: Self.delay(until: at, from: now)))
        }
        var timers: [Command] = []
        if let first = timer(top) { timers.append(first) }
        for screen in below {
            if let next = timer(screen) { timers.append(next) }
        }
        return timers
    }

    // MARK: - The about row

    /// Every screen with an about row (a profile) gives it the lines it needs now (after a
    /// resize, or when the details it shows came or failed).
    mutating func fitHeaders() {
        guard top.header != nil || below.contains(where: { $0.header != nil }) else { return }
        // The lines first, then the changes: measuring reads the whole state, and changing the
        // stack while a copy of it is held would copy the screens.
        let fits = screens.compactMap { screen -> (ScreenID, Int)? in
            guard let header = screen.header else { return nil }
            let lines = max(1, screenLayout.profileHeaderLines(self, login: header.login, fill: header.fill,
                                                               paneOpen: header.paneOpen))
            return header.lines == lines ? nil : (screen.id, lines)
        }
        for (id, lines) in fits {
            _ = stack.withScreen(id) { $0.setHeaderLines(lines) }
        }
    }
}
