@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// Whole screens of a profile: its about row, and each slice loading, failed, empty and filled.
@Suite("A profile on screen")
struct ProfileViewTests {
    @Test("the help on a profile is titled so and leaves out the filter, which a profile refuses")
    func help() {
        var store = TestStore.octocatProfile(rows: 16, loadingLines: 5, aboutLines: 8)
        store.apply(.key(.character("?")))
        let screen = render(store.state).lines.joined(separator: "\n")
        #expect(screen.contains("Keys · on a profile"), "\(screen)")
        #expect(!screen.contains("filter the loaded"), "\(screen)")
        #expect(screen.contains("down one row"))
        expectScreen(store.state, lines: [
            " ghscroll · octocat                                              api.github.com",
            "  Keys · on a profile",
            "  j ↓                  down one row",
            "  k ↑                  up one row (on the first row: pull to refresh)",
            "  wheel down           down three rows",
            "  wheel up             up three rows",
            "  Space f Ctrl-f PgDn  down a page",
            "  b Ctrl-b PgUp        up a page",
            "  Ctrl-d               half a page down",
            "  Ctrl-u               half a page up",
            "  g Home               first row",
            "  G End                last row (loads more)",
            "  0–9                  a count for the next move (before first or last: that",
            "                       row)",
            "  1–12 of 28 · j k scroll · Esc ? close · q quits",
            " Profile of octocat · loading                                 Esc close  q quit",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        var list = loadedStore(rows: 24, columns: 80, users: 40)
        list.apply(.key(.character("?")))
        let listScreen = render(list.state).lines.joined(separator: "\n")
        #expect(listScreen.contains("Keys · in a list") && listScreen.contains("filter the loaded"), "\(listScreen)")
    }

    @Test("while every slice loads: the details in the about row, each heading with its count and its own loading row")
    func loading() {
        let store = TestStore.octocatProfile(rows: 16, loadingLines: 5, aboutLines: 8)
        expectScreen(store.state, lines: [
            " ghscroll · octocat                                              api.github.com",
            " ┌──────┐  The Octocat",
            " │      │  octocat · User",
            " │no pi…│",
            " └──────┘  Followers  12",
            "           Following  0",
            "           Repos      7 public",
            "           Profile    https://github.com/octocat",
            "",
            " Organizations",
            "   ⠋ Loading…",
            " Repositories · 7",
            "   ⠋ Loading…",
            " Followers · 12",
            "   ⠋ Loading…",
            " Profile of octocat · loading                              : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            ".mmmmmmmm..AAAAAAAAAAA..........................................................",
            ".m......m..mmmmmmmmmmmmmm.......................................................",
            ".mmmmmmmm.......................................................................",
            ".mmmmmmmm..mmmmmmmmm............................................................",
            "...........mmmmmmmmm............................................................",
            "...........mmmmm................................................................",
            "...........mmmmmmm..............................................................",
            "................................................................................",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("filled, failed and empty slices side by side: five followers then All 12 followers →, a retry row, No organizations")
    func mixed() {
        var store = TestStore.octocatProfile(rows: 30, loadingLines: 11, aboutLines: 11)
        store.apply(.sliceLoaded(root, RequestID(1), Page(items: [], next: nil)))
        store.apply(.sliceFailed(root, RequestID(2), LoadFailure(message: "HTTP 502 from GitHub")))
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: (11...15).map { Row.user(user($0)) }, next: .page(2))))
        store.apply(.sliceLoaded(root, RequestID(4), Page(items: [], next: nil)))
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
            " Organizations · 0",
            "   No organizations",
            " Repositories · 7",
            "   ✗ HTTP 502 from GitHub — press R to retry",
            " Followers · 12",
            " user11                                                                    #11",
            " user12                                                                    #12",
            " user13                                                                    #13",
            " user14                                                                    #14",
            " user15                                                                    #15",
            "   All 12 followers →",
            " Following · 0",
            "   Not following anyone",
            "",
            "",
            "",
            "",
            " Profile of octocat · a part failed (R retries)       Enter retry  : go  ? help",
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
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "................................................................................",
            "................................................................................",
            "................................................................................",
            "................................................................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("scrolled to All 12 followers →: the about row is gone, the row is selected and the status line says where")
    func scrolled() {
        var store = TestStore.octocatProfile(rows: 12, aboutLines: 6)
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: (11...15).map { Row.user(user($0)) }, next: .page(2))))
        store.apply(.key(.character("j")))
        expectScreen(store.state, lines: [
            " ghscroll · octocat                                              api.github.com",
            " Organizations",
            "   ⠋ Loading…",
            " Repositories · 7",
            "   ⠋ Loading…",
            " Followers · 12",
            " user11                                                                    #11",
            " user12                                                                    #12",
            " user13                                                                    #13",
            " user14                                                                    #14",
            " user15                                                                    #15",
            " Profile of octocat · 2/5 followers · loading       Enter details  : go  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "...........................................................................mmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        store.apply(.key(.character("G")))
        expectScreen(store.state, lines: [
            " ghscroll · octocat                                              api.github.com",
            "   ⠋ Loading…",
            " Followers · 12",
            " user11                                                                    #11",
            " user12                                                                    #12",
            " user13                                                                    #13",
            " user14                                                                    #14",
            " user15                                                                    #15",
            "   All 12 followers →",
            " Following · 0",
            "   ⠋ Loading…",
            " Profile of octocat · loading                  Enter open  : go  q quit  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
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

    @Test("Enter on All 12 followers → shows the whole list under the crumbs octocat › followers, its first page, and Esc shows the profile exactly as it was")
    func drill() {
        var store = TestStore.octocatProfile(rows: 12, aboutLines: 6)
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: (11...15).map { Row.user(user($0)) }, next: .page(2))))
        store.apply(.key(.character("G")))
        let profile = render(store.state)
        store.apply(.key(.enter))
        store.apply(.pageLoaded(ScreenID(2), firstToken, Page(items: (11...20).map { Row.user(user($0)) }, next: .page(2))))
        expectScreen(store.state, lines: [
            " ghscroll · octocat › followers                                  api.github.com",
            " user11                                                                    #11",
            " user12                                                                    #12",
            " user13                                                                    #13",
            " user14                                                                    #14",
            " user15                                                                    #15",
            " user16                                                                    #16",
            " user17                                                                    #17",
            " user18                                                                    #18",
            " user19                                                                    #19",
            " user20                                                                    #20",
            " 10 followers of 12 · 1/10 · loading more       Enter details  Esc back  ? help",
        ], styles: [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "...........................................................................mmmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        store.apply(.key(.escape))
        #expect(render(store.state) == profile, "the profile as it was left")
    }

    @Test("details that failed for good leave the picture box without its loading mark: nothing is on its way")
    func detailsFailedPicture() {
        for reason in [DetailsFailure.notFound, .failed(LoadFailure(message: "HTTP 502 from GitHub"))] {
            var store = TestStore(profileState(rows: 16))
            store.applyStart()
            store.apply(.detailsFailed(RequestID(1), reason))
            let lines = render(store.state).lines
            #expect(Array(lines[1...4]) == [
                " ┌──────┐  octocat",
                " │      │",
                " │no pi…│  " + (reason == .notFound ? "GitHub has no account octocat any more (renamed or deleted)."
                                                 : "HTTP 502 from GitHub"),
                " └──────┘",
            ], "\(reason):\n\(lines.joined(separator: "\n"))")
        }
    }
}
