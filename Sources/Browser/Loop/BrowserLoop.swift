import Foundation
import TerminalUI

/// Runs the update's commands that are not the terminal's, and posts their results back as
/// messages: the runtime, or in tests a recorder.
package protocol CommandRunner: AnyObject {
    func run(_ commands: [Command])
    /// Forgets the task a result came from.
    func settle(_ message: Message)
    func cancelAll()
}

/// The browser's loop, one wake at a time: the keys typed, a resize, a suspension, the
/// messages the runtime posted and the signals that came, applied to the state in that order;
/// the commands they ask for run (the terminal's here, the rest by the runner); and a frame
/// drawn when the state changed.
///
/// It knows nothing of how the wake came: ``Browser`` feeds it from ``TerminalInput`` over
/// curses, tests from a script over a ``CellBuffer``.
package final class BrowserLoop<T: Terminal> {
    package private(set) var state: AppState
    package let terminal: T
    private let runner: any CommandRunner
    private let clock: () -> Date
    /// What a frame can reuse of the one before.
    private let memo = AppView.Memo()
    /// Frames drawn so far.
    package private(set) var frames = 0
    /// Bytes for the terminal (OSC 52), sent after the next frame.
    private var pendingWrites: [[UInt8]] = []
    /// Back from the shell: everything is drawn again.
    private var resumed = false
    /// What is where on the last frame, for clicks; stale once a key changed the state since.
    private(set) var hits = HitMap()
    private var hitsStale = true

    package init(state: AppState, terminal: T, runner: any CommandRunner, clock: @escaping () -> Date = { Date() }) {
        self.state = state
        self.terminal = terminal
        self.runner = runner
        self.clock = clock
    }

    /// The status to leave with, once the state has one.
    package var exitStatus: Int32? { state.exitStatus }

    /// The first load, a notice from before the screen was up, and the first frame.
    package func start(notice: String? = nil) {
        run(state.start())
        if let notice { _ = state.update(.notice(notice), at: clock()) }
        draw()
    }

    /// Handles one wake; true when it drew a frame.
    @discardableResult
    package func handle(_ wake: TerminalInput<Message>.Wake) -> Bool {
        let now = clock()
        // The state before, to draw only when it changed; not kept when keys or a page came,
        // which change it anyway (a frame that changed nothing sends nothing), so that neither
        // copies the screens and pagers it holds when it changes them.
        let before: AppState? = wake.input || wake.messages.contains(where: \.isPageResult) ? nil : state
        if wake.input {
            var read = 0
            while state.exitStatus == nil, let key = terminal.nextKey() {
                read += 1
                if case let .click(row, column) = key {
                    // What the frame on screen showed there: a click after other keys of the
                    // same read lands on what they left (the frame is drawn after them).
                    if hitsStale { refreshHits() }
                    run(state.update(.clicked(hits.target(row: row, column: column)), at: now))
                    hitsStale = true
                } else {
                    run(state.update(.key(key), at: now))
                    hitsStale = true
                }
            }
            // Ready but nothing to read: the terminal went away.
            if read == 0, wake.hungUp { _ = state.update(.signal(SIGHUP), at: now) }
        } else if wake.hungUp {
            _ = state.update(.signal(SIGHUP), at: now)
        }
        if wake.resized, state.exitStatus == nil {
            terminal.resize()
            run(state.update(.resized(rows: terminal.size.rows, columns: terminal.size.columns), at: now))
        }
        for message in wake.messages where state.exitStatus == nil {
            runner.settle(message)
            // The pagers learn how long pages take: a page is timed as it is handled.
            run(state.update(message, at: message.isPageResult ? clock() : now))
        }
        for number in wake.signals where state.exitStatus == nil {
            _ = state.update(.signal(number), at: now)
        }
        if wake.suspend, state.exitStatus == nil { suspend() }
        guard state.exitStatus == nil else { return false }
        guard resumed || pendingWrites.count > 0 || before.map({ state != $0 }) ?? true else { return false }
        draw()
        return true
    }

    // MARK: - Commands

    /// Runs the terminal's commands here, the rest by the runner, in order.
    private func run(_ commands: [Command]) {
        guard commands.contains(where: \.isTerminal) else { return runner.run(commands) }
        for command in commands {
            switch command {
            case .copy(let text): pendingWrites.append(Clipboard.osc52(text))
            case .suspend: suspend()
            default: runner.run([command])
            }
        }
    }

    /// Hands the terminal to the shell; back, at whatever size it has then, all is drawn anew.
    private func suspend() {
        terminal.suspend()
        resumed = true
        run(state.update(.resized(rows: terminal.size.rows, columns: terminal.size.columns), at: clock()))
    }

    /// The frame's hit map worked out for the state now, when a click needs it (a frame on the
    /// terminal is drawn without one: most frames see no click): drawn off screen, never to the
    /// terminal. The state is the one on screen unless keys read before the click in the same
    /// wake changed it, and then it is what those keys left, as the click's comment says.
    private func refreshHits() {
        hits = AppView.render(state, on: CellBuffer(rows: terminal.size.rows, columns: terminal.size.columns))
        hitsStale = false
    }

    private func draw() {
        Self.render(&state, on: terminal, memo: memo)
        hitsStale = true
        frames += 1
        resumed = false
        for bytes in pendingWrites { terminal.writeRaw(bytes) }
        pendingWrites = []
    }

    /// Draws `state` (not changed: `inout` only lends it in place). Read from the loop's
    /// property for the call, the whole state would be copied on every frame (each of its
    /// screens, caches and tables retained, then released).
    private static func render(_ state: inout AppState, on terminal: T, memo: AppView.Memo) {
        AppView.render(state, on: terminal, memo: memo, mapping: false)
    }
}

extension BrowserLoop where T == FrameRecorder {
    /// ``handle(_:)`` over the recording terminal, compiled here for it: the bench's figures are
    /// those of a loop specialised for its terminal, as the program's is for curses.
    @discardableResult
    package func handleRecorded(_ wake: TerminalInput<Message>.Wake) -> Bool {
        handle(wake)
    }
}
