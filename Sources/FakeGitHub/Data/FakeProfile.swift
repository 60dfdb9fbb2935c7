import Foundation

/// The profile fields of `GET /users/{login}`, derived from the account so they need no storage.
///
/// Most accounts have a plain name; some have accents, CJK or emoji, some a bio over several
/// lines, some nothing at all, as on GitHub. The follower, following and repository counts are the
/// sizes of the lists the server serves for the account.
package struct FakeProfile: Sendable {
    package internal(set) var name: String?
    package internal(set) var company: String?
    package internal(set) var blog: String
    package internal(set) var location: String?
    package internal(set) var email: String?
    package internal(set) var hireable: Bool?
    package internal(set) var bio: String?
    package internal(set) var twitter: String?
    package internal(set) var publicRepos: Int
    package internal(set) var publicGists: Int
    package internal(set) var followers: Int
    package internal(set) var following: Int
    package internal(set) var createdAt: Date
    package internal(set) var updatedAt: Date

    init(_ user: FakeUser, data: FakeDataSet) {
        var rng = FakeRandom(seed: FakeRandom.hash("profile:" + user.login.lowercased()))
        let key = user.login.lowercased()
        followers = min(data.listSize("followers:\(key)"), data.users.count)
        following = min(data.listSize("following:\(key)"), data.users.count)
        // Drawn as before repositories were served, so the fields after it stay as they were;
        // the count served is the length of the repository list.
        _ = rng.next(upTo: 5) == 0 ? 0 : rng.next(upTo: 120)
        publicRepos = data.repositoryCount(of: user)
        publicGists = rng.next(upTo: 3) == 0 ? 0 : rng.next(upTo: 40)
        // Sign-up dates grow with the id, from 2008 on.
        let start = Date(timeIntervalSince1970: 1_199_145_600)
        let span = 17.5 * 365 * 86_400.0
        let last = Double(data.users.last?.id ?? 1)
        createdAt = start.addingTimeInterval(span * Double(user.id) / max(1, last)).rounded()
        updatedAt = createdAt.addingTimeInterval(Double(rng.next(upTo: 2_000)) * 86_400).rounded()
        if user.isOrganization {
            name = rng.chance(0.8) ? Self.orgName(user.login) : nil
            company = nil
            hireable = nil
        } else {
            name = rng.chance(0.85) ? Self.personName(&rng) : nil
            company = rng.chance(0.4) ? rng.pick(Self.companies) : nil
            hireable = rng.chance(0.2) ? true : nil
        }
        blog = rng.chance(0.3) ? "https://\(key).example.dev" : ""
        location = rng.chance(0.6) ? rng.pick(Self.places) : nil
        email = rng.chance(0.15) ? "\(key)@example.com" : nil
        twitter = rng.chance(0.2) ? key.replacingOccurrences(of: "-", with: "_") : nil
        bio = rng.chance(0.55) ? rng.pick(Self.bios) : nil
        if user.id == data.users.first?.id {
            // The first account is the one every example uses.
            name = "The Octocat"
            company = "@github"
            location = "San Francisco"
            bio = "Mona's friend.\nLikes forks, stars and pull requests."
        }
    }

    private static func personName(_ rng: inout FakeRandom) -> String {
        if rng.chance(0.12) { return rng.pick(wideNames) }
        var name = rng.pick(givenNames) + " " + rng.pick(familyNames)
        if rng.chance(0.06) { name += " " + rng.pick(emoji) }
        return name
    }

    private static func orgName(_ login: String) -> String {
        login.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static let givenNames = ["Ada", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances", "Alan",
                             "Radia", "Édouard", "Zoë", "Søren", "José", "Anaïs", "Björn", "Chiara", "Nnamdi"]
    static let familyNames = ["Lovelace", "Hopper", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson",
                              "Allen", "Kay", "Perlman", "Müller", "Dvořák", "Núñez", "O'Neil", "Okafor"]
    static let wideNames = ["山田 太郎", "김민준", "王小明", "佐藤 花子", "李娜"]
    static let emoji = ["🚀", "🐙", "☕", "🌱"]
    static let companies = ["@acme", "Initech", "Globex Corporation", "Umbrella Labs", "Stark Industries",
                            "Hooli", "@open-source"]
    static let places = ["Berlin", "Lagos", "São Paulo", "Tokyo, Japan", "Montréal", "Bengaluru", "Reykjavík",
                         "Remote", "Earth"]
    static let bios = [
        "Building small tools that do one thing well.",
        "Compilers, coffee and cats.\nOpinions are my own.",
        "Open-source maintainer. Ask me about terminals.",
        "Full-stack developer 🌍 learning Rust and Swift",
        "Data engineer by day,\nsynth tinkerer by night.\n\nHe/him.",
        "I write documentation that people read.",
    ]
}

private extension Date {
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded()) }
}

extension FakeDataSet {
    /// The profile `GET /users/{login}` serves for an account.
    package func profile(of user: FakeUser) -> FakeProfile { FakeProfile(user, data: self) }
}
