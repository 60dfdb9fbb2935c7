/// A page of the list as the pager remembers it: where it starts and how many items it added.
public struct PageRecord<Cursor: Hashable & Sendable>: Sendable, Hashable {
    public var cursor: Cursor
    public var count: Int
}
