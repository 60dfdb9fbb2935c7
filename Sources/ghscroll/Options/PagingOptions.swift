import ArgumentParser
import Browser
import GitHubAPI

/// How many rows `--plain`, `--json` or a pipe print: every list command takes it.
struct LimitOption: ParsableArguments {
    // Read whatever it looks like (`--limit -1` is -1, not a missing value), for the check below.
    @Option(parsing: .unconditional, help: "With --plain, --json or a pipe: stop after this many rows.")
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more rows (got \(limit))") }
    }
}

/// Where a page-numbered list starts, and how many of its rows are printed: the options of
/// every list command but `users` (which starts with --since) and `user` (a profile). The
/// page's range is the command table's (``GoCommand/resolve(_:_:page:sort:since:)``).
struct PagingOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Start at this page (every list but users); a refresh at the top comes back to it.")
    var page: Int?
    @OptionGroup var limit: LimitOption
}

extension GoCommand {
    /// The command as the shell read it, by the one table the `:` line reads too: the same
    /// names, arguments, options and rules (a usage error when it breaks them).
    static func shell(_ name: String, _ words: [String], page: Int? = nil, sort: SearchSort? = nil,
                      since: Int64? = nil, newest: Bool = false) throws -> GoCommand {
        switch resolve(name, words, page: page, sort: sort, since: since, newest: newest) {
        case .success(let command): command
        case .failure(let error): throw ValidationError(error.description)
        }
    }
}

extension ListOptions {
    /// Shows what `command` names, its list printed up to `limit` rows in a pipe.
    func browse(_ command: GoCommand, limit: Int?) async throws {
        switch command {
        case let .list(list, _, page): try await browse(list, page: page, limit: limit)
        case .profile(let login): try await browseProfile(login)
        case .quit: break
        }
    }
}
