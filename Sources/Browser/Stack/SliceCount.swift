/// How many a profile's account has of what one slice shows, as far as is known.
package enum SliceCount: Sendable, Equatable {
    /// The details said, or a first page that ended the list held them all.
    case exactly(Int)
    /// A whole first page said there is more: this many, and more.
    case atLeast(Int)
}
