import GitHubAPI
import ListCore

extension ListScreen {
    // MARK: - A profile's slices

    /// Changes the profile (nothing when the screen is not one); the selection stays on the
    /// same row at the same line when it is still there, else goes to the nearest row that
    /// can be selected. With nothing selected before, the first such row is, under the about
    /// row.
    mutating func changeProfile<T>(_ body: (inout Profile) -> T) -> T? {
        guard var changed = profile else { return nil }
        let old = changed.rows
        let line = viewport.selection.flatMap { viewport.line(of: $0, in: old) } ?? 0
        let result = body(&changed)
        profile = changed
        guard changed.rows != old else { return result }
        if viewport.selection != nil, let row = changed.rows.keptSelection(viewport.selection, from: old) {
            viewport.place(row, atLine: line, in: changed.rows)
        } else {
            viewport.sync(changed.rows)
        }
        return result
    }

    /// The slices within a screen of the visible rows start loading (the prefetch rule, for
    /// slices).
    mutating func loadProfileSlices() -> [Command] {
        guard let rows = profile?.rows else { return [] }
        let visible = viewport.visibleRows(in: rows)
        let (id, distance) = (id, max(1, viewport.height))
        // Asked on every key: most of the time nothing is idle near the screen, and the profile
        // is left as it is (no copy of its rows to compare).
        guard !rows.slicesToLoad(visible: visible, distance: distance).isEmpty else { return [] }
        return changeProfile { $0.loadNear(visible, distance: distance, screen: id) } ?? []
    }

    /// Where the selection is in the profile: its slice and the kind of row.
    var selectedSliceRow: SlicedRowLocation<ProfileSlice>? {
        guard let profile, let row = viewport.selection else { return nil }
        return profile.rows.location(ofRow: row)
    }

    /// The number of items the selection is on, among a slice's ("3/5 followers").
    var selectedSlicePosition: (index: Int, of: Int, slice: ProfileSlice)? {
        guard let location = selectedSliceRow, let index = location.item,
              let slice = profile?.rows.slice(location.slice) else { return nil }
        return (index + 1, slice.shownCount, location.slice)
    }
}
