import Foundation
import GitHubAPI
import TerminalUI

extension AppView {
    /// What a filter's `is:` qualifiers could not judge: "120 not checked yet"; that they need
    /// a token, or a list of people; on a list of people, a word that names none.
    static func relationsNote(_ state: AppState, _ top: ListScreen) -> String? {
        let query = FilterQuery(top.filter)
        guard query.judgesRelations || !query.unknownQualifiers.isEmpty else { return nil }
        guard top.fillsAccounts else { return "is: is for lists of people" }
        if let unknown = query.unknownQualifiers.first {
            return "\(unknown) is no qualifier: is:follows-you, is:you-follow, is:mutual"
        }
        guard state.fillsRows else { return "is: needs a token" }
        guard let count = top.notChecked, count > 0 else { return nil }
        return Formatting.grouped(count) + " not checked yet"
    }

    /// Why a filter's `is:` qualifiers can judge no row at all, in words for the no-match
    /// placeholder; nil when they can (or there are none).
    static func relationsBlocked(_ state: AppState, _ top: ListScreen) -> String? {
        guard FilterQuery(top.filter).judgesRelations else { return nil }
        guard top.fillsAccounts else { return "is: judges people: who follows whom. These rows are not people." }
        guard state.fillsRows else { return "Who follows whom is known only with a token: set GH_TOKEN, or gh auth login." }
        return nil
    }

    /// Why a list's rows are not being filled, for the status line: "names need a token",
    /// "GraphQL limit: back at 14:05:00", "names failed to load (R retries)"; a scope GitHub
    /// refused some fields for, once known.
    /// `people`: the rows are accounts (their names fill), not repositories (their stars).
    static func fillNote(_ fills: RowFills, keys: KeyTable, people: Bool = true) -> String? {
        var notes: [String] = []
        switch fills.problem {
        case .needsToken?: notes.append("names need a token")
        case .limited(let until)?: notes.append("GraphQL limit" + (until.map { ": back at " + GitHubError.clockTime($0) } ?? ""))
        case .secondary?: notes.append("names: GitHub asked to slow down")
        case .failed?:
            let what = people ? "names" : "stars"
            notes.append(keys.label(.retry, in: .list).map { "\(what) failed to load (\($0) retries)" } ?? "\(what) failed to load")
        case nil: break
        }
        if !fills.refusedScopes.isEmpty {
            notes.append("member counts need " + fills.refusedScopes.joined(separator: ", "))
        }
        return notes.isEmpty ? nil : notes.joined(separator: " · ")
    }
}
