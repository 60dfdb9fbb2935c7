import Foundation
import Testing
@testable import TerminalUI

/// The consumer's one place to wait: keys on an input descriptor (a pipe here), messages posted
/// from other threads, and signals turned into bytes. Serialized: the signal handlers are the
/// process's own.
@Suite("TerminalInput: one wait for keys, messages and signals", .serialized, .timeLimit(.minutes(1)))
struct TerminalInputTests {
    /// A pipe standing in for the terminal: (read end, write end).
    func terminal() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    @Test("messages posted from other threads wake the wait, all of them, in the order posted")
    func messages() async throws {
        let (keys, typing) = try terminal()
        defer { close(keys); close(typing) }
        let input = try TerminalInput<Int>(inputDescriptor: keys)
        defer { input.stop() }
        let poster = Thread { for number in 1...100 { input.post(number) } }
        poster.start()
        var seen: [Int] = []
        while seen.count < 100 {
            let wake = input.wait()
            #expect(!wake.input && !wake.hungUp && !wake.resized && wake.signals.isEmpty)
            seen += wake.messages
        }
        #expect(seen == Array(1...100))
    }

    @Test("typed bytes wake the wait as input; the keys stay to be read")
    func input() throws {
        let (keys, typing) = try terminal()
        defer { close(keys); close(typing) }
        let input = try TerminalInput<Int>(inputDescriptor: keys)
        defer { input.stop() }
        var byte = UInt8(ascii: "j")
        #expect(write(typing, &byte, 1) == 1)
        input.post(7)
        let wake = input.wait()
        #expect(wake.input && !wake.hungUp)
        #expect(wake.messages == [7])
        var read = UInt8(0)
        #expect(Foundation.read(keys, &read, 1) == 1 && read == UInt8(ascii: "j"))
    }

    @Test("a closed terminal is a hang-up, not a wait forever")
    func hangUp() throws {
        let (keys, typing) = try terminal()
        defer { close(keys) }
        let input = try TerminalInput<Int>(inputDescriptor: keys)
        defer { input.stop() }
        close(typing)
        #expect(input.wait().hungUp)
    }

    @Test("SIGWINCH becomes a resize, SIGTSTP a request to suspend (the process does not stop) and SIGHUP a signal, all on the same wait as messages")
    func signals() throws {
        let (keys, typing) = try terminal()
        defer { close(keys); close(typing) }
        let input = try TerminalInput<Int>(inputDescriptor: keys)
        defer { input.stop() }
        // To the process: the pool's threads block signals, so one that does not takes it.
        kill(getpid(), SIGWINCH)
        kill(getpid(), SIGHUP)  // our handler, not the default (which would end the test run)
        kill(getpid(), SIGTSTP)  // likewise: the default would stop the test run
        input.post(1)
        var wake = input.wait()
        // The handlers' bytes and the message's may come over more than one wake.
        while !(wake.resized && wake.suspend && wake.signals == [SIGHUP] && wake.messages == [1]) {
            let next = input.wait()
            wake.resized = wake.resized || next.resized
            wake.suspend = wake.suspend || next.suspend
            wake.signals += next.signals
            wake.messages += next.messages
        }
        #expect(!wake.input)
    }

    @Test("after stop, posts are dropped and the default handlers are back")
    func stop() throws {
        let (keys, typing) = try terminal()
        defer { close(keys); close(typing) }
        let input = try TerminalInput<Int>(inputDescriptor: keys)
        input.stop()
        input.post(1)
        var byte = UInt8(ascii: "x")
        #expect(write(typing, &byte, 1) == 1)
        let wake = input.wait()
        #expect(wake.input && wake.messages.isEmpty)
        var action = sigaction()
        sigaction(SIGWINCH, nil, &action)
        #expect(action.__sigaction_handler.sa_handler == nil)
    }
}
