import Foundation
import GitHubAPI
import ListCore
import Logging
import Synchronization
import TerminalUI

/// The interactive browser: one message stream, one consumer that updates the state, runs the
/// commands and draws.
///
/// Keys, resizes, page and details results, the client's rate limit and waits, signals and (only
/// while something animates) ticks all come to one consumer, on a thread of its own, through
/// ``TerminalInput``: it sleeps until there is something, reads the keys without waiting and
/// takes the messages the runtime's tasks posted. No thread of the cooperative pool sits in
/// curses, and an idle browser wakes for nothing.
package struct Browser: Sendable {
    /// The first screen: a list, or an account's profile (`ghscroll user LOGIN`).
    package let opening: AppState.Opening
    package let configuration: GitHubConfiguration
    package let retryPolicy: RetryPolicy
    package let pageSize: Int
    package let prefetchDistance: Int?
    package let logger: Logger
    package let environment: [String: String]
    package var layout = AppState.Layout.compact
    /// False draws no colours (as `NO_COLOR` does).
    package var colors = true
    /// False leaves the mouse to the terminal (to select text with): no clicks, no wheel.
    package var mouse = true
    /// False follows and stars without asking first (undoing one is always asked).
    package var confirmActions = true
    package var keys = KeyTable()
    /// Users kept per list before far pages are dropped (nil: all).
    package var maxItems: Int?
    /// Where responses are kept (the disk cache); in memory when nil.
    package var store: (any ResponseStore)?
    /// Seconds a stored response stays fresh, instead of GitHub's max-age.
    package var maxAge: TimeInterval?
    /// Shown in the status line at the start (a warning from before the screen was up).
    var startupNotice: String?
    /// Notices that arrive while the browser runs go to its status line.
    package var notices: NoticeHook?

    package init(opening: AppState.Opening, configuration: GitHubConfiguration, retryPolicy: RetryPolicy, pageSize: Int,
                prefetchDistance: Int?, logger: Logger,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.opening = opening
        self.configuration = configuration
        self.retryPolicy = retryPolicy
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance
        self.logger = logger
        self.environment = environment
    }

    /// Shows the list until the person quits or a signal arrives; returns 0, or 128 + the signal.
    ///
    /// The loop runs on a thread of its own, which sleeps in `poll` between wakes (see
    /// ``TerminalInput``), so the cooperative pool is never blocked and a key press wakes one
    /// thread only.
    package func run() async throws -> Int32 {
        let browser = self
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try browser.loop() }) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// The one consumer: wires the loop to curses, the terminal's input and the runtime, then
    /// hands it each wake until the state has an exit status.
    private func loop() throws -> Int32 {
        // The signal handlers first: curses then leaves SIGTSTP and the rest to them.
        let input = try TerminalInput<Message>()
        defer { input.stop() }
        let screen = try CursesScreen(environment: screenEnvironment, mouse: mouse)
        defer { screen.end() }
        let post: @Sendable (Message) -> Void = { input.post($0) }
        let logger = logger
        let token = configuration.token
        let heard = Mutex<[String]?>(nil)
        let client = GitHubClient(configuration: configuration, store: store ?? MemoryResponseStore(), maxAge: maxAge,
                                  retryPolicy: retryPolicy,
                                  onResponse: { info in
                                      if let limit = info.rateLimit { post(.rateLimit(limit)) }
                                      // What the token may do, once, and again only if its scopes change.
                                      if let scopes = info.scopes, heard.withLock({ old in
                                          defer { old = scopes }
                                          return old != scopes
                                      }) {
                                          post(.abilities(TokenAbilities(token: token, scopes: scopes)))
                                      }
                                  },
                                  onWait: { wait in
                                      if let wait { logger.notice("waiting: \(wait.summary(at: Date()))") }
                                      post(.wait(wait))
                                  }, logger: logger)
        let runtime = Runtime(service: .live(client), environment: environment, post: post)
        defer { runtime.cancelAll() }
        let earlier = notices?.attach { post(.notice($0)) } ?? []
        defer { _ = notices?.attach(nil) }

        // The demo's fake GitHub is on this machine: its address would only puzzle in the title.
        let host = if case .demo = configuration.tokenSource { "demo GitHub" } else { configuration.baseURL.host ?? "" }
        var state = AppState(opening: opening, host: host,
                             pageSize: pageSize, prefetchDistance: prefetchDistance,
                             size: AppState.Size(rows: screen.size.rows, columns: screen.size.columns), now: Date(),
                             keys: keys, layout: layout,
                             tokenLabel: configuration.tokenSource.description, maxItems: maxItems)
        // The retry policy's unit (1 s) paces the tries while GitHub cannot be reached too.
        state.reconnectUnit = retryPolicy.baseDelay
        // GraphQL answers only with a token: without one, rows show what the pages and the
        // details seen already say.
        state.fillsRows = configuration.token != nil
        state.acting = Acting(abilities: TokenAbilities(token: configuration.token, scopes: nil),
                              host: GitHubConfiguration.webHost(of: configuration.baseURL))
        state.acting.confirms = confirmActions
        state.hasToken = configuration.token != nil
        if let path = HistoryFile.defaultPath(environment: environment) { state.prompt.history = HistoryFile.load(path: path) }
        let loop = BrowserLoop(state: state, terminal: screen, runner: runtime)
        loop.start(notice: startupNotice ?? earlier.last)
        var firstRowsLogged = false
        func noteFirstRows() {
            guard !firstRowsLogged, loop.state.top.hasRows else { return }
            firstRowsLogged = true
            logger.info("first rows drawn \(ProcessStart.milliseconds()) ms after the process started")
        }
        noteFirstRows()
        while loop.exitStatus == nil {
            if loop.handle(input.wait()) { noteFirstRows() }
        }
        let status = loop.exitStatus ?? 0
        logger.info("leaving after \(loop.frames) frames (exit status \(status))")
        return status
    }

    private var screenEnvironment: [String: String] {
        var screenEnvironment = environment
        if !colors { screenEnvironment["NO_COLOR"] = "1" }
        return screenEnvironment
    }
}

/// How long ago this process started, from the kernel's account of it.
enum ProcessStart {
    /// Milliseconds since the process started (to 10 ms, the kernel's tick), or -1 when unknown.
    static func milliseconds() -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return -1 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Field 22 of the whole line (the start time in ticks since boot) is the 20th after the name.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let sinceBoot = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return Int(((sinceBoot - ticks / max(1, hertz)) * 1_000).rounded())
    }
}
