@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("Your own counts after F")
struct OwnFollowingTests {
    @Test("following someone from your own profile moves your Following at once, in your details and your profile's Following slice; a refused write moves nothing")
    func ownFollowing() {
        for refused in [false, true] {
            var store = TestStore.octocatProfile(fillsRows: true)
            // You are octocat (following no one, as its details say).
            store.apply(.rowsFilled(root, RequestID(1), FillAnswer(fills: ["octocat": AccountFill(login: "octocat", isViewer: true)])))
            store.apply(.abilities(mayActAll))
            let ana = Row.user(user(11, "ana"))
            store.apply(.sliceLoaded(root, RequestID(3), Page(items: [ana], next: nil)))
            store.apply(.sliceLoaded(root, RequestID(4), Page(items: [], next: nil)))
            #expect(words(.following, in: store.state)[0] == "Following · 0")
            #expect(store.state.details.cache.peek("octocat")?.following == 0)
            while store.state.top.selectedRow != ana { store.apply(.key(.character("j"))) }
            store.apply(.key(.character("F")))
            store.apply(.stateKnown(RequestID(1), false))
            guard case let .run(.act(id), .write(.account("ana"), on: true))? = store.apply(.key(.character("y"))).first else {
                Issue.record("y on ana writes a follow")
                return
            }
            if refused {
                store.apply(.writeFailed(id, .refused(.missingScope(scope: "user:follow", host: "github.com"))))
                #expect(store.state.details.cache.peek("octocat")?.following == 0)
                #expect(words(.following, in: store.state)[0] == "Following · 0")
            } else {
                store.apply(.written(id))
                #expect(store.state.details.cache.peek("octocat")?.following == 1)
                #expect(words(.following, in: store.state)[0] == "Following · 1")
            }
        }
    }

    @Test("unfollowing moves your Following down again, never below nothing; Y answers yes as y does")
    func ownUnfollowing() {
        var store = TestStore.octocatProfile(fillsRows: true)
        store.apply(.rowsFilled(root, RequestID(1), FillAnswer(fills: ["octocat": AccountFill(login: "octocat", isViewer: true)])))
        store.apply(.abilities(mayActAll))
        let (ana, bo) = (Row.user(user(11, "ana")), Row.user(user(12, "bo")))
        store.apply(.sliceLoaded(root, RequestID(3), Page(items: [ana, bo], next: nil)))
        /// F on `row`, GitHub saying whether you follow it (`following`), answered with `answer`.
        func act(on row: Row, following: Bool, answer: Character) {
            while store.state.top.selectedRow != row { store.apply(.key(.character("j"))) }
            let asked = store.apply(.key(.character("F")))
            if case let .run(.act(id), .askState(_))? = asked.first { store.apply(.stateKnown(id, following)) }
            guard case let .run(.act(id), .write(_, on: on))? = store.apply(.key(.character(answer))).first, on == !following else {
                Issue.record("\(answer) writes")
                return
            }
            store.apply(.written(id))
        }
        act(on: ana, following: false, answer: "Y")
        #expect(store.state.details.cache.peek("octocat")?.following == 1)
        act(on: ana, following: true, answer: "y")
        #expect(store.state.details.cache.peek("octocat")?.following == 0)
        // GitHub said you follow bo, though your count said no one: it stays at nothing.
        act(on: bo, following: true, answer: "Y")
        #expect(store.state.details.cache.peek("octocat")?.following == 0)
    }
}
