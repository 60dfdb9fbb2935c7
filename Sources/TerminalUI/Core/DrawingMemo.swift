/// Draws a part of the screen once and makes the same drawing calls again while what it depends
/// on (its key) and the screen stay the same: a title that reads the same on every frame is laid
/// out once, not on every key.
public final class DrawingMemo<Key: Equatable> {
    // (Unchecked, as the screens' state is: only the one loop that draws touches it.)
    @exclusivity(unchecked) private var key: Key?
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
        screen.replay(recorder, top: 0, left: 0)
    }

    /// The screen `body` draws on, which keeps its calls.
    public typealias Recorder = DrawingRecorder
}
