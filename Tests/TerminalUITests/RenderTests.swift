import ListCore
import Testing
@testable import TerminalUI

struct Person: Identifiable, Sendable {
    let id: Int
    let name: String
}

/// The keys the app's default table gives widgets.
let defaultKeys = WidgetKeys(retry: "R", refresh: "r", pull: "k")

/// The list widget as the browser draws it, over `people`, `height` lines high.
func listView(_ people: [Person], footer: Footer? = nil, placeholder: Placeholder? = nil, pull: Bool? = nil,
              height: Int = 4, width: Int = 40, select: Int? = nil, heights: RowHeights = .compact,
              notice: String? = nil, keys: WidgetKeys = defaultKeys) -> ListView<[Person]> {
    let rows = RowModel(pull: pull, items: people, footer: footer, heights: heights)
    var viewport = Viewport(height: height, margin: 0)
    viewport.sync(rows)
    if let select { viewport.select(select, in: rows) }
    var view = ListView(rows: rows, viewport: viewport,
                        describe: { ItemText(title: $0.name, detail: "#\($0.id) ", subtitle: "sub \($0.id)") },
                        noun: "things", notice: notice, keys: keys)
    if let placeholder {
        view.placeholder = ListView<[Person]>.placeholderLines(placeholder, noun: "things", spinnerStep: 0, notice: notice,
                                                               width: width, keys: keys)
    }
    return view
}

/// Draws `view` over the whole of `screen`.
func draw(_ view: ListView<[Person]>, on screen: CellBuffer) {
    view.draw(on: screen, in: Rect(top: 0, left: 0, height: screen.size.rows, width: screen.size.columns))
}

func people(_ count: Int) -> [Person] { (1...max(1, count)).prefix(count).map { Person(id: $0, name: "p\($0)") } }

