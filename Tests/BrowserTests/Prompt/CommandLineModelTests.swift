@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

extension TestStore {
    /// Types `text` on the prompt, a key a character, each one checked: the line grows by it.
    mutating func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for character in text {
            press(.character(character), sourceLocation: sourceLocation) { $0.prompt.field.apply(.insert(String(character))) }
        }
    }

    /// Enter on a line that cannot run: nothing asked, nothing changed but the prompt's error,
    /// which the view words as `message`.
    mutating func pressEnterRefused(saying message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var expected = state
        let commands = apply(.key(.enter))
        #expect(commands == [], sourceLocation: sourceLocation)
        #expect(state.prompt.error.map(AppView.promptErrorText) == message, sourceLocation: sourceLocation)
        expected.prompt.error = state.prompt.error
        #expect(state == expected, "nothing but the error changed", sourceLocation: sourceLocation)
    }
}

/// What the view says of the prompt's error.
func promptWords(_ state: AppState) -> String? {
    state.prompt.error.map(AppView.promptErrorText)
}

/// The first list (users 1…20 loaded) with the prompt open.
func promptStore() -> TestStore {
    var store = loadedStore()
    store.press(.character(":")) { $0.overlay = .command }
    return store
}

@Suite("The : command line, one key at a time (whole state and exact commands)")
struct CommandLineModelTests {
    @Test(": opens the prompt; typing, Ctrl-w, the cursor keys and a long paste edit the line, and nothing behind it")
    func editing() {
        var store = promptStore()
        store.type("followers octocat")
        store.press(.control("w")) { $0.prompt.field = TextField("followers ") }
        store.press(.left) { $0.prompt.field = TextField("followers ", cursor: 9) }
        store.press(.home) { $0.prompt.field = TextField("followers ", cursor: 0) }
        store.press(.delete) { $0.prompt.field = TextField("ollowers ", cursor: 0) }
        store.press(.end) { $0.prompt.field = TextField("ollowers ") }
        // A pasted line arrives as its characters; q and j are text here, not keys.
        let pasted = String(repeating: "qj-", count: 70)
        store.type(pasted)
        #expect(store.state.prompt.field.text == "ollowers " + pasted)
        #expect(store.state.exitStatus == nil && store.state.top.viewport.selection == 0)
        store.press(.escape) {
            $0.overlay = nil
            $0.prompt.field = TextField()
        }
    }

    @Test("a line that cannot run says why under the prompt and changes nothing behind it", arguments: [
        ("nosuch", "No command nosuch · the commands: users, followers, following, members, orgs, repos, starred, "
            + "stargazers, contributors, watchers, search, user, me, quit"),
        ("help", "The commands: users, followers, following, members, orgs, repos, starred, stargazers, contributors, "
            + "watchers, search, user, me, quit"),
        ("?", "The commands: users, followers, following, members, orgs, repos, starred, stargazers, contributors, "
            + "watchers, search, user, me, quit"),
        ("folowers octocat", "No command folowers · did you mean followers?"),
        ("Followers octocat", "No command Followers · did you mean followers?"),
        ("followers", "Missing argument: followers LOGIN [--page N]"),
        ("followers a b", "Too many words: followers LOGIN [--page N]"),
        ("followers a/b", "'a/b' is not a GitHub login"),
        ("stargazers swift", "stargazers takes a repository as OWNER/REPO, for example apple/swift (got 'swift')"),
        ("contributors apple/../x", "contributors takes a repository as OWNER/REPO, for example apple/swift (got 'apple/../x')"),
        ("search", "Missing argument: search QUERY… [--page N] [--sort ORDER]"),
        ("search tom --sort", "--sort takes best-match, followers, repositories, joined"),
        ("search tom --sort stars", "--sort takes best-match, followers, repositories, joined"),
        ("user ..", "'..' is not a GitHub login"),
        ("users --since x", "--since takes a user id (got x)"),
    ] + CommandTableLines.refused)
    func errors(line: String, message: String) {
        var store = promptStore()
        store.type(line)
        store.pressEnterRefused(saying: message)
        // The next edit takes the message away.
        store.press(.backspace) {
            $0.prompt.error = nil
            $0.prompt.field.apply(.deleteBackward)
        }
    }

