@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A classic token that may follow and star (its scopes, as the first answer listed them).
let mayActAll = TokenAbilities(token: "gho_test", scopes: ["repo", "read:org", "user:follow"])
/// gh's default login: it may star, not follow.
let ghDefault = TokenAbilities(token: "gho_test", scopes: ["repo", "read:org", "gist"])

/// The first list loaded, and the token's scopes heard.
func actingStore(_ abilities: TokenAbilities = mayActAll, confirms: Bool = true) -> TestStore {
    var store = loadedStore()
    store.send(.abilities(abilities)) { $0.acting.abilities = abilities }
    if !confirms {
        var state = store.state
        state.acting.confirms = false
        store = TestStore(state)
    }
    return store
}

/// The pane open on user1 (41 followers), F pressed and GitHub's answer in: the question to
/// follow is asked.
func askedWithPaneOpen() -> TestStore {
    var store = actingStore()
    store.openPane(login: "user1")
    var shown = details("user1", id: 1)
    shown.followers = 41
    store.apply(.detailsLoaded(RequestID(1), shown))
    store.apply(.key(.character("F")))
    store.apply(.stateKnown(RequestID(1), false))
    return store
}

@Suite("F and *: the state asked, the question, the write at once on screen and put back when refused (whole state and exact commands)")
struct ActingModelTests {
    let user1 = WriteTarget.account("user1")

    @Test("F with nothing known asks GitHub first; the question says which way; y writes and shows it at once; GitHub's 204 ends it")
    func followAfterAsking() {
        var store = actingStore()
        store.press(.character("F"), [.askState(RequestID(1), user1)]) {
            $0.acting.asking = Acting.Asking(id: RequestID(1), target: user1, screen: root, count: nil)
            $0.acting.nextRequest = 1
        }
        #expect(store.state.mode == .list, "no question before GitHub answers")
        store.send(.stateKnown(RequestID(1), false)) {
            $0.acting.asking = nil
            $0.acting.known[user1] = false
            $0.acting.question = Acting.Change(user1, on: true)
        }
        #expect(store.state.mode == .question)
        store.press(.character("y"), [.write(RequestID(2), user1, on: true)]) {
            $0.acting.question = nil
            $0.acting.known[user1] = true
            $0.acting.write = Acting.Write(id: RequestID(2), change: Acting.Change(user1, on: true), before: false)
            $0.acting.nextRequest = 2
        }
        store.send(.written(RequestID(2))) {
            $0.acting.write = nil
            $0.flash = .wrote(Acting.Change(user1, on: true))
        }
    }

    @Test("n, Esc and any other key let the question go and send nothing; Ctrl-c quits; Ctrl-z suspends and keeps it")
    func questionLetGo() {
        for key in [Key.character("n"), .escape, .character("x"), .character("j")] {
            var store = actingStore()
            store.apply(.key(.character("F")))
            store.apply(.stateKnown(RequestID(1), true))
            #expect(store.state.acting.question == Acting.Change(user1, on: false), "followed: the question is to unfollow")
            store.press(key) { $0.acting.question = nil }
        }
        var store = actingStore()
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        store.press(.control("z"), [.suspend])
        store.press(.control("c")) {
            $0.acting.question = nil
            $0.exitStatus = 0
        }
    }

    @Test("a refusal puts the mark and the count back and says why; a missing scope is what the token may do from then on")
    func refusalPutsBack() {
        var store = askedWithPaneOpen()
        #expect(store.state.acting.questionCount == 41, "the count on screen when F was pressed")
        store.press(.character("y"), [.write(RequestID(2), user1, on: true)]) {
            $0.acting.question = nil
            $0.acting.questionCount = nil
            $0.acting.known[user1] = true
            $0.acting.counts[user1] = Acting.CountChange(before: 41, after: 42)
            $0.acting.write = Acting.Write(id: RequestID(2), change: Acting.Change(user1, on: true), before: false)
            $0.acting.nextRequest = 2
        }
        #expect(store.state.acting.count(41, of: user1) == 42, "the pane's count rises at once")
        let refusal = GitHubError.missingScope(scope: "user:follow", host: "github.com")
        store.send(.writeFailed(RequestID(2), .refused(refusal))) {
            $0.acting.write = nil
            $0.acting.known[user1] = false
            $0.acting.counts[user1] = nil
            $0.acting.abilities.follow = .missingScope("user:follow")
            $0.flash = .writeFailed(Acting.Change(user1, on: true), .refused(refusal))
        }
        // Now known: the key says what is missing and sends nothing.
        store.press(.character("F")) { $0.flash = .cannotAct(user1, .missingScope("user:follow")) }
    }

