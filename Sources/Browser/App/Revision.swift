import Synchronization

/// A mark of one version of some contents, taken afresh (from one counter for the whole
/// program) each time they change: two revisions that ``matches(_:)`` are of the same contents,
/// even of two copies of a value changed apart. The view keeps a row's drawing while the
/// revisions of what the row is described from match (the view's memo of rows).
///
/// It takes no part in the equality of what holds it (`==` is always true): two values equal
/// in their contents are equal whatever their history.
package struct Revision: Equatable, Sendable {
    private let number: Int

    private static let counter = Atomic<Int>(0)

    /// A revision no contents had before.
    package init() {
        number = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Whether both are the revision of the same change.
    func matches(_ other: Revision) -> Bool { number == other.number }

    /// Always true: what holds a revision is equal by its contents alone (see the type).
    package static func == (lhs: Revision, rhs: Revision) -> Bool { true }
}
