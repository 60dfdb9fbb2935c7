import Avatars
import Foundation
import Synchronization
import GitHubAPI
import ListCore
import TerminalUI

/// Runs the update's commands with Swift concurrency and posts their results back as messages.
///
/// It keeps only the running tasks, keyed by what they are for, so a command can cancel one.
/// Used by the one consumer only.
final class Runtime: CommandRunner {
    enum TaskKey: Hashable {
        case fetch(ScreenID, Int)
        case slice(ScreenID, RequestID)
        case details(RequestID)
        case detailsTimer(RequestID)
        case repository(RequestID)
        case repositoryTimer(RequestID)
        case tick(Int)
        case reconnect(Int)
        case probe(ScreenID)
        case avatar(RequestID)
        case check(RequestID)
    }

    private let client: GitHubClient
    private let post: @Sendable (Message) -> Void
    private let environment: [String: String]
    private var tasks: [TaskKey: Task<Void, Never>] = [:]
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

    init(client: GitHubClient, environment: [String: String], post: @escaping @Sendable (Message) -> Void) {
        self.client = client
        self.environment = environment
        self.post = post
    }

    /// A details request: from the cache at once when there; stale ones are then asked of GitHub
    /// again (the first answer says it is revalidating).
    private func loadDetails<Details: Sendable>(
        _ id: RequestID, fetch: @escaping @Sendable (CachePolicy) async throws -> (details: Details, origin: ResponseOrigin),
        loaded: @escaping @Sendable (RequestID, Details, Bool) -> Message,
        failed: @escaping @Sendable (RequestID, DetailsFailure) -> Message
    ) -> Task<Void, Never> {
        let post = post
        return Task {
            do {
                let cached = try await fetch(.preferCache)
                guard !Task.isCancelled else { return }
                guard case .cache(_, fresh: false) = cached.origin else { return post(loaded(id, cached.details, false)) }
                post(loaded(id, cached.details, true))
                let checked = try await fetch(.revalidate)
                guard !Task.isCancelled else { return }
                post(loaded(id, checked.details, false))
            } catch GitHubError.notFound {
                guard !Task.isCancelled else { return }
                post(failed(id, .notFound))
            } catch {
                guard !Task.isCancelled else { return }
                post(failed(id, .failed(LoadFailure(error))))
            }
        }
    }

    /// A profile's slice: its list's first page, from the cache at once when there (a stale one
    /// is then asked of GitHub again, as details are); GitHub only, on a refresh.
    private func loadSlice(_ screen: ScreenID, _ id: RequestID, list: GitHubList, pageSize: Int,
                           refresh: Bool) -> Task<Void, Never> {
        let (post, client) = (post, client)
        return Task {
            do {
                let first = try await list.loadRows(client: client, at: list.firstCursor, pageSize: pageSize,
                                                    policy: refresh ? .revalidate : .preferCache)
                guard !Task.isCancelled else { return }
                guard case .cache(_, fresh: false) = first.origin else { return post(.sliceLoaded(screen, id, first.page)) }
                post(.sliceLoaded(screen, id, first.page, revalidating: true))
                let checked = try await list.loadRows(client: client, at: list.firstCursor, pageSize: pageSize,
                                                      policy: .revalidate)
                guard !Task.isCancelled else { return }
                post(.sliceLoaded(screen, id, checked.page))
            } catch {
                guard !Task.isCancelled else { return }
                post(.sliceFailed(screen, id, LoadFailure(error)))
            }
        }
    }

    func run(_ commands: [Command]) {
        for command in commands { run(command) }
    }

