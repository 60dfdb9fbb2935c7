import GitHubAPI
import ListCore

/// An account's profile on the stack: its slices (``Profile``), the viewport over them and
/// whether the details pane is open. It has no pager of its own: each slice asks for its first
/// page, and its "All … →" row pushes the whole list.
package struct ProfileScreen: Sendable, Equatable {
    /// The profile's facts in one copy-on-write box, as a list's are (``ListScreen``): a
    /// ``Screen`` is then one reference of either kind, so reading the top screen or changing
    /// it in place copies a reference, not a profile's rows and viewport.
    private final class Storage: @unchecked Sendable {
        // (Changed only through `ProfileScreen`, after it made the box its own.)
        let id: ScreenID
        let crumbs: [Crumb]
        @exclusivity(unchecked) var profile: Profile
        @exclusivity(unchecked) var viewport: Viewport
        @exclusivity(unchecked) var detailsOpen: Bool
        @exclusivity(unchecked) var fills = RowFills()

        init(id: ScreenID, crumbs: [Crumb], profile: Profile, viewport: Viewport, detailsOpen: Bool) {
            (self.id, self.crumbs, self.profile, self.viewport, self.detailsOpen) = (id, crumbs, profile, viewport, detailsOpen)
        }

        func copy() -> Storage {
            let copy = Storage(id: id, crumbs: crumbs, profile: profile, viewport: viewport, detailsOpen: detailsOpen)
            copy.fills = fills
            return copy
        }

        func equals(_ other: Storage) -> Bool {
            self === other || (id == other.id && crumbs == other.crumbs && profile == other.profile
                && viewport == other.viewport && detailsOpen == other.detailsOpen && fills == other.fills)
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

    package static func == (lhs: ProfileScreen, rhs: ProfileScreen) -> Bool { lhs.storage.equals(rhs.storage) }

    package var id: ScreenID { storage.id }
    /// The title path: the crumbs of the screen it was opened from, then the login.
    var crumbs: [Crumb] { storage.crumbs }
    package internal(set) var profile: Profile {
        _read { yield storage.profile }
        _modify { yield &unique.profile }
    }
    package internal(set) var viewport: Viewport {
        _read { yield storage.viewport }
        _modify { yield &unique.viewport }
    }
    var detailsOpen: Bool {
        _read { yield storage.detailsOpen }
        _modify { yield &unique.detailsOpen }
    }
    /// What GraphQL said of the accounts and repositories the slices show (``RowFills``).
    package internal(set) var fills: RowFills {
        _read { yield storage.fills }
        _modify { yield &unique.fills }
    }

    init(id: ScreenID, profile: Profile, crumbs: [Crumb], listHeight: Int) {
        var viewport = Viewport(height: listHeight, margin: 2)
        viewport.sync(profile.rows)
        storage = Storage(id: id, crumbs: crumbs, profile: profile, viewport: viewport, detailsOpen: false)
    }

    /// The account the profile is of.
    package var login: String { profile.login }

    // MARK: - Work

    /// Its work when it comes on the stack: the slices near the screen load.
    mutating func start(at now: Duration?) -> [Command] { loadNearScreen() }

    /// Its work when it leaves the stack: every slice's request is cancelled.
    mutating func stop(at now: Duration?) -> [Command] {
        profile.cancelAll(screen: id) + (fills.inFlight.map { [.cancel(.fill(id, $0.id))] } ?? [])
    }

    /// The slices within a screen of the visible rows start loading (the prefetch rule, for
    /// slices).
    mutating func loadNearScreen() -> [Command] {
        let rows = profile.rows
        let visible = viewport.visibleRows(in: rows)
        let (id, distance) = (id, max(1, viewport.height))
        // Asked on every key: most of the time nothing is idle near the screen, and the profile
        // is left as it is (no copy of its rows to compare).
        guard !rows.slicesToLoad(visible: visible, distance: distance).isEmpty else { return [] }
        return changeProfile { $0.loadNear(visible, distance: distance, screen: id) }
    }

    // MARK: - Changes

    /// Changes the profile; the selection stays on the same row at the same line when it is
    /// still there, else goes to the nearest row that can be selected. With nothing selected
    /// before, the first such row is, under the about row. While the profile's start is on
    /// screen it stays there: a slice above the selection that loads pushes the selection down
    /// (the screen scrolls only when it would go off the bottom), rather than the name and the
    /// picture up and away.
    @discardableResult
    mutating func changeProfile<T>(_ body: (inout Profile) -> T) -> T {
        let old = profile.rows
        let line = viewport.selection.flatMap { viewport.line(of: $0, in: old) } ?? 0
        let atStart = viewport.top == 0 && viewport.topOffset == 0
        let result = body(&profile)
        guard profile.rows != old else { return result }
        let kept = viewport.selection.flatMap { profile.rows.keptSelection($0, from: old) }
        if atStart, let selection = viewport.selection, selection == old.selectableRows.first, let kept,
           (0...kept).reduce(0, { $0 + profile.rows.rowHeight(at: $1) }) > viewport.height - viewport.margin {
            // On the first row there was, the start on screen: a slice below came before one
            // above it (its answer was quicker), and the row would be pushed off the screen. The
            // first row now, the start kept on screen, rather than the picture scrolled away.
            viewport = Viewport(height: viewport.height, margin: viewport.margin)
            viewport.sync(profile.rows)
        } else if viewport.selection != nil, let row = kept {
            let rows = profile.rows
            viewport.place(row, atLine: atStart ? (0..<row).reduce(0) { $0 + rows.rowHeight(at: $1) } : line, in: rows)
        } else {
            viewport.sync(profile.rows)
        }
        return result
    }

    mutating func move(_ command: Viewport.Command) {
        viewport.perform(command, in: profile.rows)
    }

    mutating func resize(listHeight: Int) {
        viewport.resize(height: listHeight, in: profile.rows)
    }

    mutating func select(row: Int) {
        viewport.select(row, in: profile.rows)
    }

    /// New row heights: the same row, at the line it was on when it still fits.
    mutating func relayout(to new: RowHeights) {
        let line = viewport.selection.flatMap { viewport.line(of: $0, in: profile.rows) } ?? 0
        profile.rows.heights = new
        if let selection = viewport.selection {
            viewport.place(selection, atLine: min(line, max(0, viewport.height - new.height(of: .item))), in: profile.rows)
        } else {
            viewport.sync(profile.rows)
        }
    }

    // MARK: - The selection

    /// The account or repository the selection is on, if it is on one of a slice's items.
    var selectedRow: Row? {
        guard let row = viewport.selection, row < profile.rows.count, case .item(_, _, let item) = profile.rows[row]
        else { return nil }
        return item
    }

    /// Where the selection is in the profile: its slice and the kind of row.
    var selectedSliceRow: SlicedRowLocation<ProfileSlice>? {
        guard let row = viewport.selection else { return nil }
        return profile.rows.location(ofRow: row)
    }

    /// The number of items the selection is on, among a slice's ("3/5 followers").
    var selectedSlicePosition: (index: Int, of: Int, slice: ProfileSlice)? {
        guard let location = selectedSliceRow, let index = location.item,
              let slice = profile.rows.slice(location.slice) else { return nil }
        return (index + 1, slice.shownCount, location.slice)
    }

    /// Whether a slice failed (the account's details are the app's to judge).
    var sliceFailed: Bool { profile.rows.slices.contains { $0.state.failure != nil } }
}
