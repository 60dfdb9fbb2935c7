import Foundation
import GitHubAPI

extension AppView {
    /// Why a list's rows are not being filled, for the status line: "names need a token",
    /// "GraphQL limit: back at 14:05:00"; a scope GitHub refused some fields for, once known.
    static func fillNote(_ fills: RowFills) -> String? {
        var notes: [String] = []
        switch fills.problem {
        case .needsToken?: notes.append("names need a token")
        case .limited(let until)?: notes.append("GraphQL limit" + (until.map { ": back at " + GitHubError.clockTime($0) } ?? ""))
        case .secondary?: notes.append("names: GitHub asked to slow down")
        case .failed?: notes.append("names could not be had")
        case nil: break
        }
        if !fills.refusedScopes.isEmpty {
            notes.append("member counts need " + fills.refusedScopes.joined(separator: ", "))
        }
        return notes.isEmpty ? nil : notes.joined(separator: " · ")
    }
}
