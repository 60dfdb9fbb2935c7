@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("Keys with nothing to do, or waiting to retry, say so; pane keys from the list; the pull row let go")
struct KeysWithNothingToDoTests {
    @Test("a pane's key on a list without the pane says what it does and how to open it (1 to 5 start a count there since #37 item 21: rebound to ! and O); with it open, it opens the list")
    func paneKeysFromTheList() throws {
        let keys = try KeyTable().binding(.followers, to: [.character("!")]).binding(.organizations, to: [.character("O")])
        var store = loadedStore(keys: keys)
        store.press(.character("!")) { $0.flash = .paneKey(.character("!"), .followers) }
        #expect(AppView.flashText(store.state) == "!: open their followers, with the details open (Enter)")
        store.press(.character("O")) { $0.flash = .paneKey(.character("O"), .organizations) }
        #expect(AppView.flashText(store.state) == "O: open the organizations they belong to, with the details open (Enter)")
        store.press(.character("x")) { $0.flash = nil }
        store.press(.character("1")) { $0.count = 1 }
        store.press(.escape) { $0.count = nil }
        store.apply(.key(.enter))
        store.apply(.key(.character("!")))
        #expect(store.state.top.crumbs == [allUsers, .name("user1"), .list(.users(.followers("user1")))])
        #expect(store.state.flash == nil)
    }

    @Test("R while a retry waits goes now; R with nothing failed says so; Enter, o and y on no rows say so")
    func retryNowAndNothing() throws {
        var store = loadedStore()
        store.press(.character("R")) { $0.flash = .nothingFailed }
        #expect(AppView.flashText(store.state) == "Nothing failed")
        store.apply(.key(.character("G")))
        let append = try #require(store.state.top.listScreen?.pager.inFlight[.append])
        let wait = Wait(reason: .retry(attempt: 3, of: 3, .server(status: 502, message: "")), until: epoch + 9)
        store.apply(.wait(wait))
        let commands = store.apply(.key(.character("R")))
        #expect(commands.first == .cancelFetch(root, append.token))
        guard case let .run(.fetch(_, _), .page(_, again))? = commands.dropFirst().first else {
            Issue.record("no fetch again: \(commands)")
            return
        }
        #expect(again.cursor == append.cursor && again.token.direction == .append)
        #expect(store.state.wait == nil)

        var empty = TestStore(makeState())
        for case let .run(.fetch(id, _), .page(_, request)) in empty.applyStart() {
            empty.apply(.pageLoaded(id, request.token, Page(items: [], next: nil)))
        }
        for (key, text) in [(Key.enter, "Nothing to open"), (.character("o"), "Nothing to open"), (.character("y"), "Nothing to copy")] {
            empty.apply(.key(key))
            #expect(AppView.flashText(empty.state) == text)
        }
    }

    @Test("r while a refresh is under way asks nothing more and says so; once it is answered, r refreshes again")
    func refreshWhileRefreshing() throws {
        var store = loadedStore()
        store.apply(.key(.character("r")))
        let refresh = try #require(store.state.top.listScreen?.pager.inFlight[.refresh])
        store.press(.character("r")) { $0.flash = .alreadyRefreshing }
        #expect(AppView.flashText(store.state) == "Already asking GitHub for these rows again: its answer replaces them")
        store.apply(.pageLoaded(root, refresh.token, page(1...20, next: .since(20))))
        let again = store.apply(.key(.character("r")))
        #expect(again.contains { if case .run(.fetch(_, _), .page(_, let request)) = $0 { request.token.direction == .refresh } else { false } },
                "\(again)")
        #expect(store.state.flash == nil)
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
            $0.top.listScreen?.pull.isPulled = false
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 1)
            $0.top.listScreen?.selectedID = 2
        }
        #expect(!store.state.top.asList.pull.isPulled)
        #expect(store.state.top.selectedUser?.id == 2, "the pull row went and the selection moved down")
    }
}
