@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("The filter on filled rows")
struct FillFilterTests {
    /// Users 1…20, filled but for 19 and 20 (GitHub answered nothing for them): 2 and 3 follow
    /// you, 3 and 4 you follow; 7 is "Ada Lovelace" of Initech, whose bio speaks of engines.
    /// With `more`, users 21…40 came next and their fill is still out.
    func filledState(more: Bool = false) -> AppState {
        var store = fillingStore()
        var answer = FillAnswer(fills: [:])
        for id in Int64(1)...18 { answer.fills["user\(id)"] = fill(id, followsYou: id == 2 || id == 3, youFollow: id == 3 || id == 4) }
        answer.fills["user7"]?.name = "Ada Lovelace"
        answer.fills["user7"]?.company = "Initech"
        answer.fills["user7"]?.bio = "Writes programs\nfor analytical engines"
        store.apply(.rowsFilled(root, RequestID(1), answer))
        if more {
            for _ in 0..<19 { store.apply(.key(.character("j"))) }
            let next = request(2, .append, .since(20))
            store.apply(.pageLoaded(root, next.token, page(21...40, next: .since(40))))
            for _ in 0..<19 { store.apply(.key(.character("k"))) }
        }
        return store.state
    }

    func shown(_ state: AppState, filter: String) -> (ids: [Int64], status: String) {
        var state = state
        state.top.withList { $0.setFilter(filter) }
        return (state.top.asList.items.map(\.id), AppView.statusText(state))
    }

    @Test("/ finds a person by a word of their name, company or bio, and the row shows the field it was found in")
    func words() {
        #expect(shown(filledState(), filter: "lovelace").ids == [7])
        #expect(shown(filledState(), filter: "ada initech").ids == [7])
        #expect(shown(filledState(), filter: "engines").ids == [7])
        var state = filledState()
        state.top.withList { $0.setFilter("engines") }
        // The bio's second line: "…" says a line came before it.
        #expect(render(state).lines[1] == " user7  Ada Lovelace                                  … for analytical engines")
        #expect(shown(filledState(), filter: "user1").ids == [1] + Array(10...19))
    }

    @Test("/ finds a word whatever its accents and case: montreal finds Montréal, dvorak Dvořák; a row that shows where it was found keeps its right side")
    func accents() {
        var store = fillingStore()
        var answer = FillAnswer(fills: [:])
        for id in Int64(1)...18 { answer.fills["user\(id)"] = fill(id, followsYou: false, youFollow: false) }
        answer.fills["user5"]?.location = "Montréal, QC"
        answer.fills["user9"]?.name = "Antonín Dvořák"
        store.apply(.rowsFilled(root, RequestID(1), answer))
        #expect(shown(store.state, filter: "montreal").ids == [5])
        #expect(shown(store.state, filter: "MONTRÉAL").ids == [5])
        #expect(shown(store.state, filter: "dvorak antonin").ids == [9])
        #expect(shown(store.state, filter: "dvořák").ids == [9])
        var state = store.state
        state.top.withList { $0.setFilter("montreal") }
        #expect(render(state).lines[1].hasPrefix(" user5  Person 5 "))
        #expect(render(state).lines[1].hasSuffix(" Montréal, QC · 500 followers"), "\(render(state).lines[1])")
    }

    @Test("is:mutual, is:follows-you and -is:you-follow keep the right rows; rows not filled are not judged, and the status counts them")
    func relations() {
        #expect(shown(filledState(), filter: "is:mutual").ids == [3])
        #expect(shown(filledState(), filter: "is:follows-you").ids == [2, 3])
        #expect(shown(filledState(), filter: "-is:you-follow").ids == [1, 2] + Array(5...18))
        #expect(shown(filledState(), filter: "is:follows-you -is:mutual").ids == [2])
        let (ids, status) = shown(filledState(more: true), filter: "is:follows-you -is:mutual")
        #expect(ids == [2])
        #expect(status.hasSuffix(" · /is:follows-you -is:mutual · 20 not checked yet"))
    }

