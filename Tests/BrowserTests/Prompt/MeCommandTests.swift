@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The first list (users 1…20 loaded), with a token, and the prompt open.
private func tokenPromptStore() -> TestStore {
    var store = loadedStore(hasToken: true)
    store.press(.character(":")) { $0.overlay = .command }
    return store
}

private let me = GitHubConfiguration.me

@Suite("me and @me in the command table: the token's owner wherever a login goes")
struct MeCommandTableTests {
    @Test("me and user @me open the owner's profile; @me reads their own lists, headed in the second person", arguments: [
        ("me", GoCommand.profile(me)),
        ("user @me", .profile(me)),
        ("followers @me", .list(.users(.followers(me)))),
        ("following @me", .list(.users(.following(me)))),
        ("starred @me", .list(.repositories(.starred(me)))),
        ("repos @me --page 2", .list(.repositories(.owned(me, organization: false)), page: 2)),
        ("orgs @me", .list(.users(.organizations(me)))),
        // A login that is only "me" is someone's: @me never hides it.
        ("followers me", .list(.users(.followers("me")), under: "me")),
        ("user me", .profile("me")),
    ])
    func commands(line: String, command: GoCommand) {
        #expect(GoCommand.parse(line) == .success(command))
    }

    @Test("the shell's resolve gives the same verdicts as the : line")
    func resolveMatchesParse() {
        #expect(GoCommand.resolve("me", []) == GoCommand.parse("me"))
        #expect(GoCommand.resolve("user", [me]) == GoCommand.parse("me"))
        #expect(GoCommand.resolve("repos", [me], page: 3) == GoCommand.parse("repos @me --page 3"))
        #expect(GoCommand.resolve("members", [me]) == GoCommand.parse("members @me"))
        #expect(GoCommand.resolve("me", [], page: 2) == GoCommand.parse("me --page 2"))
    }

    @Test("refused: members @me, words after me, any other @ word, @me in another case")
    func refusals() {
        let refused: [(String, String)] = [
            ("members @me", "@me is your own account, not an organization: only an organization has members (followers @me lists yours)"),
            ("me octocat", "Too many words: me"),
            ("followers @octocat", "'@octocat' is not a GitHub login"),
            ("starred @Me", "'@Me' is not a GitHub login"),
            ("repos @me @me", "Too many words: repos LOGIN [--page N]"),
        ]
        for (line, message) in refused {
            guard case .failure(let error) = GoCommand.parse(line) else {
                Issue.record("\(line) was taken")
                continue
            }
            #expect(error.description == message, "\(line)")
        }
    }

    @Test("what names @me: its subject is the owner's account, and once GitHub named them the list is under their login")
    func namingMe() throws {
        let followers = try GoCommand.parse("followers @me").get()
        #expect(followers.namesMe && followers.subject == .account(me))
        #expect(followers.naming(me: "octocat") == .list(.users(.followers(me)), under: "octocat"))
        let profile = try GoCommand.parse("me").get()
        #expect(profile.namesMe && profile.naming(me: "octocat") == .profile("octocat"))
        let other = try GoCommand.parse("followers me").get()
        #expect(!other.namesMe && other.naming(me: "octocat") == other)
        #expect(try !GoCommand.parse("search tom").get().namesMe)
    }

    @Test("a list of @me opened by the shell is titled in the second person: Your followers, You follow")
    func shellTitles() {
        let titles: [(GitHubList, String)] = [
            (.users(.followers(me)), "Your followers"), (.users(.following(me)), "You follow"),
            (.users(.organizations(me)), "Your organizations"),
            (.repositories(.owned(me, organization: false)), "Your repositories"),
            (.repositories(.starred(me)), "Starred by you"),
            (.users(.followers("octocat")), "Followers of octocat"), (.users(.following("octocat")), "octocat follows"),
        ]
        for (list, title) in titles {
            let state = AppState(opening: .list(list), host: "api.github.com", pageSize: 20, prefetchDistance: 2,
                                 size: AppState.Size(rows: 10, columns: 80), now: epoch)
            #expect(state.top.crumbs == [.heading(list)])
            #expect(AppView.Title(state).crumbs == [title])
        }
    }
}

