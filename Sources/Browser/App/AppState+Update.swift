import Foundation
import GitHubAPI
import ListCore
import TerminalUI

extension AppState {
    /// Applies one message, handled at `now` (the clock of countdowns, ages and the pagers'
    /// timing), and returns the work it asks for, in order.
    package mutating func update(_ message: Message, at now: Date) -> [Command] {
        self.now = now
        let (shown, paneWasOpen) = (top.id, top.detailsOpen)
        let before = Before(self, moved: movesThroughRows(message))
        var commands: [Command]
        switch message {
        case .key(let key):
            commands = handleKey(key)
        case .clicked(let target):
            commands = clicked(target)
        case let .resized(rows, columns):
            commands = resize(rows: rows, columns: columns)
        case let .answered(key, result, more):
            // (An answer that is stale, a tick's or a reconnect's, changes nothing: no reconcile.)
            guard let answer = answered(key, result, more: more) else { return [] }
            commands = answer
        case .rateLimit(let limit):
            // GitHub counts searches (10 or 30 a minute) and GraphQL's points apart: each limit
            // is kept as its own.
            switch limit.resource {
            case "search": searchRateLimit = limit
            case "graphql": graphQLRateLimit = limit
            default: rateLimit = limit
            }
            commands = []
        case .wait(let wait):
            self.wait = wait
            commands = []
        case let .opened(url, error):
            if let error { flash = .openFailed(error, url: url) }
            commands = []
        case .notice(let text):
            flash = .notice(text)
            return []
        case .signal(let number):
            exitStatus = 128 + number
            return []
        case .abilities(let abilities):
            acting.abilities = abilities
            commands = []
        }
        // The pane's request waits for the selection to rest, unless the pane opened or closed,
        // or another screen came on top; the about rows fit again then, and when the size, an
        // account's details or a profile's fill (how you follow each other) changed.
        let same = top.id == shown && top.detailsOpen == paneWasOpen
        let refit: Bool = switch message {
        case .resized, .answered(.details, .userDetails, _), .answered(.details, .detailsFailed, _): true
        case .answered(.fill(let id, _), .rowsFilled, _): screens.contains { $0.id == id && $0.header != nil }
        default: !same
        }
        commands.append(contentsOf: reconcile(debounce: same, refit: refit, since: before))
        return commands
    }

    /// Whether `message` moves through the top screen's rows as the person does: a key's move
    /// (the wheel's included) on a list, a profile or the filter line, or a click on a row.
    private func movesThroughRows(_ message: Message) -> Bool {
        switch message {
        case .key(let key):
            guard mode == .list || mode == .details || mode == .filter, let action = keys.action(for: key, in: mode)
            else { return false }
            return Self.moves.contains(action)
        case .clicked(.row?):
            return overlay == nil && mode != .question
        default:
            return false
        }
    }

    /// The actions that move the selection through the rows.
    private static let moves: Set<Action> = [.lineDown, .lineUp, .scrollDown, .scrollUp, .pageDown, .pageUp, .halfPageDown,
                                             .halfPageUp, .first, .last]
}
