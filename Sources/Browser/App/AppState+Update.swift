import Foundation
import GitHubAPI
import ListCore
import TerminalUI

extension AppState {
    /// Applies one message, handled at `now` (the clock of countdowns, ages and the pagers'
    /// timing), and returns the work it asks for, in order.
    package mutating func update(_ message: Message, at now: Date) -> [Command] {
        self.now = now
        let (shown, paneWasOpen) = (top.id, top.detailsOpen)
        var commands: [Command]
        /// What goes after the reconcile step's commands (the reconnect a page from the cache
        /// while offline asks for).
        var trailing: [Command] = []
        switch message {
        case .key(let key):
            commands = handleKey(key)
        case .clicked(let target):
            commands = clicked(target)
        case let .resized(rows, columns):
            commands = resize(rows: rows, columns: columns)
        case let .pageLoaded(id, token, page, origin, webPages, fills):
            (commands, trailing) = onPage(id, token, page, origin, webPages: webPages, fills: fills)
        case let .pageFailed(id, token, failure):
            let current = isCurrent(id, token)
            commands = onScreen(id, .pageFailed(token, failure))
            if current, top.id == id, overlay == nil, let message = refusedSearch(token, failure) {
                // A search from the prompt that GitHub refused leaves the stack for the prompt.
                commands = backToPrompt(message)
            } else if current, (failure.underlying as? GitHubError)?.isUnreachable == true {
                trailing = wentOffline()
            }
        case .detailsDue(let id):
            commands = details.due(id)
        case let .detailsLoaded(id, user, revalidating):
            if details.loaded(id, user, revalidating: revalidating) {
                learnWebPage(from: user)
                commands = learnProfiles(user)
            } else {
                commands = []
            }
        case let .detailsFailed(id, reason):
            _ = details.failed(id, reason)
            commands = []
        case .repositoryDue(let id):
            commands = repository.due(id)
        case let .repositoryLoaded(id, found, revalidating):
            if repository.loaded(id, found, revalidating: revalidating) { learnWebPage(from: found) }
            commands = []
        case let .repositoryFailed(id, reason):
            _ = repository.failed(id, reason)
            commands = []
        case let .sliceLoaded(id, request, page, revalidating, webPages):
            let kept = learnWebPages(page.items, sent: webPages)
            commands = onProfile(id) { _ = $0.loaded(request, page, revalidating: revalidating, webPages: kept) }
        case let .sliceFailed(id, request, failure):
            commands = onProfile(id) { _ = $0.failed(request, failure) }
        case let .rowsFilled(id, request, answer):
            let now = now
            if let viewer = answer.fills.values.first(where: \.isViewer) { acting.learnViewer(viewer.login) }
            _ = stack.withScreen(id) { $0.takeFills { $0.filled(request, answer, at: now) } }
            commands = []
        case let .repositoriesFilled(id, request, answer):
            let now = now
            _ = stack.withScreen(id) { $0.takeFills { $0.filled(request, answer, at: now) } }
            commands = []
        case let .fillFailed(id, request, problem):
            let now = now
            // R said so while this fill was out: it has failed since.
            if flash == .nothingFailed { flash = nil }
            _ = stack.withScreen(id) { $0.takeFills { $0.failed(request, problem, at: now) } }
            // Asked again by itself once the wait is over (never this run without a token that works).
            let retryAt = stack.screen(id)?.fillsRetryAt
            commands = retryAt.map { [.scheduleFillRetry(id, after: Self.delay(until: $0, from: now))] } ?? []
        case .fillRetryDue:
            // The reconcile step asks the top screen's fills again (another's, when it is back on top).
            commands = []
        case .rateLimit(let limit):
            // GitHub counts searches (10 or 30 a minute) and GraphQL's points apart: each limit
            // is kept as its own.
            switch limit.resource {
            case "search": searchRateLimit = limit
            case "graphql": graphQLRateLimit = limit
            default: rateLimit = limit
            }
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
            if let error { flash = .openFailed(error, url: url) }
            commands = []
        case let .commandChecked(id, outcome):
            commands = commandChecked(id, outcome)
        case let .avatarLoaded(id, image):
            avatar.loaded(id, image)
            commands = []
        case .avatarFailed(let id, _):
            avatar.failed(id, at: now)
            commands = []
        case .notice(let text):
            flash = .notice(text)
            return []
        case .reconnect(let id):
            guard var state = offline, state.pending == id else { return [] }
            state.pending = nil
            state.retryAt = nil
            state.attempts += 1
            offline = state
            commands = tryAgain()
        case let .probed(id, origin):
            commands = probed(id, origin)
        case .signal(let number):
            exitStatus = 128 + number
            return []
        case .abilities(let abilities):
            acting.abilities = abilities
            commands = []
        case let .stateKnown(id, isSet):
            commands = stateKnown(id, isSet)
        case let .stateFailed(id, failure):
            commands = stateFailed(id, failure)
        case let .isYou(id, login):
            commands = isYou(id, login)
        case .written(let id):
            commands = written(id)
        case let .writeFailed(id, failure):
            commands = writeFailed(id, failure)
        }
        // The pane's request waits for the selection to rest, unless the pane opened or closed,
        // or another screen came on top; the about rows fit again then, and when the size, an
        // account's details or a profile's fill (how you follow each other) changed.
        let same = top.id == shown && top.detailsOpen == paneWasOpen
        let refit: Bool = switch message {
        case .resized, .detailsLoaded, .detailsFailed: true
        case .rowsFilled(let id, _, _): screens.contains { $0.id == id && $0.profileScreen != nil }
        default: !same
        }
        commands.append(contentsOf: reconcile(debounce: same, refit: refit, then: trailing))
        return commands
    }
}
