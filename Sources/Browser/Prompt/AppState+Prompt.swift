import GitHubAPI
import ListCore
import TerminalUI

extension AppState {
    // MARK: - The `:` prompt

    /// A key on the prompt: editing, ↑ and ↓ through the history, Tab to complete, Enter to go.
    mutating func commandKey(_ key: Key) -> [Command] {
        let action = keys.action(for: key, in: .command)
        switch action {
        case .runCommand: return runCommand()
        case .cancelCommand:
            overlay = nil
            prompt.open()
            return []
        case .complete:
            // The names are gathered only when a completion starts, not for each Tab of a cycle.
            let state = self
            prompt.complete { word, before in Self.candidates(for: word, after: before, known: state.knownNames()) }
            return []
        case .olderCommand:
            prompt.older()
            return []
        case .newerCommand:
            prompt.newer()
            return []
        case .suspend: return [.suspend]
        case .quit:
            exitStatus = 0
            return []
        default:
            if let edit = Self.edit(action, key) { prompt.edit(edit) }
            return []
        }
    }

    /// Enter: the line's screen pushed on the stack (Esc comes back), or the reason it cannot
    /// be, under the prompt, with nothing behind it changed. An empty line closes the prompt.
    private mutating func runCommand() -> [Command] {
        let line = prompt.field.text
        switch GoCommand.parse(line) {
        case .failure(.empty):
            overlay = nil
            return []
        case .failure(let error):
            prompt.error = .line(error)
            return []
        case .success(let command):
            // `me` and `@me` name the token's owner: without a token there is none, and
            // nothing is asked.
            if command.namesMe, !hasToken {
                prompt.error = .line(.needsToken(profile: command == .profile(GitHubConfiguration.me)))
                return []
            }
            if let subject = command.subject { return [.run(.check(prompt.check(command, line: line)), .check(subject))] }
            return go(command, line: line)
        }
    }

    /// GitHub said whether the subject of the command the prompt waits with exists: its screen
    /// opens, or the prompt says it does not (nothing behind it changed). An answer for a line
    /// since edited or closed is dropped. For `me` and `@me` it said whose the token is: the
    /// profile opens at that login, a list under it (``GoCommand/naming(me:)``); when it did not
    /// say, a list opens all the same (and says what it finds), the profile cannot.
    mutating func commandChecked(_ id: RequestID, _ outcome: GoCheck) -> [Command] {
        guard overlay == .command, let checking = prompt.checking, checking.id == id else { return [] }
        prompt.checking = nil
        switch outcome {
        case .notFound(let message), .rejected(let message):
            prompt.error = .github(message)
            return []
        case .notAnOrganization(let login):
            prompt.error = .notAnOrganization(login)
            return []
        case .me(let login):
            acting.learnViewer(login)
            return go(checking.command.naming(me: login), line: checking.line)
        case .unknown where checking.command == .profile(GitHubConfiguration.me):
            prompt.error = .line(.meUnknown)
            return []
        case .found, .unknown:
            return go(checking.command, line: checking.line)
        }
    }

    /// Runs a command read from `line`: kept in the history, the prompt closed, its screen pushed.
    private mutating func go(_ command: GoCommand, line: String) -> [Command] {
        var commands: [Command] = []
        if command != .quit, prompt.history.add(line) { commands.append(.addToHistory(line)) }
        overlay = nil
        prompt.open()
        switch command {
        case .quit:
            exitStatus = 0
            return commands
        case .profile(let login):
            return commands + pushProfile(login, isOrganization: nil)
        case let .list(list, name, page):
            // A list of an account ("octocat", "following") as its profile's rows open it: on
            // that profile, its name is in the title once.
            let start = page.map { list.firstCursor(startPage: $0) }
            if let name {
                commands += push(list, from: name, at: start)
            } else {
                commands += push(list, crumbs: [.heading(list)], at: start)
            }
            top.openedWith = line
            return commands
        }
    }

    /// GitHub's message when it refused the first page of a search opened from the prompt
    /// (a 422: the query is not valid); nil for any other failure.
    func refusedSearch(_ token: FetchToken, _ failure: LoadFailure) -> String? {
        top.refusal(of: token, failure)
    }

    /// The search leaves the stack and the prompt comes back with its line and GitHub's word
    /// on it, as for any line that cannot run.
    mutating func backToPrompt(_ message: String) -> [Command] {
        guard let line = top.openedWith, stack.canPop else { return [] }
        let commands = pop()
        overlay = .command
        prompt.open(line)
        prompt.error = .github(message)
        return commands
    }

    // MARK: - Completion

    /// The logins and OWNER/REPO names this run has seen: the rows loaded in every list and
    /// profile on the stack, the details in the cache, and the lists left since.
    func knownNames() -> KnownNames {
        var names = KnownNames()
        for screen in screens {
            screen.noteNames(into: &names, limit: nil)
        }
        for known in details.cache.all { names.note(login: known.login) }
        names.note(prompt.leftNames)
        return names
    }

    /// Candidates shown for one Tab at most.
    static let maxCandidates = 200

    /// What may complete `word`: a command's name first, then what that command takes (a login
    /// seen, or `@me`).
    static func candidates(for word: String, after before: [String],
                           known: KnownNames) -> [String] {
        /// The first of them in alphabetical order (as many as anyone would go through with Tab).
        func starting(_ names: [String]) -> [String] {
            let prefix = word.lowercased()
            let matching = names.lazy.map { ($0, $0.lowercased()) }.filter { $0.1.hasPrefix(prefix) }
            return matching.sorted { $0.1 < $1.1 }.prefix(Self.maxCandidates).map(\.0)
        }
        guard let name = before.first else { return GoCommand.names.filter { $0.hasPrefix(word.lowercased()) && $0 != "q" } }
        guard before.count == 1, let argument = GoCommand.table.first(where: { $0.name == name })?.argument else { return [] }
        switch argument {
        // No login starts with `@`: there it is `@me`, the token's owner (never an organization).
        case .login where word.hasPrefix("@"): return GitHubConfiguration.me.hasPrefix(word.lowercased()) ? [GitHubConfiguration.me] : []
        case .login, .organization: return starting(known.logins)
        case .repository: return starting(known.repositories)
        case .none, .query: return []
        }
    }
}
