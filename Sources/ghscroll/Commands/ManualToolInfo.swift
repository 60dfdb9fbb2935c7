import Foundation

/// The command definitions as the manual generator reads them (`--experimental-dump-help`),
/// shaped for the man page.
///
/// The generator lists every subcommand, hidden ones too, and every option under each
/// subcommand that takes it; it has no setting for either. Given this instead of the program's
/// own answer, it leaves out hidden subcommands, lists the options lists share once, under the
/// command itself, and the help flag once.
enum ManualToolInfo {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "expected the JSON of ghscroll --experimental-dump-help on stdin" }
    }

    /// `dump` shaped: `listCommands` name the subcommands whose shared options are listed once,
    /// after `lead`, the command's discussion on the man page.
    static func shaped(_ dump: Data, listCommands: [String], lead: String) throws -> Data {
        guard var top = try JSONSerialization.jsonObject(with: dump) as? [String: Any],
              var root = top["command"] as? [String: Any],
              let subcommands = root["subcommands"] as? [[String: Any]] else {
            throw Unreadable()
        }
        let shown = subcommands.filter { $0["shouldDisplay"] as? Bool ?? true }
        let lists = shown.filter { listCommands.contains($0["commandName"] as? String ?? "") }
        let shared = sharedArguments(of: lists)
        let rootArguments = root["arguments"] as? [[String: Any]] ?? []
        let hoisted = shared.filter { !isHelp($0) && !contains(rootArguments, $0) }
        root["arguments"] = hoisted + rootArguments
        root["subcommands"] = shown.map { withoutArguments(shared, in: $0) }
        root["discussion"] = lead
        top["command"] = root
        return try JSONSerialization.data(withJSONObject: top, options: [.sortedKeys, .prettyPrinted])
    }

    /// The options two or more of `commands` have, the same in each, in the order they first
    /// come: every list's, and those of the page-numbered lists (`--page`, `--limit`). A
    /// positional argument stays with its command, whose own text names what it is.
    static func sharedArguments(of commands: [[String: Any]]) -> [[String: Any]] {
        let argumentLists = commands.map { $0["arguments"] as? [[String: Any]] ?? [] }
        var shared: [[String: Any]] = []
        for argument in argumentLists.joined() where argument["kind"] as? String != "positional" {
            guard !contains(shared, argument), argumentLists.filter({ contains($0, argument) }).count > 1 else { continue }
            shared.append(argument)
        }
        return shared
    }

    /// `command` and its subcommands without the arguments in `shared` (where it has them) and
    /// without the help flag, which the command itself lists.
    private static func withoutArguments(_ shared: [[String: Any]], in command: [String: Any]) -> [String: Any] {
        var command = command
        if let arguments = command["arguments"] as? [[String: Any]] {
            command["arguments"] = arguments.filter { !isHelp($0) && !contains(shared, $0) }
        }
        if let subcommands = command["subcommands"] as? [[String: Any]] {
            command["subcommands"] = subcommands.map { withoutArguments(shared, in: $0) }
        }
        return command
    }

    private static func isHelp(_ argument: [String: Any]) -> Bool {
        let names = argument["names"] as? [[String: Any]] ?? []
        return names.contains { $0["name"] as? String == "help" && $0["kind"] as? String == "long" }
    }

    /// Whether `arguments` has one equal to `argument` (compared as JSON with sorted keys).
    private static func contains(_ arguments: [[String: Any]], _ argument: [String: Any]) -> Bool {
        let key = canonical(argument)
        return key != nil && arguments.contains { canonical($0) == key }
    }

    private static func canonical(_ argument: [String: Any]) -> Data? {
        try? JSONSerialization.data(withJSONObject: argument, options: [.sortedKeys])
    }
}
