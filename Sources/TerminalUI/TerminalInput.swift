import CNcurses
import Dispatch
import Foundation
import Synchronization

/// Something the terminal or the system told the program.
public enum TerminalEvent: Sendable, Equatable {
    /// Bytes wait on standard input: drain the keys, then call ``TerminalInput/resumeInput()``.
    case inputReady
    /// The terminal changed size (SIGWINCH).
    case resized
    /// SIGINT, SIGTERM or SIGHUP arrived.
    case signal(Int32)
}

/// The write end of the signal pipe, for the signal handlers (-1 when none is installed).
private let signalPipeWrite = Atomic<Int32>(-1)

/// Tells the program when there is input or a signal, without a thread waiting in curses.
///
/// Standard input's readiness comes from a dispatch read source that posts ``TerminalEvent/inputReady``
/// once and then stays quiet until the reader has drained the keys and called ``resumeInput()``.
/// Signals (SIGINT, SIGTERM, SIGHUP, SIGWINCH) are turned by their handlers into a byte on a pipe
/// (the one async-signal-safe thing to do), which a second read source turns into an event. These
/// handlers replace ncurses' own, so install this after curses started.
public final class TerminalInput: @unchecked Sendable {
    // Sources are created, resumed and cancelled through `lock`; their handlers run on `queue`.
    private let queue = DispatchQueue(label: "ghscroll.terminal-input")
    private let lock = Mutex<(inputSuspended: Bool, stopped: Bool)>((false, false))
    private var input: (any DispatchSourceRead)?
    private var signals: (any DispatchSourceRead)?
    private let pipeRead: Int32
    private let pipeWrite: Int32
    private let inputDescriptor: Int32

    public static let watchedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]

    /// Starts watching; `onEvent` runs on a private queue and must only hand the event on.
    public init(inputDescriptor: Int32 = 0, onEvent: @escaping @Sendable (TerminalEvent) -> Void) throws {
        self.inputDescriptor = inputDescriptor
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalInputError.pipe(errno) }
        pipeRead = fds[0]
        pipeWrite = fds[1]
        _ = ghs_set_nonblocking(pipeRead)
        _ = ghs_set_nonblocking(pipeWrite)
        signalPipeWrite.store(pipeWrite, ordering: .sequentiallyConsistent)
        for number in Self.watchedSignals {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                let fd = signalPipeWrite.load(ordering: .relaxed)
                if fd >= 0 { _ = write(fd, &byte, 1) }
            }
        }

        let signalSource = DispatchSource.makeReadSource(fileDescriptor: pipeRead, queue: queue)
        let readEnd = pipeRead
        signalSource.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                var resized = false
                for byte in buffer.prefix(count) {
                    if Int32(byte) == SIGWINCH { resized = true } else { onEvent(.signal(Int32(byte))) }
                }
                if resized { onEvent(.resized) }
            }
        }
        let inputSource = DispatchSource.makeReadSource(fileDescriptor: inputDescriptor, queue: queue)
        inputSource.setEventHandler { [weak self] in
            guard let self else { return }
            // Quiet until the keys are drained: a level-triggered source would fire again at once.
            self.lock.withLock { state in
                guard !state.inputSuspended, !state.stopped else { return }
                state.inputSuspended = true
                inputSource.suspend()
            }
            onEvent(.inputReady)
        }
        input = inputSource
        signals = signalSource
        signalSource.resume()
        inputSource.resume()
    }

    /// Watches standard input again, once the keys that were ready have been read.
    public func resumeInput() {
        lock.withLock { state in
            guard state.inputSuspended, !state.stopped else { return }
            state.inputSuspended = false
            input?.resume()
        }
    }

    /// Stops watching and puts the default signal handlers back.
    public func stop() {
        let wasStopped = lock.withLock { state -> Bool in
            defer { state.stopped = true }
            if state.inputSuspended, !state.stopped { input?.resume() }
            return state.stopped
        }
        guard !wasStopped else { return }
        input?.cancel()
        signals?.cancel()
        signalPipeWrite.store(-1, ordering: .sequentiallyConsistent)
        for number in Self.watchedSignals {
            signal(number, SIG_DFL)
        }
    }

    deinit {
        stop()
        close(pipeRead)
        close(pipeWrite)
    }

    /// True when standard input reports a hang-up or an error (the terminal is gone): what an
    /// input-ready wake that yielded no key may mean.
    public func isHungUp() -> Bool {
        var entry = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) >= 0 else { return false }
        return entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}

public enum TerminalInputError: Error, CustomStringConvertible {
    case pipe(Int32)
    public var description: String {
        switch self {
        case .pipe(let code): "could not make the signal pipe: \(String(cString: strerror(code)))"
        }
    }
}
