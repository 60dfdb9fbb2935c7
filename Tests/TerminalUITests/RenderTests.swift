import ListCore
import Testing
@testable import TerminalUI

struct Person: Identifiable, Sendable {
    let id: Int
    let name: String
}

func frame(_ people: [Person], footer: Footer? = nil, placeholder: Placeholder? = nil, pull: Bool? = nil,
           height: Int = 4, select: Int? = nil, heights: RowHeights = .compact) -> ListFrame<[Person]> {
    let rows = RowModel(pull: pull, items: people, footer: footer, heights: heights)
    var viewport = Viewport(height: height, margin: 0)
    viewport.sync(rows)
    if let select { viewport.select(select, in: rows) }
    return ListFrame(title: "Things", titleRight: "host 9/10", rows: rows, viewport: viewport,
                     describe: { ItemText(title: $0.name, detail: "#\($0.id) ", subtitle: "sub \($0.id)") },
                     placeholder: placeholder, noun: "things", status: " status", hint: "? help")
}

func people(_ count: Int) -> [Person] { (1...max(1, count)).prefix(count).map { Person(id: $0, name: "p\($0)") } }

@Suite("Rendering into the in-memory screen")
struct RenderTests {
    @Test("a list frame: title, visible rows only, selection highlighted, status")
    func listFrame() {
        let screen = CellBuffer(rows: 6, columns: 24)
        ListRenderer.render(frame(people(50), height: 4, select: 2), on: screen)
        #expect(screen.lines == [
            " Things       host 9/10",
            " p1                 #1",
            " p2                 #2",
            " p3                 #3",
            " p4                 #4",
            " status          ? help",
        ])
        #expect(screen.reversedRows == [0, 3, 5], "title, the selected row and the status line")
    }

    @Test("each placeholder", arguments: [
        (Placeholder.loading, ["⠋ Loading …"]),
        (Placeholder.empty, ["No things.", "Press r to refresh."]),
        (Placeholder.failed(LoadFailure(message: "Could not connect to host")), ["Could not connect to host", "", "Press R to retry."]),
    ])
    func placeholders(placeholder: Placeholder, expected: [String]) {
        let screen = CellBuffer(rows: 7, columns: 30)
        ListRenderer.render(frame([], placeholder: placeholder, height: 5), on: screen)
        let body = Array(screen.lines[1...5]).map { $0.trimmingCharacters(in: .whitespaces) }
        let first = body.firstIndex { !$0.isEmpty } ?? 0
        #expect(Array(body[first..<(first + expected.count)]) == expected)
        #expect(body.filter { !$0.isEmpty }.count == expected.filter { !$0.isEmpty }.count)
    }

    @Test("footer rows: loading more, retry with the reason, end with the count")
    func footers() {
        let cases: [(Footer, String)] = [
            (.loading, " ⠋ Loading more things…"),
            (.failed(LoadFailure(message: "HTTP 502")), " ✗ HTTP 502 — press R to retry"),
            (.end(count: 2), " — End of list · 2 things —"),
        ]
        for (footer, expected) in cases {
            let screen = CellBuffer(rows: 5, columns: 40)
            ListRenderer.render(frame(people(2), footer: footer, height: 3), on: screen)
            #expect(screen.lines[1].hasPrefix(" p1"))
            #expect(screen.lines[2].hasPrefix(" p2"))
            #expect(screen.lines[3] == expected)
        }
    }

    @Test("the pull-to-refresh row sits above the first item")
    func pullRow() {
        let screen = CellBuffer(rows: 5, columns: 40)
        ListRenderer.render(frame(people(5), pull: false, height: 3), on: screen)
        #expect(screen.lines[1] == " ↓ Pull to refresh (press k again)")
        #expect(screen.lines[2].hasPrefix(" p1"))
    }

    @Test("wide characters and emoji are cut by display width, with an ellipsis")
    func wideText() {
        #expect(TerminalText.width("日本語") == 6)
        #expect(TerminalText.width("👍🏽x") == 3)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.truncate("日本語テキスト", to: 7) == "日本語…")
        #expect(TerminalText.truncate("abc", to: 3) == "abc")
        let screen = CellBuffer(rows: 3, columns: 12)
        let rows = RowModel(items: [Person(id: 1, name: "日本語のなまえです")], footer: nil)
        var viewport = Viewport(height: 1)
        viewport.sync(rows)
        ListRenderer.render(ListFrame(title: "T", rows: rows, viewport: viewport,
                                      describe: { ItemText(title: $0.name) }), on: screen)
        #expect(screen.lines[1] == " 日本語のな…")
        #expect(TerminalText.width(screen.lines[1]) <= 12)
    }

    @Test("control characters, escape sequences and bidi overrides never reach the screen")
    func hostileText() {
        let hostile = "a\u{1B}[31mred\u{07}\u{08}\r\u{9B}2J\u{202E}evil\u{2066}"
        let safe = TerminalText.sanitize(hostile)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        #expect(!safe.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        #expect(safe.hasPrefix("a\u{FFFD}[31mred"))
    }

    @Test("a frame after a resize shows the selection at the new size, down to 1×1")
    func resize() {
        let rows = RowModel(items: people(100), footer: nil)
        var viewport = Viewport(height: 10, margin: 0)
        viewport.select(40, in: rows)
        for (height, width) in [(12, 30), (5, 20), (3, 10), (2, 5), (1, 1), (0, 0), (40, 80)] {
            let screen = CellBuffer(rows: height, columns: width)
            viewport.resize(height: ListRenderer.listHeight(screenRows: height), in: rows)
            var f = frame(people(100))
            f.viewport = viewport
            ListRenderer.render(f, on: screen)
            if height >= 3, width >= 6 {
                #expect(screen.lines.contains { $0.hasPrefix(" p41") }, "selection visible at \(height)x\(width)")
                #expect(screen.reversedRows.contains { screen.lines[$0].hasPrefix(" p41") })
            }
        }
    }

    @Test("comfortable rows take two lines")
    func comfortable() {
        let screen = CellBuffer(rows: 6, columns: 20)
        ListRenderer.render(frame(people(9), height: 4, heights: .comfortable), on: screen)
        #expect(screen.lines[1...4].map { $0 } == [" p1             #1", "   sub 1", " p2             #2", "   sub 2"])
    }
}

@Suite("Waits on screen")
struct WaitRenderTests {
    @Test("a wait replaces the loading row's text with its countdown, the loaded rows untouched")
    func loadingRowNotice() {
        var waiting = frame(people(2), footer: .loading, height: 4)
        waiting.notice = "rate limit used up · resumes in 42 s"
        let screen = CellBuffer(rows: 6, columns: 50)
        ListRenderer.render(waiting, on: screen)
        #expect(screen.lines[1...3] == [
            " p1" + String(repeating: " ", count: 43) + "#1",
            " p2" + String(repeating: " ", count: 43) + "#2",
            " ⠋ Waiting: rate limit used up · resumes in 42 s",
        ])
    }

    @Test("before the first page, the loading placeholder says what it waits for")
    func placeholderNotice() {
        var waiting = frame([], placeholder: .loading, height: 5)
        waiting.notice = "HTTP 502 · retry 2/3 in 4 s"
        let screen = CellBuffer(rows: 7, columns: 40)
        ListRenderer.render(waiting, on: screen)
        let body = screen.lines[1...5].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(body == ["⠋ Loading …", "Waiting: HTTP 502 · retry 2/3 in 4 s"])
    }
}
