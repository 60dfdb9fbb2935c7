@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import Synchronization
import TerminalUI
import Testing

/// F on your own account is refused even where no fill said whose it is (the fills failed, or
/// have not come): the runtime asks whose the token is before it asks whether you follow.
@Suite("F on your own row when the rows are not filled")
struct FollowYourselfTests {
    let user1 = WriteTarget.account("user1")

    @Test("F on user1, unfilled: GitHub says the token is user1's: That is you, no question; the next F refuses at once and the hints leave F out")
    func refusedAfterAsking() {
        var store = actingStore()
        #expect(!store.state.actHints.refused.contains(.follow), "not known yet: offered")
        store.press(.character("F"), [.askState(RequestID(1), user1)]) {
            $0.acting.asking = Acting.Asking(id: RequestID(1), target: user1, screen: root, count: nil)
            $0.acting.nextRequest = 1
        }
        store.send(.isYou(RequestID(1), "User1")) {
            $0.acting.asking = nil
            $0.acting.viewer = "User1"
            $0.flash = .thatIsYou
        }
        #expect(store.state.mode == .list, "no question, so no y can follow")
        store.press(.character("F")) { $0.flash = .thatIsYou }
        #expect(store.state.actHints.refused.contains(.follow))
    }

    @Test("a follow whose end was unknown, checked, turns out to be of your own account: put back as not done, and F works again")
    func checkedWriteOfYourself() {
        var store = actingStore(confirms: false)
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        #expect(store.apply(.writeFailed(RequestID(2), .unknown(.timeout(host: "api.github.com")))) == [.askState(RequestID(2), user1)])
        store.send(.isYou(RequestID(2), "user1")) {
            $0.acting.viewer = "user1"
            $0.acting.write = nil
            $0.acting.known[user1] = false
            $0.flash = .writeLost(Acting.Change(user1, on: true))
        }
        store.press(.character("F")) { $0.flash = .thatIsYou }
    }

    @Test("an answer to an older question (not the one waiting) still teaches whose the token is, and says nothing")
    func olderAnswer() {
        var store = actingStore()
        store.apply(.key(.character("F")))
        store.send(.isYou(RequestID(7), "user1")) { $0.acting.viewer = "user1" }
        #expect(store.state.acting.asking?.id == RequestID(1), "F's own question still waits for its answer")
    }
}

/// What a scripted service was asked, and what the runtime posted, in order.
private final class Calls: Sendable {
    private let calls = Mutex<[String]>([])
    private let messages = Mutex<[Message]>([])
    func note(_ call: String) { calls.withLock { $0.append(call) } }
    func post(_ message: Message) { messages.withLock { $0.append(message) } }
    var all: [String] { calls.withLock { $0 } }
    var posted: [Message] { messages.withLock { $0 } }
}

@Suite("The runtime asks whose the token is before whether you follow an account")
struct AskStateRuntimeTests {
    /// A runtime over a service whose only answers are `isSet` (GitHub says the target is set,
    /// `answer`) and `viewer`, noting each call and each message it posts in `calls`.
    private func runtime(viewer: @escaping @Sendable () async throws -> String?, isSet answer: Bool, calls: Calls) -> Runtime {
        let service = GitHubService(
            page: { _, _, _, _ in throw GitHubError.notFound(what: "page") },
            userDetails: { _, _ in throw GitHubError.notFound(what: "details") },
            repositoryDetails: { _, _, _ in throw GitHubError.notFound(what: "repository") },
            image: { _ in throw GitHubError.notFound(what: "image") },
            isSet: { target in
                calls.note("isSet \(target)")
                return answer
            },
            viewer: viewer)
        return Runtime(service: service, clock: SteppedClock(), environment: [:], post: calls.post)
    }

    @Test("askState on the token's own login (any case) posts isYou and asks GitHub nothing more; on another, whether you follow it; a repository, no viewer asked")
    func viewerFirst() async {
        let calls = Calls()
        let runtime = runtime(viewer: {
            calls.note("viewer")
            return "Octocat"
        }, isSet: true, calls: calls)
        let star = WriteTarget.repository(owner: "o", name: "r")
        let asked: [(Int, WriteTarget)] = [(1, .account("octocat")), (2, .account("ana")), (3, star)]
        for (id, target) in asked {
            runtime.run([Command.askState(RequestID(id), target)])
            await runtime.tasks[.act(RequestID(id))]?.value
        }
        #expect(calls.posted == [.isYou(RequestID(1), "Octocat"), .stateKnown(RequestID(2), true), .stateKnown(RequestID(3), true)])
        #expect(calls.all == ["viewer", "viewer", "isSet \(WriteTarget.account("ana"))", "isSet \(star)"])
    }

    @Test("GitHub does not say whose the token is (GET /user failed): nothing is asked, the key says why")
    func viewerUnknown() async {
        let calls = Calls()
        let failure = GitHubError.server(status: 502, message: "Bad Gateway")
        let runtime = runtime(viewer: { throw failure }, isSet: false, calls: calls)
        runtime.run([Command.askState(RequestID(1), .account("octocat"))])
        await runtime.tasks[.act(RequestID(1))]?.value
        #expect(calls.posted == [.stateFailed(RequestID(1), WriteFailure(failure))])
        #expect(calls.all.isEmpty, "no GET of the follow, no question to follow")
    }
}

@Suite("A write that never reached GitHub")
struct WriteNotSentTests {
    @Test("connection refused: the follow is put back at once and says why; GitHub is not asked whether it landed (nothing was sent)")
    func putBackAtOnce() {
        let user1 = WriteTarget.account("user1")
        var store = actingStore(confirms: false)
        store.apply(.key(.character("F")))
        store.apply(.stateKnown(RequestID(1), false))
        let failure = WriteFailure(GitHubError.connectionRefused(host: "api.github.com"))
        store.send(.writeFailed(RequestID(2), failure)) {
            $0.acting.write = nil
            $0.acting.known[user1] = false
            $0.flash = .writeFailed(Acting.Change(user1, on: true), failure)
        }
    }
}
