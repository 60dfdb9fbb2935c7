@testable import Browser
import enum Browser.Screen
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

let epoch = Date(timeIntervalSince1970: 1_700_000_000)

/// The title's crumb of the list most tests start on ("All users").
let allUsers = Crumb.heading(.users(.all(since: 0)))

func user(_ id: Int64, _ login: String? = nil, org: Bool = false) -> GitHubUser {
    GitHubUser(login: login ?? "user\(id)", id: id, type: org ? "Organization" : "User")
}

func users(_ ids: ClosedRange<Int64>) -> [GitHubUser] { ids.map { user($0) } }

func page(_ ids: ClosedRange<Int64>, next: GitHubCursor?) -> Page<Row, GitHubCursor> {
    Page(items: users(ids).map(Row.user), next: next)
}

func details(_ login: String, id: Int64, name: String? = nil, org: Bool = false) -> UserDetails {
    UserDetails(login: login, id: id, type: org ? "Organization" : "User", name: name ?? "Name of \(login)")
}

/// A fetch the pager asks for.
func request(_ id: Int, _ direction: FetchDirection, _ cursor: GitHubCursor, generation: Int = 0,
             pageSize: Int = 20) -> FetchRequest<GitHubCursor> {
    FetchRequest(token: FetchToken(id: id, generation: generation, direction: direction), cursor: cursor, pageSize: pageSize)
}

/// The browser on an 80×10 terminal (8 list rows), pages of 20, prefetch 2 rows before the end.
func makeState(list: GitHubList = .users(.all(since: 0)), rows: Int = 10, columns: Int = 80, keys: KeyTable = KeyTable()) -> AppState {
    AppState(list: list, host: "api.github.com", profileBase: "https://github.com", pageSize: 20, prefetchDistance: 2,
             size: AppState.Size(rows: rows, columns: columns), now: epoch, keys: keys)
}

/// Drives an ``AppState`` one message at a time, the way TCA's TestStore does: after each message
/// the whole new state must equal the expected one (the old state changed by `expect`) and the
/// commands must be exactly the expected ones.
struct TestStore {
    private(set) var state: AppState

    init(_ state: AppState) { self.state = state }

    mutating func start(_ expectedCommands: [Command], sourceLocation: SourceLocation = #_sourceLocation,
                        _ expect: (inout AppState) -> Void) {
        var expected = state
        expect(&expected)
        let commands = state.start()
        check(commands, expectedCommands, expected, sourceLocation)
    }

    mutating func send(_ message: Message, _ expectedCommands: [Command] = [], at now: Date = epoch,
                       sourceLocation: SourceLocation = #_sourceLocation, _ expect: (inout AppState) -> Void = { _ in }) {
        var expected = state
        expected.now = now
        expect(&expected)
        let commands = state.update(message, at: now)
        check(commands, expectedCommands, expected, sourceLocation)
    }

    /// Applies a message without checking the result (steps a test is not about), returning
    /// its commands.
    @discardableResult
    mutating func apply(_ message: Message, at now: Date = epoch) -> [Command] {
        state.update(message, at: now)
    }

    /// Starts the app without checking the result (a test's set-up), returning its commands.
    @discardableResult
    mutating func applyStart() -> [Command] {
        state.start()
    }

    /// Sends a key.
    mutating func press(_ key: Key, _ expectedCommands: [Command] = [], sourceLocation: SourceLocation = #_sourceLocation,
                        _ expect: (inout AppState) -> Void = { _ in }) {
        send(.key(key), expectedCommands, sourceLocation: sourceLocation, expect)
    }

    private func check(_ commands: [Command], _ expectedCommands: [Command], _ expected: AppState,
                       _ sourceLocation: SourceLocation) {
        #expect(commands == expectedCommands, sourceLocation: sourceLocation)
        // What each list's pager shows is kept beside it, not read from it: it must say what the
        // pager says after every message.
        for list in state.screens.compactMap(\.listScreen) {
            var pager = list.pager
            #expect(list.shown == PagerShown(&pager), "what the pager shows is out of step with it", sourceLocation: sourceLocation)
        }
        if state != expected {
            Issue.record("state differs from the expected one:\n\(difference(expected, state))", sourceLocation: sourceLocation)
        }
    }
}

/// The lines that differ between two values' dumps ("- expected", "+ actual"), with the line
/// before each change for context, from a longest common subsequence of the lines.
func difference<T>(_ expected: T, _ actual: T) -> String {
    var left = ""
    var right = ""
    dump(expected, to: &left)
    dump(actual, to: &right)
    let a = left.split(separator: "\n").map(String.init)
    let b = right.split(separator: "\n").map(String.init)
    guard a.count * b.count <= 4_000_000 else {
        // Too long to align (a state of thousands of rows): the first lines that differ.
        let common = min(a.count, b.count)
        let first = (0..<common).first { a[$0] != b[$0] } ?? common
        var out: [String] = []
        for index in first..<min(first + 30, max(a.count, b.count)) {
            let expected: String = index < a.count ? a[index] : ""
            let actual: String = index < b.count ? b[index] : ""
            out.append("- " + expected)
            out.append("+ " + actual)
        }
        return out.joined(separator: "\n")
    }
    // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
    }
    var out: [String] = []
    var (i, j) = (0, 0)
    var context = ""
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
            context = a[i]
            i += 1
            j += 1
            continue
        }
        if !context.isEmpty { out.append("  " + context) }
        context = ""
        if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
            out.append("+ " + b[j])
            j += 1
        } else {
            out.append("- " + a[i])
            i += 1
        }
        if out.count > 60 { break }
    }
    return out.joined(separator: "\n")
}

/// The names Tab completes, as a list left with these logins keeps them.
func knownNames(_ logins: [String]) -> KnownNames {
    var names = KnownNames()
    logins.forEach { names.note(login: $0) }
    return names
}

extension Screen {
    /// The list the screen is, for a test about lists: the test fails (rather than the process
    /// crashing) when it is a profile.
    var asList: ListScreen {
        guard let screen = listScreen else {
            Issue.record("the screen is not a list")
            return ListScreen.vacant
        }
        return screen
    }

    /// The profile the screen is, for a test about profiles.
    var asProfile: ProfileScreen {
        guard let screen = profileScreen else {
            Issue.record("the screen is not a profile")
            return ProfileScreen.vacant
        }
        return screen
    }
}
