import ListCore

/// The words of a profile's slices: each heading ("Followers · 1,234"), "All … →" row and
/// empty row ("No followers"), from the facts the profile keeps.
enum ProfileWords {
    /// The text of one of a slice's rows the profile leaves to the view (its heading, "All … →"
    /// and empty rows); nil for the others, and for the about row (its picture and facts are
    /// drawn over it). `followers` turns the followers GitHub counted into those the screen
    /// shows (a follow with `F` moves them at once).
    static func text(of kind: SlicedRowKind, in slice: ProfileSlice, of profile: Profile,
                     followers: (Int) -> Int = { $0 }) -> String? {
        guard slice != .about else { return nil }
        switch kind {
        case .heading: return heading(slice, of: profile, followers: followers)
        case .seeAll: return seeAll(slice, of: profile, followers: followers)
        case .empty: return empty(slice)
        case .item, .loading, .failed: return nil
        }
    }

    /// "Followers · 1,234", "Organizations · 100+" (a whole first page and more), or the bare
    /// name while no count is known.
    static func heading(_ slice: ProfileSlice, of profile: Profile, followers: (Int) -> Int = { $0 }) -> String {
        let noun = profile.list(for: slice)?.crumb ?? ""
        let name = noun.prefix(1).uppercased() + noun.dropFirst()
        switch count(slice, of: profile, followers: followers) {
        case .exactly(let count): return "\(name) · \(Formatting.grouped(count))"
        case .atLeast(let count): return "\(name) · \(Formatting.grouped(count))+"
        case nil: return name
        }
    }

    /// "All 12 followers →", "All 1 follower →"; "All organizations →" without an exact count.
    static func seeAll(_ slice: ProfileSlice, of profile: Profile, followers: (Int) -> Int = { $0 }) -> String {
        guard let list = profile.list(for: slice) else { return "" }
        guard case .exactly(let count) = count(slice, of: profile, followers: followers) else { return "All \(list.crumb) →" }
        return "All \(Formatting.count(count, list.crumbNoun)) →"
    }

    /// The slice's count as the screen shows it: the followers through `followers`.
    private static func count(_ slice: ProfileSlice, of profile: Profile, followers: (Int) -> Int) -> SliceCount? {
        guard slice == .followers, case .exactly(let count) = profile.count(of: slice) else { return profile.count(of: slice) }
        return .exactly(followers(count))
    }

    /// What a slice lists, in lower case ("followers"): the crumb of its whole list.
    static func noun(_ slice: ProfileSlice) -> String {
        Profile(login: "", isOrganization: nil, heights: .compact, headerLines: 1).list(for: slice)?.crumb ?? ""
    }

    /// What a loaded slice that holds nothing says.
    static func empty(_ slice: ProfileSlice) -> String {
        switch slice {
        case .about: ""
        case .organizations: "No organizations"
        case .members: "No public members"
        case .repositories: "No public repositories"
        case .followers: "No followers"
        case .following: "Not following anyone"
        }
    }
}
