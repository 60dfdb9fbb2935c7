import Foundation
import GitHubAPI

/// Following and starring as a state of its own: the answers to its requests and the keys of
/// its question change it here, and what they ask of the browser around it (a flash, a
/// follow-up to a write that landed) comes back as an ``Outcome`` that the app's scope
/// (``AppState/actingAnswered(_:_:)``) applies.
extension Acting {
    /// An answer to one of its requests.
    enum Answer: Sendable, Equatable {
        /// GitHub said whether the target is set.
        case stateKnown(Bool)
        case stateFailed(WriteFailure)
        /// The account asked about is the token's owner.
        case isYou(String)
        case written
        case writeFailed(WriteFailure)
    }

    /// What a change of its asks of the browser.
    struct Outcome: Sendable, Equatable {
        var commands: [Command] = []
        var flash: Flash?
        /// A write that landed: what it changed elsewhere is to be asked again.
        var wrote: Change?
        /// `q` while the question was asked.
        var quit = false
    }

    /// The answer to request `id`. `askingOn`: the screen a question may be asked on now (the
    /// top one, with nothing over it), else nil; `now` for a rate limit's hold.
    mutating func answered(_ id: RequestID, _ answer: Answer, askingOn screen: ScreenID?, now: Date) -> Outcome {
        switch answer {
        case .stateKnown(let isSet): return stateKnown(id, isSet, askingOn: screen)
        case .stateFailed(let failure): return stateFailed(id, failure)
        case .isYou(let login):
            learnViewer(login)
            guard let asking, asking.id == id else {
                // The check of a write whose end was unknown: your own account is followed by no
                // one's write, so it did not land.
                return stateKnown(id, false, askingOn: screen)
            }
            self.asking = nil
            return Outcome(flash: .thatIsYou)
        case .written:
            guard let write, write.id == id else { return Outcome() }
            self.write = nil
            return Outcome(flash: .wrote(write.change), wrote: write.change)
        case .writeFailed(let failure): return writeFailed(id, failure, now: now)
        }
    }

    /// The question's key: `y` writes, anything else lets it go (suspending keeps it).
    mutating func questionKey(_ action: Action?) -> Outcome {
        guard let change = question else { return Outcome() }
        let count = questionCount
        (question, questionCount) = (nil, nil)
        switch action {
        case .yes:
            return Outcome(commands: start(change, known: !change.on, count: count))
        case .suspend:
            (question, questionCount) = (change, count)
            return Outcome(commands: [.suspend])
        case .quit:
            return Outcome(quit: true)
        default:
            return Outcome()
        }
    }

    /// The question for `change`, or the write at once when no question is wanted (a follow
    /// or a star with `confirm-actions = false`; undoing one is always asked).
    mutating func ask(_ change: Change, isSet: Bool, count: Int?) -> [Command] {
        guard !confirms, change.on else {
            question = change
            questionCount = count
            return []
        }
        return start(change, known: isSet, count: count)
    }

    /// For a key, the question (asked only on the screen where the key was pressed, with
    /// nothing opened over it since: a `y` typed in a filter must not follow anyone); for a
    /// write whose end was unknown, whether it landed.
    private mutating func stateKnown(_ id: RequestID, _ isSet: Bool, askingOn screen: ScreenID?) -> Outcome {
        if let asking, asking.id == id {
            self.asking = nil
            known[asking.target] = isSet
            guard screen == asking.screen else { return Outcome() }
            return Outcome(commands: ask(Change(asking.target, on: !isSet), isSet: isSet, count: asking.count))
        }
        guard let write, write.id == id, write.checking else { return Outcome() }
        if isSet == write.change.on {
            self.write = nil
            return Outcome(flash: .wrote(write.change))
        }
        putBack()
        known[write.change.target] = isSet
        return Outcome(flash: .writeLost(write.change))
    }

    /// The state could not be had: for a key, why; for a write whose end was unknown, it
    /// stays unknown (put back, and asked again at the next key).
    private mutating func stateFailed(_ id: RequestID, _ failure: WriteFailure) -> Outcome {
        if let asking, asking.id == id {
            self.asking = nil
            return Outcome(flash: .stateNotKnown(asking.target, failure))
        }
        guard let write, write.id == id, write.checking else { return Outcome() }
        putBack()
        known[write.change.target] = nil
        return Outcome(flash: .writeUnknown(write.change, failure))
    }

    /// A refusal puts back what the write changed on screen and says why; an unknown end
    /// (a timeout, a 5xx through the retries) is asked of GitHub before anything is put back.
    private mutating func writeFailed(_ id: RequestID, _ failure: WriteFailure, now: Date) -> Outcome {
        guard var write, write.id == id else { return Outcome() }
        if case .unknown = failure, !write.checking {
            write.checking = true
            self.write = write
            return Outcome(commands: [.run(.act(id), .askState(write.change.target))])
        }
        putBack()
        switch failure {
        case .refused(let error): learnRefusal(error, for: write.change.target)
        case .limited(let seconds): heldUntil = now.addingTimeInterval(TimeInterval(seconds))
        case .unknown, .notSent: break
        }
        return Outcome(flash: .writeFailed(write.change, failure))
    }

    /// A refusal for a scope or a permission is what the token may do from now on.
    private mutating func learnRefusal(_ error: GitHubError, for target: WriteTarget) {
        let ability: TokenAbilities.Ability
        switch error {
        case .missingScope(let scope, _): ability = .missingScope(scope)
        case .actionsToken: ability = .actionsToken
        default: return
        }
        switch target {
        case .account: abilities.follow = ability
        case .repository: abilities.star = ability
        }
    }
}
