import Foundation
import GitHubAPI
import TerminalUI

/// Turns a user's details into the texts of the details pane.
enum ProfileText {
    /// The pane's record: name, who they are, bio, the facts that are known, and where to go next.
    /// `profileURL`: the account's web page (nil while it is not known: no Profile line);
    /// `relation`: how the token's owner and the account follow each other ("follows you").
    static func record(_ user: UserDetails, profileURL: String?, now: Date, keys: KeyTable,
                       relation: String? = nil) -> DetailsPane.Record {
        let name = user.name.flatMap { nonEmpty($0) }
        var who = [name == nil ? nil : user.login, user.isOrganization ? "Organization" : "User"].compactMap { $0 }
        if user.siteAdmin == true { who.append("GitHub staff") }
        if user.hireable == true { who.append("available for hire") }
        if let relation { who.append(relation) }
        var fields: [DetailsPane.Field] = []
        func add(_ label: String, _ value: String?) {
            if let value = value.flatMap(nonEmpty) { fields.append(DetailsPane.Field(label, value)) }
        }
        // The short facts first (beside a picture, as many as fit), then the addresses.
        add("Company", user.company)
        add("Location", user.location)
        add("Followers", user.followers.map(Formatting.grouped))
        // An organization follows no one (GitHub's count for one is 0, or stale).
        if !user.isOrganization { add("Following", user.following.map(Formatting.grouped)) }
        if let repos = user.publicRepos {
            // An organization has no gists of its own (GitHub says 0).
            let gists = user.isOrganization ? "" : user.publicGists.map { " · " + Formatting.count($0, Noun("gist")) } ?? ""
            add("Repos", "\(Formatting.grouped(repos)) public\(gists)")
        }
        if let created = user.createdAt {
            add("Joined", "\(day(created)) · \(Formatting.age(of: created, now: now))")
        }
        add("Blog", user.blog)
        add("Email", user.email)
        add("Twitter", user.twitterUsername.map { "@" + $0 })
        add("Profile", profileURL)
        // The keys that lead on, as the key table binds them: "[1] followers".
        let row = Row.user(GitHubUser(login: user.login, id: user.id, type: user.isOrganization ? "Organization" : "User"))
        let opened: [Action] = [.followers, .following, .repositories, .starred, .organizations]
        let leads = opened.compactMap { action in GitHubList.opened(by: action, from: row).map { (action, $0.shortName) } }
            + [(.open, "open"), (.copy, "copy")]
        let actions = leads.compactMap { action, what in keys.label(action, in: .details).map { "[\($0)] \(what)" } }
        return DetailsPane.Record(heading: name ?? user.login, subheading: who.joined(separator: " · "),
                                  paragraph: user.bio ?? "", fields: fields, actions: actions)
    }

    /// The pane for `login`, whatever state its details are in.
    static func pane(login: String, shown: DetailsState.Shown, profileURL: String?, now: Date,
                     keys: KeyTable, relation: String? = nil) -> DetailsPane.Content {
        switch shown {
        case .loading:
            return .loading(heading: login)
        case .loaded(let user):
            return .record(record(user, profileURL: profileURL, now: now, keys: keys, relation: relation))
        case .failed(.notFound):
            return .missing(heading: login, message: "GitHub has no account \(login) any more (renamed or deleted).")
        case .failed(.failed(let failure)):
            return .failed(heading: login, message: failure.message)
        }
    }

    /// "2011-01-25" (UTC).
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }
}
