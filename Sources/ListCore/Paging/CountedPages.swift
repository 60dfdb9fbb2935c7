/// Pages counted ahead by a jump across pages never seen (``Pager/counted``): where they start
/// among the pager's pages, and the cursor the list named next before them.
struct CountedPages<Cursor: Hashable & Sendable>: Sendable, Hashable {
    var first: Int
    var next: Cursor?
}
