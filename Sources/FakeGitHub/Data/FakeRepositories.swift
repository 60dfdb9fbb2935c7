import Foundation

/// A repository's license, as GitHub's `license` object names it.
package struct FakeLicense: Sendable, Hashable {
    package let key: String
    package let name: String
    package let spdxID: String
}

/// One repository of the fake data set, derived from its owner and its place in the owner's list.
///
/// An owner's repositories are numbered from 0, the most recently pushed first, so `pushed_at`
/// falls as the index grows. Nothing is stored: the same data set always derives the same fields.
package struct FakeRepository: Sendable, Hashable {
    package let owner: FakeUser
    /// Place in the owner's list, most recently pushed first.
    package let index: Int
    package let id: Int64
    package let name: String
    /// The description outside hostile mode; nil for a repository without one.
    package let description: String?
    package let isFork: Bool
    package let isArchived: Bool
    package let homepage: String?
    package let language: String?
    package let license: FakeLicense?
    package let topics: [String]
    /// The sizes of the stargazers, subscribers and contributors lists the server serves.
    package internal(set) var stargazers: Int
    package let subscribers: Int
    package let contributors: Int
    package let forks: Int
    package let openIssues: Int
    /// Kilobytes, as GitHub's `size`.
    package let size: Int
    package let createdAt: Date
    package let updatedAt: Date
    package let pushedAt: Date
    package let defaultBranch: String
    /// Picks whether and which hostile text replaces the description in hostile mode.
    let hostileDice: UInt64

    package var fullName: String { "\(owner.login)/\(name)" }
    /// The lowercased `owner/name` that list-size keys use (`stargazers:octocat/hello-world`).
    package var key: String { "\(owner.login.lowercased())/\(name.lowercased())" }

    /// The description served: in hostile mode, one repository in three gets a hostile text.
    package func description(hostile: Bool) -> String? {
        guard hostile, hostileDice % 3 == 0 else { return description }
        return FakeHostileText.pick(hostileDice / 3)
    }
}

extension FakeDataSet {
    /// The largest repository list an account can have, however `repos:` sizes are fixed.
    static let maxRepositories = 100_000
    /// "Now" for the data set: pushes and updates happen before it.
    static let referenceNow = Date(timeIntervalSince1970: 1_767_225_600)

    // MARK: - An account's repositories

    /// How many repositories an account has: its profile's `public_repos`, or `repos:login` if fixed.
    package func repositoryCount(of user: FakeUser) -> Int {
        let login = user.login.lowercased()
        if let fixed = listSizes["repos:\(login)"] { return min(max(0, fixed), Self.maxRepositories) }
        // The first draws of the profile's generator, as the profile made them before repositories existed.
        var rng = FakeRandom(seed: FakeRandom.hash("profile:" + login))
        let derived = rng.next(upTo: 5) == 0 ? 0 : rng.next(upTo: 120)
        return user.id == users.first?.id ? max(8, derived) : derived
    }

    /// The account's repositories, most recently pushed first.
    package func repositories(of owner: FakeUser) -> [FakeRepository] {
        let count = repositoryCount(of: owner)
        let created = profile(of: owner).createdAt
        return (0..<count).map { repository(of: owner, at: $0, count: count, ownerCreated: created) }
    }

    /// The account's repository at `index` (0 is the most recently pushed), nil past the end.
    package func repository(of owner: FakeUser, at index: Int) -> FakeRepository? {
        let count = repositoryCount(of: owner)
        guard index >= 0, index < count else { return nil }
        return repository(of: owner, at: index, count: count, ownerCreated: profile(of: owner).createdAt)
    }

    /// The languages of the account's repositories, most recently pushed first, until `stop`
    /// says enough (the owner's profile made once, not once a repository).
    func languages(of owner: FakeUser, until stop: (String?) -> Bool) {
        let count = repositoryCount(of: owner)
        guard count > 0 else { return }
        let created = profile(of: owner).createdAt
        for index in 0..<count where stop(repository(of: owner, at: index, count: count, ownerCreated: created).language) {
            return
        }
    }

