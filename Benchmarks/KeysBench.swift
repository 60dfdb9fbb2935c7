import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - One key, in-process: the browser's own loop and frame diff, no terminal

/// Takes the loop's fetches and answers each at once with the next 100 users.
final class AnsweringRunner: CommandRunner {
    var fetches: [(ScreenID, FetchRequest<GitHubCursor>)] = []
    private var next: Int64 = 1
    func run(_ commands: [Command]) {
        for case let .fetch(id, _, request) in commands { fetches.append((id, request)) }
    }
    func settle(_ message: Message) {}
    func cancelAll() {}
    /// The pages asked for so far, as messages.
    func answers() -> [Message] {
        defer { fetches = [] }
        return fetches.map { id, request in
            let users = (next..<next + 100).map { GitHubUser(login: "user-\($0)", id: $0) }
            next += 100
            return .pageLoaded(id, request.token, Page(items: users, next: .since(next - 1)).rows)
        }
    }
}

/// Microseconds for one j in an 80×24 browser over GET /users, through the browser's own loop
/// (``BrowserLoop``: the key read, the update, the frame) into a terminal that runs the ncurses
/// screen's row diff without ncurses. Pages are answered at once as the pager asks for them.
func keyCost(presses: Int) -> Double {
    let state = AppState(list: .users(.all(since: 0)), host: "api.github.com", profileBase: "https://github.com",
                         pageSize: 100, prefetchDistance: nil, size: AppState.Size(rows: 24, columns: 80),
                         now: Date(timeIntervalSince1970: 0))
    let terminal = FrameRecorder(rows: 24, columns: 80, keepingCells: false)
    let runner = AnsweringRunner()
    var now = Date(timeIntervalSince1970: 0)
    let loop = BrowserLoop(state: state, terminal: terminal, runner: runner, clock: { now })
    loop.start()
    func answer() {
        while !runner.fetches.isEmpty { loop.handle(TerminalInput<Message>.Wake(messages: runner.answers())) }
    }
    answer()
    return median(iterations: presses) {
        for _ in 0..<presses {
            now += 0.02
            terminal.keys.append(.character("j"))
            loop.handle(TerminalInput<Message>.Wake(input: true))
            answer()
        }
    }
}

/// One key, in-process: the browser's own loop and frame diff, no terminal.
@MainActor func runKeysSection() {
    if wanted("keys") {
        heading("One j in-process (the browser's loop and frame diff, 80×24, no terminal; medians of 7)")
        record("key_us", keyCost(presses: 2_000), "µs", "%.1f", note: "per j: the key read, the update, the frame and its row diff")
    }
}
