import Foundation
import GitHubAPI
import ListCore
import TerminalUI

extension AppView {
    // MARK: - Rows

    /// How the list describes a user: the login, the id (and kind), and in the comfortable
    /// layout a second line worth reading: the name and the company or place when their details
    /// are known, else the kind of account. The closure holds only what a row needs (one over
    /// the whole state would copy every screen and cache into its context on each frame).
    static func describer(_ state: AppState) -> (Row) -> ItemText {
        let now = state.now
        guard state.layout == .comfortable else { return { itemText($0, now: now) } }
        let cache = state.details.cache
        return { row in
            var text = itemText(row, now: now)
            switch row {
            case .user(let user): text.subtitle = secondLine(user, known: cache.peek(user.login))
            case .repository(let repository): text.subtitle = repository.description ?? ""
            }
            return text
        }
    }

    /// A row's first line: its name, and right-aligned its detail, with what the detail gives
    /// way to where the name would be cut. `now` words a star's age.
    private static func itemText(_ row: Row, now: Date) -> ItemText {
        switch row {
        case .user(let user):
            let (detail, short) = detail(user, now: now)
            return ItemText(title: user.login, detail: detail, shortDetail: short)
        case .repository(let repository):
            let (detail, short) = detail(repository)
            return ItemText(title: repository.fullName, detail: detail, shortDetail: short)
        }
    }

    /// "fork · archived · ★ 1,234 · Swift ": the marks, the stars and the language; short, the
    /// stars. Stars GitHub did not send are left out, as the pane leaves them out (never "★ 0").
    private static func detail(_ repository: GitHubRepository) -> (String, short: String) {
        let stars = repository.stars.map { "★ " + Formatting.grouped($0) }
        var parts: [String] = []
        if repository.isFork { parts.append("fork") }
        if repository.isArchived { parts.append("archived") }
        if let stars { parts.append(stars) }
        if let language = repository.language, !language.isEmpty { parts.append(language) }
        return (parts.isEmpty ? "" : parts.joined(separator: " · ") + " ", stars.map { $0 + " " } ?? "")
    }

    /// "Mona Lisa Octocat · @github", or "Organization" when nothing more is known yet.
    static func secondLine(_ user: GitHubUser, known: UserDetails?) -> String {
        func text(_ value: String?) -> String? {
            value.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let facts = [text(known?.name), text(known?.company) ?? text(known?.location)].compactMap { $0 }
        if !facts.isEmpty { return facts.joined(separator: " · ") }
        return user.isOrganization ? "Organization" : user.isStaff ? "GitHub staff" : "User"
    }

    /// "#583231 ", or with the kind: "#9919 · org "; short, the kind alone ("org ") or nothing.
    /// In a contributors list the commits come first, where the eye reads down the column, and
    /// stay as the short one; in a stargazers list, so does when the star was given ("starred
    /// 3 days ago").
    private static func detail(_ user: GitHubUser, now: Date) -> (String, short: String) {
        if user.contributions > 0 {
            let commits = (user.contributions == 1 ? "1 commit" : Formatting.grouped(Int(user.contributions)) + " commits") + " "
            return (commits + "· #" + String(user.id) + (user.isOrganization ? " · org " : " "), commits)
        }
        if let starred = user.starredAt {
            let age = "starred " + Formatting.age(of: starred, now: now) + " "
            return (age + "· #" + String(user.id) + (user.isOrganization ? " · org " : " "), age)
        }
        if !user.isOrganization, !user.isStaff, let label = idLabel(user.id) { return (label, "") }
        var detail = "#" + String(user.id)
        if user.isOrganization { detail += " · org" }
        if user.isStaff { detail += " · staff" }
        return (detail + " ", user.isOrganization ? "org " : user.isStaff ? "staff " : "")
    }

    /// "#583231 ", written straight into a string's bytes: every row of every frame has one, and
    /// building it by concatenation cost more than the rest of the row. Nil for an id too long
    /// for the few bytes a string keeps inline.
    static func idLabel(_ id: Int64) -> String? {
        guard id >= 0, id < 10_000_000_000_000 else { return nil }
        var digits = 1
        var rest = id / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return String(unsafeUninitializedCapacity: digits + 2) { bytes in
            bytes[0] = UInt8(ascii: "#")
            var value = id
            for index in stride(from: digits, to: 0, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            bytes[digits + 1] = UInt8(ascii: " ")
            return digits + 2
        }
    }
}
