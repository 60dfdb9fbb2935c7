import CNcurses
import Foundation

public enum CursesError: Error, CustomStringConvertible {
    case cannotStart
    public var description: String { "could not start the terminal UI (is TERM set to a known terminal?)" }
}

extension CursesScreen {
    /// Why the browser cannot draw on this terminal (TERM unset, `dumb`, or unknown to terminfo),
    /// or nil when it can. Asks terminfo without starting curses.
    public static func terminalProblem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let term = environment["TERM"], !term.trimmingCharacters(in: .whitespaces).isEmpty else {
            return "TERM is not set"
        }
        if term == "dumb" { return "TERM=dumb cannot draw a screen" }
        var error: Int32 = 0
        // setupterm only reads the terminal's description here; the result is freed at once.
        guard setupterm(term, 1, &error) == OK, let loaded = ghs_cur_term() else {
            return "TERM=\(term) is not a terminal terminfo knows"
        }
        _ = del_curterm(loaded)
        return nil
    }
}
