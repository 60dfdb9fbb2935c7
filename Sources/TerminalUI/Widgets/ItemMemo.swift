/// The drawings of a list's item rows, kept from one frame to the next: a row drawn before at
/// the same place in the list, as it was, is drawn by repeating the calls made then, not laid
/// out again (a one-line scroll lays out the new row and the two the selection left and
/// reached; the others only move). Keeps the rows of the last three frames only.
///
/// An entry is found by the row's index in the list, and its drawing used only when its width,
/// lines, highlight and colours are the same, and either
/// - the item is the same one (`same`) and the caller's ``generation`` has not moved since: the
///   item is not described again at all (the caller moves the generation whenever anything an
///   item's text is made of, besides the item, may have changed), or
/// - the item's text compares equal to the one the drawing was made from.
///
/// Each entry keeps a drawing selected and one not, so that the selection moving on draws the
/// row it left from the drawing made before it came.
public final class ItemMemo<Item> {
    /// What an item's drawing depends on besides its text and whether it is selected.
    struct Shape: Equatable {
        var highlight: String?
        var lines: Int
        var columns: Int
        var colorDepth: ColorDepth
    }

    // (Its state and its entries' are read and written by the one loop that draws, never from
    // two places at once: unchecked, as the screens' are, where the runtime's exclusivity check
    // on each row cost more than the lookup.)
    private final class Entry {
        @exclusivity(unchecked) var item: Item
        @exclusivity(unchecked) var generation: Int
        @exclusivity(unchecked) var text: ItemText
        let shape: Shape
        /// Drawn not selected, and selected.
        @exclusivity(unchecked) var drawings: (plain: DrawingRecorder?, selected: DrawingRecorder?)

        /// A row drawn from `text`, with no drawing kept yet.
        init(item: Item, generation: Int, text: ItemText, shape: Shape) {
            (self.item, self.generation, self.text, self.shape) = (item, generation, text, shape)
        }

        func drawing(selected: Bool) -> DrawingRecorder? { selected ? drawings.selected : drawings.plain }
    }

    /// The entries one frame drew, by index in the list: a run of indexes from `start` (a
    /// frame draws its rows in order, so finding one is an array's lookup, not a hash's).
    private struct Window {
        var start = 0
        var entries: [Entry?] = []

        /// The most a window spans: rows drawn further apart than this start it afresh.
        static var span: Int { 4_096 }

        func entry(at index: Int) -> Entry? {
            let offset = index - start
            return offset >= 0 && offset < entries.count ? entries[offset] : nil
        }

        mutating func set(_ entry: Entry, at index: Int) {
            if entries.isEmpty || index < start - Self.span || index >= start + Self.span {
                (start, entries) = (index, [])
            } else if index < start {
                entries.insert(contentsOf: repeatElement(nil, count: start - index), at: 0)
                start = index
            }
            while entries.count <= index - start { entries.append(nil) }
            entries[index - start] = entry
        }
    }

    private let same: ((Item, Item) -> Bool)?
    /// What this frame drew so far, and the two frames before it.
    @exclusivity(unchecked) private var now = Window()
    @exclusivity(unchecked) private var last = Window()
    @exclusivity(unchecked) private var older = Window()

    /// Moved by the caller whenever an item's text may have changed without the item changing
    /// (what it is described from besides itself): entries of another generation are checked
    /// by their text again.
    @exclusivity(unchecked) public var generation = 0

    /// `same`: whether two items are the same one, as described; without it every row is
    /// described and checked by its text.
    public init(same: ((Item, Item) -> Bool)? = nil) {
        self.same = same
    }

    /// Begins a frame: the rows of the frame three before are let go, unless a later one drew
    /// them too.
    func startFrame() {
        swap(&older, &last)
        swap(&last, &now)
        now.entries.removeAll(keepingCapacity: true)
    }

    /// Draws `item`, the row at `index`, with its top-left cell at `top`, `left`: by repeating
    /// the calls made for it before (see the type), or by calling `draw` with its text (from
    /// `describe`) at 0, 0 and keeping its calls.
    func draw(index: Int, _ item: Item, selected: Bool, _ shape: Shape, top: Int, left: Int, on screen: some Screen,
              describe: (Item) -> ItemText, _ draw: (ItemText, DrawingRecorder) -> Void) {
        var text: ItemText?
        if let entry = now.entry(at: index) ?? last.entry(at: index) ?? older.entry(at: index), entry.shape == shape {
            now.set(entry, at: index)
            if entry.generation == generation, let same, same(entry.item, item) {
                if let drawing = entry.drawing(selected: selected) { return screen.replay(drawing, top: top, left: left) }
                return keep(entry.text, in: entry, selected: selected, top: top, left: left, on: screen, draw)
            }
            let described = describe(item)
            if described == entry.text {
                (entry.item, entry.generation) = (item, generation)
                if let drawing = entry.drawing(selected: selected) { return screen.replay(drawing, top: top, left: left) }
                return keep(described, in: entry, selected: selected, top: top, left: left, on: screen, draw)
            }
            text = described
        }
        let described = text ?? describe(item)
        let entry = Entry(item: item, generation: generation, text: described, shape: shape)
        now.set(entry, at: index)
        keep(described, in: entry, selected: selected, top: top, left: left, on: screen, draw)
    }

    /// Draws `text` afresh into a new drawing kept in `entry`, and shows it.
    private func keep(_ text: ItemText, in entry: Entry, selected: Bool, top: Int, left: Int, on screen: some Screen,
                      _ draw: (ItemText, DrawingRecorder) -> Void) {
        let drawing = DrawingRecorder(size: screen.size, colorDepth: screen.colorDepth)
        draw(text, drawing)
        if selected { entry.drawings.selected = drawing } else { entry.drawings.plain = drawing }
        screen.replay(drawing, top: top, left: left)
    }

    /// The rows kept (for tests: at most three frames' worth).
    package var count: Int {
        Set([now, last, older].flatMap { $0.entries.compactMap { $0.map(ObjectIdentifier.init) } }).count
    }
}

