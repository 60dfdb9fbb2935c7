import Dispatch

/// Where the fake parses, validates and executes GraphQL: a serial queue of its own, not the
/// concurrency threads of the process. Executing a page of a hundred accounts takes a while
/// (much more in a debug build), and on those few threads several at once held back every other
/// fake server in a test process, whose requests then waited until they timed out.
final class FakeGraphQLExecutor: TaskExecutor {
    static let shared = FakeGraphQLExecutor()

    private let queue = DispatchQueue(label: "fake GitHub GraphQL", qos: .userInitiated)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