    @Test("a follow then an unfollow with the pane open: the count goes N, N+1, N (not N-1); a refusal after a write puts back what that write showed")
    func countsOverTwoWrites() {
        var store = askedWithPaneOpen()
        store.apply(.key(.character("y")))
        store.apply(.written(RequestID(2)))
        #expect(store.state.acting.count(41, of: user1) == 42)
        store.apply(.key(.character("F")))
        store.press(.character("y"), [.write(RequestID(3), user1, on: false)]) {
            $0.flash = nil
            $0.acting.question = nil
            $0.acting.questionCount = nil
            $0.acting.known[user1] = false
            $0.acting.counts[user1] = Acting.CountChange(before: 41, after: 41)
            $0.acting.write = Acting.Write(id: RequestID(3), change: Acting.Change(user1, on: false), before: true,
                                           countBefore: Acting.CountChange(before: 41, after: 42))
            $0.acting.nextRequest = 3
        }
        let refusal = GitHubError.forbidden(message: "no")
        store.send(.writeFailed(RequestID(3), .refused(refusal))) {
            $0.acting.write = nil
            $0.acting.known[user1] = true
            $0.acting.counts[user1] = Acting.CountChange(before: 41, after: 42)
            $0.flash = .writeFailed(Acting.Change(user1, on: false), .refused(refusal))
        }
    }

    @Test("an answer that comes while the help, the filter or the : line is open asks nothing: a y typed there follows no one")
    func answerUnderAnOverlay() {
        var store = actingStore()
        store.apply(.key(.character("F")))
        store.apply(.key(.character(":")))
        store.send(.stateKnown(RequestID(1), false)) {
            $0.acting.asking = nil
            $0.acting.known[user1] = false
        }
        #expect(store.state.mode == .command)
    }

    @Test("a timeout or a 5xx through the retries asks GitHub before anything is put back: landed, kept; not landed, put back")
    func unknownOutcome() {
        for landed in [true, false] {
            var store = actingStore()
            store.apply(.key(.character("F")))
            store.apply(.stateKnown(RequestID(1), false))
            store.apply(.key(.character("y")))
            let change = Acting.Change(user1, on: true)
            store.send(.writeFailed(RequestID(2), .unknown(.timeout(host: "api.github.com"))), [.askState(RequestID(2), user1)]) {
                $0.acting.write?.checking = true
            }
            #expect(store.state.acting.known[user1] == true, "still shown as followed while GitHub is asked")
            store.send(.stateKnown(RequestID(2), landed)) {
                $0.acting.write = nil
                if landed {
                    $0.flash = .wrote(change)
                } else {
                    $0.acting.known[user1] = false
                    $0.flash = .writeLost(change)
                }
            }
        }
        // GitHub cannot say either: put back, and asked again at the next key.
        var store = actingStore()
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        store.apply(.key(.character("y")))
        store.apply(.writeFailed(RequestID(2), .unknown(.server(status: 502, message: ""))))
        let failure = WriteFailure.unknown(.timeout(host: "api.github.com"))
        store.send(.stateFailed(RequestID(2), failure)) {
            $0.acting.write = nil
            $0.acting.known[user1] = nil
            $0.flash = .writeUnknown(Acting.Change(user1, on: true), failure)
        }
    }

    @Test("a secondary limit on a write puts it back and holds the writes, counting down; nothing is sent again by itself")
    func secondaryLimit() {
        var store = actingStore()
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        store.apply(.key(.character("y")))
        let change = Acting.Change(user1, on: true)
        store.send(.writeFailed(RequestID(2), .limited(retryAfter: 30)), [.scheduleTick(2, after: .seconds(1))]) {
            $0.acting.write = nil
            $0.acting.known[user1] = false
            $0.acting.heldUntil = epoch.addingTimeInterval(30)
            $0.flash = .writeFailed(change, .limited(retryAfter: 30))
            $0.pendingTick = 2
            $0.nextTick = 2
        }
        #expect(AppView.flashText(store.state) == "Could not follow user1: GitHub limits writes (try again in 30 s; nothing is sent again by itself)")
        store.send(.tick(2), [.scheduleTick(3, after: .seconds(1))], at: epoch.addingTimeInterval(12)) {
            $0.spinner = 2
            $0.nextTick = 3
            $0.pendingTick = 3
        }
        #expect(AppView.flashText(store.state) == "Could not follow user1: GitHub limits writes (try again in 18 s; nothing is sent again by itself)")
        store.send(.key(.character("F")), at: epoch.addingTimeInterval(12)) { $0.flash = .writesHeld }
        #expect(AppView.flashText(store.state) == "GitHub limits writes: try again in 18 s")
        // Once it ends, F asks again (known: not followed, as before the write).
        store.send(.key(.character("F")), at: epoch.addingTimeInterval(31)) {
            $0.flash = nil
            $0.acting.question = change
        }
    }

