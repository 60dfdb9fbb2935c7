// ghscroll-bench: the performance figures quoted in the issue notes. Run with `make bench`.
// Every figure is a median over several runs, or a ratio within one run (the machines are shared
// and noisy). The table is printed and the same figures are written to .bench/results.json.
// BENCH_QUICK=1 skips the slow runs (a million users through the browser).
import Browser
import FakeGitHub
import GitHubAPI
import Foundation
import ListCore
import TerminalUI

struct Item: Identifiable, Sendable {
    let id: Int
    let login: String
}

let clock = ContinuousClock()
let quick = ProcessInfo.processInfo.environment["BENCH_QUICK"] == "1"
/// BENCH_ONLY=scroll,memory runs only those sections (frames, appends, stalls, plain, idle,
/// first-row, memory, scroll, keys, cache-cost, fills, decode, transport).
let only = ProcessInfo.processInfo.environment["BENCH_ONLY"].map { Set($0.split(separator: ",").map(String.init)) }
func wanted(_ section: String) -> Bool { only?.contains(section) ?? true }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Median of `runs` timings of `body`, in microseconds per `iterations`.
func median(runs: Int = 7, iterations: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        samples.append(seconds(clock.measure { body() }) * 1e6 / Double(iterations))
    }
    return middle(samples)
}

func middle(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// The median of `values`, or nil when there are none (a figure the bench could not take).
func middle(of values: [Double]) -> Double? {
    values.isEmpty ? nil : middle(values)
}

func items(_ count: Int) -> [Item] { (0..<count).map { Item(id: $0, login: "user-\($0)") } }

func describe(_ item: Item) -> ItemText { ItemText(title: item.login, detail: "#\(item.id) ") }

// MARK: - The figures

/// One figure: a name for results.json, a value in a unit (nil when it could not be measured),
/// and what the table says of it.
struct Figure: Encodable {
    var name: String
    var value: Double?
    var unit: String
    var note: String
}

var figures: [Figure] = []

/// Records a figure and prints its line of the table.
@MainActor func record(_ name: String, _ value: Double?, _ unit: String, _ format: String = "%.1f", note: String = "") {
    figures.append(Figure(name: name, value: value.flatMap { $0.isFinite ? $0 : nil }, unit: unit, note: note))
    let shown = value.map { String(format: format, $0) + " " + unit } ?? "n/a"
    let line = name.padding(toLength: 40, withPad: " ", startingAt: 0) + shown.padding(toLength: 18, withPad: " ", startingAt: 0)
    print(line + note)
}

func heading(_ text: String) { print("\n" + text) }

@MainActor func writeResults() throws {
    let directory = URL(fileURLWithPath: ".bench")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    struct Results: Encodable {
        var date: String
        var machine: String
        var figures: [Figure]
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
    let results = Results(date: ISO8601DateFormatter().string(from: Date()), machine: "\(cores) cores, \(memory) GiB",
                          figures: figures)
    try encoder.encode(results).write(to: directory.appendingPathComponent("results.json"))
    print("\nwritten to .bench/results.json")
}

runFramesSection()
runAppendsSection()
runStallsSection()
try await runFillsSection()
try await runDecodeSection()
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ghscroll").path
let binaryBuilt = FileManager.default.isExecutableFile(atPath: binary)
if !binaryBuilt { print("\n\(binary) is not built: the figures of the real binary are skipped") }
try await runPlainSection()
try await runIdleSection()
try await runFirstRowSection()
try await runTransportSection()
try await runMemorySection()
try await runScrollSection()
runKeysSection()

if binaryBuilt, wanted("cache-cost") { try await cacheCostBench() }  // Benchmarks/CacheCostBench.swift

try writeResults()
