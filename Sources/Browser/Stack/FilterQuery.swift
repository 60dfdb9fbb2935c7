import Foundation
import GitHubAPI

/// What `/` typed asks for: words that must each be found in a row (its login or name, and on
/// a filled row the account's name, company, place or bio), and `is:` qualifiers on how the
/// token's owner and the account follow each other (`is:follows-you`, `is:you-follow`,
/// `is:mutual`; `-is:…` for not). All must hold. A qualifier judges a row only by what is known:
/// its fill, and whether you follow the account as F's writes said; a row it cannot judge yet
/// matches neither it nor its negation.
package struct FilterQuery: Sendable, Equatable {
    package enum Relation: String, Sendable, CaseIterable {
        case followsYou = "follows-you"
        case youFollow = "you-follow"
        case mutual

        /// Whether it holds for a row with `fill` where you follow the account when
        /// `viewerFollows` says so (F's word, over the fill's); nil when that is not known.
        func holds(for fill: RowFill?, viewerFollows: Bool? = nil) -> Bool? {
            let followsYou = fill.map { $0.followsViewer && !$0.isOrganization }
            let youFollow = viewerFollows ?? fill?.viewerFollows
            switch self {
            case .followsYou: return followsYou
            case .youFollow: return youFollow
            // Not mutual as soon as either side is known not to follow.
            case .mutual:
                if followsYou == false || youFollow == false { return false }
                return followsYou.flatMap { first in youFollow.map { first && $0 } }
            }
        }
    }

    /// The words, lowercased.
    package var words: [String] = [] {
        didSet { folded = words.map(Self.fold) }
    }
    /// The words without their accents (``fold(_:)``), in step with ``words``.
    private(set) var folded: [String] = []
    /// The qualifiers, each with whether it is negated.
    package var relations: [(relation: Relation, holds: Bool)] = []
    /// Words that look like a qualifier but name none (`is:bogus`): matched as words, and
    /// named on the status line.
    private(set) var unknownQualifiers: [String] = []

    package init(_ text: String) {
        for word in text.lowercased().split(whereSeparator: \.isWhitespace) {
            let negated = word.hasPrefix("-is:")
            if negated || word.hasPrefix("is:"), let relation = Relation(rawValue: String(word.dropFirst(negated ? 4 : 3))) {
                relations.append((relation, !negated))
            } else {
                if negated || word.hasPrefix("is:") { unknownQualifiers.append(String(word)) }
                words.append(String(word))
            }
        }
        // (An initializer's changes do not run `didSet`.)
        folded = words.map(Self.fold)
    }

    package static func == (lhs: FilterQuery, rhs: FilterQuery) -> Bool {
        lhs.words == rhs.words && lhs.relations.map(\.relation) == rhs.relations.map(\.relation)
            && lhs.relations.map(\.holds) == rhs.relations.map(\.holds)
    }

    /// Whether the query has qualifiers, which need filled rows.
    var judgesRelations: Bool { !relations.isEmpty }

    /// Whether `row`, filled with `fill` when known, matches; `viewerFollows`: whether you
    /// follow the account as F's writes said, when they did.
    func matches(_ row: Row, fill: RowFill?, viewerFollows: Bool? = nil) -> Bool {
        for (relation, holds) in relations {
            guard let judged = relation.holds(for: fill, viewerFollows: viewerFollows), judged == holds else { return false }
        }
        guard !words.isEmpty else { return true }
        let name = row.name
        return zip(words, folded).allSatisfy { word, folded in
            Self.text(name, contains: word, folded: folded)
                || (fill.map { Self.field(of: $0, containing: word, folded: folded) != nil } ?? false)
        }
    }

    /// The first of a fill's texts (name, company, place, bio) that contains `word`.
    static func field(of fill: RowFill, containing word: String, folded: String? = nil) -> String? {
        let folded = folded ?? Self.fold(word)
        return [fill.name, fill.company, fill.location, fill.bio].lazy.compactMap { $0 }
            .first { Self.text($0, contains: word, folded: folded) }
    }

    /// Whether `text` contains `word` (lowercased), whatever the case and the accents: "montreal"
    /// finds "Montréal", "dvorak" "Dvořák". `folded`: the word without its accents (``fold(_:)``),
    /// when worked out once for many texts. A text in ASCII, as every login is, needs no folding.
    static func text(_ text: String, contains word: String, folded: String? = nil) -> Bool {
        let lower = text.lowercased()
        if lower.contains(word) { return true }
        guard text.utf8.contains(where: { $0 >= 0x80 }) else {
            let folded = folded ?? Self.fold(word)
            return folded != word && lower.contains(folded)
        }
        return text.range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// `word` lowercased without its accents ("dvořák": "dvorak").
    static func fold(_ word: String) -> String {
        guard word.utf8.contains(where: { $0 >= 0x80 }) else { return word }
        return word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
