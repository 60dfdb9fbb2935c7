import ArgumentParser
import Browser

// The commands that show one account's profile rather than a list.

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "An account's profile: its details, organizations, repositories, followers and following (an organization's members, repositories and followers).",
        discussion: "In a pipe, or with --plain, it prints the details as FIELD<TAB>VALUE lines; with --json, the account's object as GitHub sent it, on one line.")
    @Argument(help: "The account's login (@me: yours).") var login: String
    @OptionGroup var options: ListOptions
    /// Not in the help: answered with why.
    @Option(parsing: .unconditional, help: ArgumentHelp(visibility: .hidden)) var page: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp(visibility: .hidden)) var limit: Int?
    var command: GoCommand { get throws { try .shell("user", [login], page: page) } }
    func validate() throws {
        _ = try command
        if limit != nil { throw ValidationError("--limit goes with lists: a profile's details are printed whole") }
    }
    func run() async throws { try await options.browse(try command, limit: nil) }
}

struct MeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "me",
        abstract: "Your own profile, the token's owner (as user @me; a token needed).",
        discussion: "In a pipe, or with --plain, it prints the details GitHub's /user gives as FIELD<TAB>VALUE lines; "
            + "with --json, the object as GitHub sent it, on one line. Without a token the exit status is 4.")
    @OptionGroup var options: ListOptions
    /// Not in the help: answered with why.
    @Option(parsing: .unconditional, help: ArgumentHelp(visibility: .hidden)) var page: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp(visibility: .hidden)) var limit: Int?
    var command: GoCommand { get throws { try .shell("me", [], page: page) } }
    func validate() throws {
        _ = try command
        if limit != nil { throw ValidationError("--limit goes with lists: a profile's details are printed whole") }
    }
    func run() async throws { try await options.browse(try command, limit: nil) }
}
