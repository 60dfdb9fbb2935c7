import FakeGitHub
import Foundation
import Testing

// MARK: - The wheel in tmux (#37 item 20)

/// An SGR mouse report of the wheel (button 64 up, 65 down) over a 0-based screen cell.
private func wheel(down: Bool, row: Int = 5, column: Int = 10) -> [UInt8] {
    Array("\u{1B}[<\(down ? 65 : 64);\(column + 1);\(row + 1)M".utf8)
}

extension BrowserEndToEndTests {
    @Test("a notch of the wheel moves the selection three rows down, another three more, a notch up three back; over a help taller than the window it scrolls the help")
    func wheelNotches() async throws {
        try await withLaunch("users", columns: 100, rows: 12) { _, pane in
            await pane.waitFor { screenText($0).contains("· 1/") }
            try await pane.bytes(wheel(down: true))
            let three = await pane.waitFor(5) { screenText($0).contains("· 4/") }
            #expect(screenText(three).contains("· 4/"), "\(screenText(three))")
            try await pane.bytes(wheel(down: true))
            let six = await pane.waitFor(5) { screenText($0).contains("· 7/") }
            #expect(screenText(six).contains("· 7/"), "\(screenText(six))")
            try await pane.bytes(wheel(down: false))
            let back = await pane.waitFor(5) { screenText($0).contains("· 4/") }
            #expect(screenText(back).contains("· 4/"), "\(screenText(back))")
            // The help at 12 rows shows its first lines and says which; the wheel scrolls it.
            try await pane.keys("?")
            let help = await pane.waitFor(5) { screenText($0).contains("closes this help") || screenText($0).contains(" of ") }
            let first = help.first { $0.contains(" of ") && $0.contains("scroll") }
            #expect(first?.contains(" 1–") == true, "\(screenText(help))")
            try await pane.bytes(wheel(down: true))
            let scrolled = await pane.waitFor(5) { $0.contains { $0.contains(" 4–") && $0.contains("scroll") } }
            #expect(scrolled.contains { $0.contains(" 4–") && $0.contains("scroll") }, "three lines down: \(screenText(scrolled))")
        }
    }
}
