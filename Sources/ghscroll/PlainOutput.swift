import ArgumentParser
import Foundation
import GitHubAPI
import ListCore
import Logging

/// `--plain` and `--json`: stream the list to stdout as pages arrive, through the same pager
/// (so the same de-duplication and loop protection) with no curses.
struct PlainOutput {
    let source: AnyPageSource<GitHubUser, GitHubCursor>
    let pageSize: Int
    let json: Bool
    let limit: Int?
    let logger: Logger

    func run() async throws {
        var pager = Pager<GitHubUser, GitHubCursor>(firstCursor: source.firstCursor, pageSize: pageSize,
                                                    prefetch: FixedDistancePrefetch(distance: 0))
        var printed = 0
        var pending = pager.handle(.start)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        while let effect = pending.first {
            pending.removeFirst()
            guard case .fetch(let request) = effect else { continue }
            let event: PagerEvent<GitHubUser, GitHubCursor>
            do {
                let page = try await source.loadPage(at: request.cursor, pageSize: request.pageSize)
                logger.debug("page \(request.cursor): \(page.items.count) users")
                event = .pageLoaded(request.token, page)
            } catch {
                logger.error("page \(request.cursor) failed: \(error)")
                throw CleanExitError(message: "\(error)")
            }
            pending += pager.handle(event)
            var out = ""
            for index in pager.lastChange.inserted {
                if let limit, printed >= limit { break }
                let user = pager.items[index]
                if json {
                    let data = try encoder.encode(user)
                    out += String(decoding: data, as: UTF8.self) + "\n"
                } else {
                    out += "\(user.id)\t\(TerminalSafe.plain(user.login))\n"
                }
                printed += 1
            }
            FileHandle.standardOutput.write(Data(out.utf8))
            if let limit, printed >= limit { return }
            if let failure = pager.appendState.failure {
                throw CleanExitError(message: failure.message)
            }
            // Ask for the next page as if the last row were on screen.
            let count = pager.items.count
            pending += pager.handle(.visibleRange(max(0, count - 1)..<count, viewportRows: 1))
        }
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
