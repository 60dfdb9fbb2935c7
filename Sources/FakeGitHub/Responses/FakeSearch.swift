import Foundation

/// A user search as `GET /search/users` reads it: GitHub's `q` syntax, with `sort` and `order`.
///
/// Free words must each be in the login (case-insensitive). The qualifiers are `type:user` or
/// `type:org`; `location:` and `language:` (case-insensitive, the location contains the text, the
/// account owns a repository in the language); and `followers:`, `repos:` and `created:`, which take
/// `N`, `>N`, `>=N`, `<N`, `<=N`, `N..M`, `N..*` and `*..M`, with `YYYY-MM-DD` days for `created:`.
/// Double quotes group words anywhere, as in `location:"San Francisco"`. Qualifier names are
/// case-insensitive; one the fake does not know (`foo:bar`, or `type:` with another value) is a free
/// word, as on GitHub. Every word and qualifier must hold, repeated ones too.
///
/// Matching tries the cheap tests first: type, login, then the follower and repository counts (one
/// hash each). It derives an account's profile only when a location, a creation date or the sort by
/// sign-up needs it, and looks at its repositories' languages last.
struct FakeSearch: Sendable {
    /// A qualifier whose value the fake cannot read, as written: `followers:>abc`.
    struct Invalid: Error, Equatable {
        let qualifier: String

        /// The short message GitHub's client shows.
        var message: String { "Invalid search qualifier \(qualifier)" }
    }

    /// GitHub's `sort` values for users; anything else is best match.
    enum Sort: String, Sendable {
        case bestMatch = "best-match"
        case followers
        case repositories
        case joined
    }

    /// Whole numbers from `low` to `high`, both included (counts, or days since 1970 for dates);
    /// empty when `low` is above `high`, as `followers:10..5` is.
    struct Bounds: Sendable, Equatable {
        var low: Int64
        var high: Int64

        func contains(_ value: Int64) -> Bool { low <= value && value <= high }
    }

    /// Free words, lowercased.
    private(set) var words: [String] = []
    /// `true` for `type:org`, `false` for `type:user`.
    private(set) var types: [Bool] = []
    /// Lowercased.
    private(set) var locations: [String] = []
    /// Lowercased.
    private(set) var languages: [String] = []
    private(set) var followers: [Bounds] = []
    private(set) var repos: [Bounds] = []
    /// In days since 1970-01-01 (UTC).
    private(set) var created: [Bounds] = []
    let sort: Sort
    /// `order=asc`; descending otherwise. Best match ignores it.
    let ascending: Bool

    /// Reads `q`, `sort` and `order`; throws for a count or date qualifier whose value is malformed.
    init(query: String, sort: String? = nil, order: String? = nil) throws(Invalid) {
        self.sort = sort.flatMap { Sort(rawValue: $0.lowercased()) } ?? .bestMatch
        ascending = order?.lowercased() == "asc"
        for token in Self.tokens(query) {
            guard let name = token.name else {
                if !token.text.isEmpty { words.append(token.text.lowercased()) }
                continue
            }
            let value = token.text
            let written = "\(name):\(value)"
            switch name.lowercased() {
            case "type" where value.lowercased() == "org": types.append(true)
            case "type" where value.lowercased() == "user": types.append(false)
            case "location": locations.append(value.lowercased())
            case "language": languages.append(value.lowercased())
            case "followers": followers.append(try Self.bounds(value, written: written, read: Self.count))
            case "repos": repos.append(try Self.bounds(value, written: written, read: Self.count))
            case "created": created.append(try Self.bounds(value, written: written, read: Self.day))
            default: words.append(written.lowercased())
            }
        }
    }

    // MARK: - Matching and order

    /// Whether the account passes every word and qualifier.
    func matches(_ user: FakeUser, in data: FakeDataSet) -> Bool { sortKey(user, in: data) != nil }

    /// The matching accounts of `data`, in the order asked for: best match is sign-up (id) order;
    /// the other sorts break ties by id, ascending.
    func results(in data: FakeDataSet) -> [FakeUser] {
        var found: [(user: FakeUser, key: Int64)] = []
        for user in data.users {
            if let key = sortKey(user, in: data) { found.append((user, key)) }
        }
        if sort != .bestMatch {
            found.sort { left, right in
                guard left.key != right.key else { return left.user.id < right.user.id }
                return ascending ? left.key < right.key : left.key > right.key
            }
        }
        return found.map(\.user)
    }

