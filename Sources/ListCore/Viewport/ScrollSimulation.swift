/// A person holding the down key through a paged list, on a virtual clock: how long and how
/// often they wait at the last loaded row for a given prefetch policy, scroll speed and page
/// latency.
///
/// It drives a real ``Pager`` and ``Viewport`` (nothing is modelled twice), so it measures the
/// policy as the browser runs it. Pure and deterministic: the same inputs give the same result.
///
/// With ``fills``, requests go one at a time, as the client sends them, and each page that
/// arrives is followed by a fill request for its rows in the same lane: a page waiting goes
/// before a waiting fill, a fill already out finishes first, and a failed fill is asked again
/// later without holding the lane meanwhile.
public struct ScrollSimulation: Sendable {
    /// Background requests that share the lane with the pages (the rows' fills).
    public struct Fills: Sendable, Equatable {
        /// How long each fill request takes.
        public var latency: Duration
        /// Every `failEvery`-th fill fails (after its latency) and is asked again after
        /// `retryAfter`; 0: none fails.
        public var failEvery: Int
        public var retryAfter: Duration

        public init(latency: Duration, failEvery: Int = 0, retryAfter: Duration = .seconds(30)) {
            self.latency = latency
            self.failEvery = max(0, failEvery)
            self.retryAfter = retryAfter
        }
    }

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
        /// Fill requests sent (retries included).
        public var fillRequests = 0

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
    /// Fills in the lane of the pages; nil: pages only, each arriving `latency` after it was
    /// asked, however many are out.
    public var fills: Fills?

    public init(rowsPerSecond: Double, latency: Duration, pageSize: Int, total: Int, viewportRows: Int = 22,
                fills: Fills? = nil) {
        self.rowsPerSecond = max(0.001, rowsPerSecond)
        self.latency = latency
        self.pageSize = max(1, pageSize)
        self.total = max(1, total)
        self.viewportRows = max(1, viewportRows)
        self.fills = fills
    }

    /// The one lane requests go through when fills share it: what is out, and what waits.
    private struct Lane {
        enum Job { case page(FetchRequest<Int>), fill }
        var busy: (until: Duration, job: Job)?
        var pages: [FetchRequest<Int>] = []
        /// When each waiting fill may go.
        var fills: [Duration] = []
        var fillsSent = 0

        /// Starts the next request at `time` when the lane is free: a waiting page first.
        mutating func startNext(at time: Duration, pageLatency: Duration, fill: Fills) {
            guard busy == nil else { return }
            if !pages.isEmpty {
                busy = (time + pageLatency, .page(pages.removeFirst()))
            } else if let index = fills.indices.min(by: { fills[$0] < fills[$1] }), fills[index] <= time {
                fills.remove(at: index)
                fillsSent += 1
                busy = (time + fill.latency, .fill)
            }
        }

        /// When the next waiting fill may go, while the lane is free.
        var nextFillReady: Duration? { busy == nil && pages.isEmpty ? fills.min() : nil }
    }

    private struct Row: Identifiable, Sendable, Equatable { let id: Int }

    /// Runs the person through the list with `policy` deciding when pages are asked for.
    public func run(_ policy: any PrefetchPolicy) -> Result {
        var pager = Pager<Row, Int>(firstCursor: 0, pageSize: pageSize, prefetch: policy)
        var viewport = Viewport(height: viewportRows, margin: 2)
        var arrivals: [(at: Duration, request: FetchRequest<Int>)] = []
        var result = Result(stalledSeconds: 0, stalls: 0, requests: 0, mostInFlight: 0, seconds: 0)
        var now = Duration.zero

        var lane = Lane()
        func perform(_ effects: [PagerEffect<Int>]) {
            for case let .fetch(request) in effects {
                result.requests += 1
                if let fills {
                    lane.pages.append(request)
                    lane.startNext(at: now, pageLatency: latency, fill: fills)
                    result.mostInFlight = 1
                } else {
                    arrivals.append((now + latency, request))
                    result.mostInFlight = max(result.mostInFlight, arrivals.count)
                }
            }
        }
        func tellVisible() {
            let rows = RowModel(items: pager.items, footer: nil)
            viewport.sync(rows)
            let visible = viewport.visibleRows(in: rows)
            perform(pager.handle(.visibleRange(visible, viewportRows: viewportRows), at: now).effects)
        }
        var stalledSince: Duration?
        func deliver(_ request: FetchRequest<Int>, at time: Duration) {
            let start = request.cursor
            let end = min(total, start + request.pageSize)
            let page = Page(items: (start..<end).map(Row.init), next: end < total ? end : nil)
            perform(pager.handle(.pageLoaded(request.token, page), at: time).effects)
            if let since = stalledSince, (viewport.selection ?? 0) + 1 < pager.items.count {
                result.stalledSeconds += (time - since).inSeconds
                stalledSince = nil
            }
            tellVisible()
        }
        func deliverDue() {
            guard let fills else {
                while let first = arrivals.first, first.at <= now {
                    arrivals.removeFirst()
                    deliver(first.request, at: first.at)
                }
                return
            }
            while true {
                if let ready = lane.nextFillReady, ready <= now {
                    lane.startNext(at: ready, pageLatency: latency, fill: fills)
                }
                guard let (until, job) = lane.busy, until <= now else { return }
                lane.busy = nil
                switch job {
                case .page(let request):
                    deliver(request, at: until)
                    // The page's rows are to be filled.
                    lane.fills.append(until)
                case .fill:
                    if fills.failEvery > 0, lane.fillsSent % fills.failEvery == 0 {
                        lane.fills.append(until + fills.retryAfter)
                    }
                }
                lane.startNext(at: until, pageLatency: latency, fill: fills)
            }
        }

        perform(pager.handle(.start, at: now).effects)
        // The first rows appear; the person starts holding the key then.
        if let first = arrivals.first { now = first.at }
        if let (until, _) = lane.busy { now = until }
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
            let nothingOut = arrivals.isEmpty && lane.pages.isEmpty && { if case .page? = lane.busy?.job { false } else { true } }()
            if nothingOut && selected + 1 >= rows.count && pager.nextCursor == nil { break }
        }
        result.seconds = (now - began).inSeconds
        result.fillRequests = lane.fillsSent
        return result
    }
}
