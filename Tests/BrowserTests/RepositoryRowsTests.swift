@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

private func repository(_ id: Int64, _ name: String, stars: Int = 0, language: String? = nil, description: String? = nil,
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
        #expect(store.state.top.crumbs == ["All users", "user2", "repositories"])
        #expect(store.state.top.list.title == "Repositories of user2")
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("4"))) == [.fetch(ScreenID(3), .repositories(.starred("user2")),
                                                               request(1, .initial, .first))])
        var organization = TestStore(makeState(rows: 16, columns: 100))
        for case let .fetch(id, _, request) in organization.applyStart() {
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

    @Test("in the two-line layout the second line is the description, its escapes and bidi controls made visible")
    func comfortableRows() {
        var store = showing(.repositories(.starred("mona")), sample, size: (rows: 9, columns: 64))
        store.apply(.key(.character("v")))
        let lines = render(store.state).lines
        #expect(lines[1].hasPrefix(" octocat/Hello-World"))
        #expect(lines[2] == "   My first repository on GitHub!")
        #expect(lines[4] == "   Language savant.")
        #expect(lines[5].hasPrefix(" octocat/old-thing"))
        #expect(!lines[6].contains("\u{1B}") && !lines[6].contains("\u{202E}"), "\(lines[6].debugDescription)")
        #expect(lines[6].contains("gone"))
    }

    @Test("the filter reads OWNER/NAME; o and y give the repository's page on the profile host")
    func filterAndOpen() {
        var store = showing(.repositories(.owned("octocat", organization: false)), sample)
        store.apply(.key(.character("/")))
        for character in "lingu" { store.apply(.key(.character(character))) }
        #expect(store.state.top.items.map(\.name) == ["octocat/linguist"])
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("o"))) == [.open("https://github.com/octocat/linguist")])
        #expect(store.apply(.key(.character("y"))) == [.copy("https://github.com/octocat/linguist")])
        var broken = showing(.repositories(.starred("x")), [repository(9, "../../evil")])
        #expect(broken.apply(.key(.character("o"))) == [], "a name that is not OWNER/NAME is never opened")
    }

    @Test("Enter on a repository asks for its details at once; moving asks once the selection rests; 1, 2, 3 open its people")
    func paneModel() {
        var store = showing(.repositories(.owned("octocat", organization: false)), sample, size: (rows: 16, columns: 100))
        #expect(store.apply(.key(.enter)).contains(.loadRepository(RequestID(1), fullName: "octocat/Hello-World")))
        #expect(store.state.repository.target == "octocat/Hello-World")
        #expect(store.state.details.target == nil, "no user's details asked for")
        let moved = store.apply(.key(.character("j")))
        #expect(moved.contains(.cancelRepository(RequestID(1))))
        #expect(moved.contains(.scheduleRepository(RequestID(2), after: .milliseconds(150))))
        #expect(store.apply(.repositoryDue(RequestID(2))) .contains(.loadRepository(RequestID(2), fullName: "octocat/linguist")))
        let stargazers = store.apply(.key(.character("1")))
        #expect(stargazers.first == .fetch(ScreenID(2), .users(.stargazers(owner: "octocat", repo: "linguist")),
                                           request(1, .initial, .first)))
        #expect(store.state.top.crumbs == ["Repositories of octocat", "octocat/linguist", "stargazers"])
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("2"))).first
                == .fetch(ScreenID(3), .users(.contributors(owner: "octocat", repo: "linguist")), request(1, .initial, .first)))
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("3"))).first
                == .fetch(ScreenID(4), .users(.watchers(owner: "octocat", repo: "linguist")), request(1, .initial, .first)))
        store.apply(.key(.escape))
        store.apply(.key(.enter))
        #expect(store.apply(.key(.character("5"))) == [])
        #expect(store.state.flash == "Nothing to open")
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
        let lines = render(store.state).lines
        let pane = lines.map { $0.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
        #expect(pane[1].contains("octocat/Hello-World"))
        #expect(pane[2].contains("Repository"))
        for expected in ["Stars     2,543", "Forks     2,411", "Watchers  1,650", "Issues    1,392 open", "Language  Ruby",
                         "License   MIT", "Topics    octocat, atom", "Homepage  https://github.com",
                         "Pushed    2023-11-11 · 3 days ago", "Owner     octocat", "Page      https://github.com/octocat/Hello-World",
                         "My first repository on GitHub!", "[1] stargazers  [2] contributors  [3] watchers"] {
            #expect(pane.contains { $0.contains(expected) }, "\(expected): \(lines.joined(separator: "\n"))")
        }
        #expect(lines.last?.contains("1 stargazers  2 contributors") == true, "\(lines.last ?? "")")
        store.apply(.key(.character("j")))
        store.apply(.repositoryDue(RequestID(2)))
        store.apply(.repositoryFailed(RequestID(2), .notFound))
        #expect(render(store.state).lines.joined().contains("GitHub has no repository octocat/linguist any"))
    }
}
