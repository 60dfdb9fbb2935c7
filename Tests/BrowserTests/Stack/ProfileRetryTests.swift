@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// A profile whose every part failed, GitHub out of reach.
@Suite("R on a profile whose parts failed")
struct ProfileRetryTests {
    @Test("p, then the details fail with every slice: the status says a part failed, and one R asks again for all of them")
    func everythingFailed() {
        var store = TestStore(makeState())
        store.applyStart()
        store.apply(.pageLoaded(root, firstToken, Page(items: [.user(user(1)), .user(user(2, "tikily"))], next: nil)))
        store.apply(.key(.character("j")))
        let opened = store.apply(.key(.character("p")))
        #expect(opened.contains(.loadDetails(RequestID(1), login: "tikily")))
        let screen2 = ScreenID(2)
        let failure = LoadFailure(message: "Could not connect")
        store.apply(.detailsFailed(RequestID(1), .failed(failure)))
        #expect(AppView.statusText(store.state) == " Profile of tikily · loading · a part failed (R retries)",
                "the details alone failed: it says so")
        for request in 1...4 { store.apply(.sliceFailed(screen2, RequestID(request), failure)) }
        // The selection rests on the first retry row; R there still asks again for everything.
        #expect(store.state.top.asProfile.selectedSliceRow?.kind == .failed)
        store.press(.character("R"), [
            .loadSlice(screen2, RequestID(5), .users(.organizations("tikily")), pageSize: 100, refresh: false),
            .loadSlice(screen2, RequestID(6), .repositories(.owned("tikily", organization: false)), pageSize: 5, refresh: false),
            .loadSlice(screen2, RequestID(7), .users(.followers("tikily")), pageSize: 5, refresh: false),
            .loadSlice(screen2, RequestID(8), .users(.following("tikily")), pageSize: 5, refresh: false),
            .loadDetails(RequestID(2), login: "tikily"),
        ]) {
            for slice in [ProfileSlice.organizations, .repositories, .followers, .following] {
                $0.top.profileScreen?.profile.rows.update(slice) { $0.state = .loading }
            }
            $0.top.profileScreen?.profile.requests = [.organizations: RequestID(5), .repositories: RequestID(6), .followers: RequestID(7),
                                        .following: RequestID(8)]
            $0.top.profileScreen?.profile.nextRequest = 8
            // Loading rows take no selection.
            $0.top.viewport = Viewport(height: 8, margin: 2, top: 0, selection: nil)
            $0.details.failure = nil
            $0.details.inFlight = DetailsState.Request(id: RequestID(2), subject: "tikily")
            $0.details.nextID = 2
        }
        #expect(!AppView.statusText(store.state).contains("failed"))
    }
}
