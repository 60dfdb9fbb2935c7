@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// octocat's details: 7 repositories, 12 followers, following no one.
func octocatDetails() -> UserDetails {
    var octocat = details("octocat", id: 1, name: "The Octocat")
    (octocat.publicRepos, octocat.followers, octocat.following) = (7, 12, 0)
    return octocat
}

/// A profile's slice, spelled out as the screen should hold it (the texts of its heading,
/// "All … →" and empty rows are the view's: see `words(_:in:)`).
func part(_ id: ProfileSlice, _ state: SliceState, items: [Row] = [], limit: Int? = 5,
          total: Int = 0) -> ListSlice<Row, ProfileSlice> {
    ListSlice(id: id, heading: Profile.worded, items: items, state: state, limit: limit, total: total,
              seeAll: Profile.worded, empty: Profile.worded)
}

/// How the view words a slice of the profile on top: its heading, its "All … →" row and its
/// empty row.
func words(_ slice: ProfileSlice, in state: AppState) -> [String] {
    guard let profile = state.top.profileScreen?.profile else { return [] }
    return [ProfileWords.heading(slice, of: profile), ProfileWords.seeAll(slice, of: profile), ProfileWords.empty(slice)]
}

/// The about row of octocat's profile on an 80-column terminal, as many lines high as the
/// picture and the text beside it need, and a blank line (4 on 10 rows: at most the list's
/// height less 4, so a slice shows under it).
func about(lines: Int = 4) -> ListSlice<Row, ProfileSlice> {
    ListSlice(id: .about, heading: Profile.worded, state: .loaded, headingLines: lines)
}

/// `ghscroll user octocat` on an 80×10 terminal, pages of 20.
func profileState(rows: Int = 10) -> AppState {
    AppState(opening: .profile("octocat"), host: "api.github.com", profileBase: "https://github.com", pageSize: 20,
             prefetchDistance: 2, size: AppState.Size(rows: rows, columns: 80), now: epoch)
}

func sliceLoad(_ id: Int, _ list: GitHubList, pageSize: Int = 5, refresh: Bool = false) -> Command {
    .loadSlice(root, RequestID(id), list, pageSize: pageSize, refresh: refresh)
}

let octocatSlices: [Command] = [
    sliceLoad(1, .users(.organizations("octocat")), pageSize: 100),
    sliceLoad(2, .repositories(.owned("octocat", organization: false))),
    sliceLoad(3, .users(.followers("octocat"))),
    sliceLoad(4, .users(.following("octocat"))),
]

extension TestStore {
    /// `ghscroll user octocat` started and its details arrived: every slice loading. The about
    /// row is `loadingLines` high while the details load (the picture's rows and one), then
    /// `aboutLines`.
    /// With `fillsRows`, as with a token: the profile's own account is asked about at once
    /// (request 1, out), and the rows the slices show once they load.
    static func octocatProfile(rows: Int = 10, loadingLines: Int = 4, aboutLines: Int = 4, fillsRows: Bool = false) -> TestStore {
        var state = profileState(rows: rows)
        state.fillsRows = fillsRows
        var store = TestStore(state)
        let own: [Command] = fillsRows ? [.fillRows(root, RequestID(1), logins: ["octocat"])] : []
        store.start(own + [.loadDetails(RequestID(1), login: "octocat"), .scheduleTick(1, after: .milliseconds(100))]) {
            if fillsRows {
                $0.top.profileScreen?.fills.inFlight = RowFills.Request(id: RequestID(1), pages: [:],
                                                                        rows: ["octocat": ProfileScreen.ownRow])
                $0.top.profileScreen?.fills.nextRequest = 1
            }
            $0.details.target = "octocat"
            $0.details.inFlight = DetailsState.Request(id: RequestID(1), subject: "octocat")
            $0.details.nextID = 1
            ($0.pendingTick, $0.nextTick) = (1, 1)
            $0.top.profileScreen?.profile.rows.update(.about) { $0.headingLines = loadingLines }
        }
        store.send(.detailsLoaded(RequestID(1), octocatDetails()), octocatSlices) {
            $0.details.inFlight = nil
            $0.details.cache.insert(octocatDetails(), for: "octocat")
            var profile = Profile(login: "octocat", isOrganization: false, heights: .compact, headerLines: 4)
            profile.rows = SlicedList([
                about(lines: aboutLines),
                part(.organizations, .loading),
                part(.repositories, .loading),
                part(.followers, .loading),
                part(.following, .loading),
            ])
            profile.counts = [.repositories: 7, .followers: 12, .following: 0]
            profile.requests = [.organizations: RequestID(1), .repositories: RequestID(2), .followers: RequestID(3),
                                .following: RequestID(4)]
            profile.nextRequest = 4
            $0.top.profileScreen?.profile = profile
        }
        // The counts the details gave, in the headings and the "All … →" rows.
        #expect(words(.organizations, in: store.state) == ["Organizations", "All organizations →", "No organizations"])
        #expect(words(.repositories, in: store.state) == ["Repositories · 7", "All 7 repositories →", "No public repositories"])
        #expect(words(.followers, in: store.state) == ["Followers · 12", "All 12 followers →", "No followers"])
        #expect(words(.following, in: store.state) == ["Following · 0", "All 0 following →", "Not following anyone"])
        return store
    }
}