    @Test("a qualifier typed one key at a time keeps the right rows: the word it was a key before matched no login, and is not narrowed from")
    func qualifierTyped() {
        var store = TestStore(filledState())
        store.apply(.key(.character("/")))
        for character in "is:mutua" { store.apply(.key(.character(character))) }
        #expect(store.state.top.asList.items.isEmpty)
        store.apply(.key(.character("l")))
        #expect(store.state.top.asList.items.map(\.id) == [3])
        for character in " user" { store.apply(.key(.character(character))) }
        #expect(store.state.top.asList.items.map(\.id) == [3])
        store.apply(.key(.backspace))
        for _ in 0..<5 { store.apply(.key(.backspace)) }
        #expect(store.state.top.asList.items.map(\.id) == [])
        // Back to is:mutual, then a "-" typed before it: the rows that are not mutual.
        store.apply(.key(.character("l")))
        #expect(store.state.top.asList.items.map(\.id) == [3])
        store.apply(.key(.home))
        store.apply(.key(.character("-")))
        #expect(store.state.top.asList.filter == "-is:mutual")
        #expect(store.state.top.asList.items.map(\.id) == [1, 2] + Array(4...18))
    }

    @Test("F's marks judge rows not filled: not followed is not mutual, and the status counts only the rows nothing judges")
    func marksJudgeUnfilledRows() {
        // Rows 21 to 40 have no fill yet (19 and 20 none to have); F said you do not follow
        // user21.
        var state = filledState(more: true)
        state.top.withList { $0.takeMarks([.account("user21"): false], revision: Revision()) }
        #expect(shown(state, filter: "-is:mutual").ids == [1, 2] + Array(4...18) + [21])
        #expect(shown(state, filter: "-is:mutual").status.hasSuffix(" · 19 not checked yet"))
        #expect(shown(state, filter: "-is:you-follow").ids == [1, 2] + Array(5...18) + [21])
        #expect(shown(state, filter: "is:follows-you").status.hasSuffix(" · 20 not checked yet"))
    }

    @Test("is:you-follow judges an account as F left it: a follow made joins the matches, one taken back leaves them while the write is under way and comes back when GitHub refuses it, the selection kept")
    func relationsFollowTheWrites() {
        var store = TestStore(filledState())
        store.apply(.abilities(mayActAll))
        var ids: [Int64] { store.state.top.asList.items.map(\.id) }
        func filter(_ text: String) {
            store.apply(.key(.character("/")))
            for character in text { store.apply(.key(.character(character))) }
            store.apply(.key(.enter))
        }
        /// Moves the selection down to `id`, among the rows shown.
        func select(_ id: Int64) {
            store.apply(.key(.character("g")))
            for _ in 0..<20 where store.state.top.selectedUser?.id != id { store.apply(.key(.character("j"))) }
            #expect(store.state.top.selectedUser?.id == id)
        }
        filter("is:you-follow")
        #expect(ids == [3, 4])
        store.apply(.key(.escape))
        // user5, not followed (its fill says so): F, y, and GitHub says done.
        select(5)
        store.apply(.key(.character("F")))
        guard case let .run(.act(follow), .write(_, on: true))? = store.apply(.key(.character("y"))).first else {
            Issue.record("y on user5 writes a follow")
            return
        }
        store.apply(.written(follow))
        filter("is:you-follow")
        #expect(ids == [3, 4, 5])
        store.apply(.key(.escape))
        filter("-is:you-follow")
        #expect(ids == [1, 2] + Array(6...18))
        // user3, followed: F, y: it leaves the matches at once, the selection on the next one;
        // GitHub refuses: it is back.
        store.apply(.key(.escape))
        filter("is:you-follow")
        select(3)
        store.apply(.key(.character("F")))
        guard case let .run(.act(unfollow), .write(_, on: false))? = store.apply(.key(.character("y"))).first else {
            Issue.record("y on user3 writes an unfollow")
            return
        }
        #expect(ids == [4, 5])
        #expect(store.state.top.selectedUser?.id == 4)
        store.apply(.writeFailed(unfollow, .refused(.missingScope(scope: "user:follow", host: "github.com"))))
        #expect(ids == [3, 4, 5])
        #expect(store.state.top.selectedUser?.id == 4, "the selection kept")
    }

    @Test("F's hint says what F would do on the selected row: unfollow where its fill says you follow the account, follow elsewhere")
    func followHint() {
        var store = TestStore(filledState())
        store.apply(.abilities(mayActAll))
        #expect(render(store.state).lines[9].contains(" F follow "))
        store.apply(.key(.character("j")))
        store.apply(.key(.character("j")))
        #expect(store.state.top.selectedUser?.id == 3)
        #expect(render(store.state).lines[9].contains(" F unfollow "))
    }

