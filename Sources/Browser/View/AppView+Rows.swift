import Foundation
import GitHubAPI
import ListCore
import TerminalUI

extension AppView {
    // MARK: - Rows

    /// Whether rows with these `fills` show nothing but themselves: one line, no fill, no details
    /// known, nothing followed or starred.
    static func plainRows(_ state: AppState, fills: [Int64: RowFill]) -> Bool {
        state.layout != .comfortable && fills.isEmpty && state.details.cache.isEmpty && state.acting.marks == nil
    }

    /// Whether the rows of `list` say how long ago each star was given (their text moves with
    /// the time).
    static func showsStarDates(_ list: GitHubList) -> Bool {
        switch list {
        case .users(.stargazers), .users(.newestStargazers): true
        default: false
        }
    }

    /// How the list describes a user: the login, the id (and kind), and in the comfortable
    /// layout a second line worth reading: the name and the company or place when their details
    /// are known, else the kind of account. The closure holds only what a row needs (one over
    /// the whole state would copy every screen and cache into its context on each frame). With
    /// `memo`, a row's text is built only when what it is made of changed.
    static func describer(_ state: AppState, memo: RowTexts? = nil) -> (Row) -> ItemText {
        let comfortable = state.layout == .comfortable
        let now = state.now
        let cache = state.details.cache
        let fills = state.top.fillsByID
        // What F and * changed: only once one was used.
        let acting = state.acting.marks
        let filter = state.top.body.markedWord
        // Most frames of most lists: nothing known beyond the rows.
        let bare = plainRows(state, fills: fills)
        if bare, memo == nil {
            // Built straight from the row, with nothing to gather (every key of most lists).
            return { row in
                guard case .repository(let repository) = row else { return itemText(row, now: now) }
                return itemText(row, now: now, stars: repository.stars)
            }
        }
        func inputs(_ row: Row) -> RowInputs {
            var inputs = RowInputs(row: row, comfortable: comfortable)
            switch row {
            case .user(let user):
                inputs.age = user.starredAt.map { Formatting.age(of: $0, now: now) }
                guard !bare else { break }
                inputs.filter = filter
                inputs.known = fills[user.id] ?? cache.peek(user.login).map(RowFill.init)
                guard let acting else { break }
                let target = WriteTarget.account(user.login)
                inputs.mark = acting.known[target]
                if let follows = inputs.mark, let fill = inputs.known {
                    inputs.known = fill.acted(viewerFollows: follows, followers: acting.count(fill.followers, of: target))
                }
            case .repository(let repository):
                inputs.known = fills[row.id]
                let sent = inputs.known?.stars ?? repository.stars
                inputs.stars = sent
                guard let acting, let full = repository.ownerAndName else { break }
                let target = WriteTarget.repository(owner: full.owner, name: full.name)
                (inputs.mark, inputs.stars) = (acting.known[target], acting.count(sent, of: target))
            }
            return inputs
        }
        guard let memo else { return { rowText(inputs($0), now: now) } }
        return { memo.text(inputs($0)) { rowText($0, now: now) } }
    }

    /// A row's text, from what it is made of alone (`now` only for a star's age, which
    /// ``RowInputs/age`` words).
    static func rowText(_ inputs: RowInputs, now: Date) -> ItemText {
        guard case .user(let user) = inputs.row else {
            var text = itemText(inputs.row, now: now, stars: inputs.stars,
                                starred: (inputs.mark ?? inputs.known?.viewerStarred) == true)
            if inputs.comfortable { text.subtitle = inputs.row.repository?.description ?? "" }
            return text
        }
        let known = inputs.known
        var text = known.map { filledText(user, $0, now: now) } ?? itemText(inputs.row, now: now)
        if known == nil, inputs.mark == true {
            // No fill to say more: the mark alone.
            text.detail = text.detail.isEmpty ? "you follow " : text.detail + "· you follow "
            text.shortDetail = text.shortDetail.isEmpty ? "you follow " : text.shortDetail + "· you follow "
        }
        if let filter = inputs.filter, let known, let field = hiddenMatch(of: filter, in: known, row: text) {
            // The filter found it in a text the row does not show: that text, on the right.
            (text.detail, text.shortDetail) = (field + " ", "")
        }
        if inputs.comfortable { text.subtitle = secondLine(known: known) }
        return text
    }

