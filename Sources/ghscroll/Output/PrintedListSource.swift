import Foundation
import GitHubAPI
import ListCore
import Logging

/// A row as `--plain` and `--json` print it: with the object GitHub sent for it, when kept.
struct Printed<Item: Encodable & Identifiable & Sendable>: Identifiable, Sendable where Item.ID == Int64 {
    let item: Item
    /// The row's JSON object as GitHub sent it, on one line (`--json` only).
    let sentObject: Data?
    /// "ID<TAB>LOGIN" or "ID<TAB>OWNER/NAME", with no control character that would break it.
    let plainLine: String

    var id: Int64 { item.id }
}

/// The pages of a GitHub list for printing: loaded as the browser loads them (from the cache
/// while fresh), logged, with a note on stderr when a page comes from the cache because GitHub
/// could not be reached.
struct PrintedListSource<Item: Encodable & Identifiable & Sendable>: PageSource where Item.ID == Int64 {
    let source: any GitHubPageSource<Item>
    /// Keep each user's object as sent (for `--json`).
    let keepsSentObjects: Bool
    /// The body is a search result: the users are under `items`.
    let searchResults: Bool
    let logger: Logger
    /// The row's name for its plain line (the login, or OWNER/NAME), before it is made safe.
    let name: @Sendable (Item) -> String

    var firstCursor: GitHubCursor { source.firstCursor }

    /// The most results GitHub gives for one search.
    static var searchCap: Int { 1_000 }

    func loadPage(at cursor: GitHubCursor, pageSize: Int) async throws -> Page<Printed<Item>, GitHubCursor> {
        let loaded: LoadedPage<Item>
        do {
            loaded = try await source.load(at: cursor, pageSize: pageSize, policy: .normal)
            logger.debug("page \(cursor): \(loaded.page.items.count) rows (\(loaded.origin))")
        } catch {
            logger.error("page \(cursor) failed: \(error)")
            throw error
        }
        if case .offline(let fetchedAt) = loaded.origin {
            PlainOutput.note("GitHub could not be reached; \(cursor) comes from the cache of \(fetchedAt)")
        }
        let sent = keepsSentObjects ? sentObjects(loaded) : [:]
        let page = loaded.page
        if searchResults, page.isIncomplete {
            PlainOutput.note("GitHub's search timed out: these results may be incomplete")
        }
        // GitHub gives a search's first 1,000 results only: the list ends there, and says so
        // (a page with rows and no next one past a larger total is the cap; an empty page
        // simply ends the list).
        if searchResults, page.next == nil, !page.items.isEmpty, let total = page.totalCount, total > Self.searchCap {
            let grouped = { (count: Int) in count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
            PlainOutput.note("GitHub gives the first \(grouped(Self.searchCap)) of \(grouped(total)) results; narrow the query for the rest")
        }
        return Page(items: page.items.map { Printed(item: $0, sentObject: sent[$0.id], plainLine: "\($0.id)\t\(TerminalSafe.plain(name($0)))") },
                    next: page.next,
                    totalCount: page.totalCount, totalPages: page.totalPages, isIncomplete: page.isIncomplete)
    }

    /// Each row's object as GitHub sent it, by id: the body's array elements, when they line up
    /// with the decoded rows (an object spread over lines is put on one).
    private func sentObjects(_ loaded: LoadedPage<Item>) -> [Int64: Data] {
        guard let ranges = JSONSlices.elements(of: loaded.body, key: searchResults ? "items" : nil),
              ranges.count == loaded.page.items.count else {
            return [:]
        }
        var objects: [Int64: Data] = [:]
        for (row, range) in zip(loaded.page.items, ranges) {
            let slice = loaded.body[loaded.body.startIndex + range.lowerBound..<loaded.body.startIndex + range.upperBound]
            // Pretty-printed by whoever served it: the same bytes on one line.
            objects[row.id] = !slice.contains(0x0A) && !slice.contains(0x0D) ? Data(slice) : JSONSlices.oneLine(Data(slice))
        }
        return objects
    }
}
