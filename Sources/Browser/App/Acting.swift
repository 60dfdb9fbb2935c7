import Foundation
import GitHubAPI

/// Following and starring (`F`, `*`): what is known of the token owner's follows and stars,
/// the question asked before a write, the one write under way, and the counts on screen a
/// write changed at once. Facts only: the view words them.
package struct Acting: Sendable, Equatable {
    /// Follow or star (`on`), or undo it, for one account or repository.
    package struct Change: Sendable, Hashable {
        package var target: WriteTarget
        /// True follows or stars; false unfollows or unstars.
        package var on: Bool
        package init(_ target: WriteTarget, on: Bool) {
            (self.target, self.on) = (target, on)
        }
    }

    /// A count on screen a write moved at once: `before` as GitHub last sent it, shown as
    /// `after` until GitHub sends another.
    package struct CountChange: Sendable, Equatable {
        package var before: Int
        package var after: Int
    }

    /// The write under way: the change, what was known before it (put back if it is refused),
    /// and whether GitHub is being asked how it ended (a timeout or a 5xx left it unknown).
    package struct Write: Sendable, Equatable {
        package var id: RequestID
        package var change: Change
        package var before: Bool
        package var checking = false
    }

    /// What the token may do, as the first answers told (its scopes).
    package internal(set) var abilities: TokenAbilities
    /// The web host gh knows the token by, for `gh auth refresh -h HOST`.
    package let host: String
    /// False skips the question before a follow or a star (never before undoing one).
    package var confirms = true
    /// Whether the token owner follows an account or starred a repository, from a `GET` or a
    /// write; it wins over what a row's fill said.
    package internal(set) var known: [WriteTarget: Bool] = [:]
    /// The counts a write moved at once.
    package internal(set) var counts: [WriteTarget: CountChange] = [:]
    /// The question on the status line: the change a `y` makes.
    package internal(set) var question: Change?
    /// The state of `target` asked of GitHub because nothing on screen said it.
    package internal(set) var asking: (id: RequestID, target: WriteTarget)?
    package internal(set) var write: Write?
    /// Until when GitHub's secondary limit holds writes back (a write met it): none is sent
    /// before, and the status line counts down.
    package internal(set) var heldUntil: Date?
    var nextRequest = 0

    package init(abilities: TokenAbilities = TokenAbilities(token: nil, scopes: nil), host: String = "github.com") {
        self.abilities = abilities
        self.host = host
    }

    package static func == (lhs: Acting, rhs: Acting) -> Bool {
        lhs.abilities == rhs.abilities && lhs.host == rhs.host && lhs.confirms == rhs.confirms && lhs.known == rhs.known
            && lhs.counts == rhs.counts && lhs.question == rhs.question && lhs.asking?.id == rhs.asking?.id
            && lhs.asking?.target == rhs.asking?.target && lhs.write == rhs.write && lhs.heldUntil == rhs.heldUntil
            && lhs.nextRequest == rhs.nextRequest
    }

    /// Whether a write or a question about one is under way.
    package var isBusy: Bool { write != nil || asking != nil }

    /// The ability a change of `target` needs.
    package func ability(for target: WriteTarget) -> TokenAbilities.Ability {
        switch target {
        case .account: abilities.follow
        case .repository: abilities.star
        }
    }

    /// `count` as the screen shows it: moved by a write, until GitHub sends another.
    package func count(_ count: Int?, of target: WriteTarget) -> Int? {
        guard let count, let change = counts[target], change.before == count else { return count }
        return change.after
    }

    mutating func newRequest() -> RequestID {
        nextRequest += 1
        return RequestID(nextRequest)
    }

    /// The abilities an answer's scopes tell; true when they changed.
    mutating func heard(_ abilities: TokenAbilities) -> Bool {
        guard abilities != self.abilities else { return false }
        self.abilities = abilities
        return true
    }

    /// Starts `change`: shown at once (the mark, the count), its write sent.
    mutating func start(_ change: Change, known before: Bool, count: Int?) -> [Command] {
        let id = newRequest()
        write = Write(id: id, change: change, before: before)
        known[change.target] = change.on
        if let count { counts[change.target] = CountChange(before: count, after: max(0, count + (change.on ? 1 : -1))) }
        return [.write(id, change.target, on: change.on)]
    }

    /// Puts back what the write under way changed on screen, and ends it.
    mutating func putBack() {
        guard let write else { return }
        known[write.change.target] = write.before
        counts[write.change.target] = nil
        self.write = nil
    }
}

/// Why a write, or the question of what is set, did not end as asked.
package enum WriteFailure: Sendable, Equatable {
    /// GitHub refused it (a 4xx): the reason, in words.
    case refused(GitHubError)
    /// A secondary limit: writes wait `retryAfter` seconds; nothing is sent again by itself.
    case limited(retryAfter: Int)
    /// A timeout or a 5xx through the retries: the write may or may not have landed.
    case unknown(GitHubError)

    package init(_ error: any Error) {
        guard let error = error as? GitHubError else {
            self = .unknown(.network(message: "\(error)"))
            return
        }
        switch error {
        case let .secondaryRateLimit(retryAfter, _): self = .limited(retryAfter: retryAfter ?? 60)
        case .server, .timeout, .connectionLost, .network, .malformedBody, .hostNotFound, .connectionRefused, .cancelled:
            self = .unknown(error)
        default: self = .refused(error)
        }
    }
}
