import TerminalUI

extension AppView {
    /// The status line's one-off message, in words, with the keys as the key table binds them.
    static func flashText(_ state: AppState) -> String? {
        guard let flash = state.flash else { return nil }
        let keys = state.keys
        switch flash {
        case .nothingToOpen: return "Nothing to open"
        case .nothingToCopy: return "Nothing to copy"
        case .pageNotKnownYet: return "Its web page is not known yet: GitHub has sent no address for this host"
        case .selectAnAccount: return "Select an account to open its profile"
        case .nothingFailed: return "Nothing failed"
        case .endNotServed:
            return "GitHub does not serve this list as far as its count of pages says: "
                + (keys.label(.last, in: .list).map { "\($0) loads a page at a time" } ?? "it loads a page at a time")
        case .alreadyRefreshing: return "Already asking GitHub for these rows again: its answer replaces them"
        case .nothingToGoBackTo:
            return (["Nothing to go back to"] + [keys.label(.quit, in: .list).map { "\($0) quits" }].compactMap { $0 })
                .joined(separator: " · ")
        case .noOrderToChoose: return "Only a search has an order to choose"
        case .profileHasNoFilter: return "A profile has no filter: open one of its lists"
        case let .paneKey(key, action):
            guard let help = keys.shortHelp(action, in: .details), let open = keys.label(.details, in: .list) else { return nil }
            return "\(key.label): \(help), with the details open (\(open))"
        case .sorted(let sort): return "Sorted: \(sort.label)"
        case .opening(let url): return "Opening \(url)"
        case .copied(let url): return "Copied \(url)"
        case let .openFailed(error, url): return "\(error) · \(url)"
        case .notice(.said(let text)): return text
        case .notice(.historyNotKept(let error)): return "The command history is not kept this run: \(error)"
        case .followIsForAccounts, .starIsForRepositories, .organizationsNotFollowed, .thatIsYou, .cannotAct, .writeUnderWay, .writesHeld,
             .stateNotKnown, .wrote, .writeFailed, .writeLost, .writeUnknown:
            return actingText(flash, state)
        }
    }

    /// The status line while a count is typed: the count, what it does with the moves, and
    /// how to let it go ("Count 20: j 20 down · G to row 20 · Esc cancels"), grouped as every
    /// number on screen ("G to row 3,000", as the row on its way says "Loading row 3,000…").
    static func countText(_ state: AppState) -> String? {
        guard let count = state.count.map(Formatting.grouped) else { return nil }
        let keys = state.keys
        let parts = [keys.label(.lineDown, in: .list).map { "\($0) \(count) down" },
                     keys.label(.last, in: .list).map { "\($0) to row \(count)" },
                     keys.label(.back, in: .list).map { "\($0) cancels" }]
        return "Count \(count): " + parts.compactMap { $0 }.joined(separator: " · ")
    }
}
