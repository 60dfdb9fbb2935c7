@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("Words on screen: a list GitHub does not have, the status line's numbers, labels, the second line, texts that change by themselves")
struct StatusAndLabelsTests {
    @Test("a list GitHub does not have: what was not found and the way back, no retry")
    func notFound() throws {
        var store = TestStore(makeState(list: .users(.followers("ghost")), rows: 10, columns: 60))
        let commands = store.applyStart()
        guard case let .run(.fetch(id, _), .page(_, request))? = commands.first else {
            Issue.record("no first fetch")
            return
        }
        store.apply(.pageFailed(id, request.token, LoadFailure(GitHubError.notFound(what: "the followers of ghost"))))
        let lines = render(store.state).lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines.contains("The followers of ghost was not found on GitHub."), "\(lines)")
        #expect(lines.contains("q quits"))
        #expect(!lines.joined().lowercased().contains("retry"), "\(lines)")
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

    @Test("the title says what its numbers are; an organization's pane and status line both say members")
    func labels() {
        var store = loadedStore(rows: 16, columns: 100)
        store.apply(.rateLimit(RateLimit(limit: 5_000, remaining: 4_999)))
        #expect(render(store.state).lines[0].hasSuffix("api.github.com  rate 4,999/5,000"))
        var org = TestStore(makeState(rows: 16, columns: 100))
        for case let .run(.fetch(id, _), .page(_, request)) in org.applyStart() {
            org.apply(.pageLoaded(id, request.token, Page(items: ([user(1, "github", org: true)] + users(2...20)).map(Row.user), next: nil)))
        }
        org.apply(.key(.enter))
        org.apply(.detailsLoaded(RequestID(1), details("github", id: 1, org: true)))
        let lines = render(org.state).lines
        #expect(lines.contains { $0.contains("[1] members") })
        #expect(lines.last?.contains("1 members") == true, "\(lines.last ?? "")")
    }

    @Test("two lines a user: the second is the bio's first line, else the company or the place, else nothing (the name is on the first line)")
    func secondLine() {
        var known = details("mona", id: 1, name: "Mona Lisa")
        known.company = "@github"
        #expect(AppView.secondLine(known: RowFill(known)) == "@github")
        known.company = nil
        known.location = "San Francisco"
        #expect(AppView.secondLine(known: RowFill(known)) == "San Francisco")
        known.bio = "  Paints.\nAnd smiles."
        #expect(AppView.secondLine(known: RowFill(known)) == "Paints.")
        #expect(AppView.secondLine(known: nil) == "", "no filler: the first line says the kind")
        #expect(AppView.secondLine(known: nil) == "")
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

    @Test("notices no key caused: the history file not kept is a fact the view words; the cache's come in words")
    func notices() {
        var store = loadedStore()
        store.send(.notice(.historyNotKept("cannot write /x/ghscroll/history: Not a directory"))) {
            $0.flash = .notice(.historyNotKept("cannot write /x/ghscroll/history: Not a directory"))
        }
        #expect(AppView.flashText(store.state) == "The command history is not kept this run: cannot write /x/ghscroll/history: Not a directory")
        store.send(.notice("The cache is off")) { $0.flash = .notice(.said("The cache is off")) }
        #expect(AppView.flashText(store.state) == "The cache is off")
    }
}
