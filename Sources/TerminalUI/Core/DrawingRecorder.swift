/// A screen that keeps the calls made to it, to make them again on another screen, where they
/// were made or moved: a memo's way of drawing a part of a frame once and repeating it
/// (``DrawingMemo``, ``ItemMemo``).
public final class DrawingRecorder: Screen {
    private enum Call {
        case put(row: Int, column: Int, String, Style)
        case fill(row: Int, column: Int, count: Int, Style)
        case halfBlock(row: Int, column: Int, top: RGB, bottom: RGB)
    }

    public private(set) var size: (rows: Int, columns: Int)
    public private(set) var colorDepth: ColorDepth
    private var calls: [Call] = []

    init(size: (rows: Int, columns: Int) = (0, 0), colorDepth: ColorDepth = .none) {
        (self.size, self.colorDepth) = (size, colorDepth)
    }

    /// Forgets the calls kept, to record anew for a screen of `size` and `colorDepth`.
    func start(size: (rows: Int, columns: Int), colorDepth: ColorDepth) {
        (self.size, self.colorDepth) = (size, colorDepth)
        calls.removeAll(keepingCapacity: true)
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
        calls.append(.put(row: row, column: column, text, style))
    }

    public func fill(row: Int, column: Int, count: Int, style: Style) {
        calls.append(.fill(row: row, column: column, count: count, style))
    }

    public func putHalfBlock(row: Int, column: Int, top: RGB, bottom: RGB) {
        calls.append(.halfBlock(row: row, column: column, top: top, bottom: bottom))
    }
}
