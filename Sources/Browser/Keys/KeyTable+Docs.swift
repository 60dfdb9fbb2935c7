import TerminalUI

// MARK: - The key list in the README, --help and the man page

extension KeyTable {
    /// The bindings grouped by the modes they work in, in table order, each group with a title:
    /// how `--help` and the README list them (the help overlay shows one mode at a time).
    package func sections() -> [(title: String, bindings: [KeyBinding])] {
        var groups: [(modes: Set<Mode>, bindings: [KeyBinding])] = []
        for binding in bindings {
            if let index = groups.firstIndex(where: { $0.modes == binding.modes }) {
                groups[index].bindings.append(binding)
            } else {
                groups.append((binding.modes, [binding]))
            }
        }
        return groups.map { (Self.title(for: $0.modes), $0.bindings) }
    }

    static func title(for modes: Set<Mode>) -> String {
        switch modes {
        case [.list, .details]: "In a list (with or without the details pane)"
        case [.list]: "In a list, the details pane closed"
        case [.details]: "With the details pane open"
        case [.filter]: "Typing a filter (after /)"
        case [.command]: "Typing a command (after :)"
        case [.filter, .command]: "Editing the filter or the command"
        case [.help]: "In the help (after ?)"
        default: Mode.allCases.filter(modes.contains).map(\.title).joined(separator: "; ")
        }
    }

    /// The key list as Markdown, a table a section (for the README and the man page).
    package func markdown() -> String {
        sections().map { section in
            let rows = section.bindings.map { binding in
                let keys = binding.keyLabels.map { "`\($0)`" }.joined(separator: " ")
                return "| \(keys) | \(binding.help) |"
            }
            return (["\(section.title):", "", "| keys | action |", "|---|---|"] + rows).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The key list as plain text, for `--help`.
    package func plainText() -> String {
        let width = bindings.map { $0.keyLabel.count }.max() ?? 0
        return sections().map { section in
            let lines = section.bindings.map {
                "  " + $0.keyLabel.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help
            }
            return ([section.title + ":"] + lines).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
