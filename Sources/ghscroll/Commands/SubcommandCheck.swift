import ArgumentParser

/// Finds a word on the command line that stands where a subcommand goes and names none.
///
/// The parser takes a subcommand only from the word right after a command's name; a command with
/// a default subcommand (ghscroll's `users`, `cache`'s `info`) hands any other word to that
/// default as an argument it does not take, so `ghscroll follower octocat` would be `users` with
/// two stray words. Checked before parsing, such a word is named for what it is, with the nearest
/// subcommand. The parser's own `help` takes the words of a command after it (`ghscroll help
/// cache info`) and shows the general help for any it does not know: those words are checked the
/// same way. (This holds while the commands that have subcommands take no options of their own:
/// the word after their name is then the first one.)
enum SubcommandCheck {
    /// The error for `arguments` (the command line without the program), or nil when every word
    /// that stands where a subcommand goes names one.
    static func problem(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        place(ofProblemIn: arguments, root: root)?.message
    }

    /// ``problem(in:root:)`` with the command whose subcommand the word should have named (its
    /// usage is the one to show: `cache bogus` wants `cache`'s, not the root's).
    static func place(ofProblemIn arguments: [String], root: any ParsableCommand.Type)
        -> (message: String, command: any ParsableCommand.Type)? {
        var command = root
        var atRoot = true
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                atRoot = false
                continue
            }
            // The parser's own `help` subcommand, at the root only: the words after it name a
            // command from the root again (`help` too: `help help` is help's own).
            if atRoot || command == root, word == "help" {
                atRoot = false
                continue
            }
            let shown = subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
            if let nearest = nearest(to: word, among: shown) {
                return ("Unknown subcommand '\(word)' (did you mean '\(nearest)'?)", command)
            }
            return ("Unknown subcommand '\(word)' (one of \(shown.joined(separator: ", ")))", command)
        }
        return nil
    }

    /// `arguments` with the first word after the first that names one of the root's commands
    /// (or the parser's `help`, which takes no options) moved to the front with the words after
    /// it, the options that came before it last (`--plain cache bogus`: `cache bogus --plain`, so that the word after
    /// the command is checked as a subcommand); nil when the line starts with a command or names
    /// none.
    static func subcommandFirst(_ arguments: [String], root: any ParsableCommand.Type) -> [String]? {
        let subcommands = root.configuration.subcommands
        // Words after `--` are arguments, whatever they say.
        let options = arguments.prefix { $0 != "--" }
        guard let first = options.first, first.hasPrefix("-"),
              let index = options.indices.dropFirst().first(where: { index in
                  arguments[index] == "help" || subcommands.contains { names(of: $0).contains(arguments[index]) }
              }) else { return nil }
        // The parser's help takes no options: those before it are let go.
        return arguments[index] == "help" ? Array(arguments[index...]) : Array(arguments[index...] + arguments[..<index])
    }

    /// The error for a line that starts with options and has, among its other words, one a slip
    /// away from the name of one of the root's commands (`ghscroll --plain follower octocat`).
    static func misplacedSlip(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        guard arguments.first?.hasPrefix("-") == true else { return nil }
        let shown = root.configuration.subcommands.filter { $0.configuration.shouldDisplay }
            .compactMap { $0.configuration.commandName }
        for word in arguments where !word.hasPrefix("-") && word.count > 2 {
            if let nearest = nearest(to: word, among: shown) {
                return "Unknown subcommand '\(word)' (did you mean '\(nearest)'?)"
            }
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        (command.configuration.commandName.map { [$0] } ?? []) + command.configuration.aliases
    }

    /// The name a slip of a couple of letters away from `word` (one in three of its letters at
    /// most), the closest first; nil when none is that near.
    static func nearest(to word: String, among names: [String]) -> String? {
        let allowed = max(1, word.count / 3)
        let scored = names.map { (name: $0, distance: editDistance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= allowed else { return nil }
        return best.name
    }

    /// Letters to insert, delete or replace to turn `a` into `b` (Levenshtein).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, letter) in a.enumerated() {
            var current = [i + 1]
            for (j, other) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (letter == other ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
