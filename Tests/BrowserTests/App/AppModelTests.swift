@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("The app model, one message at a time (whole state and exact commands)")
struct AppModelTests {
    @Test("start loads the first page; it fills the screen with the first row selected and no tick while idle")
    func start() {
        let store = loadedStore()
        #expect(store.state.top.listScreen?.pager.items.map(\.id) == Array(1...20))
        #expect(!store.state.isAnimating)
    }

    @Test("Enter opens the details at once, the answer fills the pane, Esc closes it")
    func openAndCloseDetails() {
        var store = loadedStore()
        store.openPane(login: "user1")
        // Loading: the pane's spinner turns, and a stale tick is ignored.
        #expect(store.state.isAnimating)
        store.send(.tick(2), [.scheduleTick(3, after: .milliseconds(100))]) {
            $0.spinner = 2
            $0.pendingTick = 3
            $0.nextTick = 3
        }
        store.send(.tick(2))
        let octo = details("user1", id: 1)
        store.send(.detailsLoaded(RequestID(1), octo)) {
            $0.details.inFlight = nil
            $0.details.cache.insert(octo, for: "user1")
        }
        #expect(store.state.mode == .details)
        store.press(.escape) {
            $0.screens[0].detailsOpen = false
            $0.details.target = nil
        }
        #expect(store.state.mode == .list)
        #expect(store.state.exitStatus == nil, "Esc never quits")
        // Opening again shows the cached details without a request.
        store.press(.character("l")) {
            $0.screens[0].detailsOpen = true
            $0.details.target = "user1"
            _ = $0.details.cache.touch("user1")
        }
    }

