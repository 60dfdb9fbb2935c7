import ListCore
import Testing

/// The stall bench's model with row fills in the pages' lane (one request at a time): a fill
/// follows each page, a waiting page goes first, a failed fill does not hold the lane.
@Suite("Scrolling with row fills in the lane, on a virtual clock")
struct FillLaneSimulationTests {
    @Test("no stall whenever pages and their fills together arrive 1.5 times faster than the person scrolls; failing fills cost no more")
    func fillsInTheLane() {
        for (speed, latency, pageSize) in AdaptivePrefetchTests.cases {
            let label = "\(speed) rows/s, \(latency) ms, \(pageSize) a page"
            func run(_ fills: ScrollSimulation.Fills) -> ScrollSimulation.Result {
                ScrollSimulation(rowsPerSecond: speed, latency: .milliseconds(Int64(latency)), pageSize: pageSize, total: 2000,
                                 fills: fills).run(AdaptivePrefetch())
            }
            let bare = run(.init(latency: .zero))
            let filled = run(.init(latency: .milliseconds(Int64(latency))))
            let failing = run(.init(latency: .milliseconds(Int64(latency)), failEvery: 1, retryAfter: .seconds(30)))
            let supply = Double(pageSize) / (2 * Double(latency) / 1000)
            if supply >= 1.5 * speed {
                #expect(filled.stalls == 0, "\(label): \(filled)")
            }
            #expect(bare.stalledSeconds <= filled.stalledSeconds + 1e-9, "\(label)")
            #expect(failing.stalledSeconds <= filled.stalledSeconds + 1e-9, "\(label): \(failing) vs \(filled)")
            #expect(filled.requests == bare.requests && filled.mostInFlight == 1, "\(label)")
            // Fills went (those of the last pages may still wait when the person reaches the end).
            #expect(filled.fillRequests > 0 && filled.fillRequests <= filled.requests, "\(label): \(filled)")
            #expect(failing.fillRequests > 0, "\(label): \(failing)")
        }
    }
}
