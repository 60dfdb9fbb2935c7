/// One account of the fake data set.
package struct FakeUser: Sendable, Hashable {
    package let id: Int64
    package let login: String
    package let isOrganization: Bool
    package let isSiteAdmin: Bool
}

/// A deterministic GitHub: the same seed and size always give the same accounts and lists.
///
/// Ids increase with sign-up order and have gaps, as deleted accounts leave on GitHub. Lists
/// (followers, members, stargazers) are derived from the owner's name, so they need no storage.
package struct FakeDataSet: Sendable {
    package let users: [FakeUser]
    private let indexByLogin: [String: Int]
    /// Where the organizations are in `users`, in sign-up order.
    let organizationIndices: [Int]
    /// Fixed list sizes, keyed like `followers:octocat`, `members:acme` or `stargazers:octocat/hello-world`;
    /// also `repos:login`, `starred:login`, `orgs:login`, `contributors:owner/repo` and
    /// `subscribers:owner/repo` (keys lowercased).
    package let listSizes: [String: Int]

    /// - Parameters:
    ///   - userCount: how many accounts (at least 1).
    ///   - seed: varies ids, logins and list contents.
    ///   - listSizes: fixed sizes for some lists; the others get a size from the owner's name.
    package init(userCount: Int = 100_000, seed: UInt64 = 1, listSizes: [String: Int] = [:]) {
        var rng = FakeRandom(seed: seed)
        var users: [FakeUser] = []
        var index: [String: Int] = [:]
        users.reserveCapacity(max(1, userCount))
        index.reserveCapacity(max(1, userCount))
        var id: Int64 = 0
        for position in 0..<max(1, userCount) {
            id += 1 + (rng.chance(0.15) ? Int64(rng.next(upTo: 40)) : 0)
            let isOrganization = position > 0 && rng.chance(0.08)
            var login = position == 0 ? "octocat" : Self.makeLogin(&rng, organization: isOrganization)
            if index[login.lowercased()] != nil { login += "-\(id)" }
            index[login.lowercased()] = users.count
            users.append(FakeUser(id: id, login: login, isOrganization: isOrganization,
                                  isSiteAdmin: !isOrganization && rng.chance(0.002)))
        }
        self.users = users
        self.indexByLogin = index
        self.organizationIndices = users.indices.filter { users[$0].isOrganization }
        self.listSizes = listSizes
    }

    package func user(login: String) -> FakeUser? {
        indexByLogin[login.lowercased()].map { users[$0] }
    }

    /// The users with an id greater than `since`, in id order (GET /users).
    package func users(since: Int64, limit: Int) -> ArraySlice<FakeUser> {
        let low = firstIndex(after: since)
        return users[low..<min(users.count, low + max(0, limit))]
    }

    /// The last `count` users with an id of at most `id`.
    package func users(upTo id: Int64, count: Int) -> ArraySlice<FakeUser> {
        let end = firstIndex(after: id)
        return users[max(0, end - max(0, count))..<end]
    }

    private func firstIndex(after since: Int64) -> Int {
        var low = 0
        var high = users.count
        while low < high {
            let mid = (low + high) / 2
            if users[mid].id <= since { low = mid + 1 } else { high = mid }
        }
        return low
    }

    // MARK: - Derived lists

    /// The size of a derived list such as `followers:octocat`.
    package func listSize(_ key: String) -> Int {
        if let fixed = listSizes[key] { return fixed }
        let hash = FakeRandom.hash(key)
        // Mostly modest lists, some empty, a few long enough to page for a while.
        switch hash % 10 {
        case 0: return 0
        case 1: return Int((hash >> 8) % 3_000)
        default: return Int((hash >> 8) % 260)
        }
    }

    /// Members of a derived list, in the list's order: distinct accounts picked by a stride.
    package func list(_ key: String, offset: Int, limit: Int) -> [FakeUser] {
        list(key, size: listSize(key), offset: offset, limit: limit)
    }

    /// Members of a derived list of `size` accounts (at most all of them), in the list's order.
    func list(_ key: String, size: Int, offset: Int, limit: Int) -> [FakeUser] {
        let size = min(size, users.count)
        guard offset < size, limit > 0 else { return [] }
        let (start, stride) = walk(key)
        return (offset..<min(size, offset + limit)).map { users[(start + $0 * stride) % users.count] }
    }

    /// Where `user` is in the derived list `key` of `size` accounts; nil when it is not in it.
    func position(of user: FakeUser, in key: String, size: Int) -> Int? {
        guard let index = indexByLogin[user.login.lowercased()] else { return nil }
        let count = users.count
        let (start, stride) = walk(key)
        // The list's k-th account is users[(start + k·stride) mod count]: k = (index − start)·stride⁻¹.
        let offset = ((index - start) % count + count) % count
        let position = offset * modularInverse(stride % count, count) % count
        return position < min(size, count) ? position : nil
    }

    /// Where a derived list starts in `users`, and the stride it walks them by (prime to their count).
    private func walk(_ key: String) -> (start: Int, stride: Int) {
        let hash = FakeRandom.hash(key)
        let count = users.count
        var stride = Int((hash >> 20) % UInt64(count)) | 1
        while gcd(stride, count) != 1 { stride += 2 }
        return (Int(hash % UInt64(count)), stride)
    }

    /// How many followers an account has: the length of its followers list, which its profile's
    /// `followers` also is, without deriving the rest of the profile.
    func followerCount(of user: FakeUser) -> Int {
        min(listSize("followers:\(user.login.lowercased())"), users.count)
    }

    /// Accounts whose login contains every term (case-insensitive), optionally of one type.
    package func search(terms: [String], type: Bool?) -> [FakeUser] {
        let lowered = terms.map { $0.lowercased() }
        return users.filter { user in
            if let wantOrganization = type, user.isOrganization != wantOrganization { return false }
            let login = user.login.lowercased()
            return lowered.allSatisfy { login.contains($0) }
        }
    }

    // MARK: - Logins

    private static let starts = ["al", "be", "cor", "da", "el", "fin", "ga", "hol", "ix", "jo", "ka", "lu",
                                 "mar", "no", "or", "pi", "qu", "ra", "sa", "ti", "ul", "vo", "wen", "xa",
                                 "yu", "ze"]
    private static let middles = ["ba", "ri", "lo", "ne", "ta", "vi", "mo", "sen", "da", "ki", "ru", "phe"]
    private static let ends = ["n", "x", "s", "dev", "io", "o", "a", "er", "in", "us", "ly", "ck"]
    private static let orgWords = ["labs", "hq", "works", "team", "org", "dev", "io", "systems"]

    private static func makeLogin(_ rng: inout FakeRandom, organization: Bool) -> String {
        var login = rng.pick(starts) + rng.pick(middles) + rng.pick(ends)
        if organization {
            login += "-" + rng.pick(orgWords)
        } else {
            switch rng.next(upTo: 6) {
            case 0: login += String(rng.next(upTo: 100))
            case 1: login += "-" + rng.pick(starts) + rng.pick(ends)
            case 2: login = login.prefix(1).uppercased() + login.dropFirst()
            default: break
            }
        }
        return login
    }
}

func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

/// x with a·x ≡ 1 (mod m), for a prime to m (0 when m is 1).
func modularInverse(_ a: Int, _ m: Int) -> Int {
    guard m > 1 else { return 0 }
    var (t, newT, r, newR) = (0, 1, m, a % m)
    while newR != 0 {
        let quotient = r / newR
        (t, newT) = (newT, t - quotient * newT)
        (r, newR) = (newR, r - quotient * newR)
    }
    return t < 0 ? t + m : t
}

/// SplitMix64: small, fast and the same on every platform.
struct FakeRandom: Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(upTo bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func chance(_ probability: Double) -> Bool { probability > 0 && unit() < probability }
    mutating func pick(_ words: [String]) -> String { words[next(upTo: words.count)] }

    /// FNV-1a, for names and bodies.
    static func hash(_ text: String) -> UInt64 { hash(bytes: Array(text.utf8)) }
    static func hash(bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}
