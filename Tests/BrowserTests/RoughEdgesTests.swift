@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The faults a demanding new user ran into (issue 25), one test each, in the app model and on
/// whole screens.
@Suite("What a new user ran into")
struct RoughEdgesTests {
    @Test("o and y use the profile address GitHub sent, and learn from it where the others live")
    func profileAddress() {
        var state = makeState()
        state = AppState(list: .users(.all(since: 0)), host: "127.0.0.1", profileBase: "http://127.0.0.1:9", pageSize: 20,
                         prefetchDistance: 2, size: AppState.Size(rows: 10, columns: 80), now: epoch)
        var store = TestStore(state)
        for case let .fetch(id, _, request) in store.applyStart() {
            store.apply(.pageLoaded(id, request.token, page(1...20, next: .since(20))))
        }
        #expect(store.state.profileURL("user2") == "http://127.0.0.1:9/user2", "built from the API's address at first")
        store.apply(.key(.enter))
        var sent = details("user1", id: 1)
        sent.htmlURL = "https://github.com/user1"
        store.apply(.detailsLoaded(RequestID(1), sent))
        store.press(.character("y"), [.copy("https://github.com/user1")]) { $0.flash = "Copied https://github.com/user1" }
        #expect(store.state.profileURL("user2") == "https://github.com/user2", "the others where GitHub said profiles live")
        // An address that is not a web page is not believed.
        var hostile = details("user3", id: 3)
        hostile.htmlURL = "javascript:alert(1)//user3"
        var learned = store.state
        learned.learnProfileBase(from: hostile)
        #expect(learned.profileBase == "https://github.com")
    }

