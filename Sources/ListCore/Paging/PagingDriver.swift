/// Runs a ``Pager``'s effects against a ``PageSource`` with Swift concurrency.
///
/// Send it events and read every resulting update, in order, from ``updates``; or let it read
/// the whole list in order with ``read(_:)``. A refresh or cancel cancels the tasks of the
/// fetches it replaces, and their late results are dropped.
public actor PagingDriver<Source: PageSource> {
    public typealias State = Pager<Source.Item, Source.Cursor>
    public typealias Event = PagerEvent<Source.Item, Source.Cursor>

    /// One event handled: the event, the state it left and what it did to the items.
    public struct Update: Sendable {
        public let event: Event
        public let state: State
        /// What the event did to the items (indexes into the items of ``state``).
        public let change: ListChange

        /// The items the event added, in list order.
        public var added: [Source.Item] {
            let items = state.items
            return change.inserted.map { items[$0] }
        }
    }

    /// Every update after an event that was handled, in order. One consumer.
    public nonisolated let updates: AsyncStream<Update>

    public private(set) var state: State
    private let source: Source
    private let continuation: AsyncStream<Update>.Continuation
    private var tasks: [FetchToken: Task<Void, Never>] = [:]
    private var finished = false

    /// `firstCursor` overrides the source's; `maxItems` bounds the items kept (see ``Pager``).
    public init(
        source: Source,
        firstCursor: Source.Cursor? = nil,
        pageSize: Int,
        prefetch: any PrefetchPolicy = FixedDistancePrefetch(),
        maxItems: Int? = nil,
        buffering: AsyncStream<Update>.Continuation.BufferingPolicy = .unbounded
    ) {
        self.source = source
        self.state = Pager(firstCursor: firstCursor ?? source.firstCursor, pageSize: pageSize, prefetch: prefetch,
                           maxItems: maxItems)
        (updates, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: buffering)
    }

    // MARK: - Events

    /// Applies an event, publishes the update, and starts or cancels the fetches it asks for.
    public func send(_ event: Event) {
        guard !finished else { return }
        let step = state.handle(event)
        continuation.yield(Update(event: event, state: state, change: step.change))
        for effect in step.effects { run(effect) }
    }

    /// Cancels every fetch and ends ``updates``.
    public func finish() {
        finished = true
        for task in tasks.values { task.cancel() }
        tasks = [:]
        continuation.finish()
    }

    /// Fetches currently running.
    public var runningFetches: Int { tasks.count }

    // MARK: - Reading the whole list

    /// Reads the list from its first page to its end, one page at a time, as a reader who reads
    /// every row in order.
    ///
    /// `read` gets the items each page added, in list order (repeats of rows already read are
    /// left out); the page after them is asked for only once it returns true, and false stops
    /// the reading. Throws the ``LoadFailure`` that stopped the list (a page that failed, or a
    /// next cursor that repeated) after handing over what came before it. It consumes
    /// ``updates`` and finishes the driver: call it once, on a driver that was sent nothing.
    public nonisolated func read(_ read: ([Source.Item]) async throws -> Bool) async throws {
        var updates = updates.makeAsyncIterator()
        do {
            await send(.start)
            reading: while let update = await updates.next() {
                switch update.event {
                case .pageLoaded:
                    guard try await read(update.added) else { break reading }
                    if let failure = update.state.appendState.failure { throw failure }
                    // The next page, as if the last row were on screen.
                    let count = update.state.items.count
                    await send(.visibleRange(max(0, count - 1)..<count, viewportRows: 1))
                case .pageFailed(_, let failure):
                    throw failure
                default:
                    // Nothing on its way after this event: the list has ended.
                    if update.state.inFlight.isEmpty { break reading }
                }
            }
        } catch {
            await finish()
            throw error
        }
        await finish()
    }

    // MARK: - Effects

    private func run(_ effect: PagerEffect<Source.Cursor>) {
        switch effect {
        case .cancelFetch(let token):
            tasks.removeValue(forKey: token)?.cancel()
        case .fetch(let request):
            let source = self.source
            tasks[request.token] = Task { [weak self] in
                let event: Event
                do {
                    let page = try await source.loadPage(at: request.cursor, pageSize: request.pageSize)
                    event = .pageLoaded(request.token, page)
                } catch {
                    event = .pageFailed(request.token, Task.isCancelled ? LoadFailure(CancellationError()) : LoadFailure(error))
                }
                await self?.complete(request.token, event)
            }
        }
    }

    private func complete(_ token: FetchToken, _ event: Event) {
        guard tasks.removeValue(forKey: token) != nil else { return }
        send(event)
    }
}
