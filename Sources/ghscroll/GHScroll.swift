import ArgumentParser

@main
struct GHScroll: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghscroll",
        abstract: "Browse GitHub user lists in the terminal, loading pages as you scroll.",
        version: "0.1.0"
    )

    func run() async throws {
        print("ghscroll: the browser is not built yet; see README.md")
    }
}