    @Test("followers octocat: GitHub is asked whether octocat exists, then the followers go on the stack; the line goes in the history")
    func pushesAfterTheCheck() {
        var store = promptStore()
        store.type("followers octocat")
        // The spinner beside "Looking for octocat" asks for ticks.
        store.press(.enter, [.checkCommand(RequestID(1), .account("octocat")), .scheduleTick(2, after: .milliseconds(100))]) {
            $0.prompt.checking = CommandPrompt.Checking(id: RequestID(1), command: .list(.users(.followers("octocat")),
                                                                                    under: "octocat"),
                                                        line: "followers octocat")
            $0.prompt.nextCheck = 1
            ($0.pendingTick, $0.nextTick) = (2, 2)
        }
        let list = GitHubList.users(.followers("octocat"))
        let screen2 = ScreenID(2)
        store.send(.commandChecked(RequestID(1), .found),
                   [.addToHistory("followers octocat"), .fetch(screen2, list, request(1, .initial, .first))]) {
            $0.prompt = CommandPrompt()
            $0.prompt.history = CommandHistory(["followers octocat"])
            $0.prompt.nextCheck = 1
            $0.overlay = nil
            var pushed = ListScreen(id: screen2, list: list, crumbs: [allUsers, .name("octocat"), .list(list)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            pushed.pager.awaits(.initial, request: 1, at: .first)
            pushed.openedWith = "followers octocat"
            $0.screens.append(.list(pushed))
            $0.nextScreenID = 2
        }
        // Esc comes back to the list as it was.
        store.press(.escape, [.cancelFetch(screen2, firstToken)]) { $0.screens.removeLast() }
    }

    /// `line` run, and GitHub's answer to its check `check`: the prompt shows `error`, nothing
    /// is pushed, nothing kept in the history.
    private func refusedByGitHub(_ line: String, _ check: GoCheck, error: PromptError,
                                 sourceLocation: SourceLocation = #_sourceLocation) -> TestStore {
        var store = promptStore()
        store.type(line)
        store.apply(.key(.enter))
        store.send(.commandChecked(RequestID(1), check), sourceLocation: sourceLocation) {
            $0.prompt.checking = nil
            $0.prompt.error = error
        }
        #expect(store.state.screens.count == 1 && store.state.prompt.history.entries.isEmpty, sourceLocation: sourceLocation)
        return store
    }

    @Test("an account GitHub does not know: its 404 stays on the prompt, nothing is pushed, nothing kept in the history")
    func notFound() {
        let message = GitHubError.notFound(what: "user nosuch").description
        _ = refusedByGitHub("user nosuch", .notFound(message), error: .github(message))
    }

    @Test("members of a user's account: the prompt says only an organization has members, and what lists theirs")
    func notAnOrganization() {
        let store = refusedByGitHub("members octocat", .notAnOrganization("octocat"), error: .notAnOrganization("octocat"))
        #expect(promptWords(store.state)
                == "octocat is a user, not an organization: only an organization has members (followers octocat lists theirs)")
    }

    @Test("an answer for a line edited since, or a prompt closed since, is dropped")
    func staleCheck() {
        var store = promptStore()
        store.type("followers octocat")
        store.apply(.key(.enter))
        store.press(.backspace) {
            $0.prompt.checking = nil
            $0.prompt.field = TextField("followers octoca")
        }
        store.send(.commandChecked(RequestID(1), .found))
        store.apply(.key(.enter))
        store.press(.escape) {
            $0.overlay = nil
            $0.prompt.field = TextField()
            $0.prompt.checking = nil
        }
        store.send(.commandChecked(RequestID(2), .found))
    }

    @Test("a search, all users and q run at once: nothing to ask GitHub first")
    func noCheck() {
        var store = promptStore()
        store.type("search tom type:org")
        let list = GitHubList.users(.search("tom type:org"))
        store.press(.enter, [.addToHistory("search tom type:org"), .fetch(ScreenID(2), list, request(1, .initial, .first)),
                             .scheduleTick(2, after: .milliseconds(100))]) {
            $0.prompt = CommandPrompt()
            $0.prompt.history = CommandHistory(["search tom type:org"])
            $0.overlay = nil
            var pushed = ListScreen(id: ScreenID(2), list: list, crumbs: [allUsers, .heading(list)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            pushed.pager.awaits(.initial, request: 1, at: .first)
            pushed.openedWith = "search tom type:org"
            $0.screens.append(.list(pushed))
            $0.nextScreenID = 2
            ($0.pendingTick, $0.nextTick) = (2, 2)
        }
        store.apply(.key(.character(":")))
        store.type("q")
        // (q is not worth keeping in the history.)
        store.press(.enter) {
            $0.prompt = CommandPrompt()
            $0.prompt.history = CommandHistory(["search tom type:org"])
            $0.overlay = nil
            $0.exitStatus = 0
        }
    }

    @Test("Tab: a command's name; the logins loaded, what they share first, then one after another; a single one whole")
    func completion() {
        var store = promptStore()
        store.type("fo")
        store.press(.tab) {
            $0.prompt.field = TextField("follow")
            $0.prompt.completion = CommandPrompt.Completion(candidates: ["followers", "following"], chosen: nil, head: "", tail: "")
        }
        store.press(.tab) {
            $0.prompt.field = TextField("followers")
            $0.prompt.completion?.chosen = 0
        }
        store.press(.tab) {
            $0.prompt.field = TextField("following")
            $0.prompt.completion?.chosen = 1
        }
        store.press(.tab) {
            $0.prompt.field = TextField("followers")
            $0.prompt.completion?.chosen = 0
        }
        // Typing ends the cycle.
        store.press(.character(" ")) {
            $0.prompt.field = TextField("followers ")
            $0.prompt.completion = nil
        }
        store.type("user1")
        let logins = ["user1", "user10", "user11", "user12", "user13", "user14", "user15", "user16", "user17", "user18", "user19"]
        store.press(.tab) {
            $0.prompt.completion = CommandPrompt.Completion(candidates: logins, chosen: nil, head: "followers ", tail: "")
        }
        store.press(.tab) {
            $0.prompt.field = TextField("followers user1")
            $0.prompt.completion?.chosen = 0
        }
        store.press(.tab) {
            $0.prompt.field = TextField("followers user10")
            $0.prompt.completion?.chosen = 1
        }
        store.press(.backspace) {
            $0.prompt.field = TextField("followers user1")
            $0.prompt.completion = nil
        }
        store.press(.control("w")) { $0.prompt.field = TextField("followers ") }
        store.type("user7")
        store.press(.tab) { $0.prompt.field = TextField("followers user7 ") }
        store.press(.control("u")) { $0.prompt.field = TextField() }
        store.type("stargazers x")
        store.press(.tab) { $0.prompt.error = .nothingToComplete(word: "x") }
        #expect(promptWords(store.state) == "Nothing to complete x")
    }

    @Test("Tab completes the logins of a list left with Esc: the list is gone, its names stay")
    func completionAfterBack() throws {
        var store = loadedStore()
        store.openPane(login: "user1")
        let commands = store.apply(.key(.character("1")))
        guard case let .run(.fetch(screen, _), .page(_, first)) = try #require(commands.first) else { return #expect(Bool(false), "\(commands)") }
        let followers = [GitHubUser(login: "mona", id: 501), GitHubUser(login: "Monalisa", id: 502), GitHubUser(login: "hubot", id: 503)]
        store.apply(.pageLoaded(screen, first.token, Page(items: followers.map(Row.user), next: nil)))
        store.apply(.key(.escape))
        #expect(store.state.screens.count == 1)
        store.apply(.key(.escape))
        store.apply(.key(.character(":")))
        for character in "user mo" { store.apply(.key(.character(character))) }
        store.apply(.key(.tab))
        #expect(store.state.prompt.field.text == "user mona")
        #expect(store.state.prompt.completion?.candidates == ["mona", "Monalisa"])
    }

    @Test("the names kept from lists left: the latest first, each once whatever its case, at most the cap")
    func keptNames() {
        let older = knownNames(["a", "b", "c"])
        let newer = knownNames(["C", "d"])
        let merged = newer.followed(by: older, limit: 4)
        #expect(merged.logins == ["C", "d", "a", "b"])
        var again = merged
        again.note(login: "B")
        #expect(again.logins == ["C", "d", "a", "b"], "b is known already, in any case")
    }

    @Test("Up and Down walk the earlier commands, the last first; past the newest, the line typed before comes back")
    func history() {
        var store = promptStore()
        store.press(.escape) { $0.overlay = nil }
        for line in ["search tom", "users --since 5"] {
            store.apply(.key(.character(":")))
            for character in line { store.apply(.key(.character(character))) }
            store.apply(.key(.enter))
            store.apply(.key(.escape))
        }
        #expect(store.state.prompt.history.entries == ["search tom", "users --since 5"])
        store.apply(.key(.character(":")))
        store.type("draft")
        store.press(.up) {
            $0.prompt.field = TextField("users --since 5")
            $0.prompt.walk = CommandPrompt.Walk(index: 1, draft: "draft")
        }
        store.press(.up) {
            $0.prompt.field = TextField("search tom")
            $0.prompt.walk?.index = 0
        }
        store.press(.up)
        store.press(.down) {
            $0.prompt.field = TextField("users --since 5")
            $0.prompt.walk?.index = 1
        }
        store.press(.down) {
            $0.prompt.field = TextField("draft")
            $0.prompt.walk = nil
        }
        store.press(.down)
    }
}

@Suite("What a line at the : prompt asks for")
struct GoCommandTests {
    @Test("each command opens the list the command line opens, under its account or repository or on its own", arguments: [
        ("users", GoCommand.list(.users(.all(since: 0)))),
        ("users --since 42", .list(.users(.all(since: 42)))),
        ("followers octocat", .list(.users(.followers("octocat")), under: "octocat")),
        ("  following   octocat ", .list(.users(.following("octocat")), under: "octocat")),
        ("members github", .list(.users(.members("github")), under: "github")),
        ("orgs octocat", .list(.users(.organizations("octocat")), under: "octocat")),
        ("repos octocat", .list(.repositories(.owned("octocat", organization: false)), under: "octocat")),
        ("starred octocat", .list(.repositories(.starred("octocat")), under: "octocat")),
        ("stargazers apple/swift", .list(.users(.stargazers(owner: "apple", repo: "swift")), under: "apple/swift")),
        ("contributors apple/swift", .list(.users(.contributors(owner: "apple", repo: "swift")), under: "apple/swift")),
        ("watchers apple/swift", .list(.users(.watchers(owner: "apple", repo: "swift")), under: "apple/swift")),
        ("search tom  type:user", .list(.users(.search("tom type:user")))),
        ("search --sort followers tom", .list(.users(.search("tom", sort: .followers)))),
        ("search tom --sort joined", .list(.users(.search("tom", sort: .joined)))),
        ("followers octocat --page 2", .list(.users(.followers("octocat")), under: "octocat", page: 2)),
        ("search --page 3 tom --sort joined", .list(.users(.search("tom", sort: .joined)), page: 3)),
        ("stargazers apple/swift --page 400", .list(.users(.stargazers(owner: "apple", repo: "swift")),
                                                    under: "apple/swift", page: 400)),
        ("user octocat", .profile("octocat")),
        ("q", .quit),
        ("quit", .quit),
    ])
    func commands(line: String, command: GoCommand) {
        #expect(GoCommand.parse(line) == .success(command))
    }

    @Test("what GitHub is asked first: the account or the repository named, nothing for a search or all users")
    func subjects() throws {
        #expect(try GoCommand.parse("followers octocat").get().subject == .account("octocat"))
        #expect(try GoCommand.parse("starred octocat").get().subject == .account("octocat"))
        #expect(try GoCommand.parse("user octocat").get().subject == .account("octocat"))
        #expect(try GoCommand.parse("watchers apple/swift").get().subject == .repository(owner: "apple", name: "swift"))
        #expect(try GoCommand.parse("members github").get().subject == .organization("github"), "a user has no members")
        #expect(try GoCommand.parse("search tom").get().subject == nil)
        #expect(try GoCommand.parse("users").get().subject == nil)
    }
}

@Suite("The : command line opens profiles too")
struct CommandLineProfileTests {
    @Test("user octocat: once GitHub knows octocat, the profile goes on the stack and asks for the details")
    func profile() {
        var store = promptStore()
        store.type("user octocat")
        store.apply(.key(.enter))
        store.send(.commandChecked(RequestID(1), .found),
                   [.addToHistory("user octocat"), .loadDetails(RequestID(1), login: "octocat")]) {
            $0.prompt = CommandPrompt()
            $0.prompt.history = CommandHistory(["user octocat"])
            $0.prompt.nextCheck = 1
            $0.overlay = nil
            // The kind of account comes with its details: only the about row until then.
            let profile = Profile(login: "octocat", isOrganization: nil, heights: .compact, headerLines: 4)
            $0.screens.append(.profile(ProfileScreen(id: ScreenID(2), profile: profile, crumbs: [allUsers, .name("octocat")],
                                                     listHeight: 8)))
            $0.nextScreenID = 2
            $0.details.target = "octocat"
            $0.details.inFlight = DetailsState.Request(id: RequestID(1), subject: "octocat")
            $0.details.nextID = 1
        }
    }

    @Test("a list of the account whose profile is on top is titled after it once: octocat › following; another's names it")
    func listFromItsOwnProfile() {
        var store = promptStore()
        func run(_ line: String) {
            for character in line { store.apply(.key(.character(character))) }
            for case let .run(.check(id), .check(_)) in store.apply(.key(.enter)) { store.apply(.commandChecked(id, .found)) }
        }
        run("user octocat")
        #expect(store.state.top.crumbs == [allUsers, .name("octocat")])
        store.apply(.key(.character(":")))
        run("following Octocat")
        #expect(store.state.top.crumbs == [allUsers, .name("octocat"), .list(.users(.following("Octocat")))])
        store.apply(.key(.escape))
        store.apply(.key(.character(":")))
        run("followers mona")
        #expect(store.state.top.crumbs == [allUsers, .name("octocat"), .name("mona"), .list(.users(.followers("mona")))])
    }
}
