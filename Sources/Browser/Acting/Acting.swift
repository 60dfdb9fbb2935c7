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

    /// The write under way: the change, what was known before it and the count it moved (put
    /// back if it is refused), and whether GitHub is being asked how it ended (a timeout or a
    /// 5xx left it unknown).
    package struct Write: Sendable, Equatable {
        package var id: RequestID
        package var change: Change
        package var before: Bool
        var countBefore: CountChange?
        package var checking = false

        package init(id: RequestID, change: Change, before: Bool, countBefore: CountChange? = nil, checking: Bool = false) {
            (self.id, self.change, self.before, self.countBefore, self.checking) = (id, change, before, countBefore, checking)
        }
    }

    /// The state of `target` asked of GitHub when `F` or `*` was pressed on the screen `screen`,
    /// with the count on screen then.
    package struct Asking: Sendable, Equatable {
        package var id: RequestID
        package var target: WriteTarget
        package var screen: ScreenID
        package var count: Int?
    }

    /// What the token may do, as the first answers told (its scopes).
    var abilities: TokenAbilities
    /// The web host gh knows the token by, for `gh auth refresh -h HOST`.
    package let host: String
    /// False skips the question before a follow or a star (never before undoing one).
    var confirms = true
    /// Whether the token owner follows an account or starred a repository, from a `GET` or a
    /// write; it wins over what a row's fill said.
    package internal(set) var known: [WriteTarget: Bool] = [:] {
        didSet { revision = Revision() }
    }
    /// The counts a write moved at once.
    package internal(set) var counts: [WriteTarget: CountChange] = [:] {
        didSet { revision = Revision() }
    }
    /// Of ``known`` and ``counts`` (what ``marks`` holds): the same while they stay the same.
    private(set) var revision = Revision()
    /// The question on the status line: the change a `y` makes.
    var question: Change?
    /// The count on screen the question's change moves, as GitHub sent it when the key was
    /// pressed.
    var questionCount: Int?
    /// The state of a target asked of GitHub because nothing on screen said it.
    package internal(set) var asking: Asking?
    /// The write under way, if any: one at a time.
    package internal(set) var write: Write?
    /// The token owner's login, once something said it (a fill marked `isViewer`, `:me`).
    package internal(set) var viewer: String?
    /// Until when GitHub's secondary limit holds writes back (a write met it): none is sent
    /// before, and the status line counts down.
    var heldUntil: Date?
    /// The last request's number (the state asked, the writes).
    var nextRequest = 0

    package init(abilities: TokenAbilities = TokenAbilities(token: nil, scopes: nil), host: String = "github.com") {
        self.abilities = abilities
        self.host = host
    }

    /// Whether a write or a question about one is under way.
    var isBusy: Bool { write != nil || asking != nil }

    /// The ability a change of `target` needs.
    func ability(for target: WriteTarget) -> TokenAbilities.Ability {
        switch target {
        case .account: abilities.follow
        case .repository: abilities.star
        }
    }

    /// `count` as the screen shows it: moved by a write, until GitHub sends another.
    package func count(_ count: Int?, of target: WriteTarget) -> Int? {
        Marks.count(count, of: target, in: counts)
    }

    /// What the rows show of the writes: the marks and the counts they moved. Two references,
    /// cheap to hand to the row texts on every frame; nil while nothing was written or asked.
    package var marks: Marks? {
        known.isEmpty && counts.isEmpty ? nil : Marks(known: known, counts: counts)
    }

    /// The marks and counts of ``marks``.
    package struct Marks: Sendable {
        package let known: [WriteTarget: Bool]
        package let counts: [WriteTarget: CountChange]

        /// `count` as the screen shows it (``Acting/count(_:of:)``).
        package func count(_ count: Int?, of target: WriteTarget) -> Int? {
            Self.count(count, of: target, in: counts)
        }

        static func count(_ count: Int?, of target: WriteTarget, in counts: [WriteTarget: CountChange]) -> Int? {
            guard let count, let change = counts[target], change.before == count else { return count }
            return change.after
        }
    }

    mutating func newRequest() -> RequestID {
        nextRequest += 1
        return RequestID(nextRequest)
    }

    /// Starts `change`: shown at once (the mark; the count GitHub sent, `count`, one up or down
    /// from what the screen shows), its write sent.
    mutating func start(_ change: Change, known before: Bool, count: Int?) -> [Command] {
        let id = newRequest()
        let target = change.target
        write = Write(id: id, change: change, before: before, countBefore: counts[target])
        known[target] = change.on
        if let count, let shown = self.count(count, of: target) {
            let moved = change.on ? (shown == Int.max ? shown : shown + 1) : max(0, shown - 1)
            counts[target] = CountChange(before: count, after: moved)
        }
        return [.run(.act(id), .write(target, on: change.on))]
    }

    /// Puts back what the write under way changed on screen (the mark, and the count as it was
    /// shown before), and ends it.
    mutating func putBack() {
        guard let write else { return }
        known[write.change.target] = write.before
        counts[write.change.target] = write.countBefore
        self.write = nil
    }

    /// The token owner's login, learned.
    mutating func learnViewer(_ login: String) {
        viewer = login
    }
}
