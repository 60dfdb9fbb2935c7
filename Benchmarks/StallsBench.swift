import Browser
import FakeGitHub
import Foundation
import GitHubAPI
import ListCore
import TerminalUI

// MARK: - Prefetch: a person holding the key, on a virtual clock


/// Prefetch: a person holding the key, on a virtual clock.
@MainActor func runStallsSection() {
    if wanted("stalls") {
    heading("Stalls: scrolling through 5,000 rows on a virtual clock (ScrollSimulation), seconds waited / stalls")
    print("rows/s  latency  page   adaptive        one screen      5 rows before the end")
    var stallTotals: [String: (seconds: Double, stalls: Int)] = [:]
    var stallCases: [[String: Double]] = []
    for speed in [5.0, 10, 20, 40] {
        for latency in [100, 300, 1000] {
            for pageSize in [30, 100] {
                let simulation = ScrollSimulation(rowsPerSecond: speed, latency: .milliseconds(latency), pageSize: pageSize, total: 5000)
                let policies: [(String, any PrefetchPolicy)] = [("adaptive", AdaptivePrefetch()), ("screen", FixedDistancePrefetch()),
                                                                ("five", FixedDistancePrefetch(distance: 5))]
                var line = String(format: "%6.0f  %5d ms  %4d", speed, latency, pageSize)
                var row: [String: Double] = ["rows_per_second": speed, "latency_ms": Double(latency), "page_size": Double(pageSize)]
                for (name, policy) in policies {
                    let result = simulation.run(policy)
                    line += "   " + String(format: "%6.1f s / %3d", result.stalledSeconds, result.stalls)
                    let total = stallTotals[name] ?? (0, 0)
                    stallTotals[name] = (total.seconds + result.stalledSeconds, total.stalls + result.stalls)
                    row["\(name)_stalled_s"] = result.stalledSeconds
                    row["\(name)_stalls"] = Double(result.stalls)
                }
                stallCases.append(row)
                print(line)
            }
        }
    }
    for name in ["adaptive", "screen", "five"] {
        let total = stallTotals[name] ?? (0, 0)
        record("stall_seconds_\(name)", total.seconds, "s", note: "summed over the 24 cases, in \(total.stalls) stalls")
    }
    }
}
