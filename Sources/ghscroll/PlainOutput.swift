import ArgumentParser
import Foundation
import GitHubAPI
import ListCore
import Logging

/// `--plain` and `--json` (and any run whose output is not a terminal): stream the list to
/// stdout as pages arrive, through the same pager (so the same de-duplication and loop
/// protection) with no curses. Pages come from the cache while fresh, as in the browser.
struct PlainOutput {
    let list: UserList
    let client: GitHubClient
    let startPage: Int
    let pageSize: Int
    let json: Bool
    let limit: Int?
    let logger: Logger

    func run() async throws {
        // Printed users are not kept: the pager holds the last thousand, enough to drop the
        // repeats of a list that shifted between two pages.
        var pager = Pager<GitHubUser, GitHubCursor>(firstCursor: list.firstCursor(startPage: startPage), pageSize: pageSize,
                                                    prefetch: FixedDistancePrefetch(distance: 0), maxItems: 1_000)
        var printed = 0
        var pending = pager.handle(.start)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        while let effect = pending.first {
            pending.removeFirst()
            guard case .fetch(let request) = effect else { continue }
            let loaded: LoadedPage
            do {
                loaded = try await list.load(client: client, at: request.cursor, pageSize: request.pageSize, policy: .normal)
                logger.debug("page \(request.cursor): \(loaded.page.items.count) users (\(loaded.origin))")
            } catch {
                logger.error("page \(request.cursor) failed: \(error)")
                throw CleanExitError(message: "\(error)")
            }
            if case .offline(let fetchedAt) = loaded.origin {
                Self.note("GitHub could not be reached; \(request.cursor) comes from the cache of \(fetchedAt)")
            }
            pending += pager.handle(.pageLoaded(request.token, loaded.page))
            let raw = json ? rawObjects(loaded) : [:]
            var out = Data()
            for index in pager.lastChange.inserted {
                if let limit, printed >= limit { break }
                let user = pager.items[index]
                if json {
                    out += try raw[user.id] ?? encoder.encode(user)
                    out += Data("\n".utf8)
                } else {
                    out += Data("\(user.id)\t\(TerminalSafe.plain(user.login))\n".utf8)
                }
                printed += 1
            }
            FileHandle.standardOutput.write(out)
            if let limit, printed >= limit { return }
            if let failure = pager.appendState.failure {
                throw CleanExitError(message: failure.message)
            }
            // Ask for the next page as if the last row were on screen.
            let count = pager.items.count
            pending += pager.handle(.visibleRange(max(0, count - 1)..<count, viewportRows: 1))
        }
    }

    /// Each user's object as GitHub sent it, by id: the body's array elements, when they line
    /// up with the decoded users (an object spread over lines is put on one).
    private func rawObjects(_ loaded: LoadedPage) -> [Int64: Data] {
        let key: String? = if case .search = list { "items" } else { nil }
        guard let ranges = JSONSlices.elements(of: loaded.body, key: key), ranges.count == loaded.page.items.count else {
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

extension PlainOutput {
    /// A progress line on stderr ("ghscroll: HTTP 502 · retry 1/3 in 1 s").
    static func note(_ text: String) {
        FileHandle.standardError.write(Data("ghscroll: \(TerminalSafe.plain(text))\n".utf8))
    }
}

/// An error that ends the program with a message on stderr and exit status 1.
struct CleanExitError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

enum TerminalSafe {
    /// A login for a plain line: no tabs, newlines or controls that would break the format.
    static func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? "\u{FFFD}" : $0 }))
    }
}