    /// The repository `owner/name` (both case-insensitive), nil when there is none.
    package func repository(owner login: String, name: String) -> FakeRepository? {
        guard let owner = user(login: login) else { return nil }
        let count = repositoryCount(of: owner)
        let wanted = name.lowercased()
        guard let index = (0..<count).first(where: { repositoryName(of: owner, at: $0, count: count).lowercased() == wanted })
        else { return nil }
        return repository(of: owner, at: index, count: count, ownerCreated: profile(of: owner).createdAt)
    }

    /// Names are `word-word`, distinct within an account; octocat's oldest is `Hello-World`.
    func repositoryName(of owner: FakeUser, at index: Int, count: Int) -> String {
        if owner.id == users.first?.id, index == count - 1 { return "Hello-World" }
        let combinations = Self.namePrefixes.count * Self.nameNouns.count
        let hash = FakeRandom.hash("names:" + owner.login.lowercased())
        var stride = Int((hash >> 16) % UInt64(combinations)) | 1
        while gcd(stride, combinations) != 1 { stride += 2 }
        let pick = (Int(hash % UInt64(combinations)) + (index % combinations) * stride) % combinations
        let name = Self.namePrefixes[pick / Self.nameNouns.count] + "-" + Self.nameNouns[pick % Self.nameNouns.count]
        return index < combinations ? name : "\(name)-\(index / combinations + 1)"
    }

    private func repository(of owner: FakeUser, at index: Int, count: Int, ownerCreated: Date) -> FakeRepository {
        let name = repositoryName(of: owner, at: index, count: count)
        let key = "\(owner.login.lowercased())/\(name.lowercased())"
        var rng = FakeRandom(seed: FakeRandom.hash("repo:" + key))
        // Pushes spread over the owner's life, strictly falling with the index.
        let now = Int64(Self.referenceNow.timeIntervalSince1970)
        let born = Int64(ownerCreated.timeIntervalSince1970)
        let gap = max(2, (now - born) / Int64(count + 1))
        let pushed = now - Int64(index) * gap - Int64(rng.next(upTo: Int(gap)))
        let created = pushed > born ? born + Int64(rng.next(upTo: Int(pushed - born))) : pushed - Int64(rng.next(upTo: 86_400))
        let updated = min(now, pushed + Int64(rng.next(upTo: 30 * 86_400)))
        let stars = sized("stargazers:\(key)", derived: listSize("stargazers:\(key)"))
        let fork = rng.chance(0.1)
        let subscribers = sized("subscribers:\(key)", derived: stars / (4 + rng.next(upTo: 12)) + rng.next(upTo: 3))
        let contributors = sized("contributors:\(key)",
                                 derived: fork ? rng.next(upTo: 3) : 1 + rng.next(upTo: 25) + (stars > 1_000 ? rng.next(upTo: 300) : 0))
        let archived = rng.chance(0.05)
        var topics: [String] = []
        for _ in 0..<rng.next(upTo: 5) {
            let topic = rng.pick(Self.topicWords)
            if !topics.contains(topic) { topics.append(topic) }
        }
        let homepage: String? = switch rng.next(upTo: 4) {
        case 0: nil
        case 1: ""
        default: "https://\(owner.login.lowercased()).example.dev/\(name.lowercased())"
        }
        return FakeRepository(
            owner: owner, index: index, id: owner.id * 1_000_000 + Int64(index) + 1, name: name,
            description: rng.chance(0.12) ? nil : rng.pick(Self.descriptions),
            isFork: fork, isArchived: archived, homepage: homepage,
            language: rng.chance(0.1) ? nil : rng.pick(Self.languages),
            license: rng.chance(0.3) ? nil : Self.licenses[rng.next(upTo: Self.licenses.count)],
            topics: topics, stargazers: stars, subscribers: subscribers, contributors: contributors,
            forks: stars / (3 + rng.next(upTo: 10)), openIssues: archived ? 0 : rng.next(upTo: 60),
            size: rng.next(upTo: 50_000), createdAt: Date(timeIntervalSince1970: Double(created)),
            updatedAt: Date(timeIntervalSince1970: Double(updated)), pushedAt: Date(timeIntervalSince1970: Double(pushed)),
            defaultBranch: created < 1_601_510_400 ? "master" : "main", hostileDice: rng.next())
    }

