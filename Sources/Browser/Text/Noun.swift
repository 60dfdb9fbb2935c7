/// A word for things that are counted, in its two forms: "follower" for one, "followers" for
/// any other number. ``Formatting/count(_:_:compact:)`` puts a number before it.
package struct Noun: Sendable, Equatable {
    /// For one: "repository".
    package let one: String
    /// For none, or more than one: "repositories".
    package let many: String

    /// A noun whose plural adds an "s" ("follower", "followers"), or is given ("repository",
    /// "repositories"; "following" for both).
    package init(_ one: String, plural: String? = nil) {
        self.one = one
        many = plural ?? one + "s"
    }

    /// The form that goes after `number`: the singular for exactly one.
    func form(for number: Int) -> String { number == 1 ? one : many }
}