    @Test("one write at a time: F or * while one is under way says so and sends nothing")
    func oneAtATime() {
        var store = actingStore()
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        store.apply(.key(.character("y")))
        store.apply(.key(.character("j")))
        store.press(.character("F")) { $0.flash = .writeUnderWay }
        store.press(.character("*")) { $0.flash = .starIsForRepositories }
    }

    @Test("with confirm-actions = false a follow goes at once; an unfollow and an unstar are still asked")
    func withoutQuestion() {
        var store = actingStore(confirms: false)
        store.apply(.key(.character("F")))
        store.send(.stateKnown(RequestID(1), false), [.write(RequestID(2), user1, on: true)]) {
            $0.acting.asking = nil
            $0.acting.known[user1] = true
            $0.acting.write = Acting.Write(id: RequestID(2), change: Acting.Change(user1, on: true), before: false)
            $0.acting.nextRequest = 2
        }
        store.apply(.written(RequestID(2)))
        // Now followed: F asks before it unfollows, without asking GitHub again.
        store.press(.character("F")) {
            $0.acting.question = Acting.Change(user1, on: false)
            $0.flash = nil
        }
        // An unstar too.
        var state = makeState(list: .repositories(.owned("octocat", organization: false)))
        state.acting.confirms = false
        var repositories = TestStore(state)
        repositories.apply(.abilities(mayActAll))
        repositories.applyStart()
        let hello = WriteTarget.repository(owner: "octocat", name: "hello")
        repositories.apply(.pageLoaded(root, firstToken, Page(items: [.repository(GitHubRepository(id: 7, fullName: "octocat/hello"))], next: nil)))
        repositories.apply(.key(.character("*")))
        repositories.send(.stateKnown(RequestID(1), true)) {
            $0.acting.asking = nil
            $0.acting.known[hello] = true
            $0.acting.question = Acting.Change(hello, on: false)
        }
    }

    @Test("what a row's fill says is used without a GET")
    func fromTheFill() {
        var store = fillingStore()
        store.apply(.abilities(mayActAll))
        var answer = FillAnswer(fills: [:])
        for id in Int64(1)...20 { answer.fills["user\(id)"] = fill(id, youFollow: id == 1) }
        store.apply(.rowsFilled(root, RequestID(1), answer))
        store.press(.character("F")) {
            $0.acting.question = Acting.Change(user1, on: false)
            $0.acting.questionCount = 100
        }
    }

    @Test("with a token, repositories on screen are filled with whether you starred them, one GraphQL request a page: * asks no GET, the row says starred")
    func repositoryFill() {
        var state = makeState(list: .repositories(.owned("octocat", organization: false)), columns: 100)
        state.fillsRows = true
        var store = TestStore(state)
        store.apply(.abilities(mayActAll))
        store.applyStart()
        let repositories = (1...3).map { GitHubRepository(id: Int64($0), fullName: "octocat/r\($0)", stars: 10 * $0) }
        let token = FetchToken(id: 1, generation: 0, direction: .initial)
        let commands = store.apply(.pageLoaded(root, token, Page(items: repositories.map(Row.repository), next: nil)))
        #expect(commands.contains(.fillRepositories(root, RequestID(1), names: ["octocat/r1", "octocat/r2", "octocat/r3"])), "\(commands)")
        let starred = RepositoryFill(fullName: "octocat/r1", stars: 11, viewerHasStarred: true)
        store.send(.repositoriesFilled(root, RequestID(1), RepositoryFillAnswer(fills: ["octocat/r1": starred], missing: ["octocat/r3"]))) {
            $0.screens[0].listScreen?.fills.inFlight = nil
            $0.screens[0].listScreen?.fills.byID[1] = RowFill(repository: starred)
            $0.screens[0].listScreen?.fills.unknown = [2, 3]
            $0.screens[0].listScreen?.fills.asked = [0: 1]
        }
        #expect(render(store.state).lines[1] == " octocat/r1                                                                         starred · ★ 11")
        let r1 = WriteTarget.repository(owner: "octocat", name: "r1")
        store.press(.character("*")) {
            $0.acting.question = Acting.Change(r1, on: false)
            $0.acting.questionCount = 11
        }
        store.press(.character("y"), [.write(RequestID(1), r1, on: false)]) {
            $0.acting.question = nil
            $0.acting.questionCount = nil
            $0.acting.known[r1] = false
            $0.acting.counts[r1] = Acting.CountChange(before: 11, after: 10)
            $0.acting.write = Acting.Write(id: RequestID(1), change: Acting.Change(r1, on: false), before: true)
            $0.acting.nextRequest = 1
        }
        let row = render(store.state).lines[1]
        #expect(row.hasPrefix(" octocat/r1 ") && row.hasSuffix(" ★ 10") && !row.contains("starred"), "unstarred at once: \(row)")
    }