    /// What the sort orders a matching account by; nil when the account does not match.
    private func sortKey(_ user: FakeUser, in data: FakeDataSet) -> Int64? {
        guard types.allSatisfy({ $0 == user.isOrganization }) else { return nil }
        if !words.isEmpty {
            let login = user.login.lowercased()
            guard words.allSatisfy({ login.contains($0) }) else { return nil }
        }
        let followerCount = followers.isEmpty && sort != .followers ? 0 : Int64(data.followerCount(of: user))
        guard followers.allSatisfy({ $0.contains(followerCount) }) else { return nil }
        let repositoryCount = repos.isEmpty && sort != .repositories ? 0 : Int64(data.repositoryCount(of: user))
        guard repos.allSatisfy({ $0.contains(repositoryCount) }) else { return nil }
        var signedUp: Int64 = 0
        if !locations.isEmpty || !created.isEmpty || sort == .joined {
            let profile = data.profile(of: user)
            let location = profile.location?.lowercased() ?? ""
            guard locations.allSatisfy({ location.contains($0) }) else { return nil }
            signedUp = Int64(profile.createdAt.timeIntervalSince1970.rounded(.down))
            let day = Int64((profile.createdAt.timeIntervalSince1970 / 86_400).rounded(.down))
            guard created.allSatisfy({ $0.contains(day) }) else { return nil }
        }
        guard ownsLanguages(user, in: data) else { return nil }
        switch sort {
        case .bestMatch: return 0
        case .followers: return followerCount
        case .repositories: return repositoryCount
        case .joined: return signedUp
        }
    }

    /// Whether the account owns a repository in each language asked for; stops at the last one found.
    private func ownsLanguages(_ user: FakeUser, in data: FakeDataSet) -> Bool {
        guard !languages.isEmpty else { return true }
        var missing = Set(languages)
        data.languages(of: user) { language in
            if let language { missing.remove(language.lowercased()) }
            return missing.isEmpty
        }
        return missing.isEmpty
    }

    // MARK: - Reading q

    /// One word of `q`: `name:` when it starts with an unquoted qualifier name, and the rest without quotes.
    private struct Token {
        var name: String?
        var text = ""
        var quoted = false
    }

    /// Splits `q` at white space outside double quotes; an unclosed quote runs to the end.
    private static func tokens(_ query: String) -> [Token] {
        var tokens: [Token] = []
        var current: Token?
        var inQuotes = false
        for character in query {
            if character == "\"" {
                inQuotes.toggle()
                current = current ?? Token()
                current?.quoted = true
            } else if character.isWhitespace, !inQuotes {
                if let token = current { tokens.append(token) }
                current = nil
            } else if character == ":", !inQuotes, let token = current, token.name == nil, !token.quoted, !token.text.isEmpty {
                current = Token(name: token.text)
            } else {
                current = current ?? Token()
                current?.text.append(character)
            }
        }
        if let token = current { tokens.append(token) }
        return tokens
    }

    /// `N`, `>N`, `>=N`, `<N`, `<=N`, `N..M`, `N..*` or `*..M`, with `read` for each N.
    private static func bounds(_ text: String, written: String, read: (Substring) -> Int64?) throws(Invalid) -> Bounds {
        func value(_ part: Substring) throws(Invalid) -> Int64 {
            guard let number = read(part) else { throw Invalid(qualifier: written) }
            return number
        }
        if let dots = text.range(of: "..") {
            let low = text[..<dots.lowerBound]
            let high = text[dots.upperBound...]
            let from = low == "*" ? Int64.min : try value(low)
            let to = high == "*" ? Int64.max : try value(high)
            return Bounds(low: from, high: to)
        }
        let operators: [(prefix: String, make: (Int64) -> Bounds)] = [
            (">=", { Bounds(low: $0, high: .max) }), ("<=", { Bounds(low: .min, high: $0) }),
            (">", { Bounds(low: $0 + 1, high: .max) }), ("<", { Bounds(low: .min, high: $0 - 1) }),
        ]
        for (prefix, make) in operators where text.hasPrefix(prefix) {
            return make(try value(text.dropFirst(prefix.count)))
        }
        let number = try value(text[...])
        return Bounds(low: number, high: number)
    }

    /// A count: 1 to 18 decimal digits, so that one more or one less still fits.
    private static func count(_ text: Substring) -> Int64? {
        guard (1...18).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }

    /// A day `YYYY-MM-DD` of the Gregorian calendar, as days since 1970-01-01.
    private static func day(_ text: Substring) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]),
              year >= 1, (1...12).contains(month) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...lengths[Int(month - 1)]).contains(day) else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm), years counted from March.
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
