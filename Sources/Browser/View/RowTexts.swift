import TerminalUI

/// The texts of the rows on screen, kept from one frame to the next by row id with what each
/// was built from (``RowInputs``): a text is built again only when those changed (its fill
/// landed, F or * marked it or took the mark back, the filter or the layout changed, a day went
/// by on a star's age). Keeps the rows of the last two frames only.
final class RowTexts {
    private struct Entry {
        var inputs: RowInputs
        var text: ItemText
    }

    // (Unchecked, as the screens' state is: only the one loop that draws touches them.)
    @exclusivity(unchecked) private var current: [Int64: Entry] = [:]
    @exclusivity(unchecked) private var previous: [Int64: Entry] = [:]

    /// Begins a frame: what the frame before did not show again is let go.
    func startFrame() {
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
    }

    /// The text of the row `inputs` describe: the one kept for them, or `build`'s.
    func text(_ inputs: RowInputs, _ build: (RowInputs) -> ItemText) -> ItemText {
        let id = inputs.row.id
        if let entry = current[id] ?? previous[id], entry.inputs == inputs {
            current[id] = entry
            return entry.text
        }
        let text = build(inputs)
        current[id] = Entry(inputs: inputs, text: text)
        return text
    }

    /// The rows kept (for tests: at most those of two frames).
    var count: Int { Set(current.keys).union(previous.keys).count }
}

/// Everything a row's text is made of: the row and what is known beside it. Two rows with equal
/// inputs read the same (``AppView/rowText(_:now:)`` reads nothing else but the time, and that
/// only through ``age``), so a text built once serves while they stay equal.
struct RowInputs: Equatable {
    var row: Row
    /// What the row shows of the account: its fill, or the details seen before, with F's mark
    /// and followers on it. A repository's fill.
    var known: RowFill?
    /// F's mark on the account (true: followed), or `*`'s on the repository; nil when unused.
    var mark: Bool?
    /// A repository's stars as the screen shows them (its fill's, moved by `*`).
    var stars: Int?
    /// How long ago the star was given, in words: a stargazer's row only.
    var age: String?
    /// The filter's first word (a row shows the field it matched).
    var filter: String?
    /// Two lines a row.
    var comfortable: Bool
}
