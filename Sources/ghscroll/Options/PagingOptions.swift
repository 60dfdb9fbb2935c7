import ArgumentParser
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
/// every list command but `users` (which starts with --since) and `user` (a profile).
struct PagingOptions: ParsableArguments {
    /// Every page before it is counted (and can be loaded by scrolling up): a bound keeps that
    /// count small, far past the end of any list GitHub pages through.
    static let maxStartPage = 100_000

    @Option(parsing: .unconditional, help: "Start at this page (every list but users); refresh comes back to it.")
    var page: Int?
    @OptionGroup var limit: LimitOption

    func validate() throws {
        if let page, !(1...Self.maxStartPage).contains(page) {
            throw ValidationError("--page must be from 1 to \(Self.maxStartPage) (got \(page))")
        }
    }
}

extension ListOptions {
    /// Shows `list`, started at `paging`'s page and printed up to its limit.
    func browse(_ list: GitHubList, _ paging: PagingOptions) async throws {
        try await browse(list, page: paging.page, limit: paging.limit.limit)
    }

    func browse(_ list: UserList, _ paging: PagingOptions) async throws { try await browse(.users(list), paging) }
}
