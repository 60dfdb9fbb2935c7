/// A screen that keeps the calls made to it, to make them again on another screen, where they
/// were made or moved: a memo's way of drawing a part of a frame once and repeating it
/// (``DrawingMemo``, ``ItemMemo``).
public final class DrawingRecorder: Screen {
    enum Call {
        case put(row: Int, column: Int, String, Style)
        case fill(row: Int, column: Int, count: Int, Style)
        case halfBlock(row: Int, column: Int, top: RGB, bottom: RGB)
    }

    // (Unchecked, as the screens' state is: a drawing is made and replayed by the one loop that
    // draws, never from two places at once.)
    @exclusivity(unchecked) public private(set) var size: (rows: Int, columns: Int)
    @exclusivity(unchecked) public private(set) var colorDepth: ColorDepth
    @exclusivity(unchecked) private(set) var calls: [Call] = []
    /// Whether an image cell was drawn (a screen that paints those again after the frame takes
    /// the calls one by one).
    @exclusivity(unchecked) private(set) var hasPixels = false
    /// The calls as a frame's rows, made once for the screen that last asked (``rows(left:columns:asciiOnly:)``).
    @exclusivity(unchecked) private var madeRows: (key: RowsKey, rows: [[FrameDiff.Operation]])?

    /// What the rows made of the calls depend on besides them.
    private struct RowsKey: Equatable {
        var left: Int
        var columns: Int
        var asciiOnly: Bool
    }

    init(size: (rows: Int, columns: Int) = (0, 0), colorDepth: ColorDepth = .none) {
        (self.size, self.colorDepth) = (size, colorDepth)
    }

    /// Forgets the calls kept, to record anew for a screen of `size` and `colorDepth`.
    func start(size: (rows: Int, columns: Int), colorDepth: ColorDepth) {
        (self.size, self.colorDepth) = (size, colorDepth)
        calls.removeAll(keepingCapacity: true)
        hasPixels = false
        madeRows = nil
    }

    /// The calls as the rows of a frame (row 0 first), moved right `left` columns, each the
    /// operation a screen of `columns` records for it (``FrameDiff/operation(of:left:columns:asciiOnly:)``;
    /// what it would drop is dropped). Made once and kept while the same is asked: a screen
    /// that takes them whole (``FrameDiff/adopt(_:at:rows:)``) shares them, and a row shown
    /// again compares equal to itself at once.
    func rows(left: Int, columns: Int, asciiOnly: Bool) -> [[FrameDiff.Operation]] {
        let key = RowsKey(left: left, columns: columns, asciiOnly: asciiOnly)
        if let madeRows, madeRows.key == key { return madeRows.rows }
        var rows: [[FrameDiff.Operation]] = []
        for call in calls {
            guard let (row, made) = FrameDiff.operation(of: call, left: left, columns: columns, asciiOnly: asciiOnly),
                  row >= 0 else { continue }
            while rows.count <= row { rows.append([]) }
            rows[row].append(made)
        }
        madeRows = (key, rows)
        return rows
    }

    /// Makes the calls again on `screen`, moved down `top` rows and right `left` columns.
    func replay(on screen: some Screen, top: Int = 0, left: Int = 0) {
        for call in calls {
            switch call {
            case let .put(row, column, text, style): screen.put(row: top + row, column: left + column, text, style: style)
            case let .fill(row, column, count, style):
                screen.fill(row: top + row, column: left + column, count: count, style: style)
            case let .halfBlock(row, column, upper, lower):
                screen.putHalfBlock(row: top + row, column: left + column, top: upper, bottom: lower)
            }
        }
    }

    /// Nothing to clear: a memo draws a part of a frame, never a whole one.
    public func clear() {}
    public func present() {}

    public func put(row: Int, column: Int, _ text: String, style: Style) {
        madeRows = nil
        calls.append(.put(row: row, column: column, text, style))
    }

    public func fill(row: Int, column: Int, count: Int, style: Style) {
        madeRows = nil
        calls.append(.fill(row: row, column: column, count: count, style))
    }

    public func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        madeRows = nil
        calls.append(.halfBlock(row: row, column: column, top: top, bottom: bottom))
        hasPixels = true
    }
}
