import Foundation
import GitHubAPI
import ListCore
import Logging
import Synchronization
import TerminalUI

/// Runs the driver's event stream and keeps the latest state for the run loop to read.
final class PagingSession: Sendable {
    typealias Source = AnyPageSource<GitHubUser, GitHubCursor>
    typealias State = Pager<GitHubUser, GitHubCursor>

    private final class Latest: Sendable {
        let value: Mutex<(version: Int, state: State)>
        init(_ state: State) { value = Mutex((0, state)) }
    }

    private let latest: Latest
    private let events: AsyncStream<PagerEvent<GitHubUser, GitHubCursor>>.Continuation
    private let driver: PagingDriver<Source>

    init(source: Source, pageSize: Int, prefetch: any PrefetchPolicy) {
        let driver = PagingDriver(source: source, pageSize: pageSize, prefetch: prefetch)
        self.driver = driver
        let latest = Latest(Pager(firstCursor: source.firstCursor, pageSize: pageSize, prefetch: prefetch))
        self.latest = latest
        let (stream, continuation) = AsyncStream.makeStream(of: PagerEvent<GitHubUser, GitHubCursor>.self)
        events = continuation
        Task { for await event in stream { await driver.send(event) } }
        Task {
            for await state in driver.updates {
                latest.value.withLock { $0 = ($0.version + 1, state) }
            }
        }
    }

    func send(_ event: PagerEvent<GitHubUser, GitHubCursor>) { events.yield(event) }

    var snapshot: (version: Int, state: State) { latest.value.withLock { $0 } }

    func finish() async {
        events.finish()
        await driver.finish()
    }
}

/// The interactive list: reads keys, drives the pager, draws frames.
final class Browser {
    let list: UserList
    let host: String
    let session: PagingSession
    let status: StatusBox
    let logger: Logger
    let keyMap = KeyMap()

    init(list: UserList, host: String, source: PagingSession.Source, pageSize: Int, prefetch: any PrefetchPolicy,
         status: StatusBox, logger: Logger) {
        self.list = list
        self.host = host
        self.status = status
        self.logger = logger
        session = PagingSession(source: source, pageSize: pageSize, prefetch: prefetch)
    }

    /// Shows the list until the user quits or a signal arrives; returns that signal (0 for none).
    func run() async throws -> Int32 {
        Signals.install()
        let screen: CursesScreen
        do {
            screen = try CursesScreen()
        } catch {
            throw CleanExitError(message: "ghscroll: \(error)")
        }
        defer { screen.end() }
        var model = BrowserModel(list: list, host: host)
        model.resize(screenRows: screen.size.rows)
        session.send(.start)
        var lastVisible: (Range<Int>, Int)?
        var dirty = true
        let clock = ContinuousClock()
        var lastTick = clock.now
        var frames = 0
        while Signals.pending == 0, !model.quit {
            let snapshot = session.snapshot
            if snapshot.version != model.version {
                model.update(snapshot.state, version: snapshot.version)
                dirty = true
            }
            if let visible = model.visibleItems(), lastVisible.map({ $0 != visible }) ?? true {
                lastVisible = visible
                session.send(.visibleRange(visible.0, viewportRows: visible.1))
            }
            // The spinner turns only while something loads; an idle screen is not redrawn.
            if model.isAnimating, clock.now - lastTick >= .milliseconds(BrowserModel.spinnerPeriodMilliseconds) {
                lastTick = clock.now
                model.tick()
                dirty = true
            }
            let rateLimit = status.rateLimit
            let wait = status.wait
            if model.rateLimit != rateLimit || model.wait != wait {
                model.rateLimit = rateLimit
                model.wait = wait
                dirty = true
            }
            if dirty { model.now = Date() }
            if dirty {
                ListRenderer.render(model.frame(), on: screen)
                frames += 1
                dirty = false
            }
            if let key = screen.readKey(timeoutMilliseconds: 40) {
                if key == .resize { model.resize(screenRows: screen.size.rows) }
                for event in model.handle(key) { session.send(event) }
                dirty = true
            }
            // Let the paging tasks run between polls.
            await Task.yield()
        }
        let signal = Signals.pending
        logger.info("leaving after \(frames) frames (signal \(signal))")
        await session.finish()
        return signal
    }
}