    /// A filled account's row: the login and the name; on the right the place, the followers
    /// (an organization: "org · place") and how the token's owner and the account follow each
    /// other, in words. Where they do not all fit the place and the kind give way first, then
    /// the name is cut, the login last.
    static func filledText(_ user: GitHubUser, _ fill: RowFill, now: Date) -> ItemText {
        // Drawn for every filled row on screen on every frame: the two texts read in one pass,
        // and the parts joined as they come, with no array.
        let texts = fill.shown
        let organization = fill.isOrganization || user.isOrganization
        // What stays when the place gives way: the star, the followers (an organization: that it
        // is one), how you follow each other.
        var short = organization ? "org" : ""
        var tail = ""
        // A stargazer's star keeps its place first: it is what the list is about.
        if let starred = user.starredAt { join("starred " + Formatting.age(of: starred, now: now), to: &tail) }
        if !organization, let followers = fill.followers {
            join(Formatting.count(followers, follower, compact: true), to: &tail)
        }
        let mark = relation(fill)
        if let mark { join(mark, to: &tail) }
        var detail = organization ? "org" : user.isStaff ? "staff" : ""
        if let location = oneLine(texts.location) { join(location, to: &detail) }
        if !tail.isEmpty {
            join(tail, to: &detail)
            join(tail, to: &short)
        }
        if !short.isEmpty { short += " " }
        if !detail.isEmpty { detail += " " }
        var text = ItemText(title: user.login, detail: detail, shortDetail: short)
        // At the narrowest, how you follow each other outlasts the counts (an organization: that
        // it is one).
        text.leastDetail = mark.map { $0 + " " } ?? (organization ? "org " : "")
        text.note = oneLine(texts.name) ?? ""
        return text
    }

    private static let follower = Noun("follower")

    /// `part` after `text`, with " · " between when `text` has something.
    private static func join(_ part: String, to text: inout String) {
        if !text.isEmpty { text += " · " }
        text += part
    }

    /// The first line of the account's text where `word` was found, when the row's title, name
    /// and detail do not show it.
    static func hiddenMatch(of word: String, in fill: RowFill, row: ItemText) -> String? {
        let shown = (row.title + " " + row.note + " " + row.detail).lowercased()
        guard !FilterQuery.text(shown, contains: word), let field = FilterQuery.field(of: fill, containing: word) else { return nil }
        let lines = field.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        // A line after the first says that something came before it.
        guard let index = lines.firstIndex(where: { FilterQuery.text($0, contains: word) }) else { return oneLine(field) }
        return index == 0 ? lines[0] : "… " + lines[index]
    }

    /// "you", "mutual", "follows you", "you follow", or nil: words, so they read the same
    /// without colour. An organization follows no one.
    static func relation(_ fill: RowFill) -> String? {
        if fill.isViewer { return "you" }
        switch (fill.followsViewer && !fill.isOrganization, fill.viewerFollows) {
        case (true, true): return "mutual"
        case (true, false): return "follows you"
        case (false, true): return "you follow"
        case (false, false): return nil
        }
    }

