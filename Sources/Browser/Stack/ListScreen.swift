import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// One list on the stack: its pager, its viewport, its filter and where its selection is. Every
/// fact has this one owner; the pager is stepped synchronously here.
package struct ListScreen: Sendable, Equatable {
    package typealias Items = ListSubset<[Row]>
    package typealias Rows = RowModel<Items>

    /// The list's facts, in one box copied only when a shared one is changed (copy on write):
    /// the screen on top is read many times a key (through ``Screen``, whose payload a read
    /// copies), and a copy of the box is one reference, not every field of the list and its pager.
    private final class Storage: @unchecked Sendable {
        // (Changed only through `ListScreen`, after it made the box its own.)
        @exclusivity(unchecked) var id: ScreenID
        @exclusivity(unchecked) var list: GitHubList
        @exclusivity(unchecked) var crumbs: [Crumb]
        @exclusivity(unchecked) var pager: Pager<Row, GitHubCursor>
        /// What the pager shows, kept in step with it (``ListScreen/pager``'s every change): it
        /// is read several times a key, and asking the pager copied the whole pager out of the
        /// box each time (a class's stored struct, lent to a getter in another module).
        @exclusivity(unchecked) var shown = PagerShown()
        @exclusivity(unchecked) var viewport: Viewport
        @exclusivity(unchecked) var pull = PullToRefresh()
        @exclusivity(unchecked) var filterField = TextField()
        @exclusivity(unchecked) var matches: [Int]?
        @exclusivity(unchecked) var selectedID: Int64?
        @exclusivity(unchecked) var detailsOpen = false
        @exclusivity(unchecked) var pendingMove: Viewport.Command?
        @exclusivity(unchecked) var pendingItem: Int?
        @exclusivity(unchecked) var walkTo: Int?
        @exclusivity(unchecked) var storedAt: Date?
        @exclusivity(unchecked) var heights: RowHeights
        @exclusivity(unchecked) var expectedCount: Int?
        @exclusivity(unchecked) var openedWith: String?
        @exclusivity(unchecked) var fills = RowFills()
        @exclusivity(unchecked) var webPages: [Int64: String] = [:]
        @exclusivity(unchecked) var sought: Sought?
        @exclusivity(unchecked) var filterOrigin: FilterOrigin?
        /// F's follows, as the filter judges them (``ListScreen/takeMarks(_:revision:)``), and
        /// the writes' revision they are of. Kept in step with the writes by the reconcile step:
        /// derived, so out of the screen's equality.
        @exclusivity(unchecked) var marks: [WriteTarget: Bool] = [:]
        @exclusivity(unchecked) var marksRevision = Revision()

        init(id: ScreenID, list: GitHubList, crumbs: [Crumb], pager: Pager<Row, GitHubCursor>, viewport: Viewport,
             heights: RowHeights) {
            (self.id, self.list, self.crumbs, self.pager, self.viewport, self.heights) = (id, list, crumbs, pager, viewport, heights)
            pagerChanged()
        }

        /// Works out ``shown`` again, after the pager changed.
        func pagerChanged() {
            shown = PagerShown(&pager)
        }

        func copy() -> Storage {
            let copy = Storage(id: id, list: list, crumbs: crumbs, pager: pager, viewport: viewport, heights: heights)
            (copy.pull, copy.filterField, copy.matches, copy.selectedID) = (pull, filterField, matches, selectedID)
            (copy.detailsOpen, copy.pendingMove, copy.pendingItem, copy.storedAt) = (detailsOpen, pendingMove, pendingItem, storedAt)
            copy.walkTo = walkTo
            (copy.expectedCount, copy.openedWith, copy.fills, copy.webPages) = (expectedCount, openedWith, fills, webPages)
            (copy.sought, copy.filterOrigin, copy.marks, copy.marksRevision) = (sought, filterOrigin, marks, marksRevision)
            return copy
        }

        func equals(_ other: Storage) -> Bool {
            self === other || (id == other.id && list == other.list && crumbs == other.crumbs && pager == other.pager
                && viewport == other.viewport && pull == other.pull && filterField == other.filterField
                && matches == other.matches && selectedID == other.selectedID && detailsOpen == other.detailsOpen
                && pendingMove == other.pendingMove && pendingItem == other.pendingItem && walkTo == other.walkTo
                && storedAt == other.storedAt
                && heights == other.heights && expectedCount == other.expectedCount && openedWith == other.openedWith
                && fills == other.fills && webPages == other.webPages && sought == other.sought
                && filterOrigin == other.filterOrigin)
        }
    }

    private var storage: Storage

    /// The box, made this screen's own before a change.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    package static func == (lhs: ListScreen, rhs: ListScreen) -> Bool { lhs.storage.equals(rhs.storage) }

    package var id: ScreenID { storage.id }
    package var list: GitHubList { storage.list }
    /// The title path, as facts: all users, then octocat and their followers for each level
    /// pushed (the view words them: "All users › octocat › followers").
    var crumbs: [Crumb] { storage.crumbs }
    package internal(set) var pager: Pager<Row, GitHubCursor> {
        _read { yield storage.pager }
        _modify {
            let storage = unique
            defer { storage.pagerChanged() }
            yield &storage.pager
        }
    }

    /// What the pager shows (as the pager's own getters say, without copying the pager).
    var shown: PagerShown { storage.shown }
    var footer: Footer? { storage.shown.footer }
    var placeholder: Placeholder? { storage.shown.placeholder }
    package internal(set) var viewport: Viewport {
        _read { yield storage.viewport }
        _modify { yield &unique.viewport }
    }
    var pull: PullToRefresh {
        _read { yield storage.pull }
        _modify { yield &unique.pull }
    }
    /// The filter as it is being typed: its text and the cursor in it.
    var filterField: TextField {
        _read { yield storage.filterField }
        _modify { yield &unique.filterField }
    }
    /// The filter text; empty when none.
    package var filter: String { filterField.text }
    /// Indexes into the pager's items of the users the filter matches, ascending; nil when no
    /// filter is set.
    var matches: [Int]? {
        _read { yield storage.matches }
        _modify { yield &unique.matches }
    }
    /// The user the selection is on, followed when the list changes under it.
    var selectedID: Int64? {
        _read { yield storage.selectedID }
        _modify { yield &unique.selectedID }
    }
    var detailsOpen: Bool {
        _read { yield storage.detailsOpen }
        _modify { yield &unique.detailsOpen }
    }
    /// `g` or `G` waiting for a far page (a jump), or `G` for the first page: done when the page
    /// arrives.
    var pendingMove: Viewport.Command? {
        _read { yield storage.pendingMove }
        _modify { yield &unique.pendingMove }
    }
    /// A count's row (`20G`, the item at 19 of the whole list) waiting for the far page that
    /// holds it, or for the first page: selected when it arrives.
    var pendingItem: Int? {
        _read { yield storage.pendingItem }
        _modify { yield &unique.pendingItem }
    }
    /// A count's row past the loaded ones (`250G` with 100 loaded, the item at 249 of the whole
    /// list): the selection rests on the last row loaded while the pages up to it load one
    /// after another, and goes to it when it arrives (the list's last row, if it ends first).
    /// Any move of the selection gives it up.
    var walkTo: Int? {
        _read { yield storage.walkTo }
        _modify { yield &unique.walkTo }
    }
    /// When the rows on screen were fetched, when they came from the cache and GitHub has not
    /// confirmed them since; nil when they are GitHub's latest.
    var storedAt: Date? {
        _read { yield storage.storedAt }
        _modify { yield &unique.storedAt }
    }
    /// How many lines each kind of row takes (one or two a user).
    var heights: RowHeights {
        _read { yield storage.heights }
        _modify { yield &unique.heights }
    }
    /// How many rows an account's details said the list has when it was opened (its followers,
    /// the users it follows, its repositories): GitHub's pages of those lists do not count
    /// themselves, so the status line says "100 of 182" by this until the end is reached.
    var expectedCount: Int? {
        _read { yield storage.expectedCount }
        _modify { yield &unique.expectedCount }
    }
    /// The `:` line this screen was opened with, for the prompt to come back with when GitHub
    /// refuses it (a search's invalid query).
    var openedWith: String? {
        _read { yield storage.openedWith }
        _modify { yield &unique.openedWith }
    }

    /// What GitHub's GraphQL API said of the accounts on the rows, beside them.
    package internal(set) var fills: RowFills {
        _read { yield storage.fills }
        _modify { yield &unique.fills }
    }

    /// The web pages GitHub sent for loaded rows whose page is not under the base the others
    /// follow (a bot's), by row id: few or none, and only while their rows are loaded.
    package internal(set) var webPages: [Int64: String] {
        _read { yield storage.webPages }
        _modify { yield &unique.webPages }
    }

    /// The account a refresh lost from under the selection, sought in the pages that come next.
    var sought: Sought? {
        _read { yield storage.sought }
        _modify { yield &unique.sought }
    }

    /// Where the selection was when the filter line was opened, to go back to when a filter
    /// that matched nothing is cleared.
    var filterOrigin: FilterOrigin? {
        _read { yield storage.filterOrigin }
        _modify { yield &unique.filterOrigin }
    }

    /// Whether the token's owner follows an account, as F's writes (and the GETs before them)
    /// said: the filter's `is:` qualifiers judge a row by it before its fill.
    var marks: [WriteTarget: Bool] {
        _read { yield storage.marks }
        _modify { yield &unique.marks }
    }

    /// The writes' revision ``marks`` are of.
    var marksRevision: Revision {
        _read { yield storage.marksRevision }
        _modify { yield &unique.marksRevision }
    }

    package init(id: ScreenID, list: GitHubList, crumbs: [Crumb], pageSize: Int, prefetch: any PrefetchPolicy,
                listHeight: Int, heights: RowHeights = .compact, firstCursor: GitHubCursor, maxItems: Int? = nil) {
        let pagesBefore = list.cursors(before: firstCursor)
        let pager = Pager<Row, GitHubCursor>(firstCursor: firstCursor, pageSize: pageSize, prefetch: prefetch,
                                             maxItems: maxItems, pagesBefore: pagesBefore)
        storage = Storage(id: id, list: list, crumbs: crumbs, pager: pager, viewport: Viewport(height: listHeight, margin: 2),
                          heights: heights)
    }

    // MARK: - Work

    /// Its work when it comes on the stack: the first page (the one it was opened at).
    mutating func start(at now: Duration?) -> [Command] { send(.start, at: now) }

    /// Its work when it leaves the stack: every request of its pager is cancelled.
    mutating func stop(at now: Duration?) -> [Command] {
        send(.cancel, at: now) + (fills.inFlight.map { [.cancel(.fill(id, $0.id))] } ?? [])
    }

    /// Tells the pager what is on screen (it may ask for the next page).
    mutating func reportVisible(at now: Duration?) -> [Command] {
        guard let event = visibleRangeEvent else { return [] }
        return send(event, at: now)
    }

    // MARK: - Derived

    /// The users shown: all loaded, or the ones the filter matches.
    package var items: Items { ListSubset(pager.items, indexes: matches) }

    /// The rows, the one above the loaded users (when there is one) without its words: as many
    /// rows as the screen shows, for the viewport.
    package var rows: Rows { rows(earlierText: "") }

    /// The rows, the one above the loaded users worded as `text` (the view's words for it).
    func rows(earlierText text: String) -> Rows {
        RowModel(headers: hasEarlierRow ? [text] : [], pull: pull.isPulled ? false : nil, items: items,
                 footer: footer, heights: heights)
    }

    /// Whether there is a row above the loaded users: a jump on its way, or the users dropped
    /// before them.
    var hasEarlierRow: Bool {
        switch pager.jumpState {
        case .loading, .failed: true
        default: pager.offset > 0
        }
    }

    /// The selected row, if the selection is on one of the list's items.
    var selectedRow: Row? {
        let rows = self.rows
        return viewport.selection.flatMap(rows.itemIndex(forRow:)).map { rows.items[$0] }
    }

    /// The selected user, if the selection is on a user.
    var selectedUser: GitHubUser? { selectedRow?.user }

    /// Position of the selection among the rows shown (1-based), for "3/40": in the whole list
    /// (dropped pages counted), or among the matches of a filter.
    var selectedPosition: Int? {
        viewport.selection.flatMap(rows.itemIndex(forRow:)).map { $0 + 1 + (matches == nil ? pager.offset : 0) }
    }

    var isFiltered: Bool { matches != nil }

    /// Whether the screen is a search's results.
    var isSearch: Bool {
        guard case .users(.search) = list else { return false }
        return true
    }
}

