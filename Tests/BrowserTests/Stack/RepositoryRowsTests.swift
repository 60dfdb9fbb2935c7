@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

private func repository(_ id: Int64, _ name: String, stars: Int? = 0, language: String? = nil, description: String? = nil,
                        fork: Bool = false, archived: Bool = false) -> Row {
    .repository(GitHubRepository(id: id, fullName: name, description: description, language: language, stars: stars,
                                 isFork: fork, isArchived: archived))
}

/// A store showing `rows` as the first page of `list`, the selection on the first.
private func showing(_ list: GitHubList, _ rows: [Row], size: (rows: Int, columns: Int) = (8, 64)) -> TestStore {
    var state = makeState(list: list, rows: size.rows, columns: size.columns)
    _ = state.start()
    var store = TestStore(state)
    store.apply(.pageLoaded(root, firstToken, Page(items: rows, next: nil)))
    return store
}

private let sample: [Row] = [
    repository(1, "octocat/Hello-World", stars: 2_543, language: "Ruby", description: "My first repository on GitHub!"),
    repository(2, "octocat/linguist", stars: 98, language: "Ruby", description: "Language savant.", fork: true),
    repository(3, "octocat/old-thing", description: "\u{1B}[2Jgone\u{202E}txet", archived: true),
]

@Suite("Repositories as rows in the browser")
struct RepositoryRowsTests {
    @Test("3 on a user's pane opens their repositories, 4 their stars; on an organization 3 asks /orgs")
    func drillDown() {
        var store = loadedStore()
        store.apply(.key(.character("j")))
        store.openPane(login: "user2")
        let owned = GitHubList.repositories(.owned("user2", organization: false))
        #expect(store.apply(.key(.character("3"))) == [.fetch(ScreenID(2), owned, request(1, .initial, .first))])
        #expect(store.state.top.crumbs == [allUsers, .name("user2"), .list(owned)])
        #expect(store.state.top.listScreen?.list.title == "Repositories of user2")
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("4"))) == [.fetch(ScreenID(3), .repositories(.starred("user2")),
                                                               request(1, .initial, .first))])
        var organization = TestStore(makeState(rows: 16, columns: 100))
        for case let .run(.fetch(id, _), .page(_, request)) in organization.applyStart() {
            organization.apply(.pageLoaded(id, request.token, Page(items: [Row.user(user(1, "github", org: true))], next: nil)))
        }
        organization.apply(.key(.enter))
        #expect(organization.apply(.key(.character("3")))
                == [.fetch(ScreenID(2), .repositories(.owned("github", organization: true)), request(1, .initial, .first))])
    }

    @Test("a repository row: the name, then the marks, the stars and the language on the right")
    func compactRows() {
        let store = showing(.repositories(.owned("octocat", organization: false)), sample)
        expectScreen(store.state, lines: [
            " ghscroll · Repositories of octocat              api.github.com",
            " octocat/Hello-World                            ★ 2,543 · Ruby",
            " octocat/linguist                           fork · ★ 98 · Ruby",
            " octocat/old-thing                              archived · ★ 0",
            " — End of list · 3 repositories —",
            "",
            "",
            " 3 repositories · 1/3 · end     Enter details  / filter  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................mmmmmmmmmmmmmmmmmmm.",
            "................................................mmmmmmmmmmmmmmm.",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "................................................................",
            "................................................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("stars GitHub did not send are left out of the row, as the pane leaves them out: never ★ 0")
    func starsNotSent() {
        let rows = [repository(1, "octocat/Hello-World", stars: nil, language: "Ruby"),
                    repository(2, "octocat/old-thing", stars: nil, archived: true),
                    repository(3, "octocat/bare", stars: nil),
                    repository(4, "octocat/none", stars: 0)]
        let store = showing(.repositories(.owned("octocat", organization: false)), rows)
        expectScreen(store.state, lines: [
            " ghscroll · Repositories of octocat              api.github.com",
            " octocat/Hello-World                                      Ruby",
            " octocat/old-thing                                    archived",
            " octocat/bare",
            " octocat/none                                              ★ 0",
            " — End of list · 4 repositories —",
            "",
            " 4 repositories · 1/4 · end     Enter details  / filter  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "......................................................mmmmmmmmm.",
            "................................................................",
            "...........................................................mmmm.",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "................................................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        // Too narrow for the marks: the short detail is the stars, and none when none were sent.
        let narrow = showing(.repositories(.owned("octocat", organization: false)),
                             [repository(1, "octocat/a-rather-long-repository-name", stars: nil, language: "Ruby"),
                              repository(2, "octocat/another-long-repository-name", stars: 7, language: "Ruby")],
                             size: (rows: 5, columns: 44))
        #expect(Array(render(narrow.state).lines[1...2]) == [
            " octocat/a-rather-long-repository-name",
            " octocat/another-long-repository-name  ★ 7",
        ])
    }

    @Test("in the two-line layout the second line is the description, its escapes and bidi controls made visible")
    func comfortableRows() {
        var store = showing(.repositories(.starred("mona")), sample, size: (rows: 9, columns: 64))
        store.apply(.key(.character("v")))
        expectScreen(store.state, lines: [
            " ghscroll · Starred by mona                      api.github.com",
            " octocat/Hello-World                            ★ 2,543 · Ruby",
            "   My first repository on GitHub!",
            " octocat/linguist                           fork · ★ 98 · Ruby",
            "   Language savant.",
            " octocat/old-thing                              archived · ★ 0",
            "   �[2Jgone�txet",
            " — End of list · 3 starred repositories —",
            " 3 starred repositories · 1/3 · end       Enter details  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "............................................mmmmmmmmmmmmmmmmmmm.",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "................................................mmmmmmmmmmmmmmm.",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("the filter reads OWNER/NAME; o and y give the repository's page on the profile host")
    func filterAndOpen() {
        var store = showing(.repositories(.owned("octocat", organization: false)), sample)
        store.apply(.key(.character("/")))
        for character in "lingu" { store.apply(.key(.character(character))) }
        #expect(store.state.top.listScreen?.items.map(\.name) == ["octocat/linguist"])
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/octocat/linguist")])
        #expect(store.apply(.key(.character("y"))) == [.copy("https://github.com/octocat/linguist")])
        var broken = showing(.repositories(.starred("x")), [repository(9, "../../evil")])
        #expect(broken.apply(.key(.character("o"))) == [], "a name that is not OWNER/NAME is never opened")
    }

    @Test("Enter on a repository asks for its details at once; moving asks once the selection rests; 1, 2, 3 open its people")
    func paneModel() {
        var store = showing(.repositories(.owned("octocat", organization: false)), sample, size: (rows: 16, columns: 100))
        // The pane opens on the first repository: its details are asked for at once, no user's.
        store.press(.enter, [.loadRepository(RequestID(1), fullName: "octocat/Hello-World")]) {
            $0.screens[0].detailsOpen = true
            $0.repository.target = "octocat/Hello-World"
            $0.repository.inFlight = RepositoryState.Request(id: RequestID(1), subject: "octocat/Hello-World")
            $0.repository.nextID = 1
        }
        // Moving on: the request in flight goes, the next waits for the selection to rest.
        store.press(.character("j"), [.cancelRepository(RequestID(1)), .scheduleRepository(RequestID(2), after: .milliseconds(150))]) {
            $0.screens[0].viewport = Viewport(height: 14, margin: 2, top: 0, selection: 1)
            $0.screens[0].listScreen?.selectedID = 2
            $0.screens[0].listScreen?.pager.shows(from: 0, rows: 14)
            $0.repository.target = "octocat/linguist"
            $0.repository.inFlight = nil
            $0.repository.pending = RepositoryState.Request(id: RequestID(2), subject: "octocat/linguist")
            $0.repository.nextID = 2
        }
        #expect(store.apply(.repositoryDue(RequestID(2))) == [.loadRepository(RequestID(2), fullName: "octocat/linguist")])
        #expect(store.apply(.key(.character("1")))
                == [.fetch(ScreenID(2), .users(.stargazers(owner: "octocat", repo: "linguist")), request(1, .initial, .first))])
        #expect(store.state.top.crumbs == [.heading(.repositories(.owned("octocat", organization: false))), .name("octocat/linguist"),
                                          .list(.users(.stargazers(owner: "octocat", repo: "linguist")))])
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("2")))
                == [.fetch(ScreenID(3), .users(.contributors(owner: "octocat", repo: "linguist")), request(1, .initial, .first))])
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("3")))
                == [.fetch(ScreenID(4), .users(.watchers(owner: "octocat", repo: "linguist")), request(1, .initial, .first))])
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("5"))) == [])
        #expect(AppView.flashText(store.state) == "Nothing to open")
    }

    @Test("the repository pane: description, counts, language, license, topics, homepage, dates, owner, page and its keys")
    func pane() throws {
        var store = showing(.repositories(.owned("octocat", organization: false)), sample, size: (rows: 26, columns: 110))
        store.apply(.key(.enter))
        var details = RepositoryDetails(id: 1, fullName: "octocat/Hello-World")
        details.description = "My first repository on GitHub!"
        details.stars = 2_543
        details.forks = 2_411
        details.watchers = 1_650
        details.openIssues = 1_392
        details.language = "Ruby"
        details.license = "MIT"
        details.topics = ["octocat", "atom"]
        details.homepage = "https://github.com"
        details.pushedAt = epoch.addingTimeInterval(-3 * 86_400)
        details.createdAt = epoch.addingTimeInterval(-400 * 86_400)
        details.owner = user(1, "octocat")
        store.apply(.repositoryLoaded(RequestID(1), details))
        expectScreen(store.state, lines: [
            " ghscroll · Repositories of octocat                                                            api.github.com",
            " octocat/Hello-World                      ★ 2,543 · Ruby  │ ┌──────────────┐  octocat/Hello-World",
            " octocat/linguist                     fork · ★ 98 · Ruby  │ │              │  Repository",
            " octocat/old-thing                        archived · ★ 0  │ │              │",
            " — End of list · 3 repositories —                         │ │              │  Stars     2,543",
            "                                                          │ │  no picture  │  Forks     2,411",
            "                                                          │ │              │  Watchers  1,650",
            "                                                          │ │              │  Issues    1,392 open",
            "                                                          │ └──────────────┘  Language  Ruby",
            "                                                          │",
            "                                                          │ My first repository on GitHub!",
            "                                                          │",
            "                                                          │ License   MIT",
            "                                                          │ Topics    octocat, atom",
            "                                                          │ Homepage  https://github.com",
            "                                                          │ Pushed    2023-11-11 · 3 days ago",
            "                                                          │ Created   2022-10-10 · 1 year ago",
            "                                                          │ Owner     octocat",
            "                                                          │ Page      https://github.com/octocat/Hello-World",
            "                                                          │",
            "                                                          │ [1] stargazers  [2] contributors  [3] watchers",
            "                                                          │ [o] open  [y] copy",
            "                                                          │",
            "                                                          │",
            "                                                          │",
            " 3 repositories · 1/3 · end            1 stargazers  2 contributors  Esc back  / filter  : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.mmmmmmmmmmmmmmmm..AAAAAAAAAAAAAAAAAAA.............",
            "......................................mmmmmmmmmmmmmmmmmmm.m.m..............m..mmmmmmmmmm......................",
            "..........................................mmmmmmmmmmmmmmm.m.m..............m..................................",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm.m..............m..mmmmm...........................",
            "..........................................................m.m..mmmmmmmmmm..m..mmmmm...........................",
            "..........................................................m.m..............m..mmmmmmmm........................",
            "..........................................................m.m..............m..mmmmmm..........................",
            "..........................................................m.mmmmmmmmmmmmmmmm..mmmmmmmm........................",
            "..........................................................m...................................................",
            "..........................................................m...................................................",
            "..........................................................m...................................................",
            "..........................................................m.mmmmmmm...........................................",
            "..........................................................m.mmmmmm............................................",
            "..........................................................m.mmmmmmmm..........................................",
            "..........................................................m.mmmmmm............................................",
            "..........................................................m.mmmmmmm...........................................",
            "..........................................................m.mmmmm.............................................",
            "..........................................................m.mmmm..............................................",
            "..........................................................m...................................................",
            "..........................................................m.mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm....",
            "..........................................................m.mmmmmmmmmmmmmmmmmm................................",
            "..........................................................m...................................................",
            "..........................................................m...................................................",
            "..........................................................m...................................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("a repository GitHub no longer has: the pane says so, and the list stays")
    func paneMissing() {
        var store = showing(.repositories(.owned("octocat", organization: false)), sample, size: (rows: 8, columns: 100))
        store.apply(.key(.enter))
        store.apply(.repositoryFailed(RequestID(1), .notFound))
        expectScreen(store.state, lines: [
            " ghscroll · Repositories of octocat                                                  api.github.com",
            " octocat/Hello-World                ★ 2,543 · Ruby  │ octocat/Hello-World",
            " octocat/linguist               fork · ★ 98 · Ruby  │",
            " octocat/old-thing                  archived · ★ 0  │ GitHub has no repository octocat/Hello-World",
            " — End of list · 3 repositories —                   │ any more (renamed, deleted or made private).",
            "                                                    │",
            "                                                    │",
            " 3 repositories · 1/3 · end  1 stargazers  2 contributors  Esc back  / filter  : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRm.AAAAAAAAAAAAAAAAAAA...........................",
            "................................mmmmmmmmmmmmmmmmmmm.m...............................................",
            "....................................mmmmmmmmmmmmmmm.m...............................................",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm...............................................",
            "....................................................m...............................................",
            "....................................................m...............................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }
}
