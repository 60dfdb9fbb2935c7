import GitHubAPI
import ListCore

extension AppState {
    // MARK: - One reconcile step

    /// What follows from the state after a message, derived here once rather than at each
    /// place that changed it: every profile's about row fits the details it shows (`refit`:
    /// when the size, the details or the screen shown changed), the top screen gets the
    /// prefetch hint when a handler said what is on it moved, the details pane wants the row it
    /// is on (after the selection rests, with `debounce`), the picture the pane shows is asked
    /// for, a tick is asked for while something animates, and the top list's filter judges who
    /// you follow as F's writes left it (as its rows show).
    /// `then`: a handler's commands that go after the pane's and before the picture's and the
    /// tick's (a reconnect).
    mutating func reconcile(debounce: Bool, refit: Bool, then later: [Command] = []) -> [Command] {
        if refit { fitProfileHeaders() }
        if let list = top.listScreen, !list.marksRevision.matches(acting.revision) {
            let (known, revision) = (acting.known, acting.revision)
            top.withList { $0.takeMarks(known, revision: revision) }
        }
        var commands: [Command] = []
        if let due = hintDue {
            hintDue = nil
            let moment = moment
            if due == top.id { commands += top.reportVisible(at: moment) }
        }
        if fillsRows {
            let now = now
            if let fill = top.fillWants(at: now) { commands.append(fill) }
        }
        let (login, name) = (wantedDetails, wantedRepository)
        // Appended one by one: most are empty after most keys, and `+` would make a new array each.
        commands.append(contentsOf: details.want(login, debounce: debounce))
        commands.append(contentsOf: repository.want(name, debounce: debounce))
        commands.append(contentsOf: later)
        commands.append(contentsOf: avatar.want(wantedAvatar(login: login, repository: name), now: now))
        commands.append(contentsOf: scheduleTick())
        return commands
    }

    /// After the selection or what is on screen moved: the prefetch hint is due.
    mutating func selectionMoved() -> [Command] {
        hintDue = top.id
        return []
    }

    // MARK: - The about row

    /// Every profile on the stack gives its about row the lines it needs now (after a resize,
    /// or when the details it shows came or failed).
    private mutating func fitProfileHeaders() {
        guard top.profileScreen != nil || below.contains(where: { $0.profileScreen != nil }) else { return }
        // The lines first, then the changes: measuring reads the whole state, and changing the
        // stack while a copy of it is held would copy the screens.
        let fits = screens.compactMap { screen -> (ScreenID, Int)? in
            guard let profile = screen.profileScreen else { return nil }
            let lines = max(1, screenLayout.profileHeaderLines(self, login: profile.login, fill: profile.ownFill,
                                                                        paneOpen: profile.detailsOpen))
            return profile.profile.rows.slice(.about)?.headingLines == lines ? nil : (profile.id, lines)
        }
        for (id, lines) in fits {
            _ = stack.withScreen(id) { $0.withProfile { $0.changeProfile { $0.setHeaderLines(lines) } } }
        }
    }
}
