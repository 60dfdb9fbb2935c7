import Foundation
import GitHubAPI
import ListCore
import Logging

/// A row as `--plain` and `--json` print it: with the object GitHub sent for it, when kept.
struct Printed<Item: Encodable & Identifiable & Sendable>: Identifiable, Sendable where Item.ID == Int64 {
    let item: Item
    /// The row's JSON object as GitHub sent it, on one line (`--json` only).
    let sentObject: Data?
    /// "ID<TAB>LOGIN", "ID<TAB>LOGIN<TAB>STARRED_AT" (a stargazer) or "ID<TAB>OWNER/NAME", with no
    /// control character that would break it.
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
    /// Where the items are in the body: under these keys, one inside the other (`items` of a
    /// search, a GraphQL connection's `edges`); at the top when empty.
    let itemsPath: [String]
    let logger: Logger
    /// The fields of the row's plain line after its id (the login, or OWNER/NAME; a stargazer's
    /// login and the date of the star), before they are made safe.
    let fields: @Sendable (Item) -> [String]

    var firstCursor: GitHubCursor { source.firstCursor }

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
        if itemsPath == ["items"], page.isIncomplete {
            PlainOutput.note("GitHub's search timed out: these results may be incomplete")
        }
        return Page(items: page.items.map { item in
                        let line = ([String(item.id)] + fields(item).map(TerminalSafe.plain)).joined(separator: "\t")
                        return Printed(item: item, sentObject: sent[item.id], plainLine: line)
                    },
                    next: page.next, totalCount: page.totalCount, totalPages: page.totalPages,
                    isIncomplete: page.isIncomplete, endsShort: page.endsShort)
    }

    /// Each row's object as GitHub sent it, by id: the body's array elements, when they line up
    /// with the decoded rows (an object spread over lines is put on one).
    private func sentObjects(_ loaded: LoadedPage<Item>) -> [Int64: Data] {
        guard let ranges = JSONSlices.elements(of: loaded.body, path: itemsPath),
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
