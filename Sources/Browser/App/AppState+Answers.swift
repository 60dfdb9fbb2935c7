import Foundation
import GitHubAPI
import ListCore

extension AppState {
    // MARK: - What the jobs answered

    /// An answer of the job that ran under `key`: `more` when another follows (a stale copy
    /// first). Its commands; nil when it changes nothing at all (a tick or a reconnect no longer
    /// awaited), so not even the reconcile step runs.
    mutating func answered(_ key: TaskKey, _ result: JobResult, more: Bool) -> [Command]? {
        switch (key, result) {
        case let (.fetch(id, token), .page(page, origin, webPages, fills)):
            return onPage(id, token, page, origin, webPages: webPages, fills: fills)
        case let (.fetch(id, token), .loadFailed(failure)):
            let current = isCurrent(id, token)
            let commands = onScreen(id, .pageFailed(token, failure))
            if current, top.id == id, overlay == nil, let message = refusedSearch(token, failure) {
                // A search from the prompt that GitHub refused leaves the stack for the prompt.
                return backToPrompt(message)
            } else if current, (failure.underlying as? GitHubError)?.isUnreachable == true {
                wentOffline()
            }
            return commands
        case (.details(let id), .due):
            return details.due(id)
        case let (.details(id), .userDetails(user)):
            guard details.loaded(id, user, revalidating: more) else { return [] }
            learnWebPage(from: user)
            return learnDetails(user)
        case let (.details(id), .detailsFailed(reason)):
            _ = details.failed(id, reason)
            return []
        case (.repository(let id), .due):
            return repository.due(id)
        case let (.repository(id), .repositoryDetails(found)):
            if repository.loaded(id, found, revalidating: more) { learnWebPage(from: found) }
            return []
        case let (.repository(id), .detailsFailed(reason)):
            _ = repository.failed(id, reason)
            return []
        case let (.slice(id, request), .slice(page, webPages)):
            let kept = learnWebPages(page.items, sent: webPages)
            return onProfile(id) { _ = $0.loaded(request, page, revalidating: more, webPages: kept) }
        case let (.slice(id, request), .loadFailed(failure)):
            return onProfile(id) { _ = $0.failed(request, failure) }
        case let (.fill(id, request), .rowsFilled(answer)):
            let now = now
            if let viewer = answer.fills.values.first(where: \.isViewer) { acting.learnViewer(viewer.login) }
            _ = stack.withScreen(id) { $0.takeFills { $0.filled(request, answer, at: now) } }
            return []
        case let (.fill(id, request), .repositoriesFilled(answer)):
            let now = now
            _ = stack.withScreen(id) { $0.takeFills { $0.filled(request, answer, at: now) } }
            return []
        case let (.fill(id, request), .fillFailed(problem)):
            let now = now
            // R said so while this fill was out: it has failed since.
            if flash == .nothingFailed { flash = nil }
            _ = stack.withScreen(id) { $0.takeFills { $0.failed(request, problem, at: now) } }
            // Asked again by itself once the wait is over (the reconcile step's timer).
            return []
        case (.fillRetry, .due):
            // The reconcile step asks the top screen's fills again (another's, when it is back on top).
            return []
        case (.tick(let id), .due):
            guard id == pendingTick else { return nil }
            pendingTick = nil
            spinner &+= 1
            return []
        case (.reconnect(let id), .due):
            guard var state = offline, state.pending == id else { return nil }
            state.pending = nil
            state.retryAt = nil
            state.attempts += 1
            offline = state
            return tryAgain()
        case let (.probe(id), .probed(origin)):
            return probed(id, origin)
        case let (.avatar(id), .avatar(image)):
            avatar.loaded(id, image)
            return []
        case (.avatar(let id), .avatarFailed):
            avatar.failed(id, at: now)
            return []
        case let (.check(id), .checked(outcome)):
            return commandChecked(id, outcome)
        case let (.act(id), .stateKnown(isSet)):
            return actingAnswered(id, .stateKnown(isSet))
        case let (.act(id), .stateFailed(failure)):
            return actingAnswered(id, .stateFailed(failure))
        case let (.act(id), .isYou(login)):
            return actingAnswered(id, .isYou(login))
        case (.act(let id), .written):
            return actingAnswered(id, .written)
        case let (.act(id), .writeFailed(failure)):
            return actingAnswered(id, .writeFailed(failure))
        default:
            // An answer no job of that key gives: nothing to do.
            return []
        }
    }
}
