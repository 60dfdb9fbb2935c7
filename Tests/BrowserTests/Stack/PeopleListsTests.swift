@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The lists of people issue 22 adds to the browser: a user's organizations (5 from the pane),
/// a repository's contributors (commits on each row) and watchers.
@Suite("Organizations, contributors and watchers in the browser")
struct PeopleListsTests {
    @Test("5 on the pane pushes the user's organizations, the title names them; Esc comes back")
    func organizations() {
        var store = loadedStore()
        store.apply(.key(.character("j")))
        store.openPane(login: "user2")
        let below = store.state.screens[0]
        let organizations = GitHubList.users(.organizations("user2"))
        let screen2 = ScreenID(2)
        store.press(.character("5"), [.fetch(screen2, organizations, request(1, .initial, .first))]) {
            var pushed = ListScreen(id: screen2, list: organizations, crumbs: [allUsers, .name("user2"), .list(organizations)],
                                    pageSize: 20, prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8,
                                    firstCursor: .first)
            pushed.pager.awaits(.initial, request: 1, at: .first)
            $0.screens.append(.list(pushed))
            $0.nextScreenID = 2
            $0.details.target = nil
        }
        #expect(store.state.mode == .list)
        store.press(.escape, [.cancelFetch(screen2, firstToken)]) {
            $0.screens.removeLast()
            $0.details.target = "user2"
        }
        #expect(store.state.screens == [below])
        #expect(store.state.mode == .details, "back on the pane it was opened from")
    }

    @Test("5 is the key table's: rebound, the pane names the new key and the old one does nothing")
    func rebound() throws {
        var store = loadedStore(keys: try KeyTable().binding(.organizations, to: [.character("O")]))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("5"))) == [])
        #expect(store.apply(.key(.character("O"))) == [.fetch(ScreenID(2), .users(.organizations("user1")), request(1, .initial, .first))])
    }

    @Test("a contributors list shows each person's commits on the row, grouped; one commit is singular")
    func contributorRows() {
        var state = makeState(list: .users(.contributors(owner: "octo", repo: "cat")), rows: 6, columns: 60)
        _ = state.start()
        var store = TestStore(state)
        let contributors = [GitHubUser(login: "mona", id: 1, contributions: 12_345),
                            GitHubUser(login: "hubot", id: 2, type: "Bot", contributions: 7),
                            GitHubUser(login: "acme", id: 3, type: "Organization", contributions: 1)]
        store.apply(.pageLoaded(root, firstToken, Page(items: contributors.map(Row.user), next: nil)))
        expectScreen(store.state, lines: [
            " ghscroll · Contributors to octo/cat         api.github.com",
            " mona                                  12,345 commits · #1",
            " hubot                                      7 commits · #2",
            " acme                                  1 commit · #3 · org",
            " — End of list · 3 contributors —",
            " 3 contributors · 1/3 · end           Enter details  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................mmmmmmmmmmmmmmm.",
            ".......................................mmmmmmmmmmmmmmmmmmmm.",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("followers opened from details that count them say 'of 30' until the end, where the rows count themselves")
    func countFromTheDetails() throws {
        var store = loadedStore()
        store.apply(.key(.character("j")))
        store.openPane(login: "user2")
        var known = details("user2", id: 2)
        known.followers = 30
        store.apply(.detailsLoaded(RequestID(1), known))
        let commands = store.apply(.key(.character("1")))
        #expect(store.state.top.listScreen?.expectedCount == 30)
        guard case let .run(.fetch(screen, _), .page(_, first)) = try #require(commands.first) else { return #expect(Bool(false), "\(commands)") }
        let next = GitHubCursor.link(URL(string: "https://api.github.com/users/user2/followers?page=2")!)
        store.apply(.pageLoaded(screen, first.token, page(101...120, next: next)))
        #expect(AppView.statusText(store.state) == " 20 followers of 30 · 1/20")
        let more = store.apply(.key(.character("G")))
        guard case let .run(.fetch(_, _), .page(_, second)) = try #require(more.first) else { return #expect(Bool(false), "\(more)") }
        store.apply(.pageLoaded(screen, second.token, page(121...125, next: nil)))
        #expect(AppView.statusText(store.state) == " 25 followers · 20/25 · end", "fewer than the details said: the rows' count")
        // A list the details do not count (the organizations) says no more than it has.
        store.apply(.key(.escape))
        store.apply(.key(.character("5")))
        #expect(store.state.top.listScreen?.expectedCount == nil)
    }
}

@Suite("Rows of a browsed list")
struct RowTests {
    @Test("a user row costs what the user does; a repository row keeps its repository out of line")
    func size() {
        #expect(MemoryLayout<Row>.stride == MemoryLayout<GitHubUser>.stride)
    }

    @Test("the filter reads a user's login and a repository's OWNER/NAME")
    func names() {
        #expect(Row.user(GitHubUser(login: "mona", id: 1)).name == "mona")
        let repository = Row.repository(GitHubRepository(id: 7, fullName: "octo/cat"))
        #expect(repository.name == "octo/cat")
        #expect(repository.id == 7)
        #expect(repository.user == nil)
        #expect(repository.repository?.fullName == "octo/cat")
    }
}
