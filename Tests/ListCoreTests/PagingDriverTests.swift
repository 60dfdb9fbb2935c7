import Synchronization
import Testing
@testable import ListCore

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

@Suite("PagingDriver")
struct PagingDriverTests {
    let list = NumberedList(total: 25, size: 10)

    @Test("loads pages through the source and publishes every state in order")
    func loadsAndPublishes() async throws {
        let source = GatedSource()
        let driver = PagingDriver(source: source, pageSize: 10, prefetch: FixedDistancePrefetch(distance: 2))
        var calls = source.calls.makeAsyncIterator()
        var updates = driver.updates.makeAsyncIterator()

        await driver.send(.start)
        #expect(await updates.next()?.placeholder == .loading)
        let first = try #require(await calls.next())
        #expect(first.cursor == 0)
        first.reply(.success(list.page(0)))
        #expect(await updates.next()?.items.map(\.id) == Array(0..<10))

        await driver.send(.visibleRange(5..<10, viewportRows: 5))
        #expect(await updates.next()?.footer == .loading)
        let second = try #require(await calls.next())
        #expect(second.cursor == 1)
        second.reply(.success(list.page(1)))
        let state = await updates.next()
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

        await driver.send(.refresh)
        let refresh = try #require(await calls.next())
        #expect(refresh.cursor == 0)
        #expect(append.wasCancelled.withLock { $0 }, "the append task was cancelled")
        append.reply(.success(list.page(1)))    // ignored: already answered by the cancellation
        refresh.reply(.success(Page(items: users([50, 51]), next: nil)))

        // Wait until the refresh has been applied.
        for await state in driver.updates where !state.isRefreshing && state.items.first?.id == 50 {
            #expect(state.items.map(\.id) == [50, 51])
            #expect(state.footer == .end(count: 2))
            break
        }
        #expect(await driver.runningFetches == 0)
        await driver.finish()
    }

    @Test("an error from the source becomes a failed state with its message")
    func failure() async throws {
        struct Boom: Error, CustomStringConvertible { var description: String { "server on fire" } }
        let source = GatedSource()
        let driver = PagingDriver(source: source, pageSize: 10)
        var calls = source.calls.makeAsyncIterator()
        await driver.send(.start)
        try #require(await calls.next()).reply(.failure(Boom()))
        for await state in driver.updates where state.placeholder != .loading {
            #expect(state.placeholder == .failed(LoadFailure(message: "server on fire")))
            break
        }
        await driver.finish()
    }
}
