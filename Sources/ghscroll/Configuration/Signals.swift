import Foundation
import Synchronization

/// The last terminating signal received (SIGINT, SIGTERM, SIGHUP), 0 when none.
let receivedSignal = Atomic<Int32>(0)

enum Signals {
    /// Replaces the default (and curses') handlers so the run loop can restore the terminal.
    static func install() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { received in receivedSignal.store(received, ordering: .relaxed) }
        }
    }

    static var pending: Int32 { receivedSignal.load(ordering: .relaxed) }
}
