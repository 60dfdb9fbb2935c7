import Foundation

/// What writes changed in the fake's derived data: follows and stars added and taken back, laid
/// over the lists ``FakeDataSet`` derives.
///
/// A list gains its new members and loses the ones taken out of it: followers and following
/// show the newest first (a new follow at the front), stargazers the oldest first (a new star at
/// the end), starred the newest first. Every count is the length of the list so changed, so a
/// follow shows in the follower's following, the account's followers and its count, and a star in
/// the stargazers, the repository's count and the account's starred list.
struct FakeEdits: Sendable {
    /// One account of a list: where it is in the derived list, or when a write added it.
    struct Entry: Sendable {
        var user: FakeUser
        var basePosition: Int?
        var added: Date?
    }

    /// Accounts added to a list, the oldest first, per list key (`followers:octocat`,
    /// `stargazers:octocat/hello-world`).
    private var added: [String: [(user: FakeUser, at: Date)]] = [:]
    /// Positions in the derived list taken out of it, per list key.
    private var removed: [String: Set<Int>] = [:]
    /// Repositories starred by a write, the oldest first, and derived ones unstarred, per login (lowercased).
    private var starredAdded: [String: [FakeRepository]] = [:]
    private var starredRemoved: [String: Set<Int64>] = [:]

    init() {}

    // MARK: - Writes

    /// `follower` follows (`on`) or stops following `account`; false when nothing changed.
    @discardableResult
    mutating func follow(_ follower: FakeUser, _ account: FakeUser, on: Bool, data: FakeDataSet, at date: Date) -> Bool {
        let following = Self.key("following", follower)
        let followers = Self.key("followers", account)
        let changed = set(account, in: following, baseSize: data.listSize(following), on: on, data: data, at: date)
        set(follower, in: followers, baseSize: data.listSize(followers), on: on, data: data, at: date)
        return changed
    }

    /// `user` stars (`on`) or unstars `repository` (as derived, unchanged); false when nothing changed.
    @discardableResult
    mutating func star(_ user: FakeUser, _ repository: FakeRepository, on: Bool, data: FakeDataSet, at date: Date) -> Bool {
        let login = user.login.lowercased()
        set(user, in: "stargazers:\(repository.key)", baseSize: repository.stargazers, on: on, data: data, at: date)
        guard hasStarred(user, repository, data: data) != on else { return false }
        if on {
            if starredRemoved[login]?.remove(repository.id) == nil { starredAdded[login, default: []].append(repository) }
        } else if let index = starredAdded[login]?.firstIndex(where: { $0.id == repository.id }) {
            starredAdded[login]?.remove(at: index)
        } else {
            starredRemoved[login, default: []].insert(repository.id)
        }
        return true
    }

    /// Puts `user` in the list `key` or takes it out; false when it already was as asked.
    @discardableResult
    private mutating func set(_ user: FakeUser, in key: String, baseSize: Int, on: Bool, data: FakeDataSet, at date: Date) -> Bool {
        guard contains(user, in: key, baseSize: baseSize, data: data) != on else { return false }
        let base = data.position(of: user, in: key, size: baseSize)
        if on {
            if let base, removed[key]?.remove(base) != nil { return true }
            added[key, default: []].append((user, date))
        } else if let index = added[key]?.firstIndex(where: { $0.user.id == user.id }) {
            added[key]?.remove(at: index)
        } else if let base {
            removed[key, default: []].insert(base)
        }
        return true
    }

    // MARK: - Reading

    /// Whether `user` is in the list `key` whose derived size is `baseSize`.
    func contains(_ user: FakeUser, in key: String, baseSize: Int, data: FakeDataSet) -> Bool {
        if added[key]?.contains(where: { $0.user.id == user.id }) == true { return true }
        guard let base = data.position(of: user, in: key, size: baseSize) else { return false }
        return removed[key]?.contains(base) != true
    }

