/// Something said once on the status line that no key caused, as a fact the view words.
package enum Notice: Sendable, Equatable {
    /// Already in words, by the library that said it (the cache turned itself off, say).
    case said(String)
    /// The prompt's history file could not be written (why): no line is kept this run. Said once.
    case historyNotKept(String)
}