    @Test("a picture that failed is asked for again by R on the pane, and by selecting its user again after a while")
    func failedPicture() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        var user2 = details("user2", id: 2)
        user2.avatarURL = "https://avatars.githubusercontent.com/u/2?v=4"
        store.apply(.detailsLoaded(RequestID(1), user2))
        store.apply(.avatarFailed(RequestID(1), "HTTP 503"))
        let key = AvatarState.Key(url: "https://avatars.githubusercontent.com/u/2?v=4", columns: 16, rows: 8)
        #expect(store.state.avatar.shown(key) == .unavailable)
        store.press(.character("R"), [.loadAvatar(RequestID(2), url: key.url, columns: 16, rows: 8)]) {
            $0.avatar.failed = [:]
            $0.avatar.inFlight = AvatarState.Request(id: RequestID(2), key: key)
            $0.avatar.nextID = 2
        }
        store.apply(.avatarFailed(RequestID(2), "HTTP 503"), at: epoch)
        // Away and back at once: not asked again; ten seconds later: asked again.
        store.apply(.key(.character("j")), at: epoch + 1)
        store.apply(.detailsDue(RequestID(2)), at: epoch + 1)
        #expect(!store.apply(.key(.character("k")), at: epoch + 2).contains { if case .loadAvatar = $0 { true } else { false } })
        store.apply(.key(.character("j")), at: epoch + 3)
        let back = store.apply(.key(.character("k")), at: epoch + 11)
        #expect(back.contains(.loadAvatar(RequestID(3), url: key.url, columns: 16, rows: 8)), "\(back)")
    }

    @Test("a list GitHub does not have: what was not found and the way back, no retry")
    func notFound() throws {
        var store = TestStore(makeState(list: .users(.followers("ghost")), rows: 10, columns: 60))
        let commands = store.applyStart()
        guard case let .fetch(id, _, request)? = commands.first else {
            Issue.record("no first fetch")
            return
        }
        store.apply(.pageFailed(id, request.token, LoadFailure(GitHubError.notFound(what: "the followers of ghost"))))
        let lines = render(store.state).lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines.contains("The followers of ghost was not found on GitHub."), "\(lines)")
        #expect(lines.contains("q quits"))
        #expect(!lines.joined().lowercased().contains("retry"), "\(lines)")
    }

    @Test("1 to 5 on a list without the pane say what they do and how to open it; with it open, 1 opens the followers")
    func paneKeysFromTheList() {
        var store = loadedStore()
        store.press(.character("1")) { $0.flash = "1: open their followers, with the details open (Enter)" }
        store.press(.character("5")) { $0.flash = "5: open the organizations they belong to, with the details open (Enter)" }
        store.press(.character("x")) { $0.flash = nil }
        store.apply(.key(.enter))
        store.apply(.key(.character("1")))
        #expect(store.state.top.crumbs == ["All users", "user1", "followers"])
        #expect(store.state.flash == nil)
    }

    @Test("R while a retry waits goes now; R with nothing failed says so; Enter, o and y on no rows say so")
    func retryNowAndNothing() throws {
        var store = loadedStore()
        store.press(.character("R")) { $0.flash = "Nothing failed" }
        store.apply(.key(.character("G")))
        let append = try #require(store.state.top.listScreen?.pager.inFlight[.append])
        let wait = Wait(reason: .retry(attempt: 3, of: 3, .server(status: 502, message: "")), until: epoch + 9)
        store.apply(.wait(wait))
        let commands = store.apply(.key(.character("R")))
        #expect(commands.first == .cancelFetch(root, append.token))
        guard case let .fetch(_, _, again)? = commands.dropFirst().first else {
            Issue.record("no fetch again: \(commands)")
            return
        }
        #expect(again.cursor == append.cursor && again.token.direction == .append)
        #expect(store.state.wait == nil)

        var empty = TestStore(makeState())
        for case let .fetch(id, _, request) in empty.applyStart() {
            empty.apply(.pageLoaded(id, request.token, Page(items: [], next: nil)))
        }
        for (key, text) in [(Key.enter, "Nothing to open"), (.character("o"), "Nothing to open"), (.character("y"), "Nothing to copy")] {
            empty.apply(.key(key))
            #expect(empty.state.flash == text)
        }
    }

    @Test("R while a retry waits, with the pane's details and picture in flight: they go again now too")
    func retryNowDetails() throws {
        var store = loadedStore()
        let opened = store.apply(.key(.enter))
        let details = try #require(store.state.details.inFlight)
        #expect(opened.contains(.loadDetails(details.id, login: "user1")), "\(opened)")
        let wait = Wait(reason: .retry(attempt: 1, of: 3, .server(status: 502, message: "")), until: epoch + 9)
        store.apply(.wait(wait))
        let commands = store.apply(.key(.character("R")))
        let again = try #require(store.state.details.inFlight)
        #expect(again.id != details.id && again.subject == "user1")
        #expect(Array(commands.prefix(2)) == [.cancelDetails(details.id), .loadDetails(again.id, login: "user1")],
                "\(commands)")
        #expect(store.state.wait == nil)
    }

    @Test("a key that takes the pull row away also does what it does: j after one k too many moves down at once")
    func pullDismissed() {
        var store = loadedStore()
        store.apply(.key(.character("k")))
        #expect(store.state.top.asList.pull.isPulled)
        store.press(.character("j")) {
            _ = $0.top.listScreen?.pull.handle(.lineDown, atFirstRow: true)
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
            $0.top.listScreen?.selectedID = 2
        }
        #expect(!store.state.top.asList.pull.isPulled)
        #expect(store.state.top.selectedUser?.id == 2, "the pull row went and the selection moved down")
    }

    @Test("the status line groups its numbers as the title does: 1,200 users · 1,100/1,200, and a filter's counts")
    func groupedStatus() {
        var store = loadedStore(rows: 10, columns: 80, users: 1_200)
        for _ in 1..<1_100 { store.apply(.key(.character("j"))) }
        #expect(render(store.state).lines[9].hasPrefix(" 1,200 users · 1,100/1,200 "), "\(render(store.state).lines[9])")
        expectScreen(store.state, lines: [
            " ghscroll · All users                                            api.github.com",
            " user1095                                                                #1095",
            " user1096                                                                #1096",
            " user1097                                                                #1097",
            " user1098                                                                #1098",
            " user1099                                                                #1099",
            " user1100                                                                #1100",
            " user1101                                                                #1101",
            " user1102                                                                #1102",
            " 1,200 users · 1,100/1,200        Enter details  / filter  : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".........................................................................mmmmmm.",
            ".........................................................................mmmmmm.",
            ".........................................................................mmmmmm.",
            ".........................................................................mmmmmm.",
            ".........................................................................mmmmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".........................................................................mmmmmm.",
            ".........................................................................mmmmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        store.apply(.key(.character("/")))
        for character in "user1" { store.apply(.key(.character(character))) }
        #expect(render(store.state).lines[9].hasSuffix(" 312 of 1,200 loaded · F1 keys"), "\(render(store.state).lines[9])")
        store.apply(.key(.enter))
        #expect(render(store.state).lines[9].hasPrefix(" 312 of 1,200 loaded · "), "\(render(store.state).lines[9])")
        expectScreen(store.state, lines: [
            " ghscroll · All users                                            api.github.com",
            " user1095                                                                #1095",
            " user1096                                                                #1096",
            " user1097                                                                #1097",
            " user1098                                                                #1098",
            " user1099                                                                #1099",
            " user1100                                                                #1100",
            " user1101                                                                #1101",
            " user1102                                                                #1102",
            " 312 of 1,200 loaded · 212/312 · /user1         Enter details  Esc back  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".AAAAA...................................................................mmmmmm.",
            ".AAAAA...................................................................mmmmmm.",
            ".AAAAA...................................................................mmmmmm.",
            ".AAAAA...................................................................mmmmmm.",
            ".AAAAA...................................................................mmmmmm.",
            "RHHHHHRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".AAAAA...................................................................mmmmmm.",
            ".AAAAA...................................................................mmmmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("one public gist is 1 gist, in the pane's Repos line")
    func oneGist() {
        var user = details("user1", id: 1)
        user.publicRepos = 1_234
        for (gists, text) in [(1, "1,234 public · 1 gist"), (0, "1,234 public · 0 gists"), (2_000, "1,234 public · 2,000 gists")] {
            user.publicGists = gists
            let record = ProfileText.record(user, profileURL: "https://github.com/user1", now: Date(), keys: KeyTable())
            #expect(record.fields.first { $0.label == "Repos" }?.value == text)
        }
    }

    @Test("the title says what its numbers are; an organization's pane and status line both say members")
    func labels() {
        var store = loadedStore(rows: 16, columns: 100)
        store.apply(.rateLimit(RateLimit(limit: 5_000, remaining: 4_999)))
        #expect(render(store.state).lines[0].hasSuffix("api.github.com  rate 4999/5000"))
        var org = TestStore(makeState(rows: 16, columns: 100))
        for case let .fetch(id, _, request) in org.applyStart() {
            org.apply(.pageLoaded(id, request.token, Page(items: ([user(1, "github", org: true)] + users(2...20)).map(Row.user), next: nil)))
        }
        org.apply(.key(.enter))
        org.apply(.detailsLoaded(RequestID(1), details("github", id: 1, org: true)))
        let lines = render(org.state).lines
        #expect(lines.contains { $0.contains("[1] members") })
        #expect(lines.last?.contains("1 members") == true, "\(lines.last ?? "")")
    }

    @Test("two lines a user: the second says who they are when known, else what kind of account")
    func secondLine() {
        var known = details("mona", id: 1, name: "Mona Lisa")
        known.company = "@github"
        #expect(AppView.secondLine(user(1, "mona"), known: known) == "Mona Lisa · @github")
        known.company = nil
        known.location = "San Francisco"
        #expect(AppView.secondLine(user(1, "mona"), known: known) == "Mona Lisa · San Francisco")
        #expect(AppView.secondLine(user(2, "octo"), known: nil) == "User")
        #expect(AppView.secondLine(user(3, "github", org: true), known: nil) == "Organization")
    }

    @Test("the age of cached rows and the reconnect's countdown change on screen by themselves, and nothing ticks without them")
    func clockTexts() {
        var store = loadedStore(columns: 140)
        #expect(store.state.nextTextChange == nil, "an idle browser wakes for nothing")
        var cached = store.state
        cached.top.listScreen?.storedAt = epoch - 12.5
        #expect(cached.nextTextChange == .milliseconds(501), "at the next whole second of its age")
        cached.top.listScreen?.storedAt = epoch - 90
        #expect(cached.nextTextChange == .milliseconds(30_001), "at the next minute")
        // Offline: the countdown beside the retry key, each second.
        store.apply(.key(.character("G")))
        let append = store.state.top.listScreen?.pager.inFlight[.append]
        store.apply(.pageFailed(root, append!.token, LoadFailure(GitHubError.connectionRefused(host: "h"))))
        #expect(store.state.offline?.retryAt == epoch + 5)
        #expect(store.state.nextTextChange == .seconds(1))
        let screen = render(store.state).lines.joined(separator: "\n")
        #expect(screen.contains("press R to retry · tries again by itself in 5 s"), "\(screen)")
        #expect(screen.contains("· offline, tries again by itself in 5 s"), "\(screen)")
    }
}