    @Test("F's hint is left out on the token's owner's own row, where F would say that is you")
    func followHintOnYou() {
        var store = fillingStore()
        var answer = FillAnswer(fills: [:])
        for id in Int64(1)...20 { answer.fills["user\(id)"] = fill(id) }
        answer.fills["user2"]?.isViewer = true
        store.apply(.rowsFilled(root, RequestID(1), answer))
        store.apply(.abilities(mayActAll))
        #expect(render(store.state).lines[9].contains(" F follow "))
        store.apply(.key(.character("j")))
        #expect(store.state.top.selectedUser?.login == "user2")
        #expect(!render(store.state).lines[9].contains(" F "), "\(render(store.state).lines[9])")
        store.apply(.key(.character("j")))
        #expect(render(store.state).lines[9].contains(" F follow "))
    }

    @Test("F's hint is left out on an organization's row in a list of people, where F would refuse, and there on a person's")
    func followHintOnOrganization() {
        var state = makeState()
        state.hasToken = true
        var store = TestStore(state)
        _ = store.applyStart()
        let rows = [user(1), user(2, "acme", org: true), user(3)].map(Row.user)
        _ = store.apply(.pageLoaded(root, firstToken, Page(items: rows, next: nil)))
        store.apply(.abilities(mayActAll))
        // All the hints the status line has, before it is cut to its width.
        let hints = { (store: TestStore) in StatusHints(store.state).line.all }
        #expect(hints(store).contains("F follow"), "\(hints(store))")
        store.apply(.key(.character("j")))
        #expect(store.state.top.selectedRow == rows[1])
        #expect(!hints(store).contains { $0.hasPrefix("F ") }, "\(hints(store))")
    }

    @Test("F1 on the filter line says what its words match and, on a list of people, the is: qualifiers (without a token: that they need one)")
    func filterHelp() {
        for token in [true, false] {
            var store = loadedStore(rows: 24, columns: 100, users: 40, hasToken: token)
            store.apply(.key(.character("/")))
            store.apply(.key(.function(1)))
            let lines = render(store.state).lines.map { $0.trimmingCharacters(in: .whitespaces) }
            let needs = token ? "" : " (with a token)"
            for (keys, text) in [("words", "all found in the login, or a filled row's name, company, place, bio"),
                                 ("is:follows-you", "people who follow you" + needs), ("is:mutual", "both" + needs),
                                 ("-is:…", "not that: -is:you-follow")] {
                // (The help is drawn over the rows: each of its lines between theirs.)
                #expect(lines.contains { $0.contains("  \(keys)  ") && $0.contains("  \(text)  ") }, "\(keys): \(lines.joined(separator: "\n"))")
            }
        }
    }

    @Test("a word that looks like a qualifier but names none is matched as a word, and the status line says which qualifiers there are")
    func unknownQualifier() {
        let state = filledState()
        let (ids, status) = shown(state, filter: "is:bogus")
        #expect(ids.isEmpty)
        #expect(status.hasSuffix(" · /is:bogus · is:bogus is no qualifier: is:follows-you, is:you-follow, is:mutual"), "\(status)")
        #expect(shown(state, filter: "is:mutual").status.hasSuffix(" · /is:mutual"), "a known one says nothing of the kind")
    }

    @Test("without a token the qualifiers say they need one: on the status line, on the filter line while it is typed, and in place of the rows, without sending the person for more rows")
    func needsToken() {
        var state = filledState()
        state.fillsRows = false
        #expect(shown(state, filter: "is:mutual").status.hasSuffix(" · /is:mutual · is: needs a token"))
        // Typed, with nothing known of anyone: neither it nor its opposite keeps a row, and the
        // screen says why.
        var store = loadedStore(users: 20)
        store.apply(.key(.character("/")))
        for character in "-is:mutual" { store.apply(.key(.character(character))) }
        let screen = render(store.state).lines
        #expect(screen[9] == "/-is:mutual" + String(repeating: " ", count: 24) + "0 of 20 loaded · is: needs a token · F1 keys")
        let centred = screen.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(centred[3...5] == ["No loaded users match “-is:mutual”.",
                                   "Who follows whom is known only with a token: set GH_TOKEN, or gh auth login.", ""],
                "\(screen.joined(separator: "\n"))")
        #expect(!screen.joined().contains("loads more"))
    }
}
