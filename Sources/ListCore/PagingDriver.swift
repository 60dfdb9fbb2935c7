/// Runs a ``Pager``'s effects against a ``PageSource`` with Swift concurrency.
///
/// Send it events; read every resulting state, in order, from ``updates``. A refresh or
/// cancel cancels the tasks of the fetches it replaces, and their late results are dropped.
public actor PagingDriver<Source: PageSource> {
    public typealias State = Pager<Source.Item, Source.Cursor>
    public typealias Event = PagerEvent<Source.Item, Source.Cursor>

    /// Every state after an event that was handled, in order. One consumer.
    public nonisolated let updates: AsyncStream<State>

    public private(set) var state: State
    private let source: Source
    private let continuation: AsyncStream<State>.Continuation
    private var tasks: [FetchToken: Task<Void, Never>] = [:]
    private var finished = false

    public init(
        source: Source,
        firstCursor: Source.Cursor? = nil,
        pageSize: Int,
        prefetch: any PrefetchPolicy = FixedDistancePrefetch(),
        buffering: AsyncStream<State>.Continuation.BufferingPolicy = .unbounded
    ) {
        self.source = source
        self.state = Pager(firstCursor: firstCursor ?? source.firstCursor, pageSize: pageSize, prefetch: prefetch)
        (updates, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: buffering)
    }

    /// Applies an event, starts or cancels the fetches it asks for, and publishes the state.
    public func send(_ event: Event) {
        guard !finished else { return }
        let effects = state.handle(event)
        continuation.yield(state)
        for effect in effects { run(effect) }
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
