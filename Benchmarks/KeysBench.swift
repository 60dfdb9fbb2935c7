import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - One key, in-process: the browser's own loop and frame diff, no terminal

/// Takes the loop's fetches and answers each at once with the next 100 users.
final class AnsweringRunner: CommandRunner {
    var fetches: [(TaskKey, FetchRequest<GitHubCursor>)] = []
    /// Fills asked for, answered with a name, a place, a count and a mark each (when `fills`).
    var fillAsks: [(TaskKey, [String])] = []
    private var next: Int64 = 1
    func run(_ commands: [Command]) {
        for command in commands {
            switch command {
            case let .run(key, .page(_, request)): fetches.append((key, request))
            case let .run(key, .fillRows(logins)): fillAsks.append((key, logins))
            default: break
            }
        }
    }
    func settle(_ message: Message) {}
    func cancelAll() {}
    /// The pages asked for so far, as messages.
    func answers() -> [Message] {
        defer { (fetches, fillAsks) = ([], []) }
        return fetches.map { key, request in
            let users = (next..<next + 100).map { GitHubUser(login: "user-\($0)", id: $0) }
            next += 100
            return .answered(key, .page(Page(items: users, next: .since(next - 1)).rows, origin: .network, webPages: [], fills: []))
        } + fillAsks.map { key, logins in
            var fills: [String: AccountFill] = [:]
            for login in logins {
                let number = Int(login.dropFirst("user-".count)) ?? 0
                fills[login.lowercased()] = AccountFill(
                    login: login, name: "Person \(login.dropFirst(5)) Example", bio: "Builds things for the terminal",
                    company: "Example Corp", location: ["Lisbon, Portugal", "Osaka", "Cape Town"][number % 3],
                    followers: number * 37 % 25_000, followsViewer: number % 4 == 0, viewerFollows: number % 5 == 0, id: Int64(number))
            }
            return .answered(key, .rowsFilled(FillAnswer(fills: fills)))
        }
    }
}

/// Microseconds for one j in an 80×24 browser over GET /users, through the browser's own loop
/// (``BrowserLoop``: the key read, the update, the frame) into a terminal that runs the ncurses
/// screen's row diff without ncurses. Pages are answered at once as the pager asks for them.
/// With `filled`, a token's: the rows fill with names, places, counts and marks as they come.
/// With `cold`, the caches are emptied before each key (a walk over more memory than they
/// hold, not timed), as the program finds them after 20 ms of the terminal's and the other
/// threads' work: the time of each key alone is summed.
func keyCost(presses: Int, filled: Bool = false, cold: Bool = false) -> Double {
    var state = AppState(list: .users(.all(since: 0)), host: "api.github.com", profileBase: "https://github.com",
                         pageSize: 100, prefetchDistance: nil, size: AppState.Size(rows: 24, columns: 80),
                         now: Date(timeIntervalSince1970: 0))
    state.fillsRows = filled
    state.hasToken = filled
    let terminal = FrameRecorder(rows: 24, columns: 80, keepingCells: false)
    let runner = AnsweringRunner()
    var now = Date(timeIntervalSince1970: 0)
    let loop = BrowserLoop(state: state, terminal: terminal, runner: runner, clock: { now })
    loop.start()
    func answer() {
        while !runner.fetches.isEmpty || !runner.fillAsks.isEmpty { loop.handleRecorded(TerminalInput<Message>.Wake(messages: runner.answers())) }
    }
    answer()
    guard cold else {
        return median(iterations: presses) {
            for _ in 0..<presses {
                now += 0.02
                terminal.keys.append(.character("j"))
                loop.handleRecorded(TerminalInput<Message>.Wake(input: true))
                answer()
            }
        }
    }
    var evictor = [UInt64](repeating: 1, count: 8 << 20)  // 64 MB
    var sink: UInt64 = 0
    var rounds: [Double] = []
    for _ in 0..<7 {
        var spent = Duration.zero
        for _ in 0..<presses {
            for index in stride(from: 0, to: evictor.count, by: 8) { evictor[index] &+= 1 }
            sink &+= evictor[Int(sink % UInt64(evictor.count))]
            now += 0.02
            terminal.keys.append(.character("j"))
            spent += clock.measure {
                loop.handleRecorded(TerminalInput<Message>.Wake(input: true))
                answer()
            }
        }
        rounds.append(seconds(spent) * 1e6 / Double(presses))
    }
    return sink == 0 ? .nan : middle(rounds)
}

/// One key, in-process: the browser's own loop and frame diff, no terminal.
@MainActor func runKeysSection() {
    if wanted("keys") {
        heading("One j in-process (the browser's loop and frame diff, 80×24, no terminal; medians of 7)")
        record("key_us", keyCost(presses: 2_000), "µs", "%.1f", note: "per j: the key read, the update, the frame and its row diff")
        record("key_us_filled", keyCost(presses: 2_000, filled: true), "µs", "%.1f",
               note: "the same with a token: every row filled (a name, a place, a count, marks)")
        record("key_us_cold", keyCost(presses: 300, cold: true), "µs", "%.1f",
               note: "key_us with the caches emptied before each key, as 20 ms of other work leaves them")
        record("key_us_filled_cold", keyCost(presses: 300, filled: true, cold: true), "µs", "%.1f",
               note: "key_us_filled, the same")
    }
}
