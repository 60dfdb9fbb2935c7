import Synchronization
import Testing
@testable import ListCore

// MARK: - Sources

/// A page source whose every load waits until the test answers it.
final class GatedSource: PageSource {
    typealias Item = User
    typealias Cursor = Int

    /// One load waiting for its answer.
    final class Call: Sendable {
        let cursor: Int
        private let continuation: Mutex<CheckedContinuation<Page<User, Int>, any Error>?>
        /// Set when the loading task was cancelled.
        let wasCancelled = Mutex(false)

        init(cursor: Int, continuation: CheckedContinuation<Page<User, Int>, any Error>) {
            self.cursor = cursor
            self.continuation = Mutex(continuation)
        }

        func reply(_ result: Result<Page<User, Int>, any Error>) {
            let pending = continuation.withLock { slot in
                defer { slot = nil }
                return slot
            }
            pending?.resume(with: result)
        }

        func cancel() {
            wasCancelled.withLock { $0 = true }
            reply(.failure(CancellationError()))
        }
    }

    let firstCursor = 0
    let calls: AsyncStream<Call>
    private let callSink: AsyncStream<Call>.Continuation

    init() {
        (calls, callSink) = AsyncStream.makeStream(of: Call.self)
    }

    func loadPage(at cursor: Int, pageSize: Int) async throws -> Page<User, Int> {
        let box = Mutex<Call?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let call = Call(cursor: cursor, continuation: continuation)
                box.withLock { $0 = call }
                callSink.yield(call)
            }
        } onCancel: {
            box.withLock { $0 }?.cancel()
        }
    }
}

/// A page source that answers at once from a script and writes down the cursors asked for.
final class ScriptedSource: PageSource {
    typealias Item = User
    typealias Cursor = Int

    let firstCursor = 0
    private let script: @Sendable (Int) throws -> Page<User, Int>
    private let asked = Mutex<[Int]>([])

    init(_ script: @escaping @Sendable (Int) throws -> Page<User, Int>) {
        self.script = script
    }

    /// The cursors asked for, in order.
    var cursors: [Int] { asked.withLock { $0 } }

    func loadPage(at cursor: Int, pageSize: Int) async throws -> Page<User, Int> {
        asked.withLock { $0.append(cursor) }
        return try script(cursor)
    }
}

struct Boom: Error, CustomStringConvertible { var description: String { "server on fire" } }

// MARK: - Events and updates

@Suite("PagingDriver", .timeLimit(.minutes(1)))
struct PagingDriverTests {
    let list = NumberedList(total: 25, size: 10)

