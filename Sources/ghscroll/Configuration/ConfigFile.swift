import Browser
import Foundation
import TerminalUI
import TOMLKit

/// The defaults a person sets once, in `$XDG_CONFIG_HOME/ghscroll/config.toml` (else
/// `~/.config/ghscroll/config.toml`). Options on the command line win over them.
///
/// ```toml
/// per-page = 50
/// prefetch = 10
/// max-items = 200000     # users kept per list (0: all)
/// layout = "comfortable"   # or "compact"
/// colors = false           # as NO_COLOR does
/// mouse = false            # the mouse left to the terminal
/// confirm-actions = false  # follow and star without asking (unfollow and unstar still ask)
/// cache-size = 50          # MiB of responses kept on disk
/// max-age = 300            # seconds a cached page is used without asking GitHub
///
/// [keys]
/// line-down = ["j", "Down", "n"]
/// quit = ["q", "Ctrl-q"]
/// ```
struct ConfigFile: Equatable {
    var perPage: Int?
    var prefetch: Int?
    /// Users kept per list (0: all).
    var maxItems: Int?
    var layout: AppState.Layout?
    var colors: Bool?
    /// False leaves the mouse to the terminal.
    var mouse: Bool?
    /// False follows and stars without asking first (undoing one is always asked).
    var confirmActions: Bool?
    /// The disk cache on or off, its size in MiB, and how long pages stay fresh (seconds).
    var cache: Bool?
    var cacheSize: Int?
    var maxAge: Double?
    /// Keys for actions, in the order the file gives them.
    var keys: [(action: Action, keys: [Key])] = []

    static let settings = ["per-page", "prefetch", "max-items", "layout", "colors", "mouse", "confirm-actions", "cache", "cache-size", "max-age", "keys"]

    static func == (lhs: ConfigFile, rhs: ConfigFile) -> Bool {
        lhs.perPage == rhs.perPage && lhs.prefetch == rhs.prefetch && lhs.maxItems == rhs.maxItems && lhs.layout == rhs.layout && lhs.colors == rhs.colors
            && lhs.mouse == rhs.mouse && lhs.confirmActions == rhs.confirmActions
            && lhs.cache == rhs.cache && lhs.cacheSize == rhs.cacheSize && lhs.maxAge == rhs.maxAge
            && lhs.keys.map(\.action) == rhs.keys.map(\.action) && lhs.keys.map(\.keys) == rhs.keys.map(\.keys)
    }

