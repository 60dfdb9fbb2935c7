import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// Runs the update's commands with Swift concurrency and posts their results back as messages.
///
/// It keeps only the running tasks, keyed by what they are for, so a command can cancel one.
/// Used by the one consumer only.
final class Runtime {
    enum TaskKey: Hashable {
        case fetch(ScreenID, Int)
        case details(RequestID)
        case detailsTimer(RequestID)
        case tick(Int)
    }

    private let client: GitHubClient
    private let post: @Sendable (Message) -> Void
    private let writeTerminal: ([UInt8]) -> Void
    private let environment: [String: String]
    private var tasks: [TaskKey: Task<Void, Never>] = [:]

    init(client: GitHubClient, environment: [String: String], post: @escaping @Sendable (Message) -> Void,
         writeTerminal: @escaping ([UInt8]) -> Void) {
        self.client = client
        self.environment = environment
        self.post = post
        self.writeTerminal = writeTerminal
    }

    /// Tasks still running.
    var runningTasks: Int { tasks.count }

    func run(_ commands: [Command]) {
        for command in commands { run(command) }
    }

    /// Forgets the task a result came from.
    func settle(_ message: Message) {
        switch message {
        case let .pageLoaded(screen, token, _), let .pageFailed(screen, token, _):
            tasks[.fetch(screen, token.id)] = nil
        case .detailsLoaded(let id, _), .detailsFailed(let id, _):
            tasks[.details(id)] = nil
        case .detailsDue(let id):
            tasks[.detailsTimer(id)] = nil
        case .tick(let id, _):
            tasks[.tick(id)] = nil
        default:
            break
        }
    }

    func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
    }

    private func run(_ command: Command) {
        let post = post
        let client = client
        switch command {
        case let .fetch(screen, list, request):
            tasks[.fetch(screen, request.token.id)] = Task {
                do {
                    let page = try await list.source(client: client).loadPage(at: request.cursor, pageSize: request.pageSize)
                    guard !Task.isCancelled else { return }
                    post(.pageLoaded(screen, request.token, page))
                } catch {
                    guard !Task.isCancelled else { return }
                    post(.pageFailed(screen, request.token, LoadFailure(error)))
                }
            }
        case let .cancelFetch(screen, token):
            tasks.removeValue(forKey: .fetch(screen, token.id))?.cancel()
        case let .scheduleDetails(id, delay):
            tasks[.detailsTimer(id)] = Task {
                do { try await Task.sleep(for: delay) } catch { return }
                post(.detailsDue(id))
            }
        case let .loadDetails(id, login):
            tasks[.details(id)] = Task {
                do {
                    let details = try await client.userDetails(login: login)
                    guard !Task.isCancelled else { return }
                    post(.detailsLoaded(id, details))
                } catch GitHubError.notFound {
                    guard !Task.isCancelled else { return }
                    post(.detailsFailed(id, .notFound))
                } catch {
                    guard !Task.isCancelled else { return }
                    post(.detailsFailed(id, .failed(LoadFailure(error))))
                }
            }
        case .cancelDetails(let id):
            tasks.removeValue(forKey: .details(id))?.cancel()
            tasks.removeValue(forKey: .detailsTimer(id))?.cancel()
        case let .scheduleTick(id, delay):
            tasks[.tick(id)] = Task {
                do { try await Task.sleep(for: delay) } catch { return }
                post(.tick(id, now: Date()))
            }
        case .open(let url):
            URLOpener.open(url, environment: environment) { error in
                if let error { post(.opened(url: url, error: error)) }
            }
        case .copy(let text):
            writeTerminal(Clipboard.osc52(text))
        }
    }
}
