@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("The pane: the addresses it opens and copies, its picture again after a failure, its facts")
struct PaneAddressAndPictureTests {
    @Test("o and y use the profile address GitHub sent, and learn from it where the others live (never from the API's address)")
    func profileAddress() {
        let state = AppState(list: .users(.all(since: 0)), host: "127.0.0.1", pageSize: 20,
                             prefetchDistance: 2, size: AppState.Size(rows: 10, columns: 80), now: epoch)
        var store = TestStore(state)
        for case let .run(.fetch(id, _), .page(_, request)) in store.applyStart() {
            store.apply(.pageLoaded(id, request.token, page(1...20, next: .since(20))))
        }
        #expect(store.state.accountPage("user2") == nil, "no address sent yet: not known, not built from 127.0.0.1")
        store.apply(.key(.enter))
        var sent = details("user1", id: 1)
        sent.htmlURL = "https://github.com/user1"
        store.apply(.detailsLoaded(RequestID(1), sent))
        store.press(.character("y"), [.copy("https://github.com/user1")]) { $0.flash = .copied("https://github.com/user1") }
        #expect(AppView.flashText(store.state) == "Copied https://github.com/user1")
        #expect(store.state.accountPage("user2") == "https://github.com/user2", "the others where GitHub said profiles live")
        // An address that is not a web page is not believed.
        var hostile = details("user3", id: 3)
        hostile.htmlURL = "javascript:alert(1)//user3"
        var learned = AppState(list: .users(.all(since: 0)), host: "127.0.0.1", pageSize: 20,
                               prefetchDistance: 2, size: AppState.Size(rows: 10, columns: 80), now: epoch)
        learned.learnWebPage(from: hostile)
        #expect(learned.web.base == nil)
        #expect(store.state.web.base == "https://github.com")
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
        #expect(!store.apply(.key(.character("k")), at: epoch + 2).contains { if case .run(_, .avatar) = $0 { true } else { false } })
        store.apply(.key(.character("j")), at: epoch + 3)
        let back = store.apply(.key(.character("k")), at: epoch + 11)
        #expect(back.contains(.loadAvatar(RequestID(3), url: key.url, columns: 16, rows: 8)), "\(back)")
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
}
