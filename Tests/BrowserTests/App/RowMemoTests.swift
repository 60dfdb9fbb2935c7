@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// The loop keeps the rows on screen from one frame to the next (their texts by row id, their
/// drawings by place): a row must never show what it showed before something it is made of
/// changed.
@Suite("Rows kept between frames by the loop's memo")
struct RowMemoTests {
    /// Draws `state` with `memo` and afresh, expects the two frames equal, and returns the
    /// frame's lines.
    @discardableResult
    func frame(_ state: AppState, _ memo: AppView.Memo, _ step: String, colorDepth: ColorDepth = .truecolor,
               sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let withMemo = CellBuffer(rows: state.size.rows, columns: state.size.columns, colorDepth: colorDepth)
        let fresh = CellBuffer(rows: state.size.rows, columns: state.size.columns, colorDepth: colorDepth)
        AppView.render(state, on: withMemo, memo: memo)
        AppView.render(state, on: fresh)
        #expect(withMemo.lines == fresh.lines, "\(step):\n\(withMemo.lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        #expect(withMemo.styleLines == fresh.styleLines, "\(step)", sourceLocation: sourceLocation)
        return fresh.lines
    }

    @Test("a row drawn with the memo changes when its fill lands, when F marks it and when the mark is put back, at a new width, when the filter shows the field it matched, in two lines, without colours; each frame equals one drawn afresh")
    func rowFollowsWhatItIsMadeOf() {
        var store = fillingStore()
        store.apply(.abilities(mayActAll))
        let memo = AppView.Memo()
        let bare = frame(store.state, memo, "bare")
        #expect(bare[1] == " user1                                                                      #1")
        // The fill lands: the same rows, now with names.
        var answer = FillAnswer(fills: [:])
        for id in Int64(1)...20 { answer.fills["user\(id)"] = fill(id, followsYou: id == 2) }
        store.apply(.rowsFilled(root, RequestID(1), answer))
        let filled = frame(store.state, memo, "filled")
        #expect(filled[1] == " user1  Person 1                                        Town 1 · 100 followers")
        #expect(filled[2] == " user2  Person 2                          Town 2 · 200 followers · follows you")
        // Scrolling keeps the rows: each shows what it showed where it now stands.
        for press in 0..<3 { store.apply(.key(.character("j"))); frame(store.state, memo, "j \(press)") }
        for press in 0..<3 { store.apply(.key(.character("k"))); frame(store.state, memo, "k \(press)") }
        // F: the mark at once, and the count moved; GitHub refuses: both put back.
        // (The fill says user1 is not followed: no GET is asked before the question.)
        #expect(store.apply(.key(.character("F"))).isEmpty)
        let written = store.apply(.key(.character("y")))
        guard case let .run(.act(id), .write(_, on: true))? = written.first else {
            Issue.record("y writes: \(written)")
            return
        }
        let marked = frame(store.state, memo, "followed")
        #expect(marked[1] == " user1  Person 1                           Town 1 · 101 followers · you follow")
        store.apply(.writeFailed(id, .refused(.missingScope(scope: "user:follow", host: "github.com"))))
        #expect(frame(store.state, memo, "put back")[1] == filled[1])
        // Narrower: the place gives way.
        store.apply(.resized(rows: 10, columns: 36))
        let narrow = frame(store.state, memo, "narrow")
        #expect(narrow[1] == " user1  Person 1     100 followers")
        store.apply(.resized(rows: 10, columns: 80))
        #expect(frame(store.state, memo, "wide again")[1] == filled[1])
        // A filter word found in the bio: the row shows the bio on its right.
        store.apply(.key(.character("/")))
        for character in "bio" { store.apply(.key(.character(character))) }
        let filtered = frame(store.state, memo, "filtered")
        #expect(filtered[1] == " user1  Person 1                                                      Bio of 1")
        store.apply(.key(.escape))
        #expect(frame(store.state, memo, "filter cleared")[1] == filled[1])
        // Two lines a row: the bio under the name.
        store.apply(.key(.character("v")))
        let comfortable = frame(store.state, memo, "two lines")
        #expect(Array(comfortable[1...2]) == [" user1  Person 1                                        Town 1 · 100 followers",
                                              "   Bio of 1"])
        store.apply(.key(.character("v")))
        #expect(frame(store.state, memo, "one line again")[1] == filled[1])
        // Without colours: the same words, drawn again for a screen that has none.
        #expect(frame(store.state, memo, "no colours", colorDepth: .none)[1] == filled[1])
        #expect(frame(store.state, memo, "colours")[1] == filled[1])
    }

    @Test("without a token, a row kept by the memo shows the details its pane brought once they land, and the one-line rows scroll as drawn afresh")
    func rowFollowsDetailsSeen() {
        var store = loadedStore()
        let memo = AppView.Memo()
        let bare = frame(store.state, memo, "bare")
        #expect(bare[1] == " user1                                                                      #1")
        for press in 0..<12 { store.apply(.key(.character("j"))); frame(store.state, memo, "j \(press)") }
        for _ in 0..<12 { store.apply(.key(.character("k"))) }
        // user2's details first: the rows are no longer plain, and the memo keeps them.
        store.apply(.key(.character("j")))
        store.openPane(login: "user2")
        store.apply(.detailsLoaded(RequestID(1), details("user2", id: 2, name: "Grace Hopper")))
        store.apply(.key(.escape))
        store.apply(.key(.character("k")))
        #expect(frame(store.state, memo, "user2's details")[2].hasPrefix(" user2  Grace Hopper"))
        for press in 0..<3 { store.apply(.key(.character("j"))); frame(store.state, memo, "kept, j \(press)") }
        for press in 0..<3 { store.apply(.key(.character("k"))); frame(store.state, memo, "kept, k \(press)") }
        store.apply(.key(.character("k")))
        #expect(store.state.top.selectedUser?.login == "user1")
        #expect(store.apply(.key(.enter)).first == .loadDetails(RequestID(2), login: "user1"))
        var known = details("user1", id: 1, name: "Mona Lisa")
        known.location = "Paris"
        store.apply(.detailsLoaded(RequestID(2), known))
        store.apply(.key(.escape))
        #expect(frame(store.state, memo, "details seen")[1] == " user1  Mona Lisa                                                        Paris")
    }

    @Test("rows kept by the memo show their fill when it lands after they were drawn (the next page's, while the first page's rows are filled)")
    func rowFollowsALaterFill() {
        var store = fillingStore()
        var answer = FillAnswer(fills: [:])
        for id in Int64(1)...20 { answer.fills["user\(id)"] = fill(id) }
        store.apply(.rowsFilled(root, RequestID(1), answer))
        let memo = AppView.Memo()
        for _ in 0..<19 { store.apply(.key(.character("j"))) }
        let next = request(2, .append, .since(20))
        let commands = store.apply(.pageLoaded(root, next.token, page(21...40, next: .since(40))))
        #expect(commands.contains { if case .run(.fill(_, RequestID(2)), .fillRows(_)) = $0 { true } else { false } }, "\(commands)")
        for press in 0..<3 { store.apply(.key(.character("j"))); frame(store.state, memo, "page 2 bare, j \(press)") }
        let bare = frame(store.state, memo, "page 2 bare")
        #expect(bare.contains(" user21                                                                    #21"))
        var second = FillAnswer(fills: [:])
        for id in Int64(21)...40 { second.fills["user\(id)"] = fill(id) }
        store.apply(.rowsFilled(root, RequestID(2), second))
        let filled = frame(store.state, memo, "page 2 filled")
        #expect(filled.contains(" user21  Person 21                                    Town 21 · 2.1k followers"))
    }

    @Test("a stargazer's row kept by the memo says how long ago they starred as the clock moves on (two lines a row, so the memo serves it)")
    func starAgeFollowsTheClock() {
        let list = GitHubList.users(.stargazers(owner: "octo", repo: "cat"))
        var store = TestStore(makeState(list: list, rows: 10, columns: 60))
        store.applyStart()
        let starred = GitHubUser(login: "user1", id: 1, starredAt: epoch.addingTimeInterval(-3 * 86_400))
        store.apply(.pageLoaded(root, firstToken, Page(items: [.user(starred)], next: nil)))
        store.apply(.key(.character("v")))
        let memo = AppView.Memo()
        var state = store.state
        #expect(frame(state, memo, "now")[1].contains("starred 3 days ago"))
        state.now = state.now.addingTimeInterval(86_400)
        #expect(frame(state, memo, "a day later")[1].contains("starred 4 days ago"))
    }

    @Test("a row's text is built once while what it is made of stays the same, again when any of it changes; only the rows of the last two frames are kept")
    func textsBuiltOnceAndBounded() {
        let texts = RowTexts()
        var builds = 0
        func text(_ inputs: RowInputs) -> ItemText {
            texts.text(inputs) {
                builds += 1
                return AppView.rowText($0, now: epoch)
            }
        }
        let row = Row.user(user(1))
        let plain = RowInputs(row: row, comfortable: false)
        texts.startFrame()
        #expect(text(plain).detail == "#1 ")
        texts.startFrame()
        #expect(text(plain).detail == "#1 ")
        #expect(builds == 1)
        // Each change is a new text.
        var filled = plain
        filled.known = RowFill(fill(1))
        var marked = plain
        marked.mark = true
        var comfortable = filled
        comfortable.comfortable = true
        var filtered = filled
        filtered.filter = "bio"
        let changed = [filled, marked, comfortable, filtered, plain]
        var shown: [ItemText] = []
        for inputs in changed {
            texts.startFrame()
            shown.append(text(inputs))
        }
        #expect(builds == 6)
        #expect(shown.map(\.detail) == ["Town 1 · 100 followers ", "#1 · you follow ", "Town 1 · 100 followers ", "Bio of 1 ", "#1 "])
        #expect(shown[2].subtitle == "Bio of 1")
        // Scrolling through 100 rows keeps those of the last two frames of 8.
        for top in 0..<100 {
            texts.startFrame()
            for id in Int64(top)..<Int64(top + 8) { _ = text(RowInputs(row: .user(user(id + 1)), comfortable: false)) }
        }
        #expect(texts.count == 9)
    }
}
