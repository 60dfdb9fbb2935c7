import ArgumentParser

/// A number from the command line with the text it was typed as, so that an error about it
/// quotes the person's own words (`--max-age -1` is "got -1", not "got -1.0").
struct TypedNumber: ExpressibleByArgument, Sendable {
    /// The number the text reads as.
    let value: Double
    /// The text as typed.
    let typed: String

    init?(argument: String) {
        guard let value = Double(argument) else { return nil }
        self.value = value
        typed = argument
    }
}
