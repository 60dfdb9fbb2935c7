@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// Organizations #101… as rows.
private func organizations(_ count: Int) -> [Row] {
    (0..<count).map { Row.user(user(Int64(101 + $0), "org\($0 + 1)", org: true)) }
}

/// The organizations slice as the profile should hold it after its first page.
private func organizationsSlice(_ items: [Row], total: Int) -> ListSlice<Row, ProfileSlice> {
    part(.organizations, .loaded, items: items, total: total)
}

/// GitHub gives no organization count on the user (/users/{login}/orgs is a plain paged
/// list): the slice asks for a whole page and counts it when it holds the whole list.
@Suite("A profile's organizations")
struct ProfileOrganizationsTests {
    @Test("a first page that ends the list is the count: Organizations · 7, five of them, All 7 organizations →, which opens the whole list")
    func counted() {
        var store = TestStore.octocatProfile()
        let seven = organizations(7)
        store.send(.sliceLoaded(root, RequestID(1), Page(items: seven, next: nil))) {
            $0.top.profileScreen?.profile.requests[.organizations] = nil
            $0.top.profileScreen?.profile.counts[.organizations] = 7
            $0.top.profileScreen?.profile.rows.update(.organizations) {
                $0 = organizationsSlice(seven, total: 7)
            }
            // About (4 lines), Organizations · 7, then org1: selected, two rows under it in view.
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 2)
        }
        #expect(store.state.top.profileScreen?.profile.rows.slice(.organizations)?.footer == .seeAll(Profile.worded))
        #expect(words(.organizations, in: store.state).prefix(2) == ["Organizations · 7", "All 7 organizations →"])
        // The last row that takes the selection, the other slices still loading.
        store.press(.character("G")) { $0.top.viewport = Viewport(height: 8, margin: 2, top: 5, selection: 7) }
        #expect(store.state.top.asProfile.selectedSliceRow == SlicedRowLocation(slice: .organizations, kind: .seeAll, offset: 6))
        let all = GitHubList.users(.organizations("octocat"))
        let screen2 = ScreenID(2)
        store.press(.enter, [.fetch(screen2, all, request(1, .initial, .first))]) {
            var pushed = ListScreen(id: screen2, list: all, crumbs: [.name("octocat"), .list(all)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            pushed.pager.awaits(.initial, request: 1, at: .first)
            $0.screens.append(.list(pushed))
            $0.nextScreenID = 2
            $0.details.target = nil
        }
    }

    @Test("a whole first page with more pages behind it: Organizations · 100+, five of them, All organizations →")
    func more() {
        var store = TestStore.octocatProfile()
        let hundred = organizations(100)
        store.send(.sliceLoaded(root, RequestID(1), Page(items: hundred, next: .page(2)))) {
            $0.top.profileScreen?.profile.requests[.organizations] = nil
            $0.top.profileScreen?.profile.more = [.organizations]
            $0.top.profileScreen?.profile.rows.update(.organizations) {
                $0 = organizationsSlice(hundred, total: 101)
            }
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 2)
        }
        #expect(store.state.top.profileScreen?.profile.rows.slice(.organizations)?.footer == .seeAll(Profile.worded))
        #expect(words(.organizations, in: store.state).prefix(2) == ["Organizations · 100+", "All organizations →"])
        #expect(store.state.top.profileScreen?.profile.rows.slice(.organizations)?.shownCount == 5)
    }

    @Test("three organizations are all shown under Organizations · 3, with no All row; none: Organizations · 0, No organizations")
    func few() {
        var store = TestStore.octocatProfile()
        let three = organizations(3)
        store.send(.sliceLoaded(root, RequestID(1), Page(items: three, next: nil))) {
            $0.top.profileScreen?.profile.requests[.organizations] = nil
            $0.top.profileScreen?.profile.counts[.organizations] = 3
            $0.top.profileScreen?.profile.rows.update(.organizations) {
                $0 = organizationsSlice(three, total: 3)
            }
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 2)
        }
        #expect(store.state.top.profileScreen?.profile.rows.slice(.organizations)?.footer == nil)
        #expect(words(.organizations, in: store.state)[0] == "Organizations · 3")
        var none = TestStore.octocatProfile()
        none.send(.sliceLoaded(root, RequestID(1), Page(items: [], next: nil))) {
            $0.top.profileScreen?.profile.requests[.organizations] = nil
            $0.top.profileScreen?.profile.counts[.organizations] = 0
            $0.top.profileScreen?.profile.rows.update(.organizations) {
                $0 = organizationsSlice([], total: 0)
            }
        }
        #expect(none.state.top.profileScreen?.profile.rows.slice(.organizations)?.footer == .empty(Profile.worded))
        #expect(words(.organizations, in: none.state) == ["Organizations · 0", "All 0 organizations →", "No organizations"])
    }

    @Test("the screen: Organizations · 7, the first five, All 7 organizations → under them")
    func screen() {
        var store = TestStore.octocatProfile(rows: 30, loadingLines: 11, aboutLines: 11)
        store.apply(.sliceLoaded(root, RequestID(1), Page(items: organizations(7), next: nil)))
        expectScreen(store.state, lines: [
            " ghscroll · octocat                                              api.github.com",
            " ┌──────────────────┐  The Octocat",
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
            " Organizations · 7",
            " org1                                                               #101 · org",
            " org2                                                               #102 · org",
            " org3                                                               #103 · org",
            " org4                                                               #104 · org",
            " org5                                                               #105 · org",
            "   All 7 organizations →",
            " Repositories · 7",
            "   ⠋ Loading…",
            " Followers · 12",
            "   ⠋ Loading…",
            " Following · 0",
            "   ⠋ Loading…",
            "",
            "",
            "",
            "",
            " Profile of octocat · 1/5 organizations · loading   Enter details  : go  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".mmmmmmmmmmmmmmmmmmmm..AAAAAAAAAAA..............................................",
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
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "....................................................................mmmmmmmmmmm.",
            "....................................................................mmmmmmmmmmm.",
            "....................................................................mmmmmmmmmmm.",
            "....................................................................mmmmmmmmmmm.",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "................................................................................",
            "................................................................................",
            "................................................................................",
            "................................................................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("an organization's members, which GitHub does not count either: Members · 23 from a first page that ends the list")
    func members() {
        var store = TestStore(makeState())
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, Page(items: [.user(user(1)), .user(user(2, "acme", org: true))], next: nil)))
        store.apply(.key(.character("j")))
        store.apply(.key(.character("p")))
        let screen2 = ScreenID(2)
        let members = (0..<23).map { Row.user(user(Int64(201 + $0), "member\($0 + 1)")) }
        store.send(.sliceLoaded(screen2, RequestID(1), Page(items: members, next: nil))) {
            $0.top.profileScreen?.profile.requests[.members] = nil
            $0.top.profileScreen?.profile.counts[.members] = 23
            $0.top.profileScreen?.profile.rows.update(.members) {
                $0 = part(.members, .loaded, items: members, total: 23)
            }
            // The first member takes the selection (the about row and the heading take none).
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: 2)
        }
        #expect(store.state.top.profileScreen?.profile.rows.slice(.members)?.footer == .seeAll(Profile.worded))
        #expect(words(.members, in: store.state).prefix(2) == ["Members · 23", "All 23 members →"])
    }
}
