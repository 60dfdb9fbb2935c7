@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import Testing

/// Followers counted in 50 pages of 20 (GitHub's `rel="last"`), after G: the last page alone
/// loaded (rows 981–987), every request answered when the test says.
private func atTheEnd() throws -> TestStore {
    let list = GitHubList.users(.followers("octocat"))
    var store = TestStore(makeState(list: list))
    guard case let .run(.fetch(id, _), .page(_, first))? = store.applyStart().first else { throw CancellationError() }
    let next = try #require(URL(string: "https://api.github.com/users/octocat/followers?per_page=20&page=2"))
    var firstPage = page(1...20, next: .link(next))
    firstPage.totalPages = 50
    store.apply(.pageLoaded(id, first.token, firstPage, origin: .network))
    guard case let .run(.fetch(_, _), .page(_, jump))? = store.apply(.key(.character("G"))).first else { throw CancellationError() }
    var last = page(981...987, next: nil)
    last.totalPages = 50
    var pending = store.apply(.pageLoaded(root, jump.token, last, origin: .network))
    // The page before the seven rows, asked for at once (they do not fill the screen).
    while case let .run(.fetch(_, _), .page(_, request))? = pending.first(where: { if case .run(_, .page) = $0 { true } else { false } }),
          case .page(let number) = request.cursor {
        let first = Int64((number - 1) * 20 + 1)
        pending = store.apply(.pageLoaded(root, request.token, page(first...(first + 19), next: nil), origin: .network))
    }
    return store
}

@Suite("Moves up past the rows loaded are walked, as moves down past them are")
struct WalkUpTests {
    @Test("100k from the last row: the selection waits on the first row loaded while the pages before load, then lands on row 887")
    func countedUp() throws {
        var store = try atTheEnd()
        #expect(store.state.top.listScreen?.selectedPosition == 987)
        let offset = store.state.top.asList.pager.offset
        #expect(offset == 960)
        for key in "100" { store.apply(.key(.character(key))) }
        var commands = store.apply(.key(.character("k")))
        #expect(store.state.top.listScreen?.walkTo == 886)
        #expect(store.state.top.listScreen?.selectedPosition == 961, "on the first row loaded")
        var asked: [GitHubCursor] = []
        for _ in 0..<10 {
            guard case let .run(.fetch(_, _), .page(_, request))? = commands.first(where: { if case .run(_, .page) = $0 { true } else { false } }),
                  case .page(let number) = request.cursor else { break }
            asked.append(request.cursor)
            let first = Int64((number - 1) * 20 + 1)
            commands = store.apply(.pageLoaded(root, request.token, page(first...(first + 19), next: nil), origin: .network))
        }
        // Each page before by its number, back to the one that holds the row (then the one before
        // that, as the screen nears the top of the rows).
        #expect(Array(asked.prefix(4)) == [.page(48), .page(47), .page(46), .page(45)], "\(asked)")
        #expect(store.state.top.listScreen?.selectedPosition == 887)
        #expect(store.state.top.listScreen?.walkTo == nil)
    }

    @Test("a page up within the rows loaded moves (whole state); 10b past them is walked, a PgUp meanwhile adds a page to the walk, j gives it up")
    func pagesUpAddUp() throws {
        var store = try atTheEnd()
        // A page up within the rows loaded: a move, and the page before asked for as it nears.
        let request = store.state.top.asList.pager.nextRequest(.prepend, at: .page(48))
        store.press(.pageUp, [.fetch(root, .users(.followers("octocat")), request)]) {
            $0.top.listScreen?.pager.awaits(.prepend, request: request.token.id, at: .page(48))
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 14, selection: 19)
            $0.top.listScreen?.selectedID = 979
            $0.top.listScreen?.pager.shows(from: 13, rows: 8)
        }
        store.apply(.key(.character("1")))
        store.apply(.key(.character("0")))
        store.apply(.key(.character("b")))
        let target = try #require(store.state.top.listScreen?.walkTo)
        store.apply(.key(.pageUp))
        #expect(store.state.top.listScreen?.walkTo == target - 8, "one more page (8 rows) up from where the walk was going")
        store.apply(.key(.character("j")))
        #expect(store.state.top.listScreen?.walkTo == nil, "a move down gives the walk up")
    }
}
