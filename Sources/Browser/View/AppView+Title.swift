import Foundation
import GitHubAPI
import TerminalUI

extension AppView {
    /// All the title line shows: it is drawn from this alone, so a memo keyed by it can never
    /// show a stale title.
    struct Title: Equatable {
        var crumbs: [String]
        var host: String
        var tokenLabel: String
        var rateLimit: RateLimit?
        /// What the title calls that limit: "rate", or "search rate" on a search.
        var rateName = "rate"
        /// " · offline", with the reconnect's countdown when one is on its way.
        var offline: String?
        var cachedAgo: String?
        var refreshingSpinner: Int?

        init(crumbs: [String], host: String, tokenLabel: String = "", rateLimit: RateLimit? = nil, offline: String? = nil,
             cachedAgo: String? = nil, refreshingSpinner: Int? = nil) {
            (self.crumbs, self.host, self.tokenLabel, self.rateLimit) = (crumbs, host, tokenLabel, rateLimit)
            (self.offline, self.cachedAgo, self.refreshingSpinner) = (offline, cachedAgo, refreshingSpinner)
        }

        init(_ state: borrowing AppState) {
            // What the title needs of the screen, asked once.
            let body = state.top.body
            crumbs = body.crumbs.map(\.words)
            if let note = body.titleNote, let last = crumbs.popLast() { crumbs.append(last + note) }
            host = state.host
            tokenLabel = state.tokenLabel
            // A search shows the limit searches count against; any other list, the other one.
            if body.usesSearchLimit, let search = state.searchRateLimit {
                (rateLimit, rateName) = (search, "search rate")
            } else if body.heldUpByGraphQL, let graphQL = state.graphQLRateLimit {
                // GraphQL's limit is what holds the rows' names up: that one.
                (rateLimit, rateName) = (graphQL, "graphql rate")
            } else {
                rateLimit = state.rateLimit
            }
            // (No closure over the state: it would copy the whole of it.)
            if state.offline != nil {
                offline = " · offline" + (AppView.reconnectNote(state).map { ", \($0)" } ?? "")
            }
            let now = state.now
            cachedAgo = body.storedAt.map { Formatting.shortAge(of: $0, now: now) }
            refreshingSpinner = body.isRefreshing ? state.spinner : nil
        }
    }

    /// The title line, giving way as the width shrinks, least useful first: the host and the
    /// token (the rate stays), then "ghscroll · ", then the long forms of the offline, cached and
    /// refreshing notes (the body says as much), then the first crumbs, then the rate; the list
    /// the screen shows goes last.
    static func drawTitle(_ title: Title, on screen: some TerminalUI.Screen, columns: Int) {
        // Grouped as every number on screen is: "rate 4,321/5,000".
        let rate = title.rateLimit.map { "\(title.rateName) \(Formatting.grouped($0.remaining))/\(Formatting.grouped($0.limit))" } ?? ""
        var full = title.host
        if !title.tokenLabel.isEmpty { full += " · \(title.tokenLabel)" }
        if !rate.isEmpty { full += "  " + rate }
        var suffix = ""
        if let offline = title.offline { suffix += offline }
        if let ago = title.cachedAgo { suffix += " · cached \(ago)" }
        if let spinner = title.refreshingSpinner { suffix += "  \(Spinner.glyph(spinner)) refreshing" }
        var short = ""
        if title.offline != nil { short += " · offline" }
        if title.cachedAgo != nil { short += " · cached" }
        if let spinner = title.refreshingSpinner { short += "  \(Spinner.glyph(spinner))" }
        let crumbs = title.crumbs.joined(separator: " › ")
        let lastCrumb = (title.crumbs.count > 1 ? "… › " : "") + (title.crumbs.last ?? "")
        let forms = [(" ghscroll · ", suffix, full), (" ghscroll · ", suffix, rate), (" ", suffix, rate), (" ", short, rate)]
        func fits(_ left: String, _ right: String) -> Bool {
            let rightWidth = right.isEmpty ? 0 : TerminalText.width(TerminalText.sanitize(right)) + 2
            return TerminalText.width(TerminalText.sanitize(left)) + rightWidth + 1 <= columns
        }
        // The whole path in the roomiest form that fits; else the last crumb alone, with the rate
        // while it fits; else that, cut.
        let form = forms.first { fits($0.0 + crumbs + $0.1, $0.2) }
            ?? (fits(" " + lastCrumb + short, rate) ? (" ", short, rate) : (" ", short, ""))
        Bar.title(prefix: form.0, crumbs: title.crumbs, suffix: form.1, right: form.2, on: screen, columns: columns)
    }
}