@Suite("A profile made of slices, one message at a time (whole state and exact commands)")
struct ProfileModelTests {
    @Test("ghscroll user: the details first (the kind of account decides the slices), then every slice near the screen loads with a request of its own")
    func start() {
        let store = TestStore.octocatProfile()
        #expect(store.state.top.viewport == Viewport(height: 8, margin: 2, top: 0, selection: nil),
                "nothing to select while every slice loads")
        #expect(store.state.top.crumbs == [.name("octocat")])
        #expect(store.state.isAnimating)
    }

    @Test("each slice fills, fails or is empty on its own; the selection lands on the first row it can rest on and stays on it")
    func slicesArrive() {
        var store = TestStore.octocatProfile()
        let followers = [user(11, "ana"), user(12, "bo"), user(13, "cy")].map(Row.user)
        store.send(.sliceLoaded(root, RequestID(3), Page(items: followers, next: nil))) {
            $0.top.profileScreen?.profile.requests[.followers] = nil
            $0.top.profileScreen?.profile.rows.update(.followers) { $0 = part(.followers, .loaded, items: followers, total: 3) }
            // About (4 lines), Organizations, loading, Repositories · 7, loading, Followers · 12, then
            // ana: the about row scrolls away to keep two rows under the selection in view.
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 1, selection: 6)
        }
        #expect(store.state.top.selectedRow == followers[0])
        store.send(.sliceFailed(root, RequestID(2), LoadFailure(message: "HTTP 502"))) {
            $0.top.profileScreen?.profile.requests[.repositories] = nil
            $0.top.profileScreen?.profile.rows.update(.repositories) { $0.state = .failed(LoadFailure(message: "HTTP 502")) }
        }
        #expect(store.state.top.selectedRow == followers[0], "a slice above failing leaves the selection where it was")
        store.send(.sliceLoaded(root, RequestID(1), Page(items: [], next: nil))) {
            $0.top.profileScreen?.profile.requests[.organizations] = nil
            $0.top.profileScreen?.profile.counts[.organizations] = 0
            $0.top.profileScreen?.profile.rows.update(.organizations) { $0 = part(.organizations, .loaded) }
        }
        #expect(store.state.top.profileScreen?.profile.rows.slice(.organizations)?.footer == .empty(Profile.worded))
        #expect(words(.organizations, in: store.state) == ["Organizations · 0", "All 0 organizations →", "No organizations"])
        // k goes up over the heading to the retry row of the repositories; R retries it, the one part that failed.
        store.press(.character("k")) { $0.top.viewport = Viewport(height: 8, margin: 2, top: 1, selection: 4) }
        #expect(store.state.top.asProfile.selectedSliceRow?.kind == .failed)
        store.press(.character("R"), [sliceLoad(5, .repositories(.owned("octocat", organization: false)))]) {
            $0.top.profileScreen?.profile.requests[.repositories] = RequestID(5)
            $0.top.profileScreen?.profile.nextRequest = 5
            $0.top.profileScreen?.profile.rows.update(.repositories) { $0.state = .loading }
            // The retry row became the loading row, which cannot hold the selection: the nearest
            // row that can (ana), on the line it was on.
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 3, selection: 6)
        }
        // An answer to a request no slice waits for (the following slice's, sent twice) changes nothing.
        store.send(.sliceLoaded(root, RequestID(4), Page(items: [], next: nil))) {
            $0.top.profileScreen?.profile.requests[.following] = nil
            $0.top.profileScreen?.profile.rows.update(.following) { $0 = part(.following, .loaded) }
        }
        store.send(.sliceLoaded(root, RequestID(4), Page(items: followers, next: nil)))
    }

    @Test("a first page with more behind it ends in All N … →; Enter there pushes the whole list, Esc comes back to the profile as it was")
    func seeAll() {
        var store = TestStore.octocatProfile()
        let five = (11...15).map { Row.user(user($0)) }
        store.send(.sliceLoaded(root, RequestID(3), Page(items: five, next: .page(2)))) {
            $0.top.profileScreen?.profile.requests[.followers] = nil
            $0.top.profileScreen?.profile.more = [.followers]
            $0.top.profileScreen?.profile.rows.update(.followers) { $0 = part(.followers, .loaded, items: five, total: 12) }
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 1, selection: 6)
        }
        #expect(store.state.top.profileScreen?.profile.rows.slice(.followers)?.footer == .seeAll(Profile.worded))
        #expect(words(.followers, in: store.state)[1] == "All 12 followers →",
                "the count the details gave")
        store.press(.character("G")) { $0.top.viewport = Viewport(height: 8, margin: 2, top: 6, selection: 11) }
        let before = store.state.top
        let all = GitHubList.users(.followers("octocat"))
        let screen2 = ScreenID(2)
        store.press(.enter, [.fetch(screen2, all, request(1, .initial, .first))]) {
            var pushed = ListScreen(id: screen2, list: all, crumbs: [.name("octocat"), .list(all)], pageSize: 20,
                                    prefetch: FixedDistancePrefetch(distance: 2), listHeight: 8, firstCursor: .first)
            pushed.pager.awaits(.initial, request: 1, at: .first)
            // The details said 12: the status line says so until the end is reached.
            pushed.expectedCount = 12
            $0.screens.append(.list(pushed))
            $0.nextScreenID = 2
            $0.details.target = nil
        }
        store.press(.escape, [.cancelFetch(screen2, firstToken)]) {
            $0.screens.removeLast()
            $0.details.target = "octocat"
        }
        #expect(store.state.top == before)
    }

    @Test("p on an organization in a list pushes its profile: members, repositories and followers load at once with its details; Esc cancels the slices")
    func organizationFromList() {
        var store = TestStore(makeState())
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, Page(items: [.user(user(1)), .user(user(2)), .user(user(3, "acme", org: true))],
                                                       next: nil)))
        store.apply(.key(.character("j")))
        store.apply(.key(.character("j")))
        #expect(store.state.top.selectedUser?.login == "acme")
        let below = store.state.top
        let screen2 = ScreenID(2)
        store.press(.character("p"), [
            .loadSlice(screen2, RequestID(1), .users(.members("acme")), pageSize: 100, refresh: false),
            .loadSlice(screen2, RequestID(2), .repositories(.owned("acme", organization: true)), pageSize: 5, refresh: false),
            .loadSlice(screen2, RequestID(3), .users(.followers("acme")), pageSize: 5, refresh: false),
            .loadDetails(RequestID(1), login: "acme"),
        ]) {
            var profile = Profile(login: "acme", isOrganization: true, heights: .compact, headerLines: 4)
            profile.rows = SlicedList([
                ListSlice(id: .about, heading: Profile.worded, state: .loaded, headingLines: 4),
                part(.members, .loading),
                part(.repositories, .loading),
                part(.followers, .loading),
            ])
            profile.requests = [.members: RequestID(1), .repositories: RequestID(2), .followers: RequestID(3)]
            profile.nextRequest = 3
            $0.screens = [below, .profile(ProfileScreen(id: screen2, profile: profile, crumbs: [allUsers, .name("acme")],
                                                        listHeight: 8))]
            $0.nextScreenID = 2
            $0.details.target = "acme"
            $0.details.inFlight = DetailsState.Request(id: RequestID(1), subject: "acme")
            $0.details.nextID = 1
        }
        #expect(words(.members, in: store.state) == ["Members", "All members →", "No public members"])
        #expect(words(.repositories, in: store.state) == ["Repositories", "All repositories →", "No public repositories"])
        #expect(words(.followers, in: store.state) == ["Followers", "All followers →", "No followers"])
        // Its details may still finish into the cache, as when a pane closes.
        store.press(.escape, [.cancelSlice(screen2, RequestID(1)), .cancelSlice(screen2, RequestID(2)),
                              .cancelSlice(screen2, RequestID(3))]) {
            $0.screens = [below]
            $0.details.target = nil
            // Its name stays for Tab on the command line.
            $0.prompt.leftNames = knownNames(["acme"])
        }
        // The members arriving after the profile left change nothing.
        store.send(.sliceLoaded(screen2, RequestID(1), Page(items: [.user(user(9))], next: nil)))
    }

    @Test("Enter on a follower opens the pane beside the profile with their details; Esc closes it and the about row wants the account again")
    func paneOnProfile() {
        var store = TestStore.octocatProfile()
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: [.user(user(11, "ana"))], next: nil)))
        store.press(.enter, [.loadDetails(RequestID(2), login: "ana")]) {
            $0.top.detailsOpen = true
            $0.details.target = "ana"
            $0.details.inFlight = DetailsState.Request(id: RequestID(2), subject: "ana")
            $0.details.nextID = 2
        }
        #expect(store.state.mode == .details)
        // octocat's details are known: ana's request, still out, is dropped.
        store.press(.escape, [.cancelDetails(RequestID(2))]) {
            $0.top.detailsOpen = false
            $0.details.target = "octocat"
            $0.details.inFlight = nil
        }
        #expect(AppView.statusText(store.state).hasPrefix(" Profile of octocat · 1/1 follower · "), "one of one, in the singular (#37 item 4)")
    }

    @Test("r asks GitHub again for every slice that loaded or failed, and an answer to the request it replaced is dropped")
    func refresh() {
        var store = TestStore.octocatProfile()
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: [.user(user(11))], next: nil)))
        store.press(.character("r"), [
            .cancelSlice(root, RequestID(1)), .cancelSlice(root, RequestID(2)), .cancelSlice(root, RequestID(4)),
            sliceLoad(5, .users(.organizations("octocat")), pageSize: 100, refresh: true),
            sliceLoad(6, .repositories(.owned("octocat", organization: false)), refresh: true),
            sliceLoad(7, .users(.followers("octocat")), refresh: true),
            sliceLoad(8, .users(.following("octocat")), refresh: true),
        ]) {
            $0.top.profileScreen?.profile.requests = [.organizations: RequestID(5), .repositories: RequestID(6), .followers: RequestID(7),
                                        .following: RequestID(8)]
            $0.top.profileScreen?.profile.nextRequest = 8
            $0.top.profileScreen?.profile.rows.update(.followers) { $0.state = .loading }
            // The follower stays on screen (and selected) while the slice asks again.
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 1, selection: 6)
        }
        store.send(.sliceLoaded(root, RequestID(1), Page(items: [.user(user(20, "old-org", org: true))], next: nil)))
    }
}

