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
    /// A page, where it came from (GitHub, or the cache: fresh, stale or because GitHub could
    /// not be reached), and the web page GitHub sent for each row (`html_url`, in the rows'
    /// order; nil where it sent none), and what GitHub said of each row's account when the page
    /// brought that too (a GraphQL page: `--newest`). A list's first page from a stale cache
    /// is followed by GitHub's answer to the same fetch (``FetchToken/revalidates(_:)``).
    case pageLoaded(ScreenID, FetchToken, Page<Row, GitHubCursor>, origin: ResponseOrigin = .network,
                    webPages: [String?] = [], fills: [AccountFill] = [])
    case pageFailed(ScreenID, FetchToken, LoadFailure)
    /// The selection rested long enough: the details request may go.
    case detailsDue(RequestID)
    /// Details; `revalidating` when they came from the cache and GitHub is being asked again.
    case detailsLoaded(RequestID, UserDetails, revalidating: Bool = false)
    case detailsFailed(RequestID, DetailsFailure)
    /// The selection rested on a repository long enough: its details request may go.
    case repositoryDue(RequestID)
    /// A repository's details, as ``detailsLoaded(_:_:revalidating:)`` for a user's.
    case repositoryLoaded(RequestID, RepositoryDetails, revalidating: Bool = false)
    case repositoryFailed(RequestID, DetailsFailure)
    /// The first page of a profile's slice (``Command/loadSlice(_:_:_:pageSize:refresh:)``);
    /// `revalidating` when it came from the cache and GitHub is being asked again; the rows' web
    /// pages as in ``pageLoaded(_:_:_:origin:webPages:fills:)``.
    case sliceLoaded(ScreenID, RequestID, Page<Row, GitHubCursor>, revalidating: Bool = false, webPages: [String?] = [])
    case sliceFailed(ScreenID, RequestID, LoadFailure)
    /// What GitHub's GraphQL API said of the accounts a fill asked about
    /// (``Command/fillRows(_:_:logins:)``).
    case rowsFilled(ScreenID, RequestID, FillAnswer)
    /// What it said of the repositories on rows (``Command/fillRepositories(_:_:names:)``).
    case repositoriesFilled(ScreenID, RequestID, RepositoryFillAnswer)
    case fillFailed(ScreenID, RequestID, FillProblem)
    /// A screen's failed fills may be asked again (``Command/scheduleFillRetry(_:after:)``).
    case fillRetryDue(ScreenID)
    /// The last response's rate-limit headers.
    case rateLimit(RateLimit)
    /// The client started waiting (a rate limit, a retry's back-off) or stopped (nil).
    case wait(Wait?)
    /// An animation step, while something animates.
    case tick(Int)
    /// The browser could not be started for a URL (nil error: it was).
    case opened(url: String, error: String?)
    /// What GitHub said of the subject of the command the prompt waits with.
    case commandChecked(RequestID, GoCheck)
    /// A user's picture, made into cells.
    case avatarLoaded(RequestID, HalfBlockImage)
    /// The picture could not be had (the request failed, or the image was refused).
    case avatarFailed(RequestID, String)
    /// A one-line notice for the status line (the cache turned itself off, the history file
    /// could not be written).
    case notice(Notice)
    /// Time to try GitHub again after it could not be reached.
    case reconnect(Int)
    /// The first page of a list was asked of GitHub again to learn whether it can be reached:
    /// where the answer came from (nil: it could not be reached).
    case probed(ScreenID, ResponseOrigin?)
    /// SIGINT, SIGTERM or SIGHUP: leave, reporting it.
    case signal(Int32)
    /// What an answer's scopes say the token may do (posted when it changes).
    case abilities(TokenAbilities)
    /// Whether the token owner follows the account or starred the repository asked about
    /// (``Command/askState(_:_:)``).
    case stateKnown(RequestID, Bool)
    /// The account asked about is the token's owner, by this login: there is nothing to ask.
    case isYou(RequestID, String)
    /// The state could not be had: why.
    case stateFailed(RequestID, WriteFailure)
    /// A write GitHub accepted (``Command/write(_:_:on:)``).
    case written(RequestID)
    /// GitHub refused the write, a limit held it back, or how it ended is not known.
    case writeFailed(RequestID, WriteFailure)
}

extension Message {
    /// A notice already in words, by the library that said it (``Notice/said(_:)``).
    package static func notice(_ text: String) -> Message { .notice(.said(text)) }

    /// A page or a failed page load, for some screen.
    var isPageResult: Bool {
        switch self {
        case .pageLoaded, .pageFailed: true
        default: false
        }
    }
}

extension FetchToken {
    /// Whether GitHub's answer to this fetch follows a page from `origin`: a list's first page
    /// from a stale cache is a copy, shown at once, and then asked of GitHub again (the runtime's
    /// stale-while-revalidate); the pager replaces its rows with the answer.
    package func revalidates(_ origin: ResponseOrigin) -> Bool {
        direction == .initial && origin.isStale
    }
}

/// Work the update asks the runtime to do, as a value. Results come back as messages tagged with
/// the screen or request they belong to.
package enum Command: Sendable, Equatable {
    /// Load a page of this screen's list.
    case fetch(ScreenID, GitHubList, FetchRequest<GitHubCursor>)
    case cancelFetch(ScreenID, FetchToken)
    /// Post ``Message/detailsDue(_:)`` after `delay` (the selection must rest first).
    case scheduleDetails(RequestID, after: Duration)
    case loadDetails(RequestID, login: String)
    case cancelDetails(RequestID)
    /// The same for a repository's details (``Message/repositoryDue(_:)`` after `delay`).
    case scheduleRepository(RequestID, after: Duration)
    case loadRepository(RequestID, fullName: String)
    case cancelRepository(RequestID)
    /// Load the first page of a profile's slice: from the cache when it can, unless `refresh`.
    case loadSlice(ScreenID, RequestID, GitHubList, pageSize: Int, refresh: Bool)
    case cancelSlice(ScreenID, RequestID)
    /// Ask GitHub's GraphQL API, in one request, about the accounts on rows of a list (names,
    /// places, counts, who follows whom); it yields to page loads and is not retried in turn.
    case fillRows(ScreenID, RequestID, logins: [String])
    /// The same for repositories (OWNER/NAME): their stars, and whether the token's owner
    /// starred them.
    case fillRepositories(ScreenID, RequestID, names: [String])
    case cancelFill(ScreenID)
    /// Post ``Message/tick(_:)`` after `delay`.
    case scheduleTick(Int, after: Duration)
    /// Post ``Message/reconnect(_:)`` after `delay`.
    case scheduleReconnect(Int, after: Duration)
    /// Post ``Message/fillRetryDue(_:)`` after `delay`: a screen's fills failed, and are asked
    /// again then without a key.
    case scheduleFillRetry(ScreenID, after: Duration)
    /// Ask GitHub for a list's first page (conditionally) to learn whether it answers again.
    case probe(ScreenID, GitHubList, cursor: GitHubCursor, pageSize: Int)
    /// Fetch a picture and make it into `columns` × `rows` half-block cells.
    case loadAvatar(RequestID, url: String, columns: Int, rows: Int)
    case cancelAvatar(RequestID)
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
    /// Ask GitHub whether a command's account or repository exists.
    case checkCommand(RequestID, GoSubject)
    /// Ask GitHub whether the token owner follows the account, or starred the repository.
    case askState(RequestID, WriteTarget)
    /// Follow or star (`on`), or undo it.
    case write(RequestID, WriteTarget, on: Bool)
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