    /// Forgets the task a result came from.
    func settle(_ message: Message) {
        switch message {
        case let .pageLoaded(screen, token, _, _), let .pageFailed(screen, token, _):
            tasks[.fetch(screen, token.id)] = nil
        case let .sliceLoaded(screen, id, _, revalidating):
            if !revalidating { tasks[.slice(screen, id)] = nil }
        case let .sliceFailed(screen, id, _):
            tasks[.slice(screen, id)] = nil
        case let .detailsLoaded(id, _, revalidating):
            if !revalidating { tasks[.details(id)] = nil }
        case .detailsFailed(let id, _):
            tasks[.details(id)] = nil
        case let .repositoryLoaded(id, _, revalidating):
            if !revalidating { tasks[.repository(id)] = nil }
        case .repositoryFailed(let id, _):
            tasks[.repository(id)] = nil
        case .repositoryDue(let id):
            tasks[.repositoryTimer(id)] = nil
        case .reconnect(let id):
            tasks[.reconnect(id)] = nil
        case .probed(let screen, _):
            tasks[.probe(screen)] = nil
        case .avatarLoaded(let id, _), .avatarFailed(let id, _):
            tasks[.avatar(id)] = nil
        case .detailsDue(let id):
            tasks[.detailsTimer(id)] = nil
        case .commandChecked(let id, _):
            tasks[.check(id)] = nil
        case .tick(let id):
            tasks[.tick(id)] = nil
        default:
            break
        }
    }

    func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
        // The history written last is on disk before the program leaves.
        historyQueue.sync {}
    }

    private func run(_ command: Command) {
        let post = post
        let client = client
        switch command {
        case let .fetch(screen, list, request):
            // The first screen of a list comes from the cache at once when it can, and so does a
            // page dropped to bound memory and wanted again (before the loaded ones, or far from
            // them); a refresh always asks GitHub; more pages come from the cache while they are
            // fresh.
            let policy: CachePolicy = switch request.token.direction {
            case .initial, .prepend, .jump: .preferCache
            case .refresh: .revalidate
            case .append: .normal
            }
            tasks[.fetch(screen, request.token.id)] = Task {
                do {
                    let loaded = try await list.loadRows(client: client, at: request.cursor, pageSize: request.pageSize,
                                                         policy: policy)
                    guard !Task.isCancelled else { return }
                    post(.pageLoaded(screen, request.token, loaded.page, origin: loaded.origin))
                } catch {
                    guard !Task.isCancelled else { return }
                    post(.pageFailed(screen, request.token, LoadFailure(error)))
                }
            }
        case let .cancelFetch(screen, token):
            tasks.removeValue(forKey: .fetch(screen, token.id))?.cancel()
        case let .loadSlice(screen, id, list, pageSize, refresh):
            tasks[.slice(screen, id)] = loadSlice(screen, id, list: list, pageSize: pageSize, refresh: refresh)
        case let .cancelSlice(screen, id):
            tasks.removeValue(forKey: .slice(screen, id))?.cancel()
        case let .scheduleDetails(id, delay):
            tasks[.detailsTimer(id)] = Task {
                do { try await Task.sleep(for: delay) } catch { return }
                post(.detailsDue(id))
            }
        case let .loadDetails(id, login):
            let client = client
            tasks[.details(id)] = loadDetails(id, fetch: { try await client.userDetails(login: login, policy: $0) },
                                              loaded: Message.detailsLoaded, failed: Message.detailsFailed)
        case .cancelDetails(let id):
            tasks.removeValue(forKey: .details(id))?.cancel()
            tasks.removeValue(forKey: .detailsTimer(id))?.cancel()
        case let .scheduleRepository(id, delay):
            tasks[.repositoryTimer(id)] = Task {
                do { try await Task.sleep(for: delay) } catch { return }
                post(.repositoryDue(id))
            }
        case let .loadRepository(id, fullName):
            let client = client
            guard let (owner, name) = GitHubRepository.ownerAndName(fullName) else {
                // Not OWNER/NAME (a broken or hostile answer): nothing to ask GitHub for.
                return post(.repositoryFailed(id, .failed(LoadFailure(message: "\(fullName) is not OWNER/NAME"))))
            }
            tasks[.repository(id)] = loadDetails(id, fetch: { try await client.repositoryDetails(owner: owner, repo: name, policy: $0) },
                                                 loaded: Message.repositoryLoaded, failed: Message.repositoryFailed)
        case .cancelRepository(let id):
            tasks.removeValue(forKey: .repository(id))?.cancel()
            tasks.removeValue(forKey: .repositoryTimer(id))?.cancel()
        case let .scheduleTick(id, delay):
            tasks[.tick(id)] = Task {
                do { try await Task.sleep(for: delay) } catch { return }
                post(.tick(id))
            }
        case let .scheduleReconnect(id, delay):
            tasks[.reconnect(id)] = Task {
                do { try await Task.sleep(for: delay) } catch { return }
                post(.reconnect(id))
            }
        case let .probe(screen, list, cursor, pageSize):
            tasks[.probe(screen)]?.cancel()
            tasks[.probe(screen)] = Task {
                let loaded = try? await list.loadRows(client: client, at: cursor, pageSize: pageSize, policy: .revalidate)
                guard !Task.isCancelled else { return }
                post(.probed(screen, loaded?.origin))
            }
        case let .loadAvatar(id, url, columns, rows):
            tasks[.avatar(id)] = Task {
                do {
                    let image = try await AvatarPicture.make(url: url, columns: columns, rows: rows, client: client)
                    guard !Task.isCancelled else { return }
                    post(.avatarLoaded(id, image))
                } catch {
                    guard !Task.isCancelled else { return }
                    post(.avatarFailed(id, "\(error)"))
                }
            }
        case .cancelAvatar(let id):
            tasks.removeValue(forKey: .avatar(id))?.cancel()
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
                    post(.notice("The command history is not kept this run: \(error)"))
                }
            }
        case let .checkCommand(id, subject):
            tasks[.check(id)]?.cancel()
            tasks[.check(id)] = Task { [client, post] in
                let outcome = await Runtime.check(subject, client: client)
                guard !Task.isCancelled else { return }
                post(.commandChecked(id, outcome))
            }
        case .copy, .suspend:
            break  // the loop's, on its terminal
        }
    }
}