    /// The first line of a text GitHub sent, trimmed; nil when nothing is left.
    /// Drawn for every filled row of every frame: a text that is one line already with nothing
    /// to trim (most names and places, accented or not) comes back as it is, without walking
    /// its characters.
    static func oneLine(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        if isOneTrimmedLine(value) { return value }
        // The first line that is not empty, without the spaces and tabs around it.
        let line = value.drop(while: \.isNewline).prefix { !$0.isNewline }
        var trimmed = line.drop { $0 == " " || $0 == "\t" || $0.isWhitespace }
        while let end = trimmed.last, end == " " || end == "\t" || end.isWhitespace { trimmed = trimmed.dropLast() }
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// True when `value` is one line with no white space around it, told from its bytes alone
    /// but for a last character that is not ASCII: no control byte, no space first or last, and
    /// none of the two- and three-byte sequences that begin a Unicode space or line break
    /// (U+0085, U+00A0, U+1680, U+2000 to U+207F, U+3000 to U+303F: a few more than those,
    /// never fewer).
    private static func isOneTrimmedLine(_ value: String) -> Bool {
        let plain = value.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let first = bytes.first, first != 0x20 else { return false }
            var previous: UInt8 = 0
            var beforePrevious: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 { return false }
                switch (beforePrevious, previous, byte) {
                case (_, 0xC2, 0x85), (_, 0xC2, 0xA0), (0xE1, 0x9A, _), (0xE2, 0x80, _), (0xE2, 0x81, _), (0xE3, 0x80, _):
                    return false
                default:
                    (beforePrevious, previous) = (previous, byte)
                }
            }
            return true
        }
        guard plain == true, let last = value.utf8.last else { return false }
        // White space is a character whose first scalar is: with no other white space in the
        // text, a last character that is not ASCII is white only as a space with marks after it.
        return last < 0x80 ? last != 0x20 : value.last?.unicodeScalars.first != " "
    }

    /// A row's first line: its name, and right-aligned its detail, with what the detail gives
    /// way to where the name would be cut. `now` words a star's age; a repository shows `stars`,
    /// and `starred` when the token's owner starred it.
    private static func itemText(_ row: Row, now: Date, stars: Int? = nil, starred: Bool = false) -> ItemText {
        switch row {
        case .user(let user):
            let (detail, short) = detail(user, now: now)
            return ItemText(title: user.login, detail: detail, shortDetail: short)
        case .repository(let repository):
            let (detail, short) = detail(repository, stars: stars, starred: starred)
            return ItemText(title: repository.fullName, detail: detail, shortDetail: short)
        }
    }

    /// "fork · archived · ★ 1,234 · Swift ": the marks, the stars and the language; short, the
    /// stars. Stars GitHub did not send are left out, as the pane leaves them out (never "★ 0").
    /// A repository the token's owner starred (its fill says so, or `*` did) says so in a word
    /// ("starred · ★ 1,235"): the glyph is the count's. The fill's count is GitHub's latest.
    private static func detail(_ repository: GitHubRepository, stars count: Int?, starred isStarred: Bool) -> (String, short: String) {
        let stars = count.map { "★ " + Formatting.grouped($0) }
        let starred = isStarred ? "starred" : nil
        var parts: [String] = []
        if repository.isFork { parts.append("fork") }
        if repository.isArchived { parts.append("archived") }
        if let starred { parts.append(starred) }
        if let stars { parts.append(stars) }
        if let language = repository.language, !language.isEmpty { parts.append(language) }
        let short = [starred, stars].compactMap { $0 }
        return (parts.isEmpty ? "" : parts.joined(separator: " · ") + " ", short.isEmpty ? "" : short.joined(separator: " · ") + " ")
    }

    /// The second line of a two-line row: the bio's first line (an organization's
    /// description), else the company or the place; else nothing (the kind of account is on
    /// the first line already, a filler word would only be noise).
    static func secondLine(known: RowFill?) -> String {
        if let bio = oneLine(known?.bio) { return bio }
        return oneLine(known?.company) ?? oneLine(known?.location) ?? ""
    }

    /// "#583231 ", or with the kind: "#9919 · org "; short, the kind alone ("org ") or nothing.
    /// In a contributors list the commits come first, where the eye reads down the column, and
    /// stay as the short one; in a stargazers list, so does when the star was given ("starred
    /// 3 days ago").
    private static func detail(_ user: GitHubUser, now: Date) -> (String, short: String) {
        if user.contributions > 0 {
            let commits = Formatting.count(Int(user.contributions), Noun("commit")) + " "
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