@Suite("me and @me at the : prompt (whole state and exact commands)")
struct MeCommandLineModelTests {
    @Test(":me asks GitHub whose the token is, then pushes that account's profile and asks for its details")
    func meOpensTheProfile() {
        var store = tokenPromptStore()
        store.type("me")
        store.press(.enter, [.checkCommand(RequestID(1), .account(me)), .scheduleTick(2, after: .milliseconds(100))]) {
            $0.prompt.checking = CommandPrompt.Checking(id: RequestID(1), command: .profile(me), line: "me")
            $0.prompt.nextCheck = 1
            ($0.pendingTick, $0.nextTick) = (2, 2)
        }
        store.send(.commandChecked(RequestID(1), .me("octocat")),
                   [.addToHistory("me"), .loadDetails(RequestID(1), login: "octocat")]) {
            $0.acting.viewer = "octocat"  // F on this profile says that is you
            $0.prompt = CommandPrompt()
            $0.prompt.history = CommandHistory(["me"])
            $0.prompt.nextCheck = 1
            $0.overlay = nil
            let profile = Profile(login: "octocat", isOrganization: nil, heights: .compact, headerLines: 4)
            $0.screens.append(.profile(ProfileScreen(id: ScreenID(2), profile: profile, crumbs: [allUsers, .name("octocat")],
                                                     listHeight: 8)))
            $0.nextScreenID = 2
            $0.details.target = "octocat"
            $0.details.inFlight = DetailsState.Request(id: RequestID(1), subject: "octocat")
            $0.details.nextID = 1
        }
    }

