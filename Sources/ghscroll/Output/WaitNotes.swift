import Foundation
import GitHubAPI
import Synchronization

/// The lines `--plain` and `--json` write on stderr while the client waits out a retry or a
/// rate limit.
///
/// The countdown is said when a wait starts. When a person watches stderr (a terminal) it is
/// said again every `interval` until the wait ends, so that an hour's rate limit does not look
/// like a hang; into a file or a pipe it is said once.
final class WaitNotes: Sendable {
    /// How often the countdown is said again; nil: once.
    let interval: Duration?
    private let write: @Sendable (String) -> Void
    private let repeating = Mutex<Task<Void, Never>?>(nil)

    init(interval: Duration?, write: @escaping @Sendable (String) -> Void = { PlainOutput.note($0) }) {
        self.interval = interval
        self.write = write
    }

    /// `every` when stderr is a terminal, else nil (said once).
    static func interval(every: Duration, stderrIsTerminal: Bool = isatty(2) == 1) -> Duration? {
        stderrIsTerminal ? every : nil
    }

    /// What the client says: a wait starts (`wait`) or the one under way ends (nil).
    func changed(_ wait: Wait?) {
        var next: Task<Void, Never>?
        if let wait {
            write(wait.summary(at: Date()))
            if let interval {
                let write = self.write
                next = Task { await Self.repeatCountdown(of: wait, every: interval, write: write) }
            }
        }
        repeating.withLock { current in
            current?.cancel()
            current = next
        }
    }

    /// Says the countdown every `interval` while time is left, until cancelled.
    private static func repeatCountdown(of wait: Wait, every interval: Duration,
                                        write: @Sendable (String) -> Void) async {
        while true {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            let now = Date()
            guard !Task.isCancelled, wait.secondsLeft(at: now) > 0 else { return }
            write(wait.summary(at: now))
        }
    }
}