    @Test("after a follow GitHub accepted, the lists below that it changed (following @me, their followers) are asked again; the one on top and the others stay")
    func listsBelowAskedAgain() {
        var store = TestStore(makeState(list: .users(.following(GitHubConfiguration.me))))
        store.apply(.abilities(mayActAll))
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, page(1...20, next: .since(20))))
        // On top: the followers of user1 (from its pane), its first page loaded.
        store.apply(.key(.enter))
        store.apply(.key(.character("1")))
        let followersOfUser1 = ScreenID(2)
        #expect(store.state.top.id == followersOfUser1 && store.state.top.listScreen?.list == .users(.followers("user1")))
        let listed = page(31...35, next: nil)
        store.apply(.pageLoaded(followersOfUser1, FetchToken(id: 1, generation: 0, direction: .initial), listed))
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        store.apply(.key(.character("y")))
        let commands = store.apply(.written(RequestID(2)))
        let refreshes = commands.compactMap { command -> ScreenID? in
            if case let .run(.fetch(screen, _), .page(_, request)) = command, request.token.direction == .refresh { return screen }
            return nil
        }
        #expect(refreshes == [root] && commands.count == 1, "following @me, below, is asked again, and nothing else; the list on top is not: \(commands)")
        #expect(store.state.flash == .wrote(Acting.Change(.account("user31"), on: true)))
    }

    @Test("F on your own profile (:me) says that is you and sends nothing")
    func ownProfile() {
        var state = makeState()
        state.hasToken = true
        var store = TestStore(state)
        store.apply(.abilities(mayActAll))
        store.applyStart()
        store.apply(.key(.character(":")))
        for character in "me" { store.apply(.key(.character(character))) }
        store.apply(.key(.enter))
        store.apply(.commandChecked(RequestID(1), .me("octocat")))
        #expect(store.state.top.profileScreen?.login == "octocat")
        store.press(.character("F")) { $0.flash = .thatIsYou }
    }

    @Test("F and * where they do nothing say why and send nothing: no token, gh's login, a repository, a user for *, an organization, yourself")
    func refusedKeys() {
        var store = loadedStore()
        store.press(.character("F")) { $0.flash = .cannotAct(user1, .needsToken) }
        store = actingStore(ghDefault)
        store.press(.character("F")) { $0.flash = .cannotAct(user1, .missingScope("user:follow")) }
        store.press(.character("*")) { $0.flash = .starIsForRepositories }

        var repositories = TestStore(makeState(list: .repositories(.owned("octocat", organization: false))))
        repositories.apply(.abilities(mayActAll))
        repositories.applyStart()
        let token = FetchToken(id: 1, generation: 0, direction: .initial)
        let repository = GitHubRepository(id: 7, fullName: "octocat/hello", stars: 5)
        repositories.apply(.pageLoaded(root, token, Page(items: [.repository(repository)], next: nil)))
        repositories.press(.character("F")) { $0.flash = .followIsForAccounts }
        let hello = WriteTarget.repository(owner: "octocat", name: "hello")
        repositories.press(.character("*"), [.askState(RequestID(1), hello)]) {
            $0.flash = nil
            $0.acting.asking = Acting.Asking(id: RequestID(1), target: hello, screen: root, count: 5)
            $0.acting.nextRequest = 1
        }
        repositories.apply(.stateKnown(RequestID(1), false))
        repositories.press(.character("y"), [.write(RequestID(2), hello, on: true)]) {
            $0.acting.question = nil
            $0.acting.questionCount = nil
            $0.acting.known[hello] = true
            $0.acting.counts[hello] = Acting.CountChange(before: 5, after: 6)
            $0.acting.write = Acting.Write(id: RequestID(2), change: Acting.Change(hello, on: true), before: false)
            $0.acting.nextRequest = 2
        }

        var organizations = TestStore(makeState())
        organizations.apply(.abilities(mayActAll))
        organizations.applyStart()
        organizations.apply(.pageLoaded(root, token, Page(items: [.user(user(9, "github", org: true))], next: nil)))
        organizations.press(.character("F")) { $0.flash = .organizationsNotFollowed }

        var filled = fillingStore()
        filled.apply(.abilities(mayActAll))
        filled.apply(.rowsFilled(root, RequestID(1), FillAnswer(fills: ["user1": AccountFill(login: "user1", isViewer: true)])))
        filled.press(.character("F")) { $0.flash = .thatIsYou }
    }
}