    /// Where the file is: `$XDG_CONFIG_HOME/ghscroll/config.toml`, else under `$HOME/.config`.
    static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return base + "/ghscroll/config.toml"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/ghscroll/config.toml"
    }

    /// The file's settings; none when there is no file. A file that cannot be read or used is an
    /// error that names the file and the line.
    static func load(environment: [String: String]) throws -> ConfigFile {
        guard let path = path(environment: environment), FileManager.default.fileExists(atPath: path) else {
            return ConfigFile()
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, line: nil, message: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, line: nil, message: "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// The settings and the key table the browser uses: the file's, on top of the defaults
    /// (just the defaults when there is no file or `ignoringFile`). A file that cannot be used
    /// is a `ConfigError` naming the file and the line.
    static func resolve(environment: [String: String], ignoringFile: Bool) throws -> (config: ConfigFile, keys: KeyTable) {
        guard !ignoringFile else { return (ConfigFile(), KeyTable()) }
        let config = try load(environment: environment)
        guard !config.keys.isEmpty, let path = path(environment: environment) else { return (config, KeyTable()) }
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        return (config, try config.keyTable(path: path, text: text))
    }

    static func parse(_ text: String, path: String) throws -> ConfigFile {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, message: error.description)
        } catch {
            throw ConfigError(path: path, line: nil, message: "is not TOML (\(error))")
        }
        func fail(_ key: String, section: String? = nil, _ message: String) -> ConfigError {
            ConfigError(path: path, line: line(of: key, section: section, in: text), message: message)
        }
        var config = ConfigFile()
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "per-page":
                guard let number = value.int, (1...100).contains(number) else {
                    throw fail(key, "per-page must be a whole number from 1 to 100")
                }
                config.perPage = number
            case "prefetch":
                guard let number = value.int, number >= 0 else { throw fail(key, "prefetch must be a whole number, 0 or more") }
                config.prefetch = number
            case "max-items":
                guard let number = value.int, number >= 0 else {
                    throw fail(key, "max-items must be a whole number, 0 (no limit) or more")
                }
                config.maxItems = number
            case "layout":
                switch value.string {
                case "compact": config.layout = .compact
                case "comfortable": config.layout = .comfortable
                default: throw fail(key, "layout must be \"compact\" or \"comfortable\"")
                }
            case "colors":
                guard let flag = value.bool else { throw fail(key, "colors must be true or false") }
                config.colors = flag
            case "mouse":
                guard let flag = value.bool else { throw fail(key, "mouse must be true or false") }
                config.mouse = flag
            case "confirm-actions":
                guard let flag = value.bool else { throw fail(key, "confirm-actions must be true or false") }
                config.confirmActions = flag
            case "cache":
                guard let flag = value.bool else { throw fail(key, "cache must be true or false") }
                config.cache = flag
            case "cache-size":
                guard let size = value.int, (1...OptionChecks.maxCacheSizeMiB).contains(size) else {
                    throw fail(key, "cache-size must be a whole number of MiB, from 1 to \(OptionChecks.maxCacheSizeMiB) (1 TiB)")
                }
                config.cacheSize = size
            case "max-age":
                guard let seconds = value.double ?? value.int.map(Double.init), seconds >= 0 else {
                    throw fail(key, "max-age must be a number of seconds, 0 or more")
                }
                config.maxAge = seconds
            case "keys":
                guard let keys = value.table else { throw fail(key, "keys must be a table: [keys]") }
                config.keys = try parseKeys(keys) { name, message in fail(name, section: "keys", message) }
            default:
                throw fail(key, "unknown setting \"\(key)\" (known: \(settings.joined(separator: ", ")))")
            }
        }
        return config
    }

    private static func parseKeys(_ table: TOMLTable, fail: (String, String) -> ConfigError) throws -> [(Action, [Key])] {
        let actions = Action.configurable
        var result: [(Action, [Key])] = []
        for name in table.keys {
            guard let action = actions.first(where: { $0.configName == name }) else {
                throw fail(name, "unknown action \"\(name)\" (ghscroll keys --actions lists them)")
            }
            guard let value = table[name] else { continue }
            let names: [String]
            if let single = value.string {
                names = [single]
            } else if let array = value.array, array.allSatisfy({ $0.string != nil }) {
                names = array.compactMap(\.string)
            } else {
                throw fail(name, "\(name) takes a key or a list of keys, e.g. [\"j\", \"Down\"]")
            }
            guard !names.isEmpty else { throw fail(name, "\(name) needs at least one key") }
            var keys: [Key] = []
            for keyName in names {
                guard let key = Key(name: keyName) else {
                    throw fail(name, "\"\(keyName)\" is not a key (a character, Ctrl-x, or a name such as Space, Enter, Esc, Down, PgDn)")
                }
                keys.append(key)
            }
            result.append((action, keys))
        }
        return result
    }

    /// The key table with the file's bindings; a key given two actions is an error that names
    /// the line of each of the two the file sets (one line when the other action keeps its
    /// default keys).
    func keyTable(path: String, text: String?) throws -> KeyTable {
        var table = KeyTable()
        for (action, keys) in keys {
            do {
                table = try table.binding(action, to: keys)
            } catch let conflict as KeyTable.Conflict {
                let set = conflict.actions.filter { named in self.keys.contains { $0.action == named } }
                let lines = set.compactMap { named in text.flatMap { Self.line(of: named.configName, section: "keys", in: $0) } }
                throw ConfigError(path: path, lines: Array(Set(lines)).sorted(),
                                  message: "\(conflict.description); give the other action other keys too")
            }
        }
        return table
    }

    /// The line (1-based) where `key` is set, in `section` (nil: before any section).
    static func line(of key: String, section: String? = nil, in text: String) -> Int? {
        var current: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                current = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t"))
                continue
            }
            guard current == section else { continue }
            for candidate in [key, "\"\(key)\"", "'\(key)'"] where line.hasPrefix(candidate) {
                let rest = line.dropFirst(candidate.count).trimmingCharacters(in: .whitespaces)
                if rest.hasPrefix("=") { return index + 1 }
            }
        }
        return nil
    }
}

/// A configuration file that cannot be used, with where and why: "config.toml line 3: …", or
/// for two settings that clash, "config.toml lines 2 and 3: …".
struct ConfigError: Error, CustomStringConvertible {
    var path: String
    /// The lines at fault (1-based), in order; none when no line is.
    var lines: [Int]
    var message: String

    init(path: String, line: Int?, message: String) {
        self.init(path: path, lines: line.map { [$0] } ?? [], message: message)
    }

    init(path: String, lines: [Int], message: String) {
        (self.path, self.lines, self.message) = (path, lines, message)
    }

    var description: String {
        let at = switch lines.count {
        case 0: ""
        case 1: " line \(lines[0])"
        default: " lines " + lines.dropLast().map(String.init).joined(separator: ", ") + " and \(lines[lines.count - 1])"
        }
        return "\(path)\(at): \(message)"
    }
}