extension Runtime {
    /// What GitHub says of a command's subject, within 5 s: past that (a rate limit's wait, a
    /// slow network) it is not known, and the screen opens to say what it finds itself.
    static func check(_ subject: GoSubject, client: GitHubClient) async -> GoCheck {
        await withTaskGroup(of: GoCheck?.self) { group in
            group.addTask { await lookUp(subject, client: client) }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return nil
            }
            let first = await group.next()
            group.cancelAll()
            return (first ?? nil) ?? .unknown
        }
    }

    private static func lookUp(_ subject: GoSubject, client: GitHubClient) async -> GoCheck {
        do {
            switch subject {
            case .account(let login):
                _ = try await client.userDetails(login: login, policy: .normal)
            case .organization(let login):
                guard try await client.userDetails(login: login, policy: .normal).details.isOrganization else {
                    return .notFound("\(login) is a user, not an organization: only an organization has members (followers \(login) lists theirs)")
                }
            case let .repository(owner, name):
                _ = try await client.repositoryDetails(owner: owner, repo: name)
            }
            return .found
        } catch let error as GitHubError {
            if case .notFound = error { return .notFound(error.description) }
            return .unknown
        } catch {
            return .unknown
        }
    }
}

/// A user's picture, as the details pane draws it.
enum AvatarPicture {
    /// Fetches a picture at twice the pixels the cells hold (`s=`; GitHub's URLs carry `?v=4`
    /// already), refuses what is not a sane image, and averages it down into half blocks.
    static func make(url text: String, columns: Int, rows: Int, client: GitHubClient) async throws -> HalfBlockImage {
        let side = 2 * max(columns, rows * 2)
        let separator = text.contains("?") ? "&" : "?"
        guard let url = URL(string: text + separator + "s=\(side)"),
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw ImageError.notAnImage
        }
        let data = try await client.image(url)
        try Task.checkCancellation()
        let decoded = try ImageDecoder.decode(data).resized(width: columns, height: rows * 2)
        let pixels = stride(from: 0, to: decoded.pixels.count, by: 3).map {
            RGB(decoded.pixels[$0], decoded.pixels[$0 + 1], decoded.pixels[$0 + 2])
        }
        guard let image = HalfBlockImage(columns: columns, rows: rows, pixels: pixels) else { throw ImageError.notAnImage }
        return image
    }
}
