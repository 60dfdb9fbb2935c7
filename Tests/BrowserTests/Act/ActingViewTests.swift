@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

@Suite("F and * on screen: the question, the marks in words, the counts moved at once, and why a key does nothing")
struct ActingViewTests {
    @Test("the question holds the status line, whatever else it would say (a whole screen)")
    func question() {
        var store = actingStore()
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        store.apply(.notice("The cache is off"))
        expectScreen(store.state, lines: [
        " ghscroll · All users                                            api.github.com",
        " user1                                                                      #1",
        " user2                                                                      #2",
        " user3                                                                      #3",
        " user4                                                                      #4",
        " user5                                                                      #5",
        " user6                                                                      #6",
        " user7                                                                      #7",
        " user8                                                                      #8",
        " Follow user1? y/n                                                  y yes  n no",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "............................................................................mmm.",
        "............................................................................mmm.",
        "............................................................................mmm.",
        "............................................................................mmm.",
        "............................................................................mmm.",
        "............................................................................mmm.",
        "............................................................................mmm.",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("after y the row says you follow at once; after an unfollow the mark goes")
    func followMark() {
        var store = actingStore()
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        store.apply(.key(.character("y")))
        #expect(render(store.state).lines[1] == " user1                                                         #1 · you follow")
        store.apply(.written(RequestID(2)))
        // F would undo it now, and its hint says so.
        #expect(render(store.state).lines[9] == " You follow user1     Enter details  / filter  : go  F unfollow  q quit  ? help")
        store.apply(.key(.character("F")))
        #expect(render(store.state).lines[9] == " Unfollow user1? y/n                                                y yes  n no")
        store.apply(.key(.character("y")))
        store.apply(.written(RequestID(3)))
        #expect(render(store.state).lines[1] == " user1                                                                      #1")
        #expect(render(store.state).lines[9].hasPrefix(" You no longer follow user1 "))
        #expect(render(store.state).lines[9].hasSuffix(" F follow  ? help"))
    }

    @Test("a follow written under another case of the login (:user USER1, then F) marks the row GitHub spells user1")
    func followMarkIgnoresCase() {
        var state = actingStore().state
        state.acting.known[.account("USER1")] = true
        #expect(render(state).lines[1] == " user1                                                         #1 · you follow")
        #expect(render(state).lines[2] == " user2                                                                      #2")
    }

    @Test("a follow shows on a profile as on the row: you follow beside who they are, the followers in its details and its Followers heading one up")
    func profileFollow() {
        var state = TestStore.octocatProfile(rows: 16, loadingLines: 5, aboutLines: 8).state
        let before = render(state).lines
        #expect(before[2] == " │      │  octocat · User")
        #expect(before[4] == " └──────┘  Followers  12")
        #expect(before[13] == " Followers · 12")
        state.acting.known[.account("octocat")] = true
        state.acting.counts[.account("octocat")] = Acting.CountChange(before: 12, after: 13)
        let after = render(state).lines
        #expect(after[2] == " │      │  octocat · User · you follow")
        #expect(after[4] == " └──────┘  Followers  13")
        #expect(after[13] == " Followers · 13")
        state.acting.known[.account("octocat")] = nil
        state.acting.learnViewer("OctoCat")
        #expect(render(state).lines[2] == " │      │  octocat · User · you")
    }

    @Test("after y the pane says you follow beside who they are, as the row does, its followers one up")
    func paneRelation() {
        var store = askedWithPaneOpen()
        var pane = render(store.state).lines.joined(separator: "\n")
        #expect(!pane.contains("you follow") && pane.contains("Followers  41"), "\(pane)")
        store.apply(.key(.character("y")))
        pane = render(store.state).lines.joined(separator: "\n")
        #expect(pane.contains("User · you follow") && pane.contains("Followers  42"), "\(pane)")
    }

    @Test("a repository starred with * says starred in a word beside its count, moved by one, in the list and the pane")
    func starredRepository() {
        var store = TestStore(makeState(list: .repositories(.owned("octocat", organization: false)), rows: 12, columns: 100))
        store.apply(.abilities(mayActAll))
        store.applyStart()
        let token = FetchToken(id: 1, generation: 0, direction: .initial)
        let repository = GitHubRepository(id: 7, fullName: "octocat/hello", language: "Swift", stars: 1_234)
        store.apply(.pageLoaded(root, token, Page(items: [.repository(repository)], next: nil)))
        store.apply(.key(.character("*")))
        store.apply(.stateKnown(RequestID(1), false))
        store.apply(.key(.character("y")))
        // The pane: its count moved too, and the kind says starred.
        var found = RepositoryDetails(id: 7, fullName: "octocat/hello")
        found.stars = 1_234
        let asked = store.apply(.key(.enter))
        guard case .run(.repository(let id), .repositoryDetails(_))? = asked.first(where: { if case .run(.repository, .repositoryDetails) = $0 { true } else { false } }) else {
            Issue.record("Enter asks for the repository: \(asked)")
            return
        }
        store.apply(.repositoryLoaded(id, found))
        let pane = render(store.state).lines.joined(separator: "\n")
        #expect(pane.contains("Repository · starred") && pane.contains("Stars  1,235"), "\(pane)")
        store.apply(.key(.escape))
        expectScreen(store.state, lines: [
        " ghscroll · Repositories of octocat                                                  api.github.com",
        " octocat/hello                                                           starred · ★ 1,235 · Swift",
        " — End of list · 1 repository —",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        " 1 repository · 1/1 · end                   Enter details  / filter  : go  * unstar  q quit  ? help",
        ], styles: [
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
        "....................................................................................................",
        "....................................................................................................",
        "....................................................................................................",
        "....................................................................................................",
        "....................................................................................................",
        "....................................................................................................",
        "....................................................................................................",
        "....................................................................................................",
        "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
    }

    @Test("why a key does nothing, in one line each")
    func refusals() {
        func flash(_ flash: Flash, _ state: AppState = makeState()) -> String? {
            var state = state
            state.flash = flash
            return AppView.flashText(state)
        }
        let user1 = WriteTarget.account("user1")
        #expect(flash(.cannotAct(user1, .missingScope("user:follow")))
                == "This token cannot follow: gh auth refresh -h github.com -s user:follow (or a token with the user:follow scope)")
        #expect(flash(.cannotAct(user1, .needsToken)) == "Following needs a token: set GH_TOKEN, or gh auth login")
        #expect(flash(.cannotAct(.repository(owner: "o", name: "r"), .needsToken)) == "Starring needs a token: set GH_TOKEN, or gh auth login")
        #expect(flash(.followIsForAccounts) == "F follows accounts; * stars repositories")
        #expect(flash(.organizationsNotFollowed) == "Following organizations is not offered")
        #expect(flash(.thatIsYou) == "That is you")
        #expect(flash(.writeFailed(Acting.Change(user1, on: true), .refused(.missingPermission(permission: "Followers"))))
                == "Could not follow user1: This fine-grained token lacks the Followers permission (read and write)")
        #expect(flash(.writeFailed(Acting.Change(.repository(owner: "o", name: "r"), on: false), .limited(retryAfter: 60)))
                == "Could not unstar o/r: GitHub held writes back; the wait is over, * tries again")
        var held = makeState()
        held.acting.heldUntil = held.now.addingTimeInterval(41.5)
        #expect(flash(.writeFailed(Acting.Change(.repository(owner: "o", name: "r"), on: false), .limited(retryAfter: 60)), held)
                == "Could not unstar o/r: GitHub limits writes (try again in 42 s; nothing is sent again by itself)")
        // GitHub out of reach: nothing was sent, so nothing is "not known".
        let refused = GitHubError.connectionRefused(host: "127.0.0.1:9")
        #expect(WriteFailure(refused) == .notSent(refused))
        #expect(flash(.writeFailed(Acting.Change(user1, on: true), WriteFailure(refused)))
                == "Could not follow user1: Could not connect to 127.0.0.1:9 (connection refused or host unreachable)")
        #expect(flash(.cannotAct(user1, .actionsToken)) == "An Actions token (ghs_…) cannot follow accounts: use a personal token")
    }
}
