import Foundation
import GitHubAPI
import ListCore
import Logging

/// A user as `--plain` and `--json` print it: with the object GitHub sent for it, when kept.
struct PrintedUser: Identifiable, Sendable {
    let user: GitHubUser
    /// The user's JSON object as GitHub sent it, on one line (`--json` only).
    let sentObject: Data?

    var id: Int64 { user.id }

    /// "ID<TAB>LOGIN", with no control character that would break the line.
    var plainLine: String { "\(user.id)\t\(TerminalSafe.plain(user.login))" }
}

/// The pages of a GitHub list for printing: loaded as the browser loads them (from the cache
/// while fresh), logged, with a note on stderr when a page comes from the cache because GitHub
/// could not be reached.
struct PrintedListSource: PageSource {
    let source: any GitHubPageSource<GitHubUser>
    /// Keep each user's object as sent (for `--json`).
    let keepsSentObjects: Bool
    /// The body is a search result: the users are under `items`.
    let searchResults: Bool
    let logger: Logger

    var firstCursor: GitHubCursor { source.firstCursor }

    func loadPage(at cursor: GitHubCursor, pageSize: Int) async throws -> Page<PrintedUser, GitHubCursor> {
        let loaded: LoadedPage<GitHubUser>
        do {
            loaded = try await source.load(at: cursor, pageSize: pageSize, policy: .normal)
            logger.debug("page \(cursor): \(loaded.page.items.count) users (\(loaded.origin))")
        } catch {
            logger.error("page \(cursor) failed: \(error)")
            throw error
        }
        if case .offline(let fetchedAt) = loaded.origin {
            PlainOutput.note("GitHub could not be reached; \(cursor) comes from the cache of \(fetchedAt)")
        }
        let sent = keepsSentObjects ? sentObjects(loaded) : [:]
        let page = loaded.page
        return Page(items: page.items.map { PrintedUser(user: $0, sentObject: sent[$0.id]) }, next: page.next,
                    totalCount: page.totalCount, totalPages: page.totalPages, isIncomplete: page.isIncomplete)
    }

    /// Each user's object as GitHub sent it, by id: the body's array elements, when they line
    /// up with the decoded users (an object spread over lines is put on one).
    private func sentObjects(_ loaded: LoadedPage<GitHubUser>) -> [Int64: Data] {
        guard let ranges = JSONSlices.elements(of: loaded.body, key: searchResults ? "items" : nil),
              ranges.count == loaded.page.items.count else {
            return [:]
        }
        var objects: [Int64: Data] = [:]
        for (user, range) in zip(loaded.page.items, ranges) {
            let slice = loaded.body[loaded.body.startIndex + range.lowerBound..<loaded.body.startIndex + range.upperBound]
            if !slice.contains(0x0A), !slice.contains(0x0D) {
                objects[user.id] = Data(slice)
            } else if let object = try? JSONSerialization.jsonObject(with: Data(slice)),
                      let line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
                // Pretty-printed by whoever served it: the same object on one line.
                objects[user.id] = line
            }
        }
        return objects
    }
}
