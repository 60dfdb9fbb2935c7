import Testing
@testable import ListCore

typealias Profile = SlicedList<User, String>

/// A row as a short line, so a test spells out a whole list.
func line(_ row: SlicedRow<User, String>) -> String {
    switch row {
    case let .heading(_, text): "# \(text)"
    case let .item(slice, index, user): "\(slice)[\(index)] \(user.id)"
    case let .loading(slice): "\(slice) …"
    case let .empty(slice, text): "\(slice): \(text)"
    case let .failed(slice, failure): "\(slice) ! \(failure.message)"
    case let .seeAll(slice, text): "\(slice) → \(text)"
    }
}

func lines(_ list: Profile) -> [String] { list.map(line) }

/// Organizations (all), repositories and followers (five each, then "all").
func profile() -> Profile {
    Profile([
        ListSlice(id: "orgs", heading: "Organizations", empty: "No organizations"),
        ListSlice(id: "repos", heading: "Repositories", limit: 5, seeAll: "All repositories", empty: "No repositories"),
        ListSlice(id: "followers", heading: "Followers", limit: 5, seeAll: "All followers"),
    ])
}

let boom = LoadFailure(message: "boom")

@Suite("SlicedList")
struct SlicedListTests {
    @Test("a heading of its own height (a profile's picture) takes its lines, breaks the uniform height, and the viewport steps over it")
    func tallHeading() {
        var list = Profile([ListSlice(id: "about", heading: "octocat", state: .loaded, headingLines: 6)] + profile().slices)
        _ = list.setItems([User(1), User(2)], of: "orgs")
        #expect(list.rowHeight(at: 0) == 6)
        #expect(list.rowHeight(at: 1) == 1, "the other headings take the list's height")
        #expect(list.uniformRowHeight == nil)
        #expect(Profile([ListSlice(id: "about", heading: "a", headingLines: 1)]).uniformRowHeight == 1)
        var viewport = Viewport(height: 10)
        viewport.sync(list)
        #expect(viewport.selection == 2, "the first organization, under the picture and its heading")
        #expect(viewport.visibleRows(in: list) == 0..<5, "6 lines, the heading, two organizations, the next heading")
        viewport.perform(.lineDown, in: list)
        #expect(viewport.selection == 3)
        // The picture scrolls up to keep the margin under the selection, as far as the last row
        // ending on the bottom line allows: 13 lines in all on 10, its last 3 lines stay.
        #expect(viewport == Viewport(height: 10, top: 0, topOffset: 3, selection: 3))
        list.update("about") { $0.headingLines = 3 }
        #expect(list.rowHeight(at: 0) == 3)
    }

    @Test("idle slices show their heading and a loading row, and loading them changes no row")
    func idle() {
        var list = profile()
        #expect(lines(list) == ["# Organizations", "orgs …", "# Repositories", "repos …", "# Followers", "followers …"])
        #expect(list.setLoading("repos") == .none)
        #expect(list.slice("repos")?.state == .loading)
        #expect(list.setLoading("nobody") == .none)
    }