    /// Whether `follower` follows `account`.
    func follows(_ follower: FakeUser, _ account: FakeUser, data: FakeDataSet) -> Bool {
        let key = Self.key("following", follower)
        return contains(account, in: key, baseSize: data.listSize(key), data: data)
    }

    /// The length of the list `key` whose derived size is `baseSize`.
    func size(_ key: String, baseSize: Int, data: FakeDataSet) -> Int {
        min(baseSize, data.users.count) - (removed[key]?.count ?? 0) + (added[key]?.count ?? 0)
    }

    /// The accounts at `offset ..< offset + limit` of the list `key` as changed.
    func page(_ key: String, baseSize: Int, offset: Int, limit: Int, data: FakeDataSet) -> [Entry] {
        let total = size(key, baseSize: baseSize, data: data)
        guard offset < total, limit > 0 else { return [] }
        let extra = added[key] ?? []
        let gone = removed[key] ?? []
        let end = min(total, offset + limit)
        let derived = total - extra.count
        // The derived accounts come first in a list shown oldest first, after the added ones else.
        let oldestFirst = key.hasPrefix("stargazers:")
        let derivedStart = oldestFirst ? 0 : extra.count
        func addedEntry(_ index: Int) -> Entry {
            let pick = oldestFirst ? extra[index - derived] : extra[extra.count - 1 - index]
            return Entry(user: pick.user, basePosition: nil, added: pick.at)
        }
        var entries: [Entry] = []
        let addedFirst = min(end, derivedStart)
        if offset < addedFirst { entries += (offset..<addedFirst).map(addedEntry) }
        let (from, to) = (max(offset, derivedStart), min(end, derivedStart + derived))
        if from < to {
            // The derived position of the first one: past every removed one before it.
            var position = from - derivedStart
            for gap in gone.sorted() where gap <= position { position += 1 }
            let window = data.list(key, size: baseSize, offset: position, limit: to - from + gone.count)
            for (step, user) in window.enumerated() where entries.count < to - offset && !gone.contains(position + step) {
                entries.append(Entry(user: user, basePosition: position + step, added: nil))
            }
        }
        let addedLast = max(offset, derivedStart + derived)
        if addedLast < end { entries += (addedLast..<end).map(addedEntry) }
        return entries
    }

    /// The account's profile, its follower and following counts those of its lists as changed.
    func profile(of user: FakeUser, data: FakeDataSet) -> FakeProfile {
        var profile = data.profile(of: user)
        for kind in ["followers", "following"] {
            let key = Self.key(kind, user)
            let count = size(key, baseSize: data.listSize(key), data: data)
            if kind == "followers" { profile.followers = count } else { profile.following = count }
        }
        return profile
    }

    /// The repository with its star count as changed.
    func repository(_ repository: FakeRepository, data: FakeDataSet) -> FakeRepository {
        var changed = repository
        changed.stargazers = size("stargazers:\(repository.key)", baseSize: repository.stargazers, data: data)
        return changed
    }

    /// The repositories `user` starred, the newest first, with their counts as changed.
    func starred(by user: FakeUser, data: FakeDataSet) -> [FakeRepository] {
        let login = user.login.lowercased()
        let gone = starredRemoved[login] ?? []
        let repositories = (starredAdded[login] ?? []).reversed() + data.starred(by: user).filter { !gone.contains($0.id) }
        return repositories.map { repository($0, data: data) }
    }

    /// Whether `user` starred `repository`.
    func hasStarred(_ user: FakeUser, _ repository: FakeRepository, data: FakeDataSet) -> Bool {
        let login = user.login.lowercased()
        if starredAdded[login]?.contains(where: { $0.id == repository.id }) == true { return true }
        if starredRemoved[login]?.contains(repository.id) == true { return false }
        return data.starred(by: user).contains { $0.id == repository.id }
    }

    static func key(_ kind: String, _ user: FakeUser) -> String { "\(kind):\(user.login.lowercased())" }
}
