import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// Names one screen of the stack for as long as the program runs (never reused), so results
/// for a screen that was popped find nothing and are dropped.
package struct ScreenID: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let rawValue: Int
    package init(_ rawValue: Int) { self.rawValue = rawValue }
    package static func < (lhs: ScreenID, rhs: ScreenID) -> Bool { lhs.rawValue < rhs.rawValue }
    package var description: String { "screen \(rawValue)" }
}

/// Names one details request (or its debounce timer); answers to older ones are dropped.
package struct RequestID: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let rawValue: Int
    package init(_ rawValue: Int) { self.rawValue = rawValue }
    package static func < (lhs: RequestID, rhs: RequestID) -> Bool { lhs.rawValue < rhs.rawValue }
    package var description: String { "request \(rawValue)" }
}

/// Why the details of a user could not be shown.
package enum DetailsFailure: Sendable, Equatable {
    /// GitHub has no such account (404).
    case notFound
    case failed(LoadFailure)
}

/// Everything that happens to the browser, named for what happened. One stream carries them
/// all to ``AppState/update(_:at:)``, each with the time it is handled.
package enum Message: Sendable, Equatable {
    case key(Key)
    /// A click, on what the frame on screen showed at its cell (nil: on nothing that answers).
    case clicked(HitMap.Target?)
    /// The terminal is now this size.
    case resized(rows: Int, columns: Int)
    /// An answer of the job running under `key` (``Command/run(_:_:)``): `more` when another
    /// answer to the same job follows (a copy from a stale cache first, then GitHub's), so the
    /// job is still running. Answers for a screen that is gone, or for a request no longer
    /// awaited, are dropped by the update.
    case answered(TaskKey, JobResult, more: Bool = false)
    /// The last response's rate-limit headers.
    case rateLimit(RateLimit)
    /// The client started waiting (a rate limit, a retry's back-off) or stopped (nil).
    case wait(Wait?)
    /// The browser could not be started for a URL (nil error: it was).
    case opened(url: String, error: String?)
    /// A one-line notice for the status line (the cache turned itself off, the history file
    /// could not be written).
    case notice(Notice)
    /// SIGINT, SIGTERM or SIGHUP: leave, reporting it.
    case signal(Int32)
    /// What an answer's scopes say the token may do (posted when it changes).
    case abilities(TokenAbilities)
}

extension Message {
    /// A notice already in words, by the library that said it (``Notice/said(_:)``).
    package static func notice(_ text: String) -> Message { .notice(.said(text)) }

    /// A page or a failed page load, for some screen.
    var isPageResult: Bool {
        if case .answered(.fetch, _, _) = self { true } else { false }
    }
}

extension FetchToken {
    /// Whether GitHub's answer to this fetch follows a page from `origin`: a list's first page
    /// from a stale cache is a copy, shown at once, and then asked of GitHub again (the runtime's
    /// stale-while-revalidate); the pager replaces its rows with the answer.
    func revalidates(_ origin: ResponseOrigin) -> Bool {
        direction == .initial && origin.isStale
    }
}

/// Work the update asks the runtime to do, as a value: a job to run or cancel under its key
/// (its answers come back under the same key), or something done at once.
package enum Command: Sendable, Equatable {
    /// Run `job` under `key`, in place of a job running under it.
    case run(TaskKey, Job)
    /// Cancel the job running under the key, if any: it answers nothing.
    case cancel(TaskKey)
    /// Open a URL in the browser (`$BROWSER`, else `xdg-open`).
    case open(String)
    /// Put text on the clipboard through the terminal (OSC 52). The loop does this itself.
    case copy(String)
    /// Hand the terminal back to the shell and stop until continued (Ctrl-Z). The loop does
    /// this itself.
    case suspend
    /// Keep a line of the `:` prompt for the next run: added to the history file as it is then
    /// (another run may have added to it meanwhile), 0600.
    case addToHistory(String)
}

extension Command {
    /// Done by the loop on its terminal rather than by the runtime.
    var isTerminal: Bool {
        switch self {
        case .copy, .suspend: true
        default: false
        }
    }
}