    @Test("a slice fills: the loading row goes, five items and the 'all' row come; the slices below move down")
    func fillWithLimit() {
        var list = profile()
        list.setLoading("repos")
        let change = list.setItems(users(1...12), of: "repos", total: 12)
        #expect(change == ListChange(inserted: [3, 4, 5, 6, 7, 8], deleted: [3]))
        #expect(lines(list) == ["# Organizations", "orgs …", "# Repositories",
                                "repos[0] 1", "repos[1] 2", "repos[2] 3", "repos[3] 4", "repos[4] 5",
                                "repos → All repositories", "# Followers", "followers …"])
    }

    @Test("the 'all' row comes when the source says it holds more than the slice shows, and not otherwise")
    func seeAllFromTotal() {
        var list = profile()
        #expect(list.setItems(users([1, 2]), of: "repos") == ListChange(inserted: [3, 4], deleted: [3]))
        #expect(lines(list)[2...5] == ["# Repositories", "repos[0] 1", "repos[1] 2", "# Followers"])
        // The total arrives with a next page: now there is more than two.
        #expect(list.setItems(users([1, 2]), of: "repos", total: 9) == ListChange(inserted: [5]))
        #expect(lines(list)[5] == "repos → All repositories")
        // A limit larger than what is loaded, and no total: nothing more to see.
        var five = Profile([ListSlice(id: "a", limit: 5, seeAll: "All")])
        #expect(five.setItems(users(1...5), of: "a") == ListChange(inserted: [0, 1, 2, 3, 4], deleted: [0]))
        #expect(lines(five) == ["a[0] 1", "a[1] 2", "a[2] 3", "a[3] 4", "a[4] 5"])
        #expect(five.append(users([6]), to: "a") == ListChange(inserted: [5]))
        #expect(lines(five).last == "a → All")
    }

    @Test("a slice fails, fails again, loads again, comes back empty, then fills; the others stay")
    func failEmptyFill() {
        var list = profile()
        #expect(list.setFailed("orgs", boom) == ListChange(inserted: [1], deleted: [1]))
        #expect(lines(list)[0...2] == ["# Organizations", "orgs ! boom", "# Repositories"])
        #expect(list[1].kind == .failed)
        #expect(list.setFailed("orgs", LoadFailure(message: "still down")) == ListChange(updated: [1]))
        #expect(list.setFailed("orgs", LoadFailure(message: "still down")) == .none)
        #expect(list.setLoading("orgs") == ListChange(inserted: [1], deleted: [1]))
        #expect(list.setItems([], of: "orgs") == ListChange(inserted: [1], deleted: [1]))
        #expect(lines(list)[0...2] == ["# Organizations", "orgs: No organizations", "# Repositories"])
        #expect(list.setItems(users([7, 8]), of: "orgs") == ListChange(inserted: [1, 2], deleted: [1]))
        #expect(lines(list) == ["# Organizations", "orgs[0] 7", "orgs[1] 8", "# Repositories", "repos …",
                                "# Followers", "followers …"])
    }

    @Test("a next page appends after the items, without the ids already there")
    func append() {
        var list = profile()
        #expect(list.setItems(users([7, 8]), of: "orgs", state: .loading) == ListChange(inserted: [1, 2]))
        #expect(lines(list)[0...3] == ["# Organizations", "orgs[0] 7", "orgs[1] 8", "orgs …"])
        #expect(list.append(users([8, 9]), to: "orgs") == ListChange(inserted: [3], deleted: [3]))
        #expect(lines(list)[0...4] == ["# Organizations", "orgs[0] 7", "orgs[1] 8", "orgs[2] 9", "# Repositories"])
    }

    @Test("a refresh is compared inside its slice and reported in the composed rows")
    func refresh() {
        var list = profile()
        list.setItems(users(1...12), of: "repos", total: 12)
        // Shown 1 2 3 4 5 at rows 3...7 become 3 1 20 2 4: 5 goes, 20 comes, 3 moves up.
        let change = list.setItems(users([3, 1, 20, 2, 4, 5, 6]), of: "repos")
        #expect(change == ListChange(inserted: [5], deleted: [7], moved: [.init(from: 5, to: 3)]))
        #expect(lines(list)[3...8] == ["repos[0] 3", "repos[1] 1", "repos[2] 20", "repos[3] 2", "repos[4] 4",
                                       "repos → All repositories"])
        // Down to three with no total: the 'all' row goes too.
        let shrink = list.setItems(users([1, 2, 3]), of: "repos")
        #expect(shrink == ListChange(deleted: [5, 7, 8], moved: [.init(from: 3, to: 5)]))
        #expect(lines(list)[2...6] == ["# Repositories", "repos[0] 1", "repos[1] 2", "repos[2] 3", "# Followers"])
    }

    @Test("headings, limits and texts change through update, reported over that slice's rows")
    func update() {
        var list = profile()
        list.setItems(users(1...12), of: "repos", total: 12)
        #expect(list.update("repos") { $0.heading = "Repositories · 12" } == ListChange(updated: [2]))
        #expect(list.update("repos") { $0.seeAll = "All 12 repositories" } == ListChange(updated: [8]))
        #expect(list.update("repos") { $0.limit = 3 } == ListChange(deleted: [6, 7]))
        #expect(lines(list)[2...7] == ["# Repositories · 12", "repos[0] 1", "repos[1] 2", "repos[2] 3",
                                       "repos → All 12 repositories", "# Followers"])
        #expect(list.update("orgs") { $0.heading = nil } == ListChange(deleted: [0]))
        #expect(lines(list)[0...1] == ["orgs …", "# Repositories · 12"])
        #expect(list.update("nobody") { $0.heading = "x" } == .none)
    }

    @Test("removing and inserting slices report their whole rows")
    func slices() {
        var list = profile()
        list.setItems(users(1...12), of: "repos", total: 12)
        #expect(list.removeSlice("repos") == ListChange(deleted: [2, 3, 4, 5, 6, 7, 8]))
        #expect(lines(list) == ["# Organizations", "orgs …", "# Followers", "followers …"])
        #expect(list.removeSlice("repos") == .none)
        let members = ListSlice<User, String>(id: "members", heading: "Members", items: users([4, 4, 5]), state: .loaded)
        #expect(list.insertSlice(members, at: 1) == ListChange(inserted: [2, 3, 4]))
        #expect(lines(list) == ["# Organizations", "orgs …", "# Members", "members[0] 4", "members[1] 5",
                                "# Followers", "followers …"])
        #expect(list.insertSlice(members, at: 0) == .none)
        #expect(list.appendSlice(ListSlice(id: "end", state: .loaded)) == .none)
        #expect(list.appendSlice(ListSlice(id: "tail", heading: "Tail")) == ListChange(inserted: [7, 8]))
        #expect(list.slices.map(\.id) == ["orgs", "members", "followers", "end", "tail"])
        #expect(list.rows(of: "end") == 7..<7)
        #expect(list.rows(of: "tail") == 7..<9)
        #expect(list.removeSlice("orgs") == ListChange(deleted: [0, 1]))
        #expect(list.position(of: "tail") == 3)
        #expect(list.rows(of: "members") == 0..<3)
    }

    @Test("a row maps to its slice and index, and an item to its row")
    func mapping() {
        var list = profile()
        list.setItems(users([7, 8]), of: "orgs")
        list.setItems(users(1...12), of: "repos", total: 12)
        // 0 # Organizations, 1-2 orgs, 3 # Repositories, 4-8 repos, 9 all, 10 # Followers, 11 loading
        #expect(list.location(ofRow: 0) == SlicedRowLocation(slice: "orgs", kind: .heading, offset: 0))
        #expect(list.location(ofRow: 2) == SlicedRowLocation(slice: "orgs", kind: .item, offset: 2, item: 1))
        #expect(list.location(ofRow: 6) == SlicedRowLocation(slice: "repos", kind: .item, offset: 3, item: 2))
        #expect(list.location(ofRow: 9) == SlicedRowLocation(slice: "repos", kind: .seeAll, offset: 6))
        #expect(list.location(ofRow: 11) == SlicedRowLocation(slice: "followers", kind: .loading, offset: 1))
        #expect(list.location(ofRow: 12) == nil)
        #expect(list.location(ofRow: -1) == nil)
        #expect(list.row(ofItem: 0, in: "orgs") == 1)
        #expect(list.row(ofItem: 4, in: "repos") == 8)
        #expect(list.row(ofItem: 5, in: "repos") == nil)
        #expect(list.row(ofItem: 0, in: "followers") == nil)
        #expect(list.row(ofItemID: 3, in: "repos") == 6)
        #expect(list.row(ofItemID: 8, in: "repos") == nil)
        #expect(list.rows(of: "repos") == 3..<10)
        #expect(list.rows(of: "nobody") == nil)
        #expect(list.rowID(at: 5) == .item("repos", 2))
        #expect(list.row(of: .seeAll("repos")) == 9)
        #expect(list.row(of: .loading("repos")) == nil)
        #expect(list.row(of: .heading("followers")) == 10)
        #expect(list.count == 12)
    }

    @Test("the idle slices within the prefetch distance of the screen are the ones to load")
    func slicesToLoad() {
        var list = profile()   // rows 0-1 orgs, 2-3 repos, 4-5 followers
        #expect(list.slicesToLoad(visible: 0..<2, distance: 0) == ["orgs"])
        #expect(list.slicesToLoad(visible: 0..<2, distance: 2) == ["orgs", "repos"])
        #expect(list.slicesToLoad(visible: 0..<2, distance: 3) == ["orgs", "repos", "followers"])
        #expect(list.slicesToLoad(visible: 4..<6, distance: 1) == ["repos", "followers"])
        #expect(list.slicesToLoad(visible: 5..<6, distance: 1) == ["followers"])
        list.setLoading("orgs")
        list.setFailed("repos", boom)
        #expect(list.slicesToLoad(visible: 0..<2, distance: 9) == ["followers"])
        #expect(Profile().slicesToLoad(visible: 0..<0, distance: 5) == [])
    }

    @Test("the viewport scrolls it: heights by kind, selection from the first item to the last 'all' row")
    func viewport() {
        var list = profile()
        #expect(list.selectableRows == 0..<0)
        list.heights = .comfortable
        list.setItems(users(1...12), of: "repos", total: 12)
        // 0 # Organizations, 1 orgs …, 2 # Repositories, 3-7 repos, 8 all, 9 # Followers, 10 …
        #expect(list.selectableRows == 3..<9)
        #expect((0..<list.rowCount).map(list.rowHeight(at:)) == [1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1])
        #expect((0..<list.rowCount).filter(list.isSelectable) == Array(3...8))
        var viewport = Viewport(height: 6, margin: 0)
        viewport.select(0, in: list)
        #expect(viewport.selection == 3)
        viewport.perform(.last, in: list)
        #expect(viewport.selection == 8)
        // Rows 7 to 10 take 5 lines: the second line of row 6 fills the sixth.
        #expect(viewport == Viewport(height: 6, margin: 0, top: 6, topOffset: 1, selection: 8))
        #expect(viewport.visibleRows(in: list) == 6..<11)
    }

    @Test("moving steps over headings and loading rows: j from an 'all' row lands on the next slice's first item, k back")
    func stepsOverHeadings() {
        var list = profile()
        list.setItems(users(1...12), of: "repos", total: 12)
        list.setItems(users([30, 31, 32, 33, 34, 35]), of: "followers", total: 6)
        list.setFailed("orgs", boom)
        // 0 # Organizations, 1 orgs !, 2 # Repositories, 3-7 repos, 8 all, 9 # Followers, 10-14 followers, 15 all
        #expect((0..<list.rowCount).filter(list.isSelectable) == [1] + Array(3...8) + Array(10...15))
        var viewport = Viewport(height: 20, margin: 0)
        viewport.select(1, in: list)
        viewport.perform(.lineDown, in: list)
        #expect(viewport.selection == 3, "over the repositories' heading")
        viewport.select(8, in: list)
        viewport.perform(.lineDown, in: list)
        #expect(viewport.selection == 10, "from 'All repositories' to the first follower")
        viewport.perform(.lineUp, in: list)
        #expect(viewport.selection == 8, "and back up to 'All repositories'")
        viewport.select(9, in: list)
        #expect(viewport.selection == 10, "a heading asked for directly: the row after it")
        var small = Viewport(height: 3, margin: 0)
        small.select(3, in: list)
        var visited: [Int] = []
        for _ in 0..<8 {
            small.perform(.pageDown, in: list)
            visited.append(small.selection ?? -1)
        }
        #expect(visited.allSatisfy(list.isSelectable), "a page down never rests on a heading: \(visited)")
        #expect(visited.last == 15)
    }

    @Test("the selection follows its item, else stays in its slice, else goes to the nearest row")
    func keptSelection() {
        var list = profile()
        list.setItems(users(1...12), of: "repos", total: 12)
        list.setItems(users([30, 31, 32]), of: "followers")
        // 0 # Organizations, 1 …, 2 # Repositories, 3-7 repos 1-5, 8 all, 9 # Followers, 10-12 followers
        var old = list
        list.setItems(users([1, 2]), of: "orgs")
        #expect(list.keptSelection(5, from: old) == 6)         // repository 3, one row down
        old = list
        // 0 # Organizations, 1-2 orgs, 3 # Repositories, 4-8 repos 1-5, 9 all, 10 # Followers, 11-13 followers
        list.setItems(users([5, 4, 3, 9, 8]), of: "repos", total: 12)
        #expect(list.keptSelection(7, from: old) == 5)         // 4
        #expect(list.keptSelection(8, from: old) == 4)         // 5
        #expect(list.keptSelection(5, from: old) == 5)         // 2 went: the same place in its slice
        #expect(list.keptSelection(9, from: old) == 9)         // the 'all' row
        old = list
        list.removeSlice("repos")
        // 0 # Organizations, 1-2 orgs, 3 # Followers, 4-6 followers
        #expect(list.keptSelection(6, from: old) == 4)
        #expect(list.keptSelection(13, from: old) == 6)
        old = list
        list.setLoading("followers")
        list.setItems([], of: "followers")
        #expect(list.keptSelection(5, from: old) == 2)
        #expect(list.keptSelection(nil, from: old) == 1)
        #expect(Profile().keptSelection(0, from: old) == nil)
    }
}