    @Test("loads pages through the source and publishes every state in order")
    func loadsAndPublishes() async throws {
        let source = GatedSource()
        let driver = PagingDriver(source: source, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        var calls = source.calls.makeAsyncIterator()
        var updates = driver.updates.makeAsyncIterator()

        await driver.send(.start)
        #expect(await updates.next()?.state.placeholder == .loading)
        let first = try #require(await calls.next())
        #expect(first.cursor == 0)
        first.reply(.success(list.page(0)))
        #expect(await updates.next()?.state.items.map(\.id) == Array(0..<10))

        await driver.send(.visibleRange(5..<10, viewportRows: 5))
        #expect(await updates.next()?.state.footer == .loading)
        let second = try #require(await calls.next())
        #expect(second.cursor == 1)
        second.reply(.success(list.page(1)))
        let update = await updates.next()
        #expect(update?.added.map(\.id) == Array(10..<20), "what the page added")
        let state = update?.state
        #expect(state?.items.map(\.id) == Array(0..<20))
        #expect(state?.footer == nil)
        await driver.finish()
    }

    @Test("a refresh cancels the append task, and its late page is dropped")
    func refreshCancelsAppend() async throws {
        let source = GatedSource()
        let driver = PagingDriver(source: source, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        var calls = source.calls.makeAsyncIterator()
        await driver.send(.start)
        try #require(await calls.next()).reply(.success(list.page(0)))
        await driver.send(.visibleRange(8..<10, viewportRows: 2))
        let append = try #require(await calls.next())
        #expect(append.cursor == 1)

        await driver.send(.refresh(at: nil))
        let refresh = try #require(await calls.next())
        #expect(refresh.cursor == 0)
        #expect(append.wasCancelled.withLock { $0 }, "the append task was cancelled")
        append.reply(.success(list.page(1)))    // ignored: already answered by the cancellation
        refresh.reply(.success(Page(items: users([50, 51]), next: nil)))

        // Wait until the refresh has been applied.
        for await update in driver.updates where !update.state.isRefreshing && update.state.items.first?.id == 50 {
            let state = update.state
            #expect(state.items.map(\.id) == [50, 51])
            #expect(state.footer == .end(count: 2))
            break
        }
        #expect(await driver.runningFetches == 0)
        await driver.finish()
    }

    @Test("an error from the source becomes a failed state with its message")
    func failure() async throws {
        let source = GatedSource()
        let driver = PagingDriver(source: source, pageSize: 10)
        var calls = source.calls.makeAsyncIterator()
        await driver.send(.start)
        try #require(await calls.next()).reply(.failure(Boom()))
        for await update in driver.updates where update.state.placeholder != .loading {
            #expect(update.state.placeholder == .failed(LoadFailure(message: "server on fire")))
            break
        }
        await driver.finish()
    }
}

// MARK: - Reading a whole list

/// Reads the whole list through `driver`, one element per page read: the ids it added.
private func readPages(_ driver: PagingDriver<ScriptedSource>, stopAfter pages: Int = .max) async throws -> [[Int]] {
    var read: [[Int]] = []
    try await driver.read { items in
        read.append(items.map(\.id))
        return read.count < pages
    }
    return read
}

@Suite("PagingDriver reading a whole list (--plain, --json)", .timeLimit(.minutes(1)))
struct PagingDriverReadTests {
    @Test("every page in order to the end, each item once: the repeats of a list that shifted are left out")
    func inOrderWithoutRepeats() async throws {
        let source = ScriptedSource { cursor in
            switch cursor {
            case 0: Page(items: users(0..<10), next: 1)
            case 1: Page(items: users(8..<20), next: 2)    // 8 and 9 again
            default: Page(items: users(20..<25), next: nil)
            }
        }
        let pages = try await readPages(PagingDriver(source: source, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 0)))
        #expect(pages == [Array(0..<10), Array(10..<20), Array(20..<25)])
        #expect(source.cursors == [0, 1, 2], "nothing asked for after the last page")
    }

    @Test("an empty list hands over nothing and ends")
    func empty() async throws {
        let source = ScriptedSource { _ in Page(items: [], next: nil) }
        let pages = try await readPages(PagingDriver(source: source, pageSize: 10))
        #expect(pages.joined().isEmpty)
        #expect(source.cursors == [0])
    }

    @Test("the page after is asked for only once the reader is done with the one before, and not at all when it stops")
    func onePageAtATime() async throws {
        let list = NumberedList(total: 50, size: 10)
        let source = ScriptedSource { list.page($0) }
        let driver = PagingDriver(source: source, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 0))
        var fetchesWhileReading: [Int] = []
        var read = 0
        try await driver.read { _ in
            fetchesWhileReading.append(await driver.runningFetches)
            read += 1
            return read < 3
        }
        #expect(fetchesWhileReading == [0, 0, 0], "no load ran while a page was being read")
        #expect(source.cursors == [0, 1, 2], "the reader stopped after the third page")
    }

    @Test("a page that fails ends the reading with its failure, after the pages before it")
    func failure() async throws {
        let list = NumberedList(total: 50, size: 10)
        let source = ScriptedSource { cursor in
            guard cursor < 2 else { throw Boom() }
            return list.page(cursor)
        }
        let driver = PagingDriver(source: source, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 0))
        var read: [Int] = []
        await #expect(throws: LoadFailure(message: "server on fire")) {
            try await driver.read { items in
                read += items.map(\.id)
                return true
            }
        }
        #expect(read == Array(0..<20))
    }

    @Test("a next cursor seen before ends the reading with an error instead of a loop")
    func repeatedCursor() async throws {
        let source = ScriptedSource { cursor in
            cursor == 0 ? Page(items: users(0..<10), next: 1) : Page(items: users(10..<20), next: 0)
        }
        let driver = PagingDriver(source: source, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 0))
        var read: [Int] = []
        await #expect(throws: LoadFailure.repeatedCursor) {
            try await driver.read { items in
                read += items.map(\.id)
                return true
            }
        }
        #expect(read == Array(0..<20), "the page that named the repeated cursor is read first")
        #expect(source.cursors == [0, 1])
    }

    @Test("with a memory bound, pages are dropped behind the reader and every item is still handed over once, in order")
    func boundedMemory() async throws {
        let list = NumberedList(total: 250, size: 10)
        let source = ScriptedSource { list.page($0) }
        let driver = PagingDriver(source: source, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 0), maxItems: 30)
        var read: [Int] = []
        var held: [Int] = []
        try await driver.read { items in
            read += items.map(\.id)
            held.append(await driver.state.items.count)
            return true
        }
        #expect(read == Array(0..<250))
        #expect(held.max() ?? 0 <= 40, "at most the bound and the page just read: \(held)")
        #expect(source.cursors == Array(0..<25))
    }
}