@Suite("A profile opened stays at its start while its slices load")
struct ProfileStartTests {
    @Test("the repositories come first (from the cache) and take the selection; the organizations then load above them: the selection moves down with its row, the name stays on screen")
    func sliceAboveLoadsLater() {
        var store = TestStore.octocatProfile(rows: 18, loadingLines: 6, aboutLines: 8)
        let repositories = (21...25).map { Row.repository(GitHubRepository(id: Int64($0), fullName: "octocat/repo\($0)")) }
        store.send(.sliceLoaded(root, RequestID(2), Page(items: repositories, next: nil))) {
            $0.top.profileScreen?.profile.requests[.repositories] = nil
            $0.top.profileScreen?.profile.rows.update(.repositories) { $0 = part(.repositories, .loaded, items: repositories, total: 5) }
            // About (8 lines), Organizations, loading, Repositories · 5, then repo21 on line 11.
            $0.top.viewport = Viewport(height: 16, margin: 2, top: 0, selection: 4)
        }
        let organizations = [user(31, "acme"), user(32, "globex")].map(Row.user)
        store.send(.sliceLoaded(root, RequestID(1), Page(items: organizations, next: nil))) {
            $0.top.profileScreen?.profile.requests[.organizations] = nil
            $0.top.profileScreen?.profile.counts[.organizations] = 2
            $0.top.profileScreen?.profile.rows.update(.organizations) { $0 = part(.organizations, .loaded, items: organizations, total: 2) }
            // repo21 is now on line 12, under the two organizations; the about row is still on
            // line 0 (before, it was pushed off the top to keep repo21 on line 11).
            $0.top.viewport = Viewport(height: 16, margin: 2, top: 0, selection: 5)
        }
        #expect(store.state.top.selectedRow == repositories[0])
    }

