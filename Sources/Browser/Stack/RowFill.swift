import GitHubAPI

/// What a row keeps of an account's fill, packed: the four texts it shows or matches (name,
/// company, place, bio) in one string, the followers (an organization's members) and the
/// marks in a few bytes. A repository's fill keeps its stars and whether the token's owner
/// starred it, and no text. A filled row costs its bytes beside the bare row, on every loaded row
/// (``AccountFill``, with a field each and the two addresses, took about three times as much).
package struct RowFill: Sendable, Hashable {
    /// The texts GitHub sent, each ended by ``separator`` (one it sent never holds it).
    private let texts: String
    /// The followers, or an organization's members.
    private let count: UInt32
    /// Which texts were sent, whether the count was, and the kind and the marks (``Bit``).
    private let bits: UInt16

    private enum Bit {
        static let texts: [UInt16] = [1 << 0, 1 << 1, 1 << 2, 1 << 3]
        static let count: UInt16 = 1 << 4
        static let organization: UInt16 = 1 << 5
        static let viewer: UInt16 = 1 << 6
        static let followsViewer: UInt16 = 1 << 7
        static let viewerFollows: UInt16 = 1 << 8
        static let repository: UInt16 = 1 << 9
        static let viewerStarred: UInt16 = 1 << 10
    }

    /// U+001F, the unit separator, as one UTF-8 byte.
    private static let separator: UInt8 = 0x1F

    package init(_ fill: AccountFill) {
        var bits: UInt16 = 0
        var texts = ""
        for (index, text) in [fill.name, fill.company, fill.location, fill.bio].enumerated() {
            if let text {
                bits |= Bit.texts[index]
                // A separator GitHub sent (a hostile text) is a space: the fields stay apart.
                if text.utf8.contains(Self.separator) {
                    texts.unicodeScalars.append(contentsOf: text.unicodeScalars.map { $0.value == 0x1F ? " " : $0 })
                } else {
                    texts += text
                }
            }
            texts.unicodeScalars.append(Unicode.Scalar(Self.separator))
        }
        let count = fill.isOrganization ? fill.members : fill.followers
        if count != nil { bits |= Bit.count }
        if fill.isOrganization { bits |= Bit.organization }
        if fill.isViewer { bits |= Bit.viewer }
        if fill.followsViewer { bits |= Bit.followsViewer }
        if fill.viewerFollows { bits |= Bit.viewerFollows }
        (self.texts, self.count, self.bits) = (texts, UInt32(clamping: max(0, count ?? 0)), bits)
    }

    /// A repository's fill: its stars, and whether the token's owner starred it.
    package init(repository fill: RepositoryFill) {
        var bits = Bit.repository
        if fill.stars != nil { bits |= Bit.count }
        if fill.viewerHasStarred { bits |= Bit.viewerStarred }
        self.init(texts: "", count: UInt32(clamping: max(0, fill.stars ?? 0)), bits: bits)
    }

    private init(texts: String, count: UInt32, bits: UInt16) {
        (self.texts, self.count, self.bits) = (texts, count, bits)
    }

    /// The same fill after a follow or an unfollow (``Acting``): the mark, and the followers
    /// as the screen shows them.
    func acted(viewerFollows: Bool, followers: Int?) -> RowFill {
        var bits = viewerFollows ? bits | Bit.viewerFollows : bits & ~Bit.viewerFollows
        guard let followers, !isOrganization else { return RowFill(texts: texts, count: count, bits: bits) }
        bits |= Bit.count
        return RowFill(texts: texts, count: UInt32(clamping: max(0, followers)), bits: bits)
    }

    /// The four texts a fill may hold, as GitHub sent them (nil: not sent, or not read).
    package struct Texts: Sendable, Equatable {
        package var name: String?
        package var company: String?
        package var location: String?
        /// A user's bio, or an organization's description.
        package var bio: String?
    }

    /// The texts a filled row's line shows, the name and the place, read in one pass over the
    /// packed string (on every frame, for every filled row on screen); the others are nil.
    package var shown: Texts { read(Bit.texts[0] | Bit.texts[2]) }

    /// The texts picked by `wanted` (``Bit/texts``) that GitHub sent, in one pass over the packed
    /// bytes that stops after the last one wanted.
    private func read(_ wanted: UInt16) -> Texts {
        var texts = self.texts
        return texts.withUTF8 { bytes in
            var found = Texts()
            var field = 0
            var start = 0
            for position in bytes.indices where bytes[position] == Self.separator {
                guard field < Bit.texts.count, wanted >> field != 0 else { break }
                if bits & wanted & (1 << field) != 0 {
                    // Cut at a one-byte separator: whole characters, as they were sent.
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    switch field {
                    case 0: found.name = text
                    case 1: found.company = text
                    case 2: found.location = text
                    default: found.bio = text
                    }
                }
                field += 1
                start = position + 1
            }
            return found
        }
    }

    /// The bytes of the packed texts (for the bench's count of what a row costs).
    package var textBytes: Int { texts.utf8.count }

    package var name: String? { read(Bit.texts[0]).name }
    package var company: String? { read(Bit.texts[1]).company }
    package var location: String? { read(Bit.texts[2]).location }
    /// A user's bio, or an organization's description.
    package var bio: String? { read(Bit.texts[3]).bio }
    var isOrganization: Bool { bits & Bit.organization != 0 }
    /// A repository's fill (``init(repository:)``).
    var isRepository: Bool { bits & Bit.repository != 0 }
    /// A user's followers (nil for an organization or a repository).
    package var followers: Int? { bits & (Bit.organization | Bit.repository) == 0 && bits & Bit.count != 0 ? Int(count) : nil }
    /// A repository's stars, as the fill counted them.
    package var stars: Int? { isRepository && bits & Bit.count != 0 ? Int(count) : nil }
    /// The token's owner starred the repository.
    var viewerStarred: Bool { bits & Bit.viewerStarred != 0 }
    /// An organization's members the token may see, when they were asked for and allowed.
    package var members: Int? { isOrganization && bits & Bit.count != 0 ? Int(count) : nil }
    /// The account is the token's owner.
    var isViewer: Bool { bits & Bit.viewer != 0 }
    /// The account follows the token's owner.
    package var followsViewer: Bool { bits & Bit.followsViewer != 0 }
    /// The token's owner follows the account.
    package var viewerFollows: Bool { bits & Bit.viewerFollows != 0 }
}
