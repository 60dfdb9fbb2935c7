import ArgumentParser
import Browser
import Foundation

/// `ghscroll keys`: the key table as the browser has it, with the configuration file's `[keys]`
/// applied, in the words of the help overlay or as the README's Markdown.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Print the key bindings, as the configuration file binds them.")
    @Flag(help: "Markdown tables, as in the README.") var markdown = false
    @Flag(help: "The action names a configuration file binds keys to.") var actions = false
    @Flag(name: .customLong("no-config"), help: "The default keys: ignore the configuration file.") var noConfig = false

    func run() throws {
        if actions {
            // Without reading the file: these names are what a person fixing a broken one needs.
            let names = Action.configurable.map { action in
                let binding = KeyTable.defaultBindings.first { $0.action == action }
                return action.configName.padding(toLength: 16, withPad: " ", startingAt: 0) + (binding?.help ?? "")
            }
            print(names.joined(separator: "\n"))
            return
        }
        let keys: KeyTable
        do {
            keys = try ConfigFile.resolve(environment: ProcessInfo.processInfo.environment, ignoringFile: noConfig).keys
        } catch let error as ConfigError {
            throw CleanExitError(message: error.description)
        }
        print(markdown ? keys.markdown() : keys.plainText())
    }
}
