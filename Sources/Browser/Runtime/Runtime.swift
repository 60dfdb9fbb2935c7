import Foundation
import GitHubAPI
import ListCore
import Synchronization

/// Runs the update's commands with Swift concurrency and posts their results back as messages.
///
/// It keeps only the running tasks, by the key each job runs under (``Command/run(_:_:)``), so a
/// command can cancel one and its last answer forgets it, whatever the job (``Job``). GitHub is
/// reached through a ``GitHubService`` and time passes on a clock, so tests drive it with
/// scripted answers and a test clock. Used by the one consumer only.
final class Runtime: CommandRunner {
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

    /// Forgets the task an answer came from, when it was its last.
    func settle(_ message: Message) {
        if case let .answered(key, _, more: false) = message { tasks[key] = nil }
    }

    func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
        // The history written last is on disk before the program leaves.
        historyQueue.sync {}
    }

    private func run(_ command: Command) {
        switch command {
        case let .run(key, job):
            let (service, clock, post) = (service, clock, post)
            // A task posts nothing once cancelled: its answer would be for work no longer wanted.
            tasks.removeValue(forKey: key)?.cancel()
            tasks[key] = Task {
                await job.perform(service: service, clock: clock) { result, more in
                    if !Task.isCancelled { post(.answered(key, result, more: more)) }
                }
            }
        case .cancel(let key):
            tasks.removeValue(forKey: key)?.cancel()
        default:
            perform(command)
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
        case .run, .cancel, .copy, .suspend:
            break  // jobs, done above; copy and suspend, the loop's on its terminal
        }
    }
}
