@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// Writes down the commands the loop hands on and the results it settles.
final class RecordingRunner: CommandRunner {
    private(set) var commands: [Command] = []
    private(set) var settled = 0
    func run(_ commands: [Command]) { self.commands += commands }
    func settle(_ message: Message) { settled += 1 }
    func cancelAll() {}

    /// The fetches asked for since the last call.
    func takeFetches() -> [(ScreenID, FetchRequest<GitHubCursor>)] {
        defer { commands.removeAll { if case .run(_, .page) = $0 { true } else { false } } }
        return commands.compactMap { if case let .run(.fetch(id, _), .page(_, request)) = $0 { (id, request) } else { nil } }
    }
}

typealias Wake = TerminalInput<Message>.Wake

/// The whole screen the recorder holds: its text, then its styles.
func screen(_ terminal: FrameRecorder) -> [String] {
    guard let cells = terminal.cells else { return [] }
    return cells.lines + cells.styleLines
}

@Suite("The loop, one wake at a time, on an in-memory terminal")
struct BrowserLoopTests {
    func makeLoop(rows: Int = 8, columns: Int = 40) -> (BrowserLoop<FrameRecorder>, FrameRecorder, RecordingRunner) {
        let terminal = FrameRecorder(rows: rows, columns: columns)
        let runner = RecordingRunner()
        let loop = BrowserLoop(state: makeState(rows: rows, columns: columns), terminal: terminal, runner: runner,
                               clock: { epoch })
        return (loop, terminal, runner)
    }

    @Test("a session of a page, keys, a resize, a suspension, a copy and q: each frame whole, and none when nothing changed")
    func session() throws {
        let (loop, terminal, runner) = makeLoop()
        loop.start()
        #expect(loop.frames == 1)
        #expect(screen(terminal) == [
            " ghscroll · All users    api.github.com",
            "",
            "",
            "               ⠋ Loading…",
            "",
            "",
            "",
            " Loading users…    : go  q quit  ? help",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])
        let (id, first) = try #require(runner.takeFetches().first)

        // The first page: drawn whole.
        #expect(loop.handle(Wake(messages: [.pageLoaded(id, first.token, page(1...20, next: .since(20)))])))
        #expect(runner.settled == 1)
        #expect(screen(terminal) == [
            " ghscroll · All users    api.github.com",
            " user1                              #1",
            " user2                              #2",
            " user3                              #3",
            " user4                              #4",
            " user5                              #5",
            " user6                              #6",
            " 20 users · 1/20  Enter details  ? help",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "....................................mmm.",
            "....................................mmm.",
            "....................................mmm.",
            "....................................mmm.",
            "....................................mmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])

        // Two keys in one wake: one frame, and only the rows that changed are sent.
        terminal.keys = [.character("j"), .character("j")]
        #expect(loop.handle(Wake(input: true)))
        #expect(loop.frames == 3)
        #expect(terminal.rowsDrawn.last == 3, "the row that lost the selection, the one that gained it, the status")
        #expect(terminal.cells?.lines[3] == " user3                              #3")
        #expect(terminal.cells?.reversedRows == [0, 3, 7])
        #expect(terminal.cells?.lines.last?.hasPrefix(" 20 users · 3/20") == true)

        // A stale tick changes nothing: no frame. A key that does nothing makes a frame (keys are
        // not compared), and it sends no row.
        #expect(!loop.handle(Wake(messages: [.tick(99)])))
        #expect(loop.frames == 3)
        terminal.keys = [.character("Z")]
        loop.handle(Wake(input: true))
        #expect(terminal.rowsDrawn.last == 0)

        // A resize: the terminal takes its new size, and the frame is drawn whole at it.
        terminal.pendingSize = (rows: 6, columns: 30)
        #expect(loop.handle(Wake(resized: true)))
        #expect(terminal.rowsDrawn.last == 6)
        #expect(screen(terminal) == [
            " ghscroll · All users",
            " user2                    #2",
            " user3                    #3",
            " user4                    #4",
            " user5                    #5",
            " 20 users · 3/20       ? help",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "..........................mmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "..........................mmm.",
            "..........................mmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
        ])

        // SIGTSTP from outside, and Ctrl-z: the loop hands the terminal over itself, then draws
        // everything again; the runner never sees a terminal command.
        #expect(loop.handle(Wake(suspend: true)))
        terminal.keys = [.control("z")]
        #expect(loop.handle(Wake(input: true)))
        #expect(terminal.suspensions == 2)
        #expect(terminal.rowsDrawn.suffix(2) == [6, 6])

        // y: the address goes to the clipboard (OSC 52) after the frame that says so.
        terminal.keys = [.character("y")]
        #expect(loop.handle(Wake(input: true)))
        #expect(terminal.rawWrites == [Clipboard.osc52("https://github.com/user3")])
        #expect(terminal.cells?.lines.last == " Copied https://github.com/u…")
        #expect(!runner.commands.contains { if case .copy = $0 { true } else if case .suspend = $0 { true } else { false } })

        // q: the state ends, and nothing more is drawn.
        let frames = loop.frames
        terminal.keys = [.character("q")]
        #expect(!loop.handle(Wake(input: true)))
        #expect(loop.exitStatus == 0)
        #expect(loop.frames == frames)
    }

    @Test("a hang-up with nothing to read, and a signal, end the loop with 128 + the signal")
    func hangUpAndSignals() {
        let (loop, _, _) = makeLoop()
        loop.start()
        #expect(!loop.handle(Wake(input: true, hungUp: true)))
        #expect(loop.exitStatus == 128 + SIGHUP)
        let (other, _, _) = makeLoop()
        other.start()
        other.handle(Wake(signals: [SIGTERM, SIGINT]))
        #expect(other.exitStatus == 128 + SIGTERM, "the first signal wins")
    }
}
