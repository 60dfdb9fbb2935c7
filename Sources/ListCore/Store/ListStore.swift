/// An ordered list of items, unique by id, whose every change reports a ``ListChange``.
///
/// The first occurrence of an id wins: adding an item whose id is already present does nothing.
///
/// With a ``dedupeWindow`` it remembers only the ids of its last `window` items, so a list of
/// millions costs no set of millions: an appended item is checked against those. That is enough
/// where repeats come from neighbouring pages (a list that shifted between two requests), as
/// they do in paged APIs; an id repeated from further back would be shown twice.
public struct ListStore<Item: Identifiable>: IntIndexedCollection {
    public private(set) var items: [Item]
    /// The ids of `items[windowStart...]`.
    private var ids: Set<Item.ID>
    private var windowStart = 0
    /// How many of the last items new ones are checked against (nil: all).
    public let dedupeWindow: Int?

    public init(_ items: [Item] = [], dedupeWindow: Int? = nil) {
        self.items = []
        self.ids = []
        self.dedupeWindow = dedupeWindow.map { Swift.max(1, $0) }
        _ = append(contentsOf: items)
    }

    /// Forgets the ids that slid out of the window (after appending), or all of them and
    /// starts again (after any other change).
    private mutating func trimWindow(rebuild: Bool = false) {
        guard let window = dedupeWindow else { return }
        let start = Swift.max(0, items.count - window)
        if rebuild {
            ids = Set(items[start...].map(\.id))
        } else if start > windowStart {
            for item in items[windowStart..<start] { ids.remove(item.id) }
        }
        windowStart = start
    }

    // MARK: - Collection

    public var startIndex: Int { items.startIndex }
    public var endIndex: Int { items.endIndex }
    public subscript(position: Int) -> Item { items[position] }

    /// True when an item has this id (among the last ``dedupeWindow`` items, with a window).
    public func contains(id: Item.ID) -> Bool { ids.contains(id) }

    /// The index of the item with `id` (a linear search).
    public func index(of id: Item.ID) -> Int? { items.firstIndex { $0.id == id } }

    // MARK: - Changes

    /// Replaces every item, reporting what was kept, moved, removed and added.
    @discardableResult
    public mutating func reload(_ newItems: [Item]) -> ListChange {
        let oldIDs = items.map(\.id)
        items = []
        ids = []
        windowStart = 0
        _ = append(contentsOf: newItems)
        return ListChange.diff(old: oldIDs, new: items.map(\.id))
    }

    /// Appends the items whose ids are new, in order.
    @discardableResult
    public mutating func append(contentsOf newItems: some Sequence<Item>) -> ListChange {
        let start = items.count
        for item in newItems where ids.insert(item.id).inserted {
            items.append(item)
        }
        trimWindow()
        return ListChange(inserted: Array(start..<items.count))
    }

    /// Inserts the items whose ids are new at `index` (clamped to the list).
    @discardableResult
    public mutating func insert(_ newItems: [Item], at index: Int) -> ListChange {
        let at = Swift.min(Swift.max(index, 0), items.count)
        var fresh: [Item] = []
        for item in newItems where ids.insert(item.id).inserted {
            fresh.append(item)
        }
        items.insert(contentsOf: fresh, at: at)
        trimWindow(rebuild: true)
        return ListChange(inserted: Array(at..<(at + fresh.count)))
    }

    /// Deletes the items at `indexes`; indexes outside the list are ignored.
    @discardableResult
    public mutating func delete(at indexes: some Sequence<Int>) -> ListChange {
        let valid = Set(indexes.filter { items.indices.contains($0) }).sorted()
        for index in valid.reversed() {
            ids.remove(items[index].id)
            items.remove(at: index)
        }
        trimWindow(rebuild: true)
        return ListChange(deleted: valid)
    }

    /// Deletes the items with these ids.
    @discardableResult
    public mutating func delete(ids doomed: Set<Item.ID>) -> ListChange {
        delete(at: items.indices.filter { doomed.contains(items[$0].id) })
    }

    /// Replaces the item with the same id as `item`; does nothing when there is none.
    @discardableResult
    public mutating func update(_ item: Item) -> ListChange {
        guard let index = index(of: item.id) else { return .none }
        items[index] = item
        return ListChange(updated: [index])
    }

    /// Moves one item; out-of-range indexes do nothing.
    @discardableResult
    public mutating func move(from: Int, to: Int) -> ListChange {
        guard items.indices.contains(from), items.indices.contains(to), from != to else { return .none }
        let item = items.remove(at: from)
        items.insert(item, at: to)
        trimWindow(rebuild: true)
        return ListChange(moved: [.init(from: from, to: to)])
    }

    /// Runs several changes as one and reports their combined effect.
    @discardableResult
    public mutating func performBatch(_ body: (inout Batch) -> Void) -> ListChange {
        let oldIDs = items.map(\.id)
        var batch = Batch(store: self)
        body(&batch)
        self = batch.store
        return ListChange.diff(old: oldIDs, new: items.map(\.id), updatedIDs: batch.updatedIDs)
    }

    /// The changes of one ``performBatch(_:)``, applied in order.
    public struct Batch {
        fileprivate var store: ListStore
        fileprivate var updatedIDs: Set<Item.ID> = []

        public var items: [Item] { store.items }
        public mutating func append(contentsOf newItems: some Sequence<Item>) { store.append(contentsOf: newItems) }
        public mutating func insert(_ newItems: [Item], at index: Int) { store.insert(newItems, at: index) }
        public mutating func delete(at indexes: some Sequence<Int>) { store.delete(at: indexes) }
        public mutating func delete(ids: Set<Item.ID>) { store.delete(ids: ids) }
        public mutating func move(from: Int, to: Int) { store.move(from: from, to: to) }
        public mutating func update(_ item: Item) {
            if !store.update(item).isEmpty { updatedIDs.insert(item.id) }
        }
    }
}

extension ListStore: Sendable where Item: Sendable, Item.ID: Sendable {}
extension ListStore.Batch: Sendable where Item: Sendable, Item.ID: Sendable {}

extension ListStore: Equatable where Item: Equatable {}
