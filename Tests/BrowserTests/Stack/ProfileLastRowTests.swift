@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// octocat's profile on an 80×30 terminal (28 list lines) with every slice answered: the
/// 11-line about row, no organizations, five repositories and five followers (each with more),
/// following no one. 29 lines of rows: one more than the list has.
private func filledProfile() -> TestStore {
    var store = TestStore.octocatProfile(rows: 30, loadingLines: 11, aboutLines: 11)
    let repositories = (1...5).map { Row.repository(GitHubRepository(id: $0, fullName: "octocat/repo\($0)", language: "Swift", stars: 0)) }
    store.apply(.sliceLoaded(root, RequestID(1), Page(items: [], next: nil)))
    store.apply(.sliceLoaded(root, RequestID(2), Page(items: repositories, next: .page(2))))
    store.apply(.sliceLoaded(root, RequestID(3), Page(items: (11...15).map { Row.user(user($0)) }, next: .page(2))))
    store.apply(.sliceLoaded(root, RequestID(4), Page(items: [], next: nil)))
    return store
}

/// Rows: 0 about, 1 Organizations, 2 No organizations, 3 Repositories · 7, 4-8 repositories,
/// 9 All 7 repositories →, 10 Followers · 12, 11-15 followers, 16 All 12 followers →,
/// 17 Following · 0, 18 Not following anyone.
private let atEnd = Viewport(height: 28, margin: 2, top: 0, topOffset: 1, selection: 16)

@Suite("The end of a profile")
struct ProfileLastRowTests {
    @Test("G, End and Page Down at the end select All 12 followers → and show the last row on the bottom line, the about row less its first line")
    func lastRow() {
        var store = filledProfile()
        #expect(store.state.top.viewport == Viewport(height: 28, margin: 2, top: 0, selection: 4))
        store.press(.character("G")) { $0.top.viewport = atEnd }
        store.press(.character("g")) { $0.top.viewport = Viewport(height: 28, margin: 2, top: 0, selection: 4) }
        store.press(.end) { $0.top.viewport = atEnd }
        store.press(.character("g")) { $0.top.viewport = Viewport(height: 28, margin: 2, top: 0, selection: 4) }
        store.press(.pageDown) { $0.top.viewport = atEnd }
        store.press(.pageDown)
    }

    @Test("a slice that loads after G, under the selection, moves nothing on screen: the about row keeps its hidden lines")
    func sliceAfterLast() {
        var store = TestStore.octocatProfile(rows: 30, loadingLines: 11, aboutLines: 11)
        let repositories = (1...5).map { Row.repository(GitHubRepository(id: $0, fullName: "octocat/repo\($0)", language: "Swift", stars: 0)) }
        store.apply(.sliceLoaded(root, RequestID(1), Page(items: [], next: nil)))
        store.apply(.sliceLoaded(root, RequestID(2), Page(items: repositories, next: .page(2))))
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: (11...15).map { Row.user(user($0)) }, next: .page(2))))
        store.apply(.key(.character("G")))
        // Following still loading: the about row has lost its first line, All 12 followers → is selected.
        #expect(store.state.top.viewport == atEnd)
        let before = render(store.state).lines
        store.apply(.sliceLoaded(root, RequestID(4), Page(items: (21...23).map { Row.user(user($0)) }, next: nil)))
        #expect(store.state.top.viewport == atEnd)
        #expect(Array(render(store.state).lines.prefix(27)) == Array(before.prefix(27)), "the rows above the new ones stay put")
    }

    @Test("a resize after G: taller, everything shows from the top; back, the last row is on the bottom line again")
    func resizeAfterLast() {
        var store = filledProfile()
        store.apply(.key(.character("G")))
        let afterLast = render(store.state)
        store.send(.resized(rows: 40, columns: 80)) {
            $0.size = AppState.Size(rows: 40, columns: 80)
            $0.top.viewport = Viewport(height: 38, margin: 2, top: 0, selection: 16)
        }
        store.send(.resized(rows: 30, columns: 80)) {
            $0.size = AppState.Size(rows: 30, columns: 80)
            $0.top.viewport = atEnd
        }
        #expect(render(store.state) == afterLast)
    }

    @Test("the screen after G: the about row's last ten lines, every slice, All 12 followers → selected, Not following anyone on the last line")
    func screenAfterLast() {
        var store = filledProfile()
        store.apply(.key(.character("G")))
        expectScreen(store.state, lines: [
            " ghscroll · octocat                                              api.github.com",
            " │                  │  octocat · User",
            " │                  │",
            " │                  │  Followers  12",
            " │                  │  Following  0",
            " │    no picture    │  Repos      7 public",
            " │                  │  Profile    https://github.com/octocat",
            " │                  │",
            " │                  │",
            " └──────────────────┘",
            "",
            " Organizations · 0",
            "   No organizations",
            " Repositories · 7",
            " octocat/repo1                                                     ★ 0 · Swift",
            " octocat/repo2                                                     ★ 0 · Swift",
            " octocat/repo3                                                     ★ 0 · Swift",
            " octocat/repo4                                                     ★ 0 · Swift",
            " octocat/repo5                                                     ★ 0 · Swift",
            "   All 7 repositories →",
            " Followers · 12",
            " user11                                                                    #11",
            " user12                                                                    #12",
            " user13                                                                    #13",
            " user14                                                                    #14",
            " user15                                                                    #15",
            "   All 12 followers →",
            " Following · 0",
            "   Not following anyone",
            " Profile of octocat                            Enter open  : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".m..................m..mmmmmmmmmmmmmm...........................................",
            ".m..................m...........................................................",
            ".m..................m..mmmmmmmmm................................................",
            ".m..................m..mmmmmmmmm................................................",
            ".m....mmmmmmmmmm....m..mmmmm....................................................",
            ".m..................m..mmmmmmm..................................................",
            ".m..................m...........................................................",
            ".m..................m...........................................................",
            ".mmmmmmmmmmmmmmmmmmmm...........................................................",
            "................................................................................",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "...................................................................mmmmmmmmmmmm.",
            "...................................................................mmmmmmmmmmmm.",
            "...................................................................mmmmmmmmmmmm.",
            "...................................................................mmmmmmmmmmmm.",
            "...................................................................mmmmmmmmmmmm.",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }
}