    /// A list's size: fixed by `listSizes[key]`, else `derived`; never more than there are accounts.
    func sized(_ key: String, derived: Int) -> Int {
        min(max(0, listSizes[key] ?? derived), users.count)
    }

    // MARK: - Contributors

    /// Contribution counts of a repository's contributors, in the list's order: strictly falling.
    package func contributions(of repository: FakeRepository, offset: Int, limit: Int) -> [Int] {
        let total = repository.contributors
        guard offset < total, limit > 0 else { return [] }
        let scale = Int(FakeRandom.hash("contributions:" + repository.key) % 16) + 1
        return (offset..<min(total, offset + limit)).map { position in
            let rank = total - position
            let jitter = Int(FakeRandom.hash("contribution:\(repository.key):\(position)") % 3)
            return 3 * (rank + rank * rank * scale / 64) + jitter
        }
    }

    // MARK: - Stargazers

    /// When the repository's stargazers starred it, in the list's order (the oldest first):
    /// spread from its creation to the data set's "now", strictly rising.
    package func starDates(of repository: FakeRepository, offset: Int, limit: Int) -> [Date] {
        let total = repository.stargazers
        guard offset < total, limit > 0 else { return [] }
        let born = Int64(repository.createdAt.timeIntervalSince1970)
        let step = max(1, (Int64(Self.referenceNow.timeIntervalSince1970) - born) / Int64(total))
        return (offset..<min(total, offset + limit)).map { position in
            let jitter = Int64(FakeRandom.hash("starred:\(repository.key):\(position)") % UInt64(step))
            return Date(timeIntervalSince1970: Double(born + Int64(position) * step + jitter))
        }
    }

    // MARK: - Stars and organizations of a user

    /// The repositories a user starred: one of each of some other accounts that have repositories.
    package func starred(by user: FakeUser) -> [FakeRepository] {
        let key = "starred:\(user.login.lowercased())"
        var rng = FakeRandom(seed: FakeRandom.hash(key))
        let derived = rng.chance(0.3) ? 0 : (rng.chance(0.07) ? rng.next(upTo: 1_500) : rng.next(upTo: 80))
        let wanted = sized(key, derived: derived)
        guard wanted > 0 else { return [] }
        let count = users.count
        let start = rng.next(upTo: count)
        var stride = rng.next(upTo: count) | 1
        while gcd(stride, count) != 1 { stride += 2 }
        var picks: [FakeRepository] = []
        for step in 0..<count where picks.count < wanted {
            let owner = users[(start + step * stride) % count]
            let repos = repositoryCount(of: owner)
            guard owner.id != user.id, repos > 0 else { continue }
            let index = Int(FakeRandom.hash("\(key):\(owner.login.lowercased())") % UInt64(repos))
            if let repository = repository(of: owner, at: index) { picks.append(repository) }
        }
        return picks
    }

    /// The organizations a user belongs to (none for an organization), each once.
    package func organizations(of user: FakeUser) -> [FakeUser] {
        let key = "orgs:\(user.login.lowercased())"
        var rng = FakeRandom(seed: FakeRandom.hash(key))
        let derived = user.isOrganization || rng.chance(0.4) ? 0 : (rng.chance(0.05) ? 5 + rng.next(upTo: 40) : 1 + rng.next(upTo: 4))
        let count = organizationIndices.count
        let wanted = min(sized(key, derived: derived), count)
        guard wanted > 0 else { return [] }
        let start = rng.next(upTo: count)
        var stride = rng.next(upTo: count) | 1
        while gcd(stride, count) != 1 { stride += 2 }
        return (0..<wanted).map { users[organizationIndices[(start + $0 * stride) % count]] }
    }