    @Test("the same with more above than the screen holds (five organizations, then a row would go off the bottom): the selection goes to the first organization and the start stays on screen")
    func sliceAboveLoadsLaterPastTheBottom() {
        var store = TestStore.octocatProfile(rows: 18, loadingLines: 6, aboutLines: 8)
        let repositories = (21...25).map { Row.repository(GitHubRepository(id: Int64($0), fullName: "octocat/repo\($0)")) }
        store.apply(.sliceLoaded(root, RequestID(2), Page(items: repositories, next: nil)))
        #expect(store.state.top.selectedRow == repositories[0])
        let organizations = (31...35).map { user(Int64($0), "org\($0)") }.map(Row.user)
        store.send(.sliceLoaded(root, RequestID(1), Page(items: organizations, next: nil))) {
            $0.top.profileScreen?.profile.requests[.organizations] = nil
            $0.top.profileScreen?.profile.counts[.organizations] = 5
            $0.top.profileScreen?.profile.rows.update(.organizations) { $0 = part(.organizations, .loaded, items: organizations, total: 5) }
            // repo21 would be on line 15 of 16, under the margin: org31 instead, under the about row.
            $0.top.viewport = Viewport(height: 16, margin: 2, top: 0, selection: 2)
        }
        #expect(store.state.top.selectedRow == organizations[0])
    }
}
