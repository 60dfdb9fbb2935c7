import ListCore

/// What a running task is for. A command that starts work declares it (``Command/taskKey``),
/// and the message that ends the work names the same (``Message/settles``), so the runtime
/// keeps and forgets its tasks in one place, whatever the job.
package enum TaskKey: Sendable, Hashable {
    case fetch(ScreenID, Int)
    case slice(ScreenID, RequestID)
    case fill(ScreenID)
    case fillRetry(ScreenID)
    case details(RequestID)
    case detailsTimer(RequestID)
    case repository(RequestID)
    case repositoryTimer(RequestID)
    case tick(Int)
    case reconnect(Int)
    case probe(ScreenID)
    case avatar(RequestID)
    case check(RequestID)
    /// A write, or the question of what is set: one at a time.
    case act(RequestID)
}

extension Command {
    /// The task this command starts; nil for a command that starts none.
    package var taskKey: TaskKey? {
        switch self {
        case let .fetch(screen, _, request): .fetch(screen, request.token.id)
        case let .loadSlice(screen, id, _, _, _): .slice(screen, id)
        case let .fillRows(screen, _, _), let .fillRepositories(screen, _, _): .fill(screen)
        case let .scheduleDetails(id, _): .detailsTimer(id)
        case let .loadDetails(id, _): .details(id)
        case let .scheduleRepository(id, _): .repositoryTimer(id)
        case let .loadRepository(id, _): .repository(id)
        case let .scheduleTick(id, _): .tick(id)
        case let .scheduleReconnect(id, _): .reconnect(id)
        case let .scheduleFillRetry(screen, _): .fillRetry(screen)
        case let .probe(screen, _, _, _): .probe(screen)
        case let .loadAvatar(id, _, _, _): .avatar(id)
        case let .checkCommand(id, _): .check(id)
        case let .askState(id, _), let .write(id, _, _): .act(id)
        case .cancelFetch, .cancelDetails, .cancelRepository, .cancelSlice, .cancelFill, .cancelAvatar, .open, .copy,
             .suspend, .addToHistory:
            nil
        }
    }

    /// The tasks this command cancels.
    package var cancels: [TaskKey] {
        switch self {
        case let .cancelFetch(screen, token): [.fetch(screen, token.id)]
        case let .cancelSlice(screen, id): [.slice(screen, id)]
        case .cancelFill(let screen): [.fill(screen)]
        case .cancelDetails(let id): [.details(id), .detailsTimer(id)]
        case .cancelRepository(let id): [.repository(id), .repositoryTimer(id)]
        case .cancelAvatar(let id): [.avatar(id)]
        default: []
        }
    }
}

extension Message {
    /// The task whose work this message ends; nil when it ends none (a revalidation's first
    /// answer, a page's included: the second is on its way).
    package var settles: TaskKey? {
        switch self {
        case let .pageLoaded(screen, token, _, origin, _, _): token.revalidates(origin) ? nil : .fetch(screen, token.id)
        case let .pageFailed(screen, token, _): .fetch(screen, token.id)
        case let .sliceLoaded(screen, id, _, revalidating, _): revalidating ? nil : .slice(screen, id)
        case let .sliceFailed(screen, id, _): .slice(screen, id)
        case let .rowsFilled(screen, _, _), let .repositoriesFilled(screen, _, _), let .fillFailed(screen, _, _): .fill(screen)
        case let .detailsLoaded(id, _, revalidating): revalidating ? nil : .details(id)
        case .detailsFailed(let id, _): .details(id)
        case let .repositoryLoaded(id, _, revalidating): revalidating ? nil : .repository(id)
        case .repositoryFailed(let id, _): .repository(id)
        case .detailsDue(let id): .detailsTimer(id)
        case .repositoryDue(let id): .repositoryTimer(id)
        case .tick(let id): .tick(id)
        case .reconnect(let id): .reconnect(id)
        case .fillRetryDue(let screen): .fillRetry(screen)
        case .probed(let screen, _): .probe(screen)
        case .avatarLoaded(let id, _), .avatarFailed(let id, _): .avatar(id)
        case .commandChecked(let id, _): .check(id)
        case .stateKnown(let id, _), .stateFailed(let id, _), .isYou(let id, _), .written(let id), .writeFailed(let id, _): .act(id)
        case .key, .clicked, .resized, .rateLimit, .wait, .opened, .notice, .signal, .abilities: nil
        }
    }
}
