import Foundation
import GitHubAPI
import TerminalUI

extension AppView {
    // MARK: - Following and starring, in words

    /// The question on the status line: "Follow octocat? y/n".
    static func questionText(_ change: Acting.Change, keys: KeyTable) -> String {
        let answers = [keys.label(.yes, in: .question), keys.label(.no, in: .question)].compactMap { $0 }
        return " " + sentenceCase(verb(change)) + "? " + answers.joined(separator: "/")
    }

    /// What a flash of ``Acting`` says; nil for the others.
    static func actingText(_ flash: Flash, _ state: AppState) -> String? {
        let keys = state.keys
        // The keys as the table binds them (a configuration file may give them away).
        let follow = keys.label(.follow, in: .list).map { "\($0) follows accounts" }
        let star = keys.label(.star, in: .list).map { "\($0) stars repositories" }
        switch flash {
        case .followIsForAccounts: return ([follow ?? "Only accounts are followed", star].compactMap { $0 }).joined(separator: "; ")
        case .starIsForRepositories: return ([star ?? "Only repositories are starred", follow].compactMap { $0 }).joined(separator: "; ")
        case .organizationsNotFollowed: return "Following organizations is not offered"
        case .thatIsYou: return "That is you"
        case let .cannotAct(target, ability): return cannot(target, ability, host: state.acting.host)
        case .writeUnderWay:
            guard let change = state.acting.write?.change else { return "Wait: GitHub is being asked" }
            return "Wait: GitHub is asked to \(verb(change)) (one at a time)"
        case .writesHeld: return "GitHub limits writes: " + heldText(state)
        case let .stateNotKnown(target, failure):
            return "Could not learn whether you \(target.isAccount ? "follow" : "starred") \(target.name): \(reason(failure))"
        case .wrote(let change): return done(change)
        case let .writeFailed(change, .limited):
            guard let held = state.acting.heldUntil, held > state.now else {
                let again = keys.label(change.target.isAccount ? .follow : .star, in: .list).map { ", \($0) tries again" } ?? ""
                return "Could not \(verb(change)): GitHub held writes back; the wait is over\(again)"
            }
            return "Could not \(verb(change)): GitHub limits writes (" + heldText(held, now: state.now) + "; nothing is sent again by itself)"
        case let .writeFailed(change, failure): return "Could not \(verb(change)): \(reason(failure))"
        case .writeLost(let change): return "Could not \(verb(change)): GitHub says it did not happen"
        case let .writeUnknown(change, failure):
            let key = keys.label(change.target.isAccount ? .follow : .star, in: .list).map { " (\($0) asks again)" } ?? ""
            return "Not known whether GitHub did \(verb(change)): \(reason(failure))\(key)"
        default: return nil
        }
    }

    /// "try again in 42 s", counting down; "try again now" once it ended.
    private static func heldText(_ state: AppState) -> String {
        guard let held = state.acting.heldUntil, held > state.now else { return "try again now" }
        return heldText(held, now: state.now)
    }

    /// "try again in 42 s", counting down to `held`.
    private static func heldText(_ held: Date, now: Date) -> String {
        // (Bounded: a hostile retry-after of 2^63 seconds must not trap.)
        let seconds = min(held.timeIntervalSince(now), 1e9).rounded(.up)
        return "try again in \(Formatting.grouped(Int(seconds))) s"
    }

    /// "follow octocat", "unstar octo/hello".
    private static func verb(_ change: Acting.Change) -> String {
        let word = change.target.isAccount ? "follow" : "star"
        return (change.on ? word : "un" + word) + " " + change.target.name
    }

    private static func done(_ change: Acting.Change) -> String {
        switch (change.target.isAccount, change.on) {
        case (true, true): "You follow \(change.target.name)"
        case (true, false): "You no longer follow \(change.target.name)"
        case (false, true): "Starred \(change.target.name)"
        case (false, false): "Unstarred \(change.target.name)"
        }
    }

    private static func reason(_ failure: WriteFailure) -> String {
        switch failure {
        case .refused(let error), .unknown(let error), .notSent(let error): trimmedStop(error.description)
        case .limited(let seconds): "GitHub limits writes for \(Formatting.grouped(seconds)) s; nothing is sent again by itself"
        }
    }

    /// Why the token may not follow or star, and what gives it the right.
    private static func cannot(_ target: WriteTarget, _ ability: TokenAbilities.Ability, host: String) -> String {
        let (doing, does) = target.isAccount ? ("Following", "follow") : ("Starring", "star")
        switch ability {
        case .needsToken:
            return "\(doing) needs a token: set GH_TOKEN, or gh auth login"
        case .missingScope(let scope):
            return "This token cannot \(does): gh auth refresh -h \(host) -s \(scope) (or a token with the \(scope) scope)"
        case .actionsToken:
            return trimmedStop(GitHubError.actionsToken.description)
        case .allowed, .unknown:
            return "\(doing) is not possible here"
        }
    }

    private static func trimmedStop(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    private static func sentenceCase(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

extension WriteTarget {
    /// An account to follow (not a repository to star).
    var isAccount: Bool {
        if case .account = self { true } else { false }
    }

    /// "octocat", "octo/hello".
    var name: String {
        switch self {
        case .account(let login): login
        case let .repository(owner, name): "\(owner)/\(name)"
        }
    }
}
