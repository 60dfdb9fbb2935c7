import Foundation
import GitHubAPI
import ListCore
import Synchronization

/// Runs the update's commands with Swift concurrency and posts their results back as messages.
///
/// It keeps only the running tasks, by the key each command declares (``Command/taskKey``), so
/// a command can cancel one and a result forgets its own (``Message/settles``). GitHub is
/// reached through a ``GitHubService`` and time passes on a clock, so tests drive it with
/// scripted answers and a test clock. Used by the one consumer only.
final class Runtime: CommandRunner {
    /// A command's work: it posts its results (one, or two for a revalidation) through `post`.
    typealias Job = @Sendable (_ post: @escaping @Sendable (Message) -> Void) async -> Void

    private let service: GitHubService
    private let clock: any Clock<Duration>
    private let post: @Sendable (Message) -> Void
    private let environment: [String: String]
    private(set) var tasks: [TaskKey: Task<Void, Never>] = [:]
    /// Writes the prompt's history file, one after another (blocking file I/O stays off the
    /// concurrency threads); waited for before the program leaves.
    private let historyQueue = DispatchQueue(label: "ghscroll.history")
    /// Whether a failed write was said already: once a run.
    private let historyFailed = Flag()

    final class Flag: Sendable {
        private let value = Mutex(false)
        /// Sets the flag; true the first time.
        func raise() -> Bool { value.withLock { raised in defer { raised = true }; return !raised } }
    }

    init(service: GitHubService, clock: any Clock<Duration> = ContinuousClock(), environment: [String: String],
         post: @escaping @Sendable (Message) -> Void) {
        self.service = service
        self.clock = clock
        self.environment = environment
        self.post = post
    }

    func run(_ commands: [Command]) {
        for command in commands { run(command) }
    }

    /// Forgets the task a result came from.
    func settle(_ message: Message) {
        if let key = message.settles { tasks[key] = nil }
    }

