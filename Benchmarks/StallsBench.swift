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
    runFillStalls()
    }
}

/// The same person with the adaptive policy, now with the rows filled: every request goes one
/// at a time, as the client sends them, and each page is followed by a fill of its rows in that
/// lane (a fill as slow as a page; or every fill failing and asked again 30 s later). Against the
/// same lane without fills, so that only the fills differ.
@MainActor private func runFillStalls() {
    heading("Stalls with row fills: adaptive prefetch, one request at a time, seconds waited / stalls (fill requests)")
    print("rows/s  latency  page   no fills        fills           fills failing")
    var totals: [String: (seconds: Double, stalls: Int, scrolled: Double)] = [:]
    for speed in [5.0, 10, 20, 40] {
        for latency in [100, 300, 1000] {
            for pageSize in [30, 100] {
                let variants: [(String, ScrollSimulation.Fills)] = [
                    ("lane", .init(latency: .zero)),
                    ("fills", .init(latency: .milliseconds(latency))),
                    ("failing", .init(latency: .milliseconds(latency), failEvery: 1, retryAfter: .seconds(30))),
                ]
                var line = String(format: "%6.0f  %5d ms  %4d", speed, latency, pageSize)
                for (name, fills) in variants {
                    let simulation = ScrollSimulation(rowsPerSecond: speed, latency: .milliseconds(latency), pageSize: pageSize,
                                                      total: 5000, fills: fills)
                    let result = simulation.run(AdaptivePrefetch())
                    line += "   " + String(format: "%6.1f s / %3d", result.stalledSeconds, result.stalls)
                    let total = totals[name] ?? (0, 0, 0)
                    totals[name] = (total.seconds + result.stalledSeconds, total.stalls + result.stalls, total.scrolled + result.seconds)
                }
                print(line)
            }
        }
    }
    for (name, key) in [("lane", "no_fills"), ("fills", "fills"), ("failing", "fills_failing")] {
        let total = totals[name] ?? (0, 0, 0)
        record("stall_seconds_lane_\(key)", total.seconds, "s",
               note: "adaptive, one lane, summed over the 24 cases, in \(total.stalls) stalls")
        record("stall_share_lane_\(key)", total.scrolled > 0 ? 100 * total.seconds / total.scrolled : 0, "%",
               note: "of the time scrolling spent waiting")
    }
}
