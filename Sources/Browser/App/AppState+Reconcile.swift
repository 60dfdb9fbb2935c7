import GitHubAPI
import ListCore

extension AppState {
    // MARK: - One reconcile step

    /// What follows from the state after a message, derived here once rather than at each
    /// place that changed it: every profile's about row fits the details it shows, the top
    /// screen gets the prefetch hint when a handler said what is on screen moved, the details
    /// pane wants the row it is on (after the selection rests, with `debounce`), the picture
    /// the pane shows is asked for, and a tick is asked for while something animates.
    mutating func reconcile(debounce: Bool) -> [Command] {
        fitProfileHeaders()
        var commands: [Command] = []
        if hintDue {
            hintDue = false
            let moment = moment
            commands += top.reportVisible(at: moment)
        }
        commands += details.want(wantedDetails, debounce: debounce) + repository.want(wantedRepository, debounce: debounce)
        return commands + avatar.want(wantedAvatar, now: now) + scheduleTick()
    }

    /// After the selection or what is on screen moved: the prefetch hint is due.
    mutating func selectionMoved() -> [Command] {
        hintDue = true
        return []
    }

    // MARK: - The about row

    /// Every profile on the stack gives its about row the lines it needs now (after a resize,
    /// or when the details it shows came or failed).
    private mutating func fitProfileHeaders() {
        guard top.profileScreen != nil || below.contains(where: { $0.profileScreen != nil }) else { return }
        let state = self
        stack.forEach { screen in
            guard let login = screen.profileScreen?.login else { return }
            let lines = state.screenLayout.profileHeaderLines(state, login: login, paneOpen: screen.detailsOpen)
            screen.withProfile { $0.changeProfile { $0.setHeaderLines(lines) } }
        }
    }
}