    @Test("with the pane open, moving asks for details only once the selection rests; stale answers are dropped")
    func debouncedDetails() {
        var store = loadedStore()
        store.openPane(login: "user1")
        // j while user1's request runs: it is cancelled, user2's waits for the selection to rest.
        store.press(.character("j"), [.cancelDetails(RequestID(1)), .scheduleDetails(RequestID(2), after: .milliseconds(150))]) {
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
            $0.screens[0].listScreen?.selectedID = 2
            $0.screens[0].listScreen?.pager.shows(from: 0, rows: 8)
            $0.details.target = "user2"
            $0.details.inFlight = nil
            $0.details.pending = DetailsState.Request(id: RequestID(2), subject: "user2")
            $0.details.nextID = 2
        }
        store.press(.character("j"), [.scheduleDetails(RequestID(3), after: .milliseconds(150))]) {
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 2)
            $0.screens[0].listScreen?.selectedID = 3
            $0.details.target = "user3"
            $0.details.pending = DetailsState.Request(id: RequestID(3), subject: "user3")
            $0.details.nextID = 3
        }
        // The first timer fires late: it is stale and asks for nothing.
        store.send(.detailsDue(RequestID(2)))
        store.send(.detailsDue(RequestID(3)), [.loadDetails(RequestID(3), login: "user3")]) {
            $0.details.pending = nil
            $0.details.inFlight = DetailsState.Request(id: RequestID(3), subject: "user3")
        }
        // The cancelled request answers anyway: dropped, not cached.
        store.send(.detailsLoaded(RequestID(1), details("user1", id: 1)))
        store.send(.detailsFailed(RequestID(3), .notFound)) {
            $0.details.inFlight = nil
            $0.details.failure = DetailsState.Failure(subject: "user3", reason: .notFound)
        }
        if case .failed(.notFound) = store.state.details.shown(for: "user3") {} else {
            Issue.record("the pane shows not found")
        }
    }

    @Test("a failed details request shows the error; R asks again at once")
    func detailsRetry() {
        var store = loadedStore()
        store.openPane(login: "user1")
        let failure = LoadFailure(message: "GitHub had a server error (HTTP 502).")
        store.send(.detailsFailed(RequestID(1), .failed(failure))) {
            $0.details.inFlight = nil
            $0.details.failure = DetailsState.Failure(subject: "user1", reason: .failed(failure))
        }
        store.press(.character("R"), [.loadDetails(RequestID(2), login: "user1")]) {
            $0.details.failure = nil
            $0.details.inFlight = DetailsState.Request(id: RequestID(2), subject: "user1")
            $0.details.nextID = 2
        }
    }

    @Test("1 pushes the followers, Esc pops back to the same rows, selection and scroll; the popped fetches are cancelled")
    func pushAndPop() {
        var store = loadedStore()
        for step in 1...11 {
            store.apply(.key(.character("j")))
            #expect(store.state.top.listScreen?.selectedPosition == step + 1)
        }
        let user12 = "user12"
        #expect(store.state.top.viewport.top == 6, "scrolled, with two rows of margin below the selection")
        store.openPane(login: user12)
        let below = store.state.screens[0]
        let followers = GitHubList.users(.followers(user12))
        let screen2 = ScreenID(2)
        store.press(.character("1"), [.fetch(screen2, followers, request(1, .initial, .first))]) {
            var pushed = ListScreen(id: screen2, list: followers, crumbs: [allUsers, .name(user12), .list(followers)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            pushed.pager.awaits(.initial, request: 1, at: .first)
            $0.screens.append(.list(pushed))
            $0.nextScreenID = 2
            $0.details.target = nil
        }
        #expect(store.state.top.crumbs == [allUsers, .name("user12"), .list(followers)])
        #expect(store.state.mode == .list, "the pushed list starts without a pane")
        // user12's details arrive while the followers show: cached for the way back.
        store.send(.detailsLoaded(RequestID(1), details(user12, id: 12))) {
            $0.details.inFlight = nil
            $0.details.cache.insert(details(user12, id: 12), for: user12)
        }
        let followersPage = Page<Row, GitHubCursor>(items: users(101...108).map(Row.user), next: .link(URL(string: "https://api.github.com/users/user12/followers?page=2")!))
        store.send(.pageLoaded(screen2, firstToken, followersPage),
                   [.fetch(screen2, followers, request(2, .append, followersPage.next!))]) {
            $0.screens[1].listScreen?.pager.holds(first: followersPage, at: .first)
            $0.screens[1].listScreen?.pager.shows(from: 0, rows: 8)
            // Eight rows do not reach the prefetch distance's end: the next page at once.
            $0.screens[1].listScreen?.pager.awaits(.append, request: 2, at: followersPage.next!)
            $0.screens[1].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 0)
            $0.screens[1].listScreen?.selectedID = 101
            $0.pendingTick = 2
            $0.nextTick = 2
        }
        // The page-2 fetch is in flight when Esc pops the list: it is cancelled, and the list
        // below comes back exactly as it was, with its pane showing user12 from the cache.
        let append = FetchToken(id: 2, generation: 0, direction: .append)
        store.press(.escape, [.cancelFetch(screen2, append)]) {
            $0.screens.removeLast()
            $0.details.target = user12
            _ = $0.details.cache.touch(user12)
            // The followers' logins stay for Tab on the command line.
            $0.prompt.leftNames = knownNames((101...108).map { "user\($0)" })
        }
        #expect(store.state.screens == [below])
        // A page for the popped screen is dropped.
        store.send(.pageLoaded(screen2, append, page(109...110, next: nil)))
        store.send(.pageFailed(screen2, append, LoadFailure(message: "late")))
    }

    @Test("on an organization, 1 opens its members; 2 opens its followers (it follows no one); 4 and 5 open nothing")
    func organizationDrillDown() {
        var store = TestStore(makeState())
        store.apply(.tick(0))
        var state = store.state
        _ = state.start()
        store = TestStore(state)
        let orgs = Page<Row, GitHubCursor>(items: [user(1, "acme", org: true), user(2, "bob")].map(Row.user), next: nil)
        store.apply(.pageLoaded(root, firstToken, orgs))
        store.apply(.key(.enter))
        let commands = store.apply(.key(.character("1")))
        #expect(commands == [.fetch(ScreenID(2), .users(.members("acme")), request(1, .initial, .first))])
        #expect(store.state.top.crumbs == [allUsers, .name("acme"), .list(.users(.members("acme")))])
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        let followers = store.apply(.key(.character("2")))
        #expect(followers == [.fetch(ScreenID(3), .users(.followers("acme")), request(1, .initial, .first))])
        #expect(store.state.top.crumbs == [allUsers, .name("acme"), .list(.users(.followers("acme")))])
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        for key in ["4", "5"] {
            #expect(store.apply(.key(.character(Character(key)))) == [])
            #expect(store.state.flash == .nothingToOpen)
            #expect(store.state.screens.count == 1)
        }
    }

    @Test("/ narrows the loaded rows as you type, Enter keeps the filter, Esc clears it")
    func filter() {
        var store = loadedStore()
        store.press(.character("j"), []) {
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
            $0.screens[0].listScreen?.selectedID = 2
            $0.screens[0].listScreen?.pager.shows(from: 0, rows: 8)
        }
        store.press(.character("/")) {
            $0.overlay = .filter
            $0.screens[0].listScreen?.filterOrigin = .init(id: 2, line: 1)
        }
        #expect(store.state.mode == .filter)
        // "1": user1, user10…user19. The selection (user2) does not match: the next match after it.
        // Typing filters the loaded rows and asks GitHub for nothing.
        store.press(.character("1")) {
            $0.screens[0].listScreen?.filterField = TextField("1")
            $0.screens[0].listScreen?.matches = [0] + Array(9...18)
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
            $0.screens[0].listScreen?.selectedID = 10
        }
        store.press(.character("5")) {
            $0.screens[0].listScreen?.filterField = TextField("15")
            $0.screens[0].listScreen?.matches = [14]
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 0)
            $0.screens[0].listScreen?.selectedID = 15
        }
        // ↓ at the last match: the pager hears "at the end" and asks for more.
        store.press(.down, [.fetch(root, .users(.all(since: 0)), request(2, .append, .since(20))),
                            .scheduleTick(2, after: .milliseconds(100))]) {
            $0.pendingTick = 2
            $0.nextTick = 2
            $0.screens[0].listScreen?.pager.shows(from: 19, rows: 8)
            $0.screens[0].listScreen?.pager.awaits(.append, request: 2, at: .since(20))
        }
        #expect(store.state.top.listScreen?.pager.inFlight[.append] != nil)
        #expect(AppView.statusText(store.state) == " 1 of 20 loaded · 1/1 · loading more · /15")
        let append = FetchToken(id: 2, generation: 0, direction: .append)
        // Matches appear as pages arrive. Two items do not fill the screen's worth below the
        // last match, so the pager asks for one more page by itself (and then stops).
        let more = Page<Row, GitHubCursor>(items: [user(21), user(150, "user150")].map(Row.user), next: .since(150))
        store.send(.pageLoaded(root, append, more), [.fetch(root, .users(.all(since: 0)), request(3, .append, .since(150)))]) {
            $0.screens[0].listScreen?.pager.holds(next: more, at: .since(20))
            $0.screens[0].listScreen?.pager.awaits(.append, request: 3, at: .since(150))
            $0.screens[0].listScreen?.matches = [14, 21]
        }
        // Widening: user15 stays selected, two rows of margin above it.
        store.press(.backspace) {
            $0.screens[0].listScreen?.filterField = TextField("1")
            $0.screens[0].listScreen?.matches = [0] + Array(9...18) + [20, 21]
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 4, selection: 6)
        }
        store.press(.enter) { $0.overlay = nil }
        #expect(store.state.mode == .list)
        #expect(store.state.top.listScreen?.filter == "1", "Enter keeps the filter")
        // Esc in the list clears the filter, keeping the selected user.
        store.press(.escape) {
            $0.screens[0].listScreen?.filterField = TextField()
            $0.screens[0].listScreen?.filterOrigin = nil
            $0.screens[0].listScreen?.matches = nil
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 12, selection: 14)
            $0.screens[0].listScreen?.pager.shows(from: 12, rows: 8)
        }
        #expect(store.state.top.selectedUser?.id == 15)
        // And Esc on the filter line clears the text too; a filter that matched nothing leaves
        // the selection where it was.
        store.apply(.key(.character("/")))
        store.apply(.key(.character("z")))
        #expect(store.state.top.asList.items.isEmpty)
        store.apply(.key(.escape))
        #expect(store.state.top.asList.filter.isEmpty && store.state.overlay == nil)
        #expect(store.state.top.selectedUser?.id == 15)
    }

    @Test("pull to refresh works on a pushed list: k on its first row shows the pull row, k again refreshes")
    func pullOnPushedScreen() {
        var store = loadedStore()
        store.apply(.key(.enter))
        store.apply(.key(.character("1")))
        let screen2 = ScreenID(2)
        let followersPage = Page<Row, GitHubCursor>(items: users(101...120).map(Row.user), next: nil)
        store.apply(.pageLoaded(screen2, firstToken, followersPage))
        store.press(.character("k")) {
            $0.screens[1].listScreen?.pull.isPulled = true
            $0.screens[1].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
        }
        #expect(AppView.statusText(store.state).hasSuffix("k again refreshes"))
        let refresh = FetchToken(id: 2, generation: 1, direction: .refresh)
        // (The spinner's tick is already on its way from the followers' first load.)
        store.press(.character("k"), [.fetch(screen2, .users(.followers("user1")), FetchRequest(token: refresh, cursor: .first, pageSize: 20))]) {
            $0.screens[1].listScreen?.pull.isPulled = false
            $0.screens[1].listScreen?.pager.refreshes(page: nil, request: 2, at: .first, generation: 1)
            $0.screens[1].viewport = Viewport(height: 8, margin: 2, top: 0, selection: 0)
        }
        #expect(store.state.screens[0].listScreen?.pager.generation == 0, "the list below is untouched")
    }

    @Test("? shows the help of the mode; any key closes it; q quits; Esc at the root does nothing")
    func helpAndQuit() {
        var store = loadedStore()
        store.press(.escape) { $0.flash = .nothingToGoBackTo }
        #expect(AppView.flashText(store.state) == "Nothing to go back to · q quits")
        store.press(.character("?")) {
            $0.flash = nil
            $0.overlay = .help(fromFilter: false)
        }
        #expect(store.state.mode == .help)
        store.press(.character("x")) { $0.overlay = nil }
        store.press(.character("?")) { $0.overlay = .help(fromFilter: false) }
        store.press(.character("q")) {
            $0.overlay = nil
            $0.exitStatus = 0
        }
    }

    @Test("o opens and y copies the profile URL, saying so in the status line until the next key")
    func openAndCopy() {
        var store = loadedStore()
        store.press(.character("y"), [.copy("https://github.com/user1")]) { $0.flash = .copied("https://github.com/user1") }
        #expect(AppView.flashText(store.state) == "Copied https://github.com/user1")
        store.press(.character("o"), [.open("https://github.com/user1")]) { $0.flash = .opening("https://github.com/user1") }
        #expect(AppView.flashText(store.state) == "Opening https://github.com/user1")
        store.send(.opened(url: "https://github.com/user1", error: "No browser to open it (set BROWSER)")) {
            $0.flash = .openFailed("No browser to open it (set BROWSER)", url: "https://github.com/user1")
        }
        #expect(AppView.statusText(store.state) == " No browser to open it (set BROWSER) · https://github.com/user1")
        store.press(.character("?")) {
            $0.flash = nil
            $0.overlay = .help(fromFilter: false)
        }
    }

    @Test("Ctrl-z asks to suspend, in the list and while typing a filter, and changes nothing else; coming back is a resize")
    func suspend() {
        var store = loadedStore()
        store.apply(.key(.character("j")))
        store.press(.control("z"), [.suspend])
        store.press(.character("/")) {
            $0.overlay = .filter
            $0.screens[0].listScreen?.filterOrigin = .init(id: 2, line: 1)
        }
        store.press(.control("z"), [.suspend])
        #expect(store.state.mode == .filter && store.state.top.listScreen?.filter == "", "Ctrl-z is not typed into the filter")
        store.apply(.key(.escape))
        // Back from the shell at another size: the same user stays selected.
        store.apply(.resized(rows: 12, columns: 60))
        #expect(store.state.size == AppState.Size(rows: 12, columns: 60))
        #expect(store.state.top.selectedUser?.id == 2)
    }

    @Test("v switches to two lines a user and back, the selection staying on the same user")
    func layout() {
        var store = loadedStore()
        for _ in 0..<5 { store.apply(.key(.character("j"))) }
        store.press(.character("v")) {
            $0.layout = .comfortable
            $0.screens[0].listScreen?.heights = .comfortable
            // user6 keeps its line as far as two-line rows and the margin allow.
            $0.screens[0].viewport = Viewport(height: 8, margin: 2, top: 4, selection: 5)
            $0.screens[0].listScreen?.pager.shows(from: 4, rows: 8)
        }
        #expect(store.state.top.selectedUser?.id == 6)
        store.apply(.key(.character("v")))
        #expect(store.state.top.selectedUser?.id == 6)
        #expect(store.state.layout == .compact)
    }

    @Test("v on a line two-line rows cannot start on: the row moves up a line rather than leave a second line alone at the top")
    func layoutWholeRows() {
        var store = loadedStore(rows: 30, users: 40)
        for _ in 0..<21 { store.apply(.key(.character("j"))) }
        #expect(store.state.top.viewport == Viewport(height: 28, margin: 2, top: 0, selection: 21))
        store.apply(.key(.character("v")))
        // user22 on line 20 under ten whole rows (line 21 would have left half of one above).
        #expect(store.state.top.viewport == Viewport(height: 28, margin: 2, top: 11, selection: 21))
        #expect(store.state.top.selectedUser?.id == 22)
    }

    @Test("a signal ends the browser with 128 + its number; waits and rate limits reach the state")
    func signalsAndStatus() {
        var store = loadedStore()
        let limit = RateLimit(limit: 60, remaining: 59)
        store.send(.rateLimit(limit)) { $0.rateLimit = limit }
        let wait = Wait(reason: .secondaryRateLimit, until: epoch.addingTimeInterval(30))
        store.send(.wait(wait), [.scheduleTick(2, after: .milliseconds(500))]) {
            $0.wait = wait
            $0.pendingTick = 2
            $0.nextTick = 2
        }
        store.send(.wait(nil), at: epoch.addingTimeInterval(30)) {
            $0.wait = nil
        }
        store.send(.signal(15)) { $0.exitStatus = 143 }
    }
}
