import Foundation
import GitHubAPI
import TerminalUI

/// Turns a repository's details into the texts of the details pane.
enum RepositoryText {
    /// The pane's record: the name, what kind of repository, the description, the facts that
    /// are known, and where to go next.
    static func record(_ details: RepositoryDetails, page: String?, now: Date, keys: KeyTable,
                       starred: Bool = false) -> DetailsPane.Record {
        let kind = ["Repository", details.isFork ? "fork" : nil, details.isArchived ? "archived" : nil,
                    starred ? "starred" : nil].compactMap { $0 }
        var fields: [DetailsPane.Field] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                fields.append(DetailsPane.Field(label, value))
            }
        }
        add("Stars", details.stars.map(Formatting.grouped))
        add("Forks", details.forks.map(Formatting.grouped))
        add("Watchers", details.watchers.map(Formatting.grouped))
        add("Issues", details.openIssues.map { "\(Formatting.grouped($0)) open" })
        add("Language", details.language)
        add("License", details.license)
        add("Topics", details.topics.isEmpty ? nil : details.topics.joined(separator: ", "))
        add("Homepage", details.homepage)
        add("Pushed", details.pushedAt.map { "\(ProfileText.day($0)) · \(Formatting.age(of: $0, now: now))" })
        add("Created", details.createdAt.map { "\(ProfileText.day($0)) · \(Formatting.age(of: $0, now: now))" })
        add("Owner", details.owner?.login)
        add("Page", page)
        // The keys that lead on, as the key table binds them: "[1] stargazers".
        let lists: [(Action, UserList)] = [(.followers, .stargazers(owner: "", repo: "")),
                                           (.following, .contributors(owner: "", repo: "")),
                                           (.repositories, .watchers(owner: "", repo: ""))]
        let leads = lists.map { ($0.0, GitHubList.users($0.1).crumb) } + [(.open, "open"), (.copy, "copy")]
        let actions = leads.compactMap { action, what in keys.label(action, in: .details).map { "[\($0)] \(what)" } }
        return DetailsPane.Record(heading: details.fullName, subheading: kind.joined(separator: " · "),
                                  paragraph: details.description ?? "", fields: fields, actions: actions)
    }

    /// The pane for the repository `fullName`, whatever state its details are in.
    static func pane(fullName: String, shown: RepositoryState.Shown, page: String?, now: Date,
                     keys: KeyTable, starred: Bool = false) -> DetailsPane.Content {
        switch shown {
        case .loading:
            return .loading(heading: fullName)
        case .loaded(let details):
            return .record(record(details, page: page, now: now, keys: keys, starred: starred))
        case .failed(.notFound):
            return .missing(heading: fullName,
                            message: "GitHub has no repository \(fullName) any more (renamed, deleted or made private).")
        case .failed(.failed(let failure)):
            return .failed(heading: fullName, message: failure.message)
        }
    }
}
