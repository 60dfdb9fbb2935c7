import GitHubAPI
import ListCore

/// The slices of a profile, in the order they are shown.
package enum ProfileSlice: Sendable, Hashable, CaseIterable {
    /// The picture and the details: one heading row of several lines, above the others.
    case about
    case organizations, members, repositories, followers, following
}

/// An account's profile: one scrolling list made of slices, each the start of one of the
/// account's lists, fed by a request of its own and with its own loading, empty and retry rows.
///
/// A value without I/O, like the pager: it says which requests to make and takes their answers
/// (an answer to a request it no longer waits for changes nothing).
package struct Profile: Sendable, Equatable {
    package typealias Rows = SlicedList<Row, ProfileSlice>

    /// Items a slice shows before its "All … →" row.
    static let shownPerSlice = 5

    /// The slices no details count (GitHub's user has no organization count): their first
    /// page is a whole page, and its length is the count when it holds the whole list.
    static let countedFromFirstPage: Set<ProfileSlice> = [.organizations, .members]

    /// A whole page, the most GitHub sends.
    static let wholePage = 100

    /// The text a slice carries for its heading, "All … →" and empty rows: none, they are the
    /// view's words (``ProfileWords``); it only says the slice has such rows.
    static let worded = ""

    package let login: String
    /// Nil until the kind of account is known (from the row it was opened from, or its
    /// details): the slices after the about row follow from it.
    var isOrganization: Bool?
    package internal(set) var rows: Rows
    /// The request each loading slice waits for.
    package internal(set) var requests: [ProfileSlice: RequestID] = [:]
    /// How many the account has of what a slice shows, as its details say (or, for the slices
    /// counted from their first page, as a first page that ended the list says).
    var counts: [ProfileSlice: Int] = [:]
    /// The slices whose first page said there are more pages.
    var more: Set<ProfileSlice> = []
    /// The web pages GitHub sent for a slice's rows whose page is not under the base the others
    /// follow, by slice and row id (replaced with the slice's rows).
    var webPages: [ProfileSlice: [Int64: String]] = [:]
    var nextRequest = 0

    /// - Parameter headerLines: the lines of the about row (the picture and the facts).
    package init(login: String, isOrganization: Bool?, heights: RowHeights, headerLines: Int) {
        self.login = login
        self.isOrganization = isOrganization
        rows = Rows([ListSlice(id: .about, heading: Self.worded, state: .loaded, headingLines: headerLines)], heights: heights)
        if let isOrganization { addSlices(organization: isOrganization) }
    }

    /// The about row's height, after a resize.
    mutating func setHeaderLines(_ lines: Int) {
        rows.update(.about) { $0.headingLines = max(1, lines) }
    }

    // MARK: - Slices

    /// The slices under the about row for this kind of account.
    static func slices(organization: Bool) -> [ProfileSlice] {
        organization ? [.members, .repositories, .followers] : [.organizations, .repositories, .followers, .following]
    }

    private mutating func addSlices(organization: Bool) {
        for id in Self.slices(organization: organization) {
            rows.appendSlice(ListSlice(id: id, heading: Self.worded, limit: Self.shownPerSlice, seeAll: Self.worded,
                                       empty: Self.worded))
            recount(id)
        }
    }

    /// The list a slice shows the start of, and its "All … →" row opens; nil for the about row.
    package func list(for slice: ProfileSlice) -> GitHubList? {
        switch slice {
        case .about: nil
        case .organizations: .users(.organizations(login))
        case .members: .users(.members(login))
        case .repositories: .repositories(.owned(login, organization: isOrganization ?? false))
        case .followers: .users(.followers(login))
        case .following: .users(.following(login))
        }
    }

    /// Rows asked for per slice: a whole page of the slices counted from it, else only what is shown.
    static func pageSize(_ slice: ProfileSlice) -> Int {
        countedFromFirstPage.contains(slice) ? wholePage : shownPerSlice
    }

    /// How many the account has of what a slice shows, as far as is known: what its heading
    /// counts. Nil while nothing says.
    package func count(of slice: ProfileSlice) -> SliceCount? {
        if let count = counts[slice] { return .exactly(count) }
        // A whole first page with more behind it: at least that many, and more.
        if more.contains(slice), Self.countedFromFirstPage.contains(slice) {
            return .atLeast(rows.slice(slice)?.items.count ?? 0)
        }
        return nil
    }

    /// The slice's total, from the count the details or its first page gave and whether its
    /// first page said there is more (its heading, "All … →" and empty rows are the view's words).
    private mutating func recount(_ slice: ProfileSlice) {
        guard slice != .about else { return }
        let count = counts[slice]
        let hasMore = more.contains(slice)
        rows.update(slice) { part in
            // A first page that ended the list has it all, whatever the count says (private
            // repositories, say); one with more pages has at least one more than it showed.
            part.total = hasMore ? max(part.items.count + 1, count ?? 0) : part.items.count
        }
    }

    /// The account's details arrived: its kind (the slices, when it was not known) and the
    /// counts in the headings.
    mutating func learn(_ details: UserDetails) {
        guard detailsKey(details.login) == detailsKey(login) else { return }
        if isOrganization == nil {
            isOrganization = details.isOrganization
            addSlices(organization: details.isOrganization)
        }
        counts[.repositories] = details.publicRepos
        // GitHub counts an organization's followers too; it follows no one.
        counts[.followers] = details.followers
        if !details.isOrganization { counts[.following] = details.following }
        for slice in Self.slices(organization: details.isOrganization) { recount(slice) }
    }

    // MARK: - Loading

    /// True while a slice waits for its rows.
    var isLoading: Bool { !requests.isEmpty }

    /// Starts the idle slices within `distance` rows of the `visible` ones.
    mutating func loadNear(_ visible: Range<Int>, distance: Int, screen: ScreenID) -> [Command] {
        rows.slicesToLoad(visible: visible, distance: distance).compactMap { load($0, screen: screen, refresh: false) }
    }

    /// Asks for a slice's first page (again); its footer shows the loading row meanwhile.
    private mutating func load(_ slice: ProfileSlice, screen: ScreenID, refresh: Bool) -> Command? {
        guard let list = list(for: slice) else { return nil }
        nextRequest += 1
        let id = RequestID(nextRequest)
        requests[slice] = id
        rows.setLoading(slice)
        return .run(.slice(screen, id), .slice(list, pageSize: Self.pageSize(slice), refresh: refresh))
    }

    /// A slice's first page; nil when no slice waits for `id`. `revalidating`: it came from
    /// the cache and GitHub's answer is still to come. `webPages`: the addresses to keep for
    /// its rows, by row id (nil for a row whose page follows the base).
    mutating func loaded(_ id: RequestID, _ page: Page<Row, GitHubCursor>, revalidating: Bool,
                         webPages: [Int64: String?] = [:]) -> ListChange? {
        guard let slice = slice(waitingFor: id) else { return nil }
        let kept = webPages.compactMapValues { $0 }
        self.webPages[slice] = kept.isEmpty ? nil : kept
        if !revalidating { requests[slice] = nil }
        if page.next == nil { more.remove(slice) } else { more.insert(slice) }
        let change = rows.setItems(page.items, of: slice)
        if Self.countedFromFirstPage.contains(slice) {
            counts[slice] = page.next == nil ? rows.slice(slice)?.items.count : nil
        }
        recount(slice)
        return change
    }

    /// A slice could not be loaded: its retry row (the rows it showed stay).
    mutating func failed(_ id: RequestID, _ failure: LoadFailure) -> ListChange? {
        guard let slice = slice(waitingFor: id) else { return nil }
        requests[slice] = nil
        return rows.setFailed(slice, failure)
    }

    /// `R` on a failed slice: asks again, the others left alone.
    mutating func retry(_ slice: ProfileSlice, screen: ScreenID) -> [Command] {
        guard rows.slice(slice)?.state.failure != nil else { return [] }
        return load(slice, screen: screen, refresh: false).map { [$0] } ?? []
    }

    /// `r`: every slice that loaded or failed asks GitHub again; the ones not reached yet still
    /// wait to come near the screen.
    mutating func refresh(screen: ScreenID) -> [Command] {
        var commands = cancelAll(screen: screen)
        for part in rows.slices where part.id != .about && part.state != .idle {
            if let command = load(part.id, screen: screen, refresh: true) { commands.append(command) }
        }
        return commands
    }

    /// Cancels every request out (the profile left the stack, or refreshes).
    mutating func cancelAll(screen: ScreenID) -> [Command] {
        let cancels = requests.values.sorted().map { Command.cancel(.slice(screen, $0)) }
        requests = [:]
        return cancels
    }

    /// The address kept for a row of a slice (a repository's in the repositories, an
    /// account's in the others).
    func keptWebPage(of row: Row) -> String? {
        if row.repository != nil { return webPages[.repositories]?[row.id] }
        return webPages.lazy.filter { $0.key != .repositories }.compactMap { $0.value[row.id] }.first
    }

    private func slice(waitingFor id: RequestID) -> ProfileSlice? {
        requests.first { $0.value == id }?.key
    }
}
