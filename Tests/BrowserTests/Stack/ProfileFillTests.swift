@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A profile's slices show people and repositories as lists do: with a token, filled.
@Suite("A profile's rows filled with who people are (whole state and exact commands)")
struct ProfileFillTests {
    private let followers = [user(11, "ana"), user(12, "bo"), user(13, "cy")].map(Row.user)
    /// GitHub's answer for the followers: ana follows the token's owner; cy is gone.
    private let ana = named(fill(11, followsYou: true), "ana")
    private let bo = named(fill(12), "bo")
    private var answer: FillAnswer { FillAnswer(fills: ["ana": ana, "bo": bo], missing: ["cy"]) }

    /// octocat as GitHub's GraphQL API tells of it: the token's owner follows it.
    private let octocat = AccountFill(login: "octocat", name: "The Octocat", followers: 12, viewerFollows: true)

    /// octocat's profile with a token: its own account filled (request 1), its followers loaded
    /// and their fill out (request 2).
    private func followersFilling() -> TestStore {
        var store = TestStore.octocatProfile(fillsRows: true)
        let (followers, octocat) = (followers, octocat)
        store.send(.rowsFilled(root, RequestID(1), FillAnswer(fills: ["octocat": octocat]))) {
            $0.top.profileScreen?.fills.inFlight = nil
            $0.top.profileScreen?.fills.byID = [ProfileScreen.ownRow: RowFill(octocat)]
        }
        store.send(.sliceLoaded(root, RequestID(3), Page(items: followers, next: nil)),
                   [.fillRows(root, RequestID(2), logins: ["ana", "bo", "cy"])]) {
            $0.top.profileScreen?.profile.requests[.followers] = nil
            $0.top.profileScreen?.profile.rows.update(.followers) { $0 = part(.followers, .loaded, items: followers, total: 3) }
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 1, selection: 6)
            $0.top.profileScreen?.fills.inFlight = RowFills.Request(id: RequestID(2), pages: [:],
                                                                    rows: ["ana": 11, "bo": 12, "cy": 13])
            $0.top.profileScreen?.fills.nextRequest = 2
        }
        return store
    }

    @Test("the profile's own account is asked about at once: its about row says how you and it follow each other, and F's hint says unfollow")
    func ownAccount() {
        var store = TestStore.octocatProfile(fillsRows: true)
        #expect(!render(store.state).lines[2].contains("you follow"))
        store.apply(.rowsFilled(root, RequestID(1), FillAnswer(fills: ["octocat": octocat])))
        #expect(render(store.state).lines[2].contains("octocat · User · you follow"), "\(render(store.state))")
        store.apply(.abilities(mayActAll))
        // With the selection on no row, F is about the profile's own account.
        #expect(store.state.top.selectedRow == nil)
        #expect(StatusHints(store.state).line.all.contains("F unfollow"), "\(StatusHints(store.state).line.all)")
    }

    @Test("the accounts a slice shows are asked about once it loads, in one request; the repositories after them, one request at a time; an account GitHub knows nothing of is not asked again")
    func accountsThenRepositories() {
        var store = followersFilling()
        // The repositories come while the accounts' fill is out: nothing more is asked yet.
        // Repository 11 has ana's number: it is left as it came rather than given her fill.
        let repositories = [GitHubRepository(id: 11, fullName: "octocat/hello", stars: 4),
                            GitHubRepository(id: 21, fullName: "octocat/world", stars: 9)].map(Row.repository)
        #expect(store.apply(.sliceLoaded(root, RequestID(2), Page(items: repositories, next: nil))) == [])
        let before = store.state
        store.send(.rowsFilled(root, RequestID(2), answer), [.fillRepositories(root, RequestID(3), names: ["octocat/world"])]) {
            $0 = before
            $0.top.profileScreen?.fills.byID[11] = RowFill(ana)
            $0.top.profileScreen?.fills.byID[12] = RowFill(bo)
            $0.top.profileScreen?.fills.unknown = [13]
            $0.top.profileScreen?.fills.inFlight = RowFills.Request(id: RequestID(3), pages: [:], rows: ["octocat/world": 21])
            $0.top.profileScreen?.fills.nextRequest = 3
        }
        let starred = RepositoryFill(fullName: "octocat/world", stars: 10, viewerHasStarred: true)
        store.send(.repositoriesFilled(root, RequestID(3), RepositoryFillAnswer(fills: ["octocat/world": starred]))) {
            $0.top.profileScreen?.fills.byID[21] = RowFill(repository: starred)
            $0.top.profileScreen?.fills.inFlight = nil
        }
        // Everything shown is filled or known to have nothing: moving asks for no more.
        #expect(store.apply(.key(.character("j"))) == [])
        #expect(store.apply(.key(.character("k"))) == [])
    }

    @Test("on screen: the filled followers show their names and marks, the one GitHub knew nothing of its login alone")
    func shown() {
        var store = followersFilling()
        let bare = render(store.state).lines
        _ = store.apply(.rowsFilled(root, RequestID(2), answer))
        let lines = render(store.state).lines
        let rows = { (lines: [String], login: String) in lines.first { $0.contains(" \(login) ") } ?? "" }
        #expect(rows(bare, "ana").contains("#11") && !rows(bare, "ana").contains("Person 11"), "\(bare)")
        #expect(rows(lines, "ana").contains("Person 11") && rows(lines, "ana").contains("follows you"), "\(lines)")
        #expect(rows(lines, "ana").contains("Town 11 · 1.1k followers"), "\(lines)")
        #expect(rows(lines, "bo").contains("Person 12") && !rows(lines, "bo").contains("follows you"), "\(lines)")
        #expect(rows(lines, "cy") == rows(bare, "cy"), "no fill: the row as it was")
    }

    @Test("a failed fill says why in the profile's status line and is asked again after its wait; leaving the profile cancels a fill out")
    func failureAndStop() {
        var store = followersFilling()
        let reset = epoch.addingTimeInterval(600)
        store.send(.fillFailed(root, RequestID(2), .limited(until: reset)), [.scheduleFillRetry(root, after: .seconds(600))]) {
            $0.top.profileScreen?.fills.inFlight = nil
            $0.top.profileScreen?.fills.problem = .limited(until: reset)
            $0.top.profileScreen?.fills.retryAt = reset
        }
        #expect(AppView.statusText(store.state).contains("GraphQL limit: back at \(GitHubError.clockTime(reset))"),
                "\(AppView.statusText(store.state))")
        #expect(store.apply(.wait(nil), at: epoch.addingTimeInterval(599)) == [])
        #expect(store.apply(.wait(nil), at: reset) == [.fillRows(root, RequestID(3), logins: ["ana", "bo", "cy"])])
        var screen = store.state.top
        #expect(screen.stop(at: nil).contains(.cancelFill(root, RequestID(3))))
    }

    @Test("on your own profile F's hint is left out, F saying that is you; r asks GraphQL again, the profile's own account first")
    func ownProfileAndRefresh() {
        var store = TestStore.octocatProfile(fillsRows: true)
        store.apply(.rowsFilled(root, RequestID(1), FillAnswer(fills: ["octocat": AccountFill(login: "octocat", isViewer: true)])))
        store.apply(.abilities(mayActAll))
        #expect(render(store.state).lines[2].contains("octocat · User · you"), "\(render(store.state))")
        #expect(!StatusHints(store.state).line.all.contains { $0.hasPrefix("F ") }, "\(StatusHints(store.state).line.all)")
        _ = store.apply(.sliceLoaded(root, RequestID(3), Page(items: followers, next: nil)))
        #expect(store.state.top.profileScreen?.fills.inFlight?.id == RequestID(2))
        // r: the fill out is cancelled, every fill forgotten, and the own account asked first.
        let commands = store.apply(.key(.character("r")))
        #expect(commands.first == .cancelFill(root, RequestID(2)), "\(commands)")
        #expect(commands.contains(.fillRows(root, RequestID(3), logins: ["ana", "bo", "cy", "octocat"])), "\(commands)")
        #expect(store.state.top.profileScreen?.fills.byID.isEmpty == true)
    }

    @Test("without a token nothing is asked, and the rows show what the details seen before say")
    func noToken() {
        var store = TestStore.octocatProfile()
        #expect(store.apply(.sliceLoaded(root, RequestID(3), Page(items: followers, next: nil))) == [])
        #expect(store.state.top.profileScreen?.fills == RowFills())
    }
}

private func named(_ fill: AccountFill, _ login: String) -> AccountFill {
    var fill = fill
    fill.login = login
    return fill
}

extension ProfileFillTests {
    @Test("the whole screen of a profile whose followers are filled")
    func wholeScreen() {
        var store = followersFilling()
        _ = store.apply(.rowsFilled(root, RequestID(2), answer))
        // ana, selected, follows the token's owner; cy, whom GitHub knew nothing of, stays as it came.
        expectScreen(store.state, lines: [
            " ghscroll · octocat                                              api.github.com",
            " Organizations",
            "   ⠋ Loading…",
            " Repositories · 7",
            "   ⠋ Loading…",
            " Followers · 12",
            " ana  Person 11                         Town 11 · 1.1k followers · follows you",
            " bo  Person 12                                        Town 12 · 1.2k followers",
            " cy                                                                        #13",
            " Profile of octocat · 1/3 followers · loading       Enter details  : go  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".....mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm..mmmmmmmmmmmmmmmmmmmmmmmmm.",
            "...........................................................................mmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }
}
