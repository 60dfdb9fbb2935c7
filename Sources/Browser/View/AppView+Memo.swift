import Foundation
import TerminalUI

extension AppView {
    /// What a frame can reuse from the last one: the loop keeps one for its screen. (A render
    /// without one draws everything afresh, as tests do.)
    package final class Memo {
        let title = DrawingMemo<Title>()
        /// The texts of the list's rows on screen, by row id.
        let rowTexts = RowTexts()
        /// The drawings of the rows on screen, by their place in the list.
        let items = ItemMemo<Row>(same: ==)
        /// What the rows were last described from besides themselves.
        @exclusivity(unchecked) private var rowStamp: RowStamp?

        package init() {}

        /// The rows are described from `stamp` in this frame: when it does not match the last
        /// frame's, a row kept from then is described again before its drawing is used.
        func describe(from stamp: RowStamp) {
            if let rowStamp, rowStamp.matches(stamp) { return }
            rowStamp = stamp
            items.generation += 1
        }
    }

    /// What every row's text is made of besides the row itself (``describer(_:memo:)``): while
    /// it stays the same, a row kept from the last frame reads as it did then.
    struct RowStamp {
        var screen: ScreenID
        var fills: Revision
        var acting: Revision
        var details: Revision
        /// The filter's first word (a row shows the field it matched).
        var filter: String?
        var comfortable: Bool
        /// The time, where rows say how long ago a star was given (on every frame, then).
        var now: Date?

        /// Whether rows are described from the same as they were for `other`.
        func matches(_ other: RowStamp) -> Bool {
            screen == other.screen && fills.matches(other.fills) && acting.matches(other.acting)
                && details.matches(other.details) && filter == other.filter && comfortable == other.comfortable
                && now == other.now
        }
    }
}
