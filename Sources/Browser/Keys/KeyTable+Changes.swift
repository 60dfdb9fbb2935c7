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

    /// The table with `action` on `keys` instead of its own keys wherever it works: in the list,
    /// the details pane and the help, all of `keys` (the help key also closes the help); on the
    /// filter and command lines, only those of `keys` that type nothing and that the line does
    /// not use for something else (a printable key there types itself), its own keys staying
    /// when none is left. Fails when that gives a key two actions in one mode.
    package func binding(_ action: Action, to keys: [Key]) throws -> KeyTable {
        var table = self
        // The modes the action takes all of `keys` in: only there do the wheel and the digits
        // give way to it.
        let taking = bindings.filter { $0.action == action }.reduce(into: Set<Mode>()) { $0.formUnion($1.modes) }
            .intersection(Self.rebound)
        for index in table.bindings.indices {
            let binding = table.bindings[index]
            if binding.action == action, !binding.modes.isDisjoint(with: Self.rebound) {
                table.bindings[index].keys = keys
            } else if binding.action == action {
                let free = keys.filter { key in
                    key.typedCharacter == nil && !bindings.contains {
                        $0.action != action && !$0.modes.isDisjoint(with: binding.modes) && $0.keys.contains(key)
                    }
                }
                if !free.isEmpty { table.bindings[index].keys = free }
            } else if action == .help, binding.action == .closeHelp {
                table.bindings[index].keys = [.escape] + keys.filter { $0 != .escape }
            } else if !binding.modes.isDisjoint(with: taking) {
                // The wheel goes to the action last given it (a file from before the wheel had
                // actions of its own gives it to line-down and line-up), a digit given to an
                // action no longer starts a count, and F or * given to another action no longer
                // follows or stars (a file from before they did keeps working).
                table.bindings[index].keys.removeAll {
                    ($0.isWheel || binding.action == .count || Self.givingWay.contains(binding.action)) && keys.contains($0)
                }
            }
        }
        if let conflict = table.conflicts().first { throw conflict }
        return table
    }

    /// Actions whose default keys go to another action given them.
    private static let givingWay: Set<Action> = [.follow, .star]

    /// The modes where a rebinding gives an action all of its new keys.
    private static let rebound: Set<Mode> = [.list, .details, .help]

    /// Keys bound to two actions in one mode.
    func conflicts() -> [Conflict] {
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