@Suite("The list widget, drawn whole into the in-memory screen")
struct RenderTests {
    @Test("visible rows only, the selection highlighted, each id against the right edge in a quieter colour")
    func listRows() {
        let screen = CellBuffer(rows: 4, columns: 24)
        draw(listView(people(50), height: 4, select: 2), on: screen)
        #expect(screen.lines == [
            " p1                 #1",
            " p2                 #2",
            " p3                 #3",
            " p4                 #4",
        ])
        #expect(screen.styleLines == [
            "....................mmm.",
            "....................mmm.",
            "RRRRRRRRRRRRRRRRRRRRRRRR",
            "....................mmm.",
        ])
    }

    @Test("a failed row too long for the width cuts its message, not how to retry it")
    func failedRowKeepsTheKey() {
        let screen = CellBuffer(rows: 2, columns: 44)
        let failure = LoadFailure(message: "Could not connect to 127.0.0.1:18123 (connection refused or host unreachable).")
        draw(listView(people(1), footer: .failed(failure), height: 2, width: 44), on: screen)
        #expect(screen.lines == [
            " p1                                     #1",
            " ✗ Could not connect to … — press R to retry",
        ])
        let narrow = CellBuffer(rows: 2, columns: 30)
        draw(listView(people(1), footer: .failed(failure), height: 2, width: 30), on: narrow)
        #expect(narrow.lines[1] == " ✗ Could not connect to 127.0…", "too narrow for both: the row is cut at its end")
    }

    @Test("where a title and its detail do not both fit, the detail gives way to its short form, and that to nothing before the title is cut")
    func longTitle() {
        let screen = CellBuffer(rows: 4, columns: 20)
        let rows = RowModel(pull: nil, items: [Person(id: 5, name: "vopheer-works"), Person(id: 10, name: "alphea-organization"),
                                               Person(id: 11, name: "bo"), Person(id: 12, name: "zepheck-x")],
                            footer: nil, heights: .compact)
        var viewport = Viewport(height: 4, margin: 0)
        viewport.sync(rows)
        viewport.select(1, in: rows)
        ListView(rows: rows, viewport: viewport, describe: {
            ItemText(title: $0.name, detail: "#\($0.id) · org ", shortDetail: $0.id == 12 ? "" : "org ")
        }).draw(on: screen, in: Rect(top: 0, left: 0, height: 4, width: 20))
        #expect(screen.lines == [
            " vopheer-works org",
            " alphea-organization",
            " bo      #11 · org",
            " zepheck-x",
        ])
        #expect(screen.styleLines == [
            "...............mmmm.",
            "RRRRRRRRRRRRRRRRRRRR",
            ".........mmmmmmmmmm.",
            "....................",
        ])
    }

    @Test("a login with a name and marks, narrower and narrower: the place goes, the name is cut, the count goes, the mark last before the login is cut")
    func loginLast() {
        var text = ItemText(title: "qutaaliph", detail: "Lagos · 15 followers · follows you ", shortDetail: "15 followers · follows you ")
        text.note = "Quta Aliph"
        text.leastDetail = "follows you "
        for (columns, line) in [(60, " qutaaliph  Quta Aliph  Lagos · 15 followers · follows you"),
                                (50, " qutaaliph  Quta Al…  15 followers · follows you"),
                                (36, " qutaaliph  Quta Ali…  follows you"), (25, " qutaaliph  follows you"),
                                (24, " qutaaliph  Quta Aliph"), (16, " qutaaliph  Qut…"), (14, " qutaaliph  Q…"),
                                (13, " qutaaliph"), (8, " qutaal…")] {
            let screen = CellBuffer(rows: 1, columns: columns)
            ListView<[String]>.drawItem(text, highlight: nil, selected: false, top: 0, lines: 1, left: 0, columns: columns, on: screen)
            #expect(screen.lines == [line], "\(columns) columns")
            if columns == 50 { #expect(screen.styleLines == ["............mmmmmmmm..mmmmmmmmmmmmmmmmmmmmmmmmmmm."], "the login plain, the name and the right side muted") }
        }
    }

    @Test("a wide title longer in bytes than the room but not in columns keeps the whole detail; a detail too wide for the row leaves the title whole")
    func wideTitles() {
        let screen = CellBuffer(rows: 1, columns: 30)
        let rows = RowModel(pull: nil, items: [Person(id: 5, name: "東京都の人たち")], footer: nil, heights: .compact)
        var viewport = Viewport(height: 1, margin: 0)
        viewport.sync(rows)
        let describe: (Person) -> ItemText = { ItemText(title: $0.name, detail: "#\($0.id) · org ", shortDetail: "org ") }
        ListView(rows: rows, viewport: viewport, describe: describe).draw(on: screen, in: Rect(top: 0, left: 0, height: 1, width: 30))
        #expect(screen.lines == [" 東京都の人たち     #5 · org"])
        let narrow = CellBuffer(rows: 1, columns: 12)
        ListView(rows: rows, viewport: viewport, describe: { ItemText(title: $0.name, detail: "1,234 commits · #5 ", shortDetail: "1,234 commits ") })
            .draw(on: narrow, in: Rect(top: 0, left: 0, height: 1, width: 12))
        #expect(narrow.lines == [" 東京都の人…"])
    }

    @Test("each placeholder, with the keys the caller names", arguments: [
        (Placeholder.loading, ["⠋ Loading…"]),
        (Placeholder.empty, ["No things.", "Press r to refresh."]),
        (Placeholder.failed(LoadFailure(message: "Could not connect to host")), ["Could not connect to host", "", "Press R to retry."]),
    ])
    func placeholders(placeholder: Placeholder, expected: [String]) {
        let screen = CellBuffer(rows: 5, columns: 30)
        draw(listView([], placeholder: placeholder, height: 5, width: 30), on: screen)
        let body = screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let first = body.firstIndex { !$0.isEmpty } ?? 0
        #expect(Array(body[first..<(first + expected.count)]) == expected)
        #expect(body.filter { !$0.isEmpty }.count == expected.filter { !$0.isEmpty }.count)
    }

    @Test("with no key bound to retry or refresh, the text tells what happened and names no key")
    func unboundKeys() {
        let screen = CellBuffer(rows: 5, columns: 30)
        draw(listView([], placeholder: .failed(LoadFailure(message: "HTTP 502")), height: 5, width: 30, keys: WidgetKeys()),
             on: screen)
        #expect(screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } == ["HTTP 502"])
        let footer = CellBuffer(rows: 3, columns: 40)
        draw(listView(people(2), footer: .failed(LoadFailure(message: "HTTP 502")), height: 3, keys: WidgetKeys()), on: footer)
        #expect(footer.lines[2] == " ✗ HTTP 502")
    }

    @Test("footer rows: loading more, retry with the reason and the caller's key, end with the count")
    func footers() {
        let cases: [(Footer, WidgetKeys, String)] = [
            (.loading, defaultKeys, " ⠋ Loading more things…"),
            (.failed(LoadFailure(message: "HTTP 502")), defaultKeys, " ✗ HTTP 502 — press R to retry"),
            (.failed(LoadFailure(message: "HTTP 502")), WidgetKeys(retry: "x"), " ✗ HTTP 502 — press x to retry"),
            (.end(count: 2), defaultKeys, " — End of list · 2 things —"),
        ]
        for (footer, keys, expected) in cases {
            let screen = CellBuffer(rows: 3, columns: 40)
            draw(listView(people(2), footer: footer, height: 3, keys: keys), on: screen)
            #expect(screen.lines[0].hasPrefix(" p1"))
            #expect(screen.lines[1].hasPrefix(" p2"))
            #expect(screen.lines[2] == expected)
        }
    }

    @Test("the pull-to-refresh row sits above the first item and names the key that pulls")
    func pullRow() {
        let screen = CellBuffer(rows: 3, columns: 40)
        draw(listView(people(5), pull: false, height: 3), on: screen)
        #expect(screen.lines[0] == " ↓ Pull to refresh (press k again)")
        #expect(screen.lines[1].hasPrefix(" p1"))
    }

    @Test("wide characters and emoji are cut by display width, with an ellipsis")
    func wideText() {
        #expect(TerminalText.width("日本語") == 6)
        #expect(TerminalText.width("👍🏽x") == 3)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.truncate("日本語テキスト", to: 7) == "日本語…")
        #expect(TerminalText.truncate("abc", to: 3) == "abc")
        let screen = CellBuffer(rows: 1, columns: 12)
        let rows = RowModel(items: [Person(id: 1, name: "日本語のなまえです")], footer: nil)
        var viewport = Viewport(height: 1)
        viewport.sync(rows)
        draw(ListView(rows: rows, viewport: viewport, describe: { ItemText(title: $0.name) }), on: screen)
        #expect(screen.lines[0] == " 日本語のな…")
        #expect(TerminalText.width(screen.lines[0]) <= 12)
    }

    @Test("control characters, escape sequences and bidi overrides never reach the screen")
    func hostileText() {
        let hostile = "a\u{1B}[31mred\u{07}\u{08}\r\u{9B}2J\u{202E}evil\u{2066}"
        let safe = TerminalText.sanitize(hostile)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        #expect(!safe.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        #expect(safe.hasPrefix("a\u{FFFD}[31mred"))
    }

    @Test("after a resize the selection is drawn at the new size, down to 1×1")
    func resize() {
        let rows = RowModel(items: people(100), footer: nil)
        var viewport = Viewport(height: 10, margin: 0)
        viewport.select(40, in: rows)
        for (height, width) in [(12, 30), (5, 20), (3, 10), (2, 5), (1, 1), (0, 0), (40, 80)] {
            let screen = CellBuffer(rows: height, columns: width)
            viewport.resize(height: height, in: rows)
            var view = listView(people(100))
            view.viewport = viewport
            draw(view, on: screen)
            if height >= 1, width >= 6 {
                #expect(screen.lines.contains { $0.hasPrefix(" p41") }, "selection visible at \(height)x\(width)")
                #expect(screen.reversedRows.contains { screen.lines[$0].hasPrefix(" p41") })
            }
        }
    }

    @Test("comfortable rows take two lines")
    func comfortable() {
        let screen = CellBuffer(rows: 4, columns: 20)
        draw(listView(people(9), height: 4, heights: .comfortable), on: screen)
        #expect(screen.lines == [" p1             #1", "   sub 1", " p2             #2", "   sub 2"])
    }

    @Test("at the end of rows of two lines, the top row shows its second line, the end row is on the bottom line and nothing is drawn above the list")
    func lastOfTwoLineRows() {
        let rows = RowModel(items: people(4), footer: .end(count: 4), heights: .comfortable)
        var viewport = Viewport(height: 4, margin: 0)
        viewport.sync(rows)
        viewport.perform(.last, in: rows)
        let screen = CellBuffer(rows: 5, columns: 30)
        screen.put(row: 0, column: 0, " title", width: 30, style: .bar)
        ListView(rows: rows, viewport: viewport, describe: { ItemText(title: $0.name, detail: "#\($0.id) ", subtitle: "sub \($0.id)") },
                 noun: "things")
            .draw(on: screen, in: Rect(top: 1, left: 0, height: 4, width: 30))
        #expect(screen.lines == [
            " title",
            "   sub 3",
            " p4                       #4",
            "   sub 4",
            " — End of list · 4 things —",
        ])
        #expect(screen.styleLines == [
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
        ])
    }
}

@Suite("Waits on screen")
struct WaitRenderTests {
    @Test("a wait replaces the loading row's text with its countdown, the loaded rows untouched")
    func loadingRowNotice() {
        let screen = CellBuffer(rows: 4, columns: 50)
        draw(listView(people(2), footer: .loading, height: 4, notice: "rate limit used up · resumes in 42 s"), on: screen)
        #expect(screen.lines[0...2] == [
            " p1" + String(repeating: " ", count: 43) + "#1",
            " p2" + String(repeating: " ", count: 43) + "#2",
            " ⠋ Waiting: rate limit used up · resumes in 42 s",
        ])
    }

    @Test("before the first page, the loading placeholder says what it waits for")
    func placeholderNotice() {
        let screen = CellBuffer(rows: 5, columns: 40)
        draw(listView([], placeholder: .loading, height: 5, notice: "HTTP 502 · retry 2/3 in 4 s"), on: screen)
        let body = screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(body == ["⠋ Loading…", "Waiting: HTTP 502 · retry 2/3 in 4 s"])
    }
}