    // MARK: - Words

    static let namePrefixes = ["awesome", "tiny", "fast", "simple", "open", "little", "super", "micro", "hyper",
                               "smart", "lazy", "quick", "deep", "bright", "silent", "rusty", "swift", "golden",
                               "happy", "blue", "red", "green", "paper", "cloud", "pixel", "atomic", "cosmic",
                               "retro", "modern", "wild"]
    static let nameNouns = ["parser", "cli", "toolkit", "notes", "dotfiles", "api", "server", "client", "engine",
                            "lib", "scripts", "docs", "bot", "game", "website", "tracker", "editor", "compiler",
                            "sdk", "plugin", "theme", "demo", "sandbox", "config", "utils", "viewer", "router",
                            "cache", "queue", "shell"]
    static let languages = ["Swift", "Rust", "Go", "Python", "TypeScript", "JavaScript", "C", "C++", "Ruby",
                            "Kotlin", "Shell", "Haskell", "Zig", "Lua", "Jupyter Notebook"]
    static let licenses = [
        FakeLicense(key: "mit", name: "MIT License", spdxID: "MIT"),
        FakeLicense(key: "apache-2.0", name: "Apache License 2.0", spdxID: "Apache-2.0"),
        FakeLicense(key: "gpl-3.0", name: "GNU General Public License v3.0", spdxID: "GPL-3.0"),
        FakeLicense(key: "bsd-3-clause", name: "BSD 3-Clause \"New\" or \"Revised\" License", spdxID: "BSD-3-Clause"),
        FakeLicense(key: "mpl-2.0", name: "Mozilla Public License 2.0", spdxID: "MPL-2.0"),
        FakeLicense(key: "other", name: "Other", spdxID: "NOASSERTION"),
    ]
    static let topicWords = ["cli", "terminal", "swift", "rust", "parser", "linux", "macos", "tui", "api",
                             "machine-learning", "game", "dotfiles", "hacktoberfest", "web", "database"]
    static let descriptions = [
        "A small tool that does one thing well.",
        "My dotfiles: zsh, tmux and a very long vim configuration.",
        "Experiments with parsers, lexers and other things that read text.",
        "A fast, friendly command-line client 🚀",
        "Notes from a course, mostly for myself.",
        "Ein Werkzeug für Übersetzungen — und Café.",
        "軽量なターミナル用ツール",
        "Archived experiment. See the README for what replaced it.",
        "Bindings, examples and benchmarks. Work in progress.",
    ]
}

/// Strings that a terminal must not take at their word: escape sequences, bidi controls, wide and
/// combining characters, very long text. Served as repository descriptions in hostile mode.
enum FakeHostileText {
    static let texts = [
        "\u{1B}[2J\u{1B}[31mRED ALERT\u{1B}[0m clears your screen",
        "invoice \u{202E}fdp.exe\u{202C} looks like a PDF",
        "\u{2067}right-to-left isolate\u{2069} then \u{200F}marks\u{200E}",
        "\u{9B}31mC1 CSI\u{9B}0m and a bell\u{07} and a backspace\u{08}\u{08}",
        "全角の説明文字列、とても幅が広い🚀🚀🚀 ｗｉｄｅ",
        "Z̸̢͉a̴̰͠l̷̗̅g̵̱̈́o̶̡͝ with zero\u{200B}width\u{FEFF}joiners\u{200D}",
        "line one\nline two\r\n\tand a tab",
        "\u{1B}]8;;https://evil.example\u{07}a hyperlink\u{1B}]8;;\u{07} and a title \u{1B}]0;pwned\u{07}",
        String(repeating: "very long description without a break ", count: 200),
    ]

    static func pick(_ dice: UInt64) -> String { texts[Int(dice % UInt64(texts.count))] }
}
