@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

func picture(_ color: RGB, columns: Int = 16, rows: Int = 8) -> HalfBlockImage {
    HalfBlockImage(columns: columns, rows: rows, pixels: [RGB](repeating: color, count: columns * rows * 2))!
}

@Suite("The details pane's picture")
struct AvatarModelTests {
    func withAvatar(_ login: String, id: Int64) -> UserDetails {
        var user = details(login, id: id)
        user.avatarURL = "https://avatars.githubusercontent.com/u/\(id)?v=4"
        return user
    }

    @Test("asked for once the details name it, at the pane's size; cancelled when the selection moves on; kept for later")
    func loading() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        #expect(store.state.screenLayout.avatarSize == (16, 8), "about 16×8 at 100 columns")
        let key = AvatarState.Key(url: "https://avatars.githubusercontent.com/u/2?v=4", columns: 16, rows: 8)
        let user2 = withAvatar("user2", id: 2)
        store.send(.detailsLoaded(RequestID(1), user2), [.loadAvatar(RequestID(1), url: key.url, columns: 16, rows: 8)]) {
            $0.details.inFlight = nil
            $0.details.cache.insert(user2, for: "user2")
            $0.avatar.target = key
            $0.avatar.inFlight = AvatarState.Request(id: RequestID(1), key: key)
            $0.avatar.nextID = 1
        }
        // j: the next user's details wait for the selection to rest; the picture is dropped.
        store.press(.character("j"), [.scheduleDetails(RequestID(2), after: .milliseconds(150)), .cancelAvatar(RequestID(1))]) {
            $0.screens[0].viewport = Viewport(height: 22, margin: 2, top: 0, selection: 2)
            $0.screens[0].listScreen?.selectedID = 3
            $0.screens[0].listScreen?.pager.shows(from: 0, rows: 22)
            $0.details.target = "user3"
            $0.details.pending = DetailsState.Request(id: RequestID(2), subject: "user3")
            $0.details.nextID = 2
            $0.avatar.target = nil
            $0.avatar.inFlight = nil
        }
        // The late answer for the cancelled request changes nothing.
        store.send(.avatarLoaded(RequestID(1), picture(RGB(1, 2, 3))))
        // Back on user2 (details cached): the picture is asked for again, and this time kept.
        store.press(.character("k"), [.loadAvatar(RequestID(2), url: key.url, columns: 16, rows: 8)]) {
            $0.screens[0].viewport = Viewport(height: 22, margin: 2, top: 0, selection: 1)
            $0.screens[0].listScreen?.selectedID = 2
            $0.details.target = "user2"
            $0.details.pending = nil
            _ = $0.details.cache.touch("user2")
            $0.avatar.target = key
            $0.avatar.inFlight = AvatarState.Request(id: RequestID(2), key: key)
            $0.avatar.nextID = 2
        }
        store.send(.avatarLoaded(RequestID(2), picture(RGB(1, 2, 3)))) {
            $0.avatar.inFlight = nil
            $0.avatar.images.insert(picture(RGB(1, 2, 3)), for: key, cost: AvatarState.bytes(picture(RGB(1, 2, 3))))
        }
        // Away and back again: shown at once, no request.
        store.apply(.key(.character("j")))
        #expect(store.apply(.key(.character("k"))) == [])
        #expect(store.state.avatar.shown(key) == .image(picture(RGB(1, 2, 3))))
    }

    @Test("a failed or refused picture leaves the placeholder and is not asked for again")
    func failure() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        store.apply(.detailsLoaded(RequestID(1), withAvatar("user2", id: 2)))
        store.apply(.avatarFailed(RequestID(1), "not a PNG, JPEG or GIF image"))
        let key = AvatarState.Key(url: "https://avatars.githubusercontent.com/u/2?v=4", columns: 16, rows: 8)
        #expect(store.state.avatar.shown(key) == .unavailable)
        _ = store.apply(.key(.character("j")))
        #expect(store.apply(.key(.character("k"))) == [], "not asked for again")
        let screen = render(store.state)
        #expect(screen.lines[5].contains("│  no picture  │"), "\(screen.lines.joined(separator: "\n"))")
        #expect(screen.lines[1].contains("Name of user2"), "the details stand beside it")
    }

    @Test("the picture in the pane: 16×8 half-block cells beside the name; a box while it loads")
    func drawn() {
        var store = paneOpen(rows: 24, columns: 100, users: 40)
        store.apply(.detailsLoaded(RequestID(1), withAvatar("user2", id: 2)))
        let loading = render(store.state)
        #expect(loading.lines[1].hasSuffix("│ ┌──────────────┐  Name of user2"))
        #expect(loading.lines[5].hasSuffix("│ │      …       │"))
        store.apply(.avatarLoaded(RequestID(1), picture(RGB(200, 30, 30))))
        let drawn = render(store.state)
        for row in 1...8 {
            let styles = Array(drawn.styles[row])
            #expect(String(styles[54..<70]) == String(repeating: "P", count: 16), "row \(row): \(drawn.styles[row])")
            #expect(styles[53] == "." && styles[70] == ".")
        }
        #expect(!drawn.styles[9].contains("P"))
        #expect(drawn.lines[1].hasSuffix("│ ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀  Name of user2"))
    }
}
