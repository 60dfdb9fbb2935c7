import ArgumentParser
import Browser
import Foundation
import GitHubAPI
import ListCore
import Logging
import TerminalUI

/// `--plain` and `--json` (and any run whose output is not a terminal): stream the list to
/// stdout as pages arrive, through the paging core's driver (so the same de-duplication and
/// loop protection as the browser) with no curses. Pages come from the cache while fresh, as in
/// the browser.
struct PlainOutput {
    let list: GitHubList
    let client: GitHubClient
    let startPage: Int
    let pageSize: Int
    let json: Bool
    let limit: Int?
    let logger: Logger

    func run() async throws {
        switch list {
        case .users(let users):
            let itemsPath: [String] = switch users {
            case .search: ["items"]
            case .newestStargazers: ["data", "repository", "stargazers", "edges"]
            default: []
            }
            let fields: @Sendable (GitHubUser) -> [String]
            switch users {
            case .stargazers, .newestStargazers:
                // A stargazer: the date of the star, in GitHub's format (empty when it sent none).
                fields = { [$0.login, $0.starredAt.map(GitHubUser.timestamp) ?? ""] }
            default:
                fields = { [$0.login] }
            }
            try await print(PrintedListSource(source: users.githubSource(client: client, startPage: startPage),
                                              keepsSentObjects: json, itemsPath: itemsPath, logger: logger, fields: fields))
        case .repositories(let repositories):
            try await print(PrintedListSource(source: repositories.githubSource(client: client, startPage: startPage),
                                              keepsSentObjects: json, itemsPath: [], logger: logger) { [$0.fullName] })
        }
    }

    /// Where GitHub cut the list short (it ended where GitHub stopped serving it), the note that
    /// says so on stderr: a search's first 1,000 of how many it found, the first 40,000
    /// stargazers and how to list them all.
    static func cutShortNote(_ list: GitHubList, loaded: Int, total: Int?) -> String {
        guard case .users(.search) = list else { return list.cutShortNote(loaded: loaded, total: total) }
        let given = total.map { "\(Formatting.grouped(loaded)) of \(Formatting.count($0, list.itemNoun))" }
            ?? Formatting.count(loaded, list.itemNoun)
        return "GitHub gives the first \(given); narrow the query for the rest"
    }

    private func print<Item>(_ source: PrintedListSource<Item>) async throws {
        // Printed users are not kept: the pager holds the last thousand, enough to drop the
        // repeats of a list that shifted between two pages.
        let driver = PagingDriver(source: source, pageSize: pageSize, prefetch: FixedDistancePrefetch(distance: 0),
                                  maxItems: 1_000)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var printed = 0
        do {
            try await driver.read { rows in
                var out = Data()
                for row in rows.prefix(limit.map { $0 - printed } ?? rows.count) {
                    out += try json ? row.sentObject ?? encoder.encode(row.item) : Data(row.plainLine.utf8)
                    out += Data("\n".utf8)
                    printed += 1
                }
                FileHandle.standardOutput.write(out)
                return limit.map { printed < $0 } ?? true
            }
        } catch let failure as LoadFailure {
            throw CleanExitError(message: failure.message)
        }
        let end = await driver.state
        if end.endedShort, end.appendState == .endReached {
            // Started at a later page (`--page N`): the pages before it count too.
            let before = list.cursors(before: list.firstCursor(startPage: startPage)).count * pageSize
            PlainOutput.note(Self.cutShortNote(list, loaded: before + end.knownCount, total: end.totalCount))
        }
    }
}

extension PlainOutput {
    /// `ghscroll user LOGIN` in a pipe: the account's details as `FIELD<TAB>VALUE` lines (GitHub's
    /// field names, the ones it has), or with `json` the account's object as GitHub sent it, on
    /// one line.
    static func profile(_ login: String, client: GitHubClient, json: Bool) async throws {
        let details: UserDetails
        let body: Data
        do {
            (details, body, _) = try await client.userDetailsAsSent(login: login, policy: .preferCache)
        } catch {
            throw CleanExitError(message: LoadFailure(error).message)
        }
        if json {
            // The object GitHub sent, every field as it came, on one line.
            FileHandle.standardOutput.write(JSONSlices.oneLine(body) + Data("\n".utf8))
            return
        }
        let fields: [(String, String?)] = [
            ("login", details.login), ("id", String(details.id)), ("type", details.type), ("name", details.name),
            ("company", details.company), ("blog", details.blog), ("location", details.location),
            ("email", details.email), ("bio", details.bio), ("twitter_username", details.twitterUsername),
            ("public_repos", details.publicRepos.map(String.init)), ("followers", details.followers.map(String.init)),
            ("following", details.following.map(String.init)),
            ("created_at", details.createdAt.map { ISO8601DateFormatter().string(from: $0) }),
            ("html_url", details.htmlURL),
        ]
        // A field GitHub sent empty ("blog": ""), or blank once made plain, is left out, as one
        // it sent null is.
        let lines = fields.compactMap { name, value in
            value.map(TerminalSafe.plain).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : name + "\t" + $0 + "\n" }
        }
        FileHandle.standardOutput.write(Data(lines.joined().utf8))
    }

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

/// What was asked needs a token and none was found: said in one line, exit status 4 (as gh).
struct AuthenticationNeeded: Error, CustomStringConvertible {
    static let exitStatus: Int32 = 4
    let message: String
    var description: String { message }
}

enum TerminalSafe {
    /// A value for a plain line, made safe as the screen makes it (``TerminalText/sanitize(_:)``):
    /// a line break (CR LF counts as one) or a tab is a space; any other control (ESC, so no
    /// escape sequence) and every bidirectional override, isolate or mark is U+FFFD, seen but
    /// inert.
    static func plain(_ text: String) -> String {
        TerminalText.sanitize(text.replacingOccurrences(of: "\r\n", with: "\n"))
    }
}
