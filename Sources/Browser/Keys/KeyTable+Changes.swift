import TerminalUI

extension KeyTable {
    // MARK: - Changing it

    /// Two actions that share a key in a mode.
    package struct Conflict: Error, Equatable, CustomStringConvertible {
        package var key: Key
        package var mode: Mode
        package var actions: [Action]
        package var description: String {
            "\(key.label) would both \(actions.map(\.configName).joined(separator: " and ")) (\(mode.title.lowercased()))"
        }
    }

    /// The table with `action` on `keys` instead of its own keys wherever it works in the list
    /// or the details pane. Fails when that gives a key two actions in one mode.
    package func binding(_ action: Action, to keys: [Key]) throws -> KeyTable {
        var table = self
        for index in table.bindings.indices where table.bindings[index].action == action
            && !table.bindings[index].modes.isDisjoint(with: [.list, .details]) {
            table.bindings[index].keys = keys
        }
        if let conflict = table.conflicts().first { throw conflict }
        return table
    }

    /// Keys bound to two actions in one mode.
    package func conflicts() -> [Conflict] {
        var found: [Conflict] = []
        for mode in Mode.allCases {
            var seen: [Key: Action] = [:]
            for binding in bindings where binding.modes.contains(mode) {
                for key in binding.keys {
                    if let other = seen[key], other != binding.action {
                        found.append(Conflict(key: key, mode: mode, actions: [other, binding.action]))
                    }
                    seen[key] = binding.action
                }
            }
        }
        return found
    }
}
