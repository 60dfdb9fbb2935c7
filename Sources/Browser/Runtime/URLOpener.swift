import Foundation
import Platform

/// Opens a URL in the person's browser: `$BROWSER` (its first command; `%s` stands for the URL,
/// else the URL is added at the end), else `xdg-open`. The browser runs detached, with no access
/// to the terminal the list is drawn on.
enum URLOpener {
    /// The command line that would open `url`, or nil when there is no browser to run.
    static func command(for url: String, environment: [String: String]) -> [String]? {
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init),
           !browser.trimmingCharacters(in: .whitespaces).isEmpty {
            let words = browser.split(separator: " ").map(String.init)
            if words.contains(where: { $0.contains("%s") }) {
                return words.map { $0.replacingOccurrences(of: "%s", with: url) }
            }
            return words + [url]
        }
        guard let opener = PathLookup.executable("xdg-open", path: environment["PATH"] ?? "") else { return nil }
        return [opener, url]
    }

    /// Starts the browser; `report` hears of a failure (nil error: it started and did not fail).
    static func open(_ url: String, environment: [String: String], report: @escaping @Sendable (String?) -> Void) {
        guard let arguments = command(for: url, environment: environment) else {
            report("No browser to open it (set BROWSER)")
            return
        }
        let name = URL(fileURLWithPath: arguments[0]).lastPathComponent
        let pid: pid_t
        do {
            // Its own process group: no signal meant for this terminal's job reaches it.
            pid = try ChildProcess.start(arguments, newProcessGroup: true)
        } catch {
            report("Could not run \(name): \(String(cString: strerror(error.code)))")
            return
        }
        // A thread of its own waits for it (a browser may run for hours), so no task is held.
        let child = pid
        Thread.detachNewThread {
            let status = ChildProcess.waitForExit(child)
            if status.signal != 0 {
                report("\(name) was killed by signal \(status.signal)")
            } else if status.code != 0 {
                report("\(name) failed (exit status \(status.code))")
            } else {
                report(nil)
            }
        }
    }
}