    @Test(":followers @me pushes the owner's own followers (/user/followers) under their login")
    func followersOfMe() {
        var store = tokenPromptStore()
        store.type("followers @me")
        let list = GitHubList.users(.followers(me))
        store.press(.enter, [.checkCommand(RequestID(1), .account(me)), .scheduleTick(2, after: .milliseconds(100))]) {
            $0.prompt.checking = CommandPrompt.Checking(id: RequestID(1), command: .list(list),
                                                        line: "followers @me")
            $0.prompt.nextCheck = 1
            ($0.pendingTick, $0.nextTick) = (2, 2)
        }
        let screen2 = ScreenID(2)
        store.send(.commandChecked(RequestID(1), .me("octocat")),
                   [.addToHistory("followers @me"), .fetch(screen2, list, request(1, .initial, .first))]) {
            $0.acting.viewer = "octocat"
            $0.prompt = CommandPrompt()
            $0.prompt.history = CommandHistory(["followers @me"])
            $0.prompt.nextCheck = 1
            $0.overlay = nil
            var pushed = ListScreen(id: screen2, list: list, crumbs: [allUsers, .name("octocat"), .list(list)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            pushed.pager.awaits(.initial, request: 1, at: .first)
            pushed.openedWith = "followers @me"
            $0.screens.append(.list(pushed))
            $0.nextScreenID = 2
        }
    }

    @Test("without a token, me, user @me and a list of @me say they need one under the prompt: nothing asked, nothing pushed",
          arguments: [
              ("me", "me opens your own profile (GitHub's /user), which needs a token: set GH_TOKEN, or gh auth login"),
              ("user @me", "me opens your own profile (GitHub's /user), which needs a token: set GH_TOKEN, or gh auth login"),
              ("repos @me", "@me stands for your own account (GitHub's /user), which needs a token: set GH_TOKEN, or gh auth login"),
              ("following @me --page 2",
               "@me stands for your own account (GitHub's /user), which needs a token: set GH_TOKEN, or gh auth login"),
          ])
    func needsToken(line: String, message: String) {
        var store = promptStore()
        store.type(line)
        store.pressEnterRefused(saying: message)
        // The next edit takes the message away, as for any line that cannot run.
        store.press(.backspace) {
            $0.prompt.error = nil
            $0.prompt.field.apply(.deleteBackward)
        }
    }

    @Test("GitHub did not say whose the token is: :me stays on the prompt and says so; a list of @me opens under its own heading")
    func ownerUnknown() {
        var store = tokenPromptStore()
        store.type("me")
        store.apply(.key(.enter))
        store.send(.commandChecked(RequestID(1), .unknown)) {
            $0.prompt.checking = nil
            $0.prompt.error = .line(.meUnknown)
        }
        #expect(promptWords(store.state) == "GitHub did not say whose the token is (GET /user) · try again")
        #expect(store.state.screens.count == 1 && store.state.prompt.history.entries.isEmpty)

        var lists = tokenPromptStore()
        lists.type("starred @me")
        lists.apply(.key(.enter))
        let list = GitHubList.repositories(.starred(me))
        let screen2 = ScreenID(2)
        lists.send(.commandChecked(RequestID(1), .unknown),
                   [.addToHistory("starred @me"), .fetch(screen2, list, request(1, .initial, .first))]) {
            $0.prompt = CommandPrompt()
            $0.prompt.history = CommandHistory(["starred @me"])
            $0.prompt.nextCheck = 1
            $0.overlay = nil
            var pushed = ListScreen(id: screen2, list: list, crumbs: [allUsers, .heading(list)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            pushed.pager.awaits(.initial, request: 1, at: .first)
            pushed.openedWith = "starred @me"
            $0.screens.append(.list(pushed))
            $0.nextScreenID = 2
        }
    }

    @Test(":me with a token GitHub rejects: the prompt says so in GitHub's words, not \"try again\"; nothing is pushed or kept")
    func tokenRejected() {
        var store = tokenPromptStore()
        store.type("me")
        store.apply(.key(.enter))
        let message = GitHubError.badCredentials(message: "Requires authentication").description
        store.send(.commandChecked(RequestID(1), .rejected(message))) {
            $0.prompt.checking = nil
            $0.prompt.error = .github(message)
        }
        #expect(promptWords(store.state)?.hasPrefix("GitHub rejected the token (Requires authentication). Check GH_TOKEN") == true)
        #expect(store.state.screens.count == 1 && store.state.prompt.history.entries.isEmpty)
    }

    @Test("a list of @me opened on the owner's own profile names the login once: octocat › following")
    func fromTheOwnersProfile() {
        var store = tokenPromptStore()
        func run(_ line: String) {
            for character in line { store.apply(.key(.character(character))) }
            for case let .run(.check(id), .check(_)) in store.apply(.key(.enter)) { store.apply(.commandChecked(id, .me("octocat"))) }
        }
        run("me")
        #expect(store.state.top.crumbs == [allUsers, .name("octocat")])
        store.apply(.key(.character(":")))
        run("following @me")
        #expect(store.state.top.crumbs == [allUsers, .name("octocat"), .list(.users(.following(me)))])
        #expect(store.state.top.listScreen?.list == .users(.following(me)), "still /user/following")
    }
}

@Suite("Tab completes @me where a login goes")
struct MeCompletionTests {
    @Test("@ completes to @me after a command that takes a login, not after members; a word without @ completes logins as before")
    func completesMe() {
        var known = KnownNames()
        known.note(login: "mona")
        #expect(AppState.candidates(for: "@", after: ["followers"], known: known) == [me])
        #expect(AppState.candidates(for: "@M", after: ["user"], known: known) == [me])
        #expect(AppState.candidates(for: "@x", after: ["repos"], known: known) == [])
        #expect(AppState.candidates(for: "@", after: ["members"], known: known) == [])
        #expect(AppState.candidates(for: "m", after: ["followers"], known: known) == ["mona"])
        #expect(AppState.candidates(for: "m", after: [], known: known) == ["members", "me"])
    }

    @Test("followers @ Tab: the line reads followers @me, ready to run")
    func tabOnTheLine() {
        var store = tokenPromptStore()
        store.type("followers @")
        store.press(.tab) { $0.prompt.field = TextField("followers @me ") }
    }
}
