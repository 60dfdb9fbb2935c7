import TerminalUI

extension KeyTable {
    // MARK: - The defaults

    private static let moving: Set<Mode> = [.list, .details]

    public static let defaultBindings: [KeyBinding] = [
        KeyBinding(.lineDown, [.character("j"), .down, .wheelDown], "down one row", modes: moving),
        KeyBinding(.lineUp, [.character("k"), .up, .wheelUp], "up one row (on the first row: pull to refresh)", modes: moving),
        KeyBinding(.pageDown, [.character(" "), .character("f"), .pageDown], "down a page", modes: moving),
        KeyBinding(.pageUp, [.character("b"), .pageUp], "up a page", modes: moving),
        KeyBinding(.halfPageDown, [.control("d")], "half a page down", modes: moving),
        KeyBinding(.halfPageUp, [.control("u")], "half a page up", modes: moving),
        KeyBinding(.first, [.character("g"), .home], "first row", modes: moving),
        KeyBinding(.last, [.character("G"), .end], "last row (loads more)", modes: moving),
        KeyBinding(.details, [.enter, .character("l"), .right], "show the user's details", hint: "details", modes: [.list]),
        KeyBinding(.followers, [.character("1")], "open their followers (an organization's members)", hint: "followers",
                   modes: [.details]),
        KeyBinding(.following, [.character("2")], "open the users they follow", hint: "following", modes: [.details]),
        KeyBinding(.organizations, [.character("5")], "open the organizations they belong to", modes: [.details]),
        KeyBinding(.back, [.escape, .character("h"), .left, .backspace],
                   "back: close the pane, clear the filter, or leave the list", hint: "back",
                   modes: moving, needsSomethingToLeave: true),
        KeyBinding(.filter, [.character("/")], "filter the loaded rows by login", hint: "filter", modes: moving),
        KeyBinding(.open, [.character("o")], "open the profile in the browser", modes: moving),
        KeyBinding(.copy, [.character("y")], "copy the profile URL (OSC 52)", modes: moving),
        KeyBinding(.layout, [.character("v")], "one line or two lines a user", modes: moving),
        KeyBinding(.refresh, [.character("r"), .control("r")], "refresh the list", modes: moving),
        KeyBinding(.retry, [.character("R")], "retry what failed", modes: moving),
        KeyBinding(.help, [.character("?")], "the keys of this mode", hint: "help", modes: moving),
        KeyBinding(.suspend, [.control("z")], "suspend to the shell (fg comes back)", modes: moving),
        KeyBinding(.quit, [.character("q"), .control("c")], "quit", hint: "quit", modes: moving),
        KeyBinding(.keepFilter, [.enter], "keep the filter and go back to the list", hint: "keep", modes: [.filter]),
        KeyBinding(.clearFilter, [.escape], "clear the filter", hint: "clear", modes: [.filter]),
        KeyBinding(.deleteCharacter, [.backspace], "delete the character before the cursor", modes: [.filter]),
        KeyBinding(.deleteForward, [.delete, .control("d")], "delete the character under the cursor", modes: [.filter]),
        KeyBinding(.deleteWord, [.control("w")], "delete the word before the cursor", modes: [.filter]),
        KeyBinding(.deleteToStart, [.control("u")], "delete everything before the cursor", modes: [.filter]),
        KeyBinding(.cursorLeft, [.left, .control("b")], "cursor left", modes: [.filter]),
        KeyBinding(.cursorRight, [.right, .control("f")], "cursor right", modes: [.filter]),
        KeyBinding(.lineStart, [.home, .control("a")], "cursor to the start", modes: [.filter]),
        KeyBinding(.lineEnd, [.end, .control("e")], "cursor to the end", modes: [.filter]),
        KeyBinding(.lineDown, [.down], "down one row (at the last match: loads more)", modes: [.filter]),
        KeyBinding(.lineUp, [.up], "up one row", modes: [.filter]),
        KeyBinding(.help, [.function(1)], "the keys of this mode", hint: "keys", modes: [.filter]),
        KeyBinding(.suspend, [.control("z")], "suspend to the shell (fg comes back)", modes: [.filter]),
        KeyBinding(.quit, [.control("c")], "quit", modes: [.filter]),
        KeyBinding(.closeHelp, [.escape, .character("?")], "close this help (so does any other key)", hint: "close",
                   modes: [.help]),
        KeyBinding(.quit, [.character("q"), .control("c")], "quit", hint: "quit", modes: [.help]),
    ]
}
