/// The drawings of a list's item rows, kept from one frame to the next: a row drawn before at
/// the same place in the list, as it was, is drawn by repeating the calls made then, not laid
/// out again (a one-line scroll lays out the new row and the two the selection left and
/// reached; the others only move). Keeps the rows of the last two frames only.
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
        /// The frame that last drew it.
        @exclusivity(unchecked) var frame: Int

        /// A row drawn at `frame` from `text`, with no drawing kept yet.
        init(item: Item, generation: Int, text: ItemText, shape: Shape, frame: Int) {
            (self.item, self.generation, self.text, self.shape, self.frame) = (item, generation, text, shape, frame)
        }

        func drawing(selected: Bool) -> DrawingRecorder? { selected ? drawings.selected : drawings.plain }
    }

    private let same: ((Item, Item) -> Bool)?
    @exclusivity(unchecked) private var entries: [Int: Entry] = [:]
    @exclusivity(unchecked) private var frame = 0
    /// Rows drawn by the frame before (to let go of the others once they outnumber them).
    @exclusivity(unchecked) private var lastFrameRows = 0
    @exclusivity(unchecked) private var frameRows = 0

    /// Moved by the caller whenever an item's text may have changed without the item changing
    /// (what it is described from besides itself): entries of another generation are checked
    /// by their text again.
    @exclusivity(unchecked) public var generation = 0

    /// `same`: whether two items are the same one, as described; without it every row is
    /// described and checked by its text.
    public init(same: ((Item, Item) -> Bool)? = nil) {
        self.same = same
    }

    /// Begins a frame: once the rows kept outnumber two frames' worth, those the last two
    /// frames did not draw are let go (so at most three frames' worth are kept).
    func startFrame() {
        if entries.count > 2 * max(lastFrameRows, frameRows) {
            let keep = frame - 1
            entries = entries.filter { $0.value.frame >= keep }
        }
        frame += 1
        (lastFrameRows, frameRows) = (frameRows, 0)
    }

    /// Draws `item`, the row at `index`, with its top-left cell at `top`, `left`: by repeating
    /// the calls made for it before (see the type), or by calling `draw` with its text (from
    /// `describe`) at 0, 0 and keeping its calls.
    func draw(index: Int, _ item: Item, selected: Bool, _ shape: Shape, top: Int, left: Int, on screen: some Screen,
              describe: (Item) -> ItemText, _ draw: (ItemText, DrawingRecorder) -> Void) {
        frameRows += 1
        var text: ItemText?
        if let entry = entries[index], entry.shape == shape {
            if entry.generation == generation, let same, same(entry.item, item) {
                entry.frame = frame
                if let drawing = entry.drawing(selected: selected) { return screen.replay(drawing, top: top, left: left) }
                return keep(entry.text, in: entry, selected: selected, top: top, left: left, on: screen, draw)
            }
            let described = describe(item)
            if described == entry.text {
                (entry.item, entry.generation, entry.frame) = (item, generation, frame)
                if let drawing = entry.drawing(selected: selected) { return screen.replay(drawing, top: top, left: left) }
                return keep(described, in: entry, selected: selected, top: top, left: left, on: screen, draw)
            }
            text = described
        }
        let described = text ?? describe(item)
        let entry = Entry(item: item, generation: generation, text: described, shape: shape, frame: frame)
        entries[index] = entry
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
    package var count: Int { entries.count }
}
