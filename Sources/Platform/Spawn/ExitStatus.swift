import Foundation

/// How a child ended, read from the status `waitpid` reports.
public struct ExitStatus: Sendable, Equatable {
    /// The signal that ended it, or 0 when it exited.
    public let signal: Int32
    /// Its exit code (0 when a signal ended it).
    public let code: Int32

    /// Reads a raw `waitpid` status.
    public init(waitStatus status: Int32) {
        signal = status & 0x7f
        code = signal == 0 ? (status >> 8) & 0xff : 0
    }

    /// It exited with code 0.
    public var succeeded: Bool { signal == 0 && code == 0 }

    /// The shell's number for it: the exit code, or 128 + the signal number.
    public var shellStatus: Int32 { signal == 0 ? code : 128 + signal }
}

extension ChildProcess {
    /// Blocks this thread until `pid` exits (retrying when a signal interrupts the wait), and
    /// returns how it ended. Only for a thread that may block, never a concurrency pool thread.
    public static func waitForExit(_ pid: pid_t) -> ExitStatus {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return ExitStatus(waitStatus: status)
    }

    /// How `pid` ended if it has, without blocking: nil while it runs. A failed wait (no such
    /// child) is reported as `.failed`.
    public static func exitStatusIfExited(_ pid: pid_t) -> WaitResult {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return .exited(ExitStatus(waitStatus: status)) }
        if result < 0 && errno != EINTR { return .failed }
        return .running
    }

    /// What a look at a child without blocking found.
    public enum WaitResult: Sendable, Equatable {
        case running
        case exited(ExitStatus)
        case failed
    }
}