    func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
        // The history written last is on disk before the program leaves.
        historyQueue.sync {}
    }

    private func run(_ command: Command) {
        for key in command.cancels { tasks.removeValue(forKey: key)?.cancel() }
        guard let key = command.taskKey else { return perform(command) }
        guard let job = job(for: command) else { return }
        let post = post
        // A task posts nothing once cancelled: its result would be for work no longer wanted.
        tasks.removeValue(forKey: key)?.cancel()
        tasks[key] = Task { await job { message in if !Task.isCancelled { post(message) } } }
    }

    /// The work of a command that starts a task.
    private func job(for command: Command) -> Job? {
        let (service, clock) = (service, clock)
        switch command {
        case let .fetch(screen, list, request):
            // The first screen of a list comes from the cache at once when it can, and so does a
            // page dropped to bound memory and wanted again (before the loaded ones, or far from
            // them); a refresh always asks GitHub, and so does a page shown before it, loaded
            // again since; more pages come from the cache while they are fresh.
            let policy: CachePolicy = switch request.token.direction {
            case _ where request.outdated, .refresh: .revalidate
            case .initial, .prepend, .jump: .preferCache
            case .append: .normal
            }
            // A first page from a stale cache is shown at once, then GitHub's answer replaces it.
            return { post in
                do {
                    try await GitHubService.staleWhileRevalidate(first: policy, revalidates: request.token.revalidates, {
                        try await service.page(list, request.cursor, request.pageSize, $0)
                    }, answer: { loaded, _ in
                        post(.pageLoaded(screen, request.token, loaded.value.page, origin: loaded.origin,
                                         webPages: loaded.value.webPages, fills: loaded.value.fills))
                    })
                } catch {
                    post(.pageFailed(screen, request.token, LoadFailure(error)))
                }
            }
        case let .loadSlice(screen, id, list, pageSize, refresh):
            // A profile's slice: its list's first page, from the cache at once when there (a
            // stale one is then asked of GitHub again); GitHub only, on a refresh.
            return { post in
                do {
                    try await GitHubService.staleWhileRevalidate(first: refresh ? .revalidate : .preferCache, {
                        try await service.page(list, list.firstCursor, pageSize, $0)
                    }, answer: { post(.sliceLoaded(screen, id, $0.value.page, revalidating: $1, webPages: $0.value.webPages)) })
                } catch {
                    post(.sliceFailed(screen, id, LoadFailure(error)))
                }
            }
        case let .fillRows(screen, id, logins):
            return { post in
                do {
                    post(.rowsFilled(screen, id, try await service.fill(logins)))
                } catch {
                    post(.fillFailed(screen, id, FillProblem(error)))
                }
            }
        case let .fillRepositories(screen, id, names):
            return { post in
                do {
                    post(.repositoriesFilled(screen, id, try await service.fillRepositories(names)))
                } catch {
                    post(.fillFailed(screen, id, FillProblem(error)))
                }
            }
        case let .loadDetails(id, login):
            return { post in
                do {
                    try await GitHubService.staleWhileRevalidate(first: .preferCache, {
                        try await service.userDetails(login, $0)
                    }, answer: { post(.detailsLoaded(id, $0.value, revalidating: $1)) })
                } catch {
                    post(.detailsFailed(id, DetailsFailure(error)))
                }
            }
        case let .loadRepository(id, fullName):
            guard let (owner, name) = GitHubRepository.ownerAndName(fullName) else {
                // Not OWNER/NAME (a broken or hostile answer): nothing to ask GitHub for.
                return { post in post(.repositoryFailed(id, .failed(LoadFailure(message: "\(fullName) is not OWNER/NAME")))) }
            }
            return { post in
                do {
                    try await GitHubService.staleWhileRevalidate(first: .preferCache, {
                        try await service.repositoryDetails(owner, name, $0)
                    }, answer: { post(.repositoryLoaded(id, $0.value, revalidating: $1)) })
                } catch {
                    post(.repositoryFailed(id, DetailsFailure(error)))
                }
            }
        case let .scheduleDetails(id, delay):
            return Self.after(delay, on: clock, .detailsDue(id))
        case let .scheduleRepository(id, delay):
            return Self.after(delay, on: clock, .repositoryDue(id))
        case let .scheduleTick(id, delay):
            return Self.after(delay, on: clock, .tick(id))
        case let .scheduleReconnect(id, delay):
            return Self.after(delay, on: clock, .reconnect(id))
        case let .scheduleFillRetry(screen, delay):
            return Self.after(delay, on: clock, .fillRetryDue(screen))
        case let .probe(screen, list, cursor, pageSize):
            return { post in
                let loaded = try? await service.page(list, cursor, pageSize, .revalidate)
                post(.probed(screen, loaded?.origin))
            }
        case let .loadAvatar(id, url, columns, rows):
            return { post in
                do {
                    post(.avatarLoaded(id, try await AvatarPicture.make(url: url, columns: columns, rows: rows, service: service)))
                } catch {
                    post(.avatarFailed(id, "\(error)"))
                }
            }
        case let .checkCommand(id, subject):
            return { post in post(.commandChecked(id, await CommandCheck.run(subject, service: service, clock: clock))) }
        case let .askState(id, target):
            return { post in
                do {
                    // Whose the token is, first: a row with no fill (its request failed, or has
                    // not come) does not say, and your own account cannot be followed. Not known
                    // (GitHub did not say), nothing is asked: the key says why and asks again.
                    if case .account(let login) = target, let viewer = try await service.viewer(),
                       viewer.lowercased() == login.lowercased() {
                        return post(.isYou(id, viewer))
                    }
                    post(.stateKnown(id, try await service.isSet(target)))
                } catch {
                    post(.stateFailed(id, WriteFailure(error)))
                }
            }
        case let .write(id, target, on):
            return { post in
                do {
                    try await service.set(target, on)
                    post(.written(id))
                } catch {
                    post(.writeFailed(id, WriteFailure(error)))
                }
            }
        default:
            return nil
        }
    }

    /// A timer: `message` after `delay` on `clock` (nothing when cancelled first).
    private static func after(_ delay: Duration, on clock: any Clock<Duration>, _ message: Message) -> Job {
        { post in
            do { try await clock.sleep(for: delay) } catch { return }
            post(message)
        }
    }

    /// A command that starts no task: done here and now.
    private func perform(_ command: Command) {
        let post = post
        switch command {
        case .open(let url):
            URLOpener.open(url, environment: environment) { error in
                if let error { post(.opened(url: url, error: error)) }
            }
        case .addToHistory(let line):
            guard let path = HistoryFile.defaultPath(environment: environment) else { return }
            historyQueue.async { [historyFailed] in
                do {
                    try HistoryFile.add(line, path: path)
                } catch {
                    guard historyFailed.raise() else { return }
                    post(.notice(.historyNotKept("\(error)")))
                }
            }
        default:
            break  // cancels, done above; copy and suspend, the loop's on its terminal
        }
    }
}

extension DetailsFailure {
    /// A details request's error: GitHub has no such account or repository, or it failed.
    init(_ error: any Error) {
        if case GitHubError.notFound? = error as? GitHubError {
            self = .notFound
        } else {
            self = .failed(LoadFailure(error))
        }
    }
}
