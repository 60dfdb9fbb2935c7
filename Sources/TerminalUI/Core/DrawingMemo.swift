/// Draws a part of the screen once and makes the same drawing calls again while what it depends
/// on (its key) and the screen stay the same: a title that reads the same on every frame is laid
/// out once, not on every key.
public final class DrawingMemo<Key: Equatable> {
    private var key: Key?
    private let recorder = Recorder()

    public init() {}

    /// Draws with `body` when `key`, the screen's size or its colours changed since the last
    /// call, else repeats what `body` drew then. `body` must depend on nothing else.
    public func draw(_ key: Key, on screen: some Screen, _ body: (Recorder) -> Void) {
        if self.key != key || recorder.size != screen.size || recorder.colorDepth != screen.colorDepth {
            recorder.start(size: screen.size, colorDepth: screen.colorDepth)
            body(recorder)
            self.key = key
        }
        recorder.replay(on: screen)
    }

    /// A screen that keeps the calls made to it.
    public final class Recorder: Screen {
        enum Call {
            case put(row: Int, column: Int, String, Style)
            case fill(row: Int, column: Int, count: Int, Style)
            case halfBlock(row: Int, column: Int, top: RGB, bottom: RGB)
        }

        public private(set) var size: (rows: Int, columns: Int) = (0, 0)
        public private(set) var colorDepth = ColorDepth.none
        private var calls: [Call] = []

        func start(size: (rows: Int, columns: Int), colorDepth: ColorDepth) {
            self.size = size
            self.colorDepth = colorDepth
            calls.removeAll(keepingCapacity: true)
        }

        func replay(on screen: some Screen) {
            for call in calls {
                switch call {
                case let .put(row, column, text, style): screen.put(row: row, column: column, text, style: style)
                case let .fill(row, column, count, style): screen.fill(row: row, column: column, count: count, style: style)
                case let .halfBlock(row, column, top, bottom): screen.putHalfBlock(row: row, column: column, top: top, bottom: bottom)
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
}
