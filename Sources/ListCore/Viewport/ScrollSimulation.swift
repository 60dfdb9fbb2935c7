/// A person holding the down key through a paged list, on a virtual clock: how long and how
/// often they wait at the last loaded row for a given prefetch policy, scroll speed and page
/// latency.
///
/// It drives a real ``Pager`` and ``Viewport`` (nothing is modelled twice), so it measures the
/// policy as the browser runs it. Pure and deterministic: the same inputs give the same result.
public struct ScrollSimulation: Sendable {
    /// What the person saw.
    public struct Result: Sendable, Equatable, CustomStringConvertible {
        /// Time spent on the last loaded row wanting to go on, in seconds.
        public var stalledSeconds: Double
        /// How many times the person had to wait.
        public var stalls: Int
        /// Pages asked for (the first one included).
        public var requests: Int
        /// The most requests in flight at once.
        public var mostInFlight: Int
        /// Seconds from the first row shown to the last row reached.
        public var seconds: Double

        public var description: String {
            "stalled \(stalledSeconds) s in \(stalls) stalls, \(requests) requests, \(seconds) s"
        }
    }

    /// Rows the person moves per second (one key press per row).
    public var rowsPerSecond: Double
    /// How long each page takes to arrive.
    public var latency: Duration
    public var pageSize: Int
    /// Rows in the whole list; the person scrolls from the first to the last.
    public var total: Int
    /// Rows the screen shows.
    public var viewportRows: Int

    public init(rowsPerSecond: Double, latency: Duration, pageSize: Int, total: Int, viewportRows: Int = 22) {
        self.rowsPerSecond = max(0.001, rowsPerSecond)
        self.latency = latency
        self.pageSize = max(1, pageSize)
        self.total = max(1, total)
        self.viewportRows = max(1, viewportRows)
    }

    private struct Row: Identifiable, Sendable, Equatable { let id: Int }

    /// Runs the person through the list with `policy` deciding when pages are asked for.
    public func run(_ policy: any PrefetchPolicy) -> Result {
        var pager = Pager<Row, Int>(firstCursor: 0, pageSize: pageSize, prefetch: policy)
        var viewport = Viewport(height: viewportRows, margin: 2)
        var arrivals: [(at: Duration, request: FetchRequest<Int>)] = []
        var result = Result(stalledSeconds: 0, stalls: 0, requests: 0, mostInFlight: 0, seconds: 0)
        var now = Duration.zero

        func perform(_ effects: [PagerEffect<Int>]) {
            for case let .fetch(request) in effects {
                result.requests += 1
                arrivals.append((now + latency, request))
                result.mostInFlight = max(result.mostInFlight, arrivals.count)
            }
        }
        func tellVisible() {
            let rows = RowModel(items: pager.items, footer: nil)
            viewport.sync(rows)
            let visible = viewport.visibleRows(in: rows)
            perform(pager.handle(.visibleRange(visible, viewportRows: viewportRows), at: now).effects)
        }
        var stalledSince: Duration?
        func deliverDue() {
            while let first = arrivals.first, first.at <= now {
                arrivals.removeFirst()
                let start = first.request.cursor
                let end = min(total, start + first.request.pageSize)
                let page = Page(items: (start..<end).map(Row.init), next: end < total ? end : nil)
                perform(pager.handle(.pageLoaded(first.request.token, page), at: first.at).effects)
                if let since = stalledSince, (viewport.selection ?? 0) + 1 < pager.items.count {
                    result.stalledSeconds += (first.at - since).inSeconds
                    stalledSince = nil
                }
                tellVisible()
            }
        }

        perform(pager.handle(.start, at: now).effects)
        // The first rows appear; the person starts holding the key then.
        if let first = arrivals.first { now = first.at }
        deliverDue()
        let began = now
        let step = Duration.nanoseconds(Int64((1e9 / rowsPerSecond).rounded()))
        while (viewport.selection ?? 0) < total - 1 {
            now += step
            deliverDue()
            let rows = RowModel(items: pager.items, footer: nil)
            let selected = viewport.selection ?? 0
            if selected + 1 < rows.count {
                viewport.perform(.lineDown, in: rows)
                tellVisible()
            } else if stalledSince == nil {
                stalledSince = now
                result.stalls += 1
            }
            if arrivals.isEmpty && selected + 1 >= rows.count && pager.nextCursor == nil { break }
        }
        result.seconds = (now - began).inSeconds
        return result
    }
}
