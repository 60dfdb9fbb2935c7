import CNcurses
import Foundation
import Synchronization

/// The write end of the wake pipe, for the signal handlers (-1 when none is installed).
private let wakePipeWrite = Atomic<Int32>(-1)

/// Everything a terminal program waits for, in one place: keys on standard input, signals
/// (SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP) and messages posted from other threads.
///
/// The one consumer calls ``wait()`` on a thread of its own (never one of Swift's cooperative
/// pool) and sleeps in a single `poll` until one of them arrives, then reads the keys with curses
/// without waiting. Signal handlers and ``post(_:)`` write a byte on a pipe (the one thing a
/// signal handler may safely do); a zero byte means "messages wait", any other is the signal's
/// number. A key press therefore costs one wake of one thread, and an idle program none.
/// Make this before curses starts: curses then leaves these signals to it, and with SIGTSTP
/// taken it no longer switches SIGTSTP off and on around every refresh (two system calls a
/// frame). The program suspends itself when told (``Wake/suspend``).
public final class TerminalInput<Message: Sendable>: Sendable {
    /// What one wake found.
    public struct Wake: Sendable {
        /// Bytes wait on standard input: read the keys.
        public var input = false
        /// Standard input hung up or failed (the terminal went away).
        public var hungUp = false
        /// The terminal changed size (SIGWINCH).
        public var resized = false
        /// Someone asked the program to stop (SIGTSTP, as `kill -TSTP` sends): hand the
        /// terminal back and stop (``CursesScreen/suspend()``).
        public var suspend = false
        /// SIGINT, SIGTERM or SIGHUP, in the order they came.
        public var signals: [Int32] = []
        /// Messages posted since the last wake, in the order they were posted.
        public var messages: [Message] = []

        public init(input: Bool = false, hungUp: Bool = false, resized: Bool = false, suspend: Bool = false,
                    signals: [Int32] = [], messages: [Message] = []) {
            self.input = input
            self.hungUp = hungUp
            self.resized = resized
            self.suspend = suspend
            self.signals = signals
            self.messages = messages
        }
    }

    private let pending = Mutex<(messages: [Message], stopped: Bool)>(([], false))
    private let pipeRead: Int32
    private let pipeWrite: Int32
    private let inputDescriptor: Int32

    public static var watchedSignals: [Int32] { [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP] }

    public init(inputDescriptor: Int32 = 0) throws {
        self.inputDescriptor = inputDescriptor
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalInputError.pipe(errno) }
        pipeRead = fds[0]
        pipeWrite = fds[1]
        _ = ghs_set_nonblocking(pipeRead)
        _ = ghs_set_nonblocking(pipeWrite)
        wakePipeWrite.store(pipeWrite, ordering: .sequentiallyConsistent)
        for number in Self.watchedSignals {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                let fd = wakePipeWrite.load(ordering: .relaxed)
                if fd >= 0 { _ = write(fd, &byte, 1) }
            }
        }
    }

    /// Hands a message to the consumer (from any thread). Only the first message after a wake
    /// writes to the pipe; the rest wait with it.
    public func post(_ message: Message) {
        let wake = pending.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.messages.append(message)
            return state.messages.count == 1
        }
        guard wake else { return }
        var byte: UInt8 = 0
        _ = write(pipeWrite, &byte, 1)
    }

    /// Sleeps until there are keys, a signal or messages, and says which. Blocks the calling
    /// thread: call it from the consumer's own thread only.
    public func wait() -> Wake {
        var wake = Wake()
        var entries = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            // Messages already waiting need no sleep (their byte may have been read already).
            let waiting = pending.withLock { !$0.messages.isEmpty }
            let ready = poll(&entries, 2, waiting ? 0 : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                wake.hungUp = true  // poll itself failed: nothing more can be read
                break
            }
            if ready > 0 || waiting { break }
        }
        let input = entries[0].revents
        wake.input = input & Int16(POLLIN) != 0
        wake.hungUp = wake.hungUp || input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        if entries[1].revents != 0 { drainPipe(into: &wake) }
        wake.messages = pending.withLock { state in
            defer { state.messages = [] }
            return state.messages
        }
        return wake
    }

    private func drainPipe(into wake: inout Wake) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeRead, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            for byte in buffer.prefix(count) where byte != 0 {
                switch Int32(byte) {
                case SIGWINCH: wake.resized = true
                case SIGTSTP: wake.suspend = true
                default: wake.signals.append(Int32(byte))
                }
            }
        }
    }

    /// Drops messages posted from now on and puts the default signal handlers back.
    public func stop() {
        let wasStopped = pending.withLock { state -> Bool in
            defer { state.stopped = true; state.messages = [] }
            return state.stopped
        }
        guard !wasStopped else { return }
        wakePipeWrite.store(-1, ordering: .sequentiallyConsistent)
        for number in Self.watchedSignals {
            signal(number, SIG_DFL)
        }
    }

    deinit {
        stop()
        close(pipeRead)
        close(pipeWrite)
    }
}

public enum TerminalInputError: Error, CustomStringConvertible {
    case pipe(Int32)
    public var description: String {
        switch self {
        case .pipe(let code): "could not make the wake pipe: \(String(cString: strerror(code)))"
        }
    }
}
