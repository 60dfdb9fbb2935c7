import ListCore
import Testing
@testable import TerminalUI

@Suite("Widgets that draw into an area")
struct WidgetTests {
    @Test("a row's note: muted after the title, two blanks from each side; narrower, the detail gives way to the short one, then the note is cut (never running on into the detail), the title last")
    func itemNote() {
        var text = ItemText(title: "octocat", detail: "San Francisco · 12k followers · mutual ",
                            shortDetail: "12k followers · mutual ")
        text.note = "Mona Lisa Octocat"
        func drawn(_ columns: Int) -> (String, String) {
            let screen = CellBuffer(rows: 1, columns: columns)
            ListView<[Int]>.drawItem(text, highlight: nil, selected: false, top: 0, lines: 1, left: 0, columns: columns,
                                     on: screen)
            return (screen.lines[0], screen.styleLines[0])
        }
        #expect(drawn(70) == (" octocat  Mona Lisa Octocat   San Francisco · 12k followers · mutual",
                              "..........mmmmmmmmmmmmmmmmmm..mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm."))
        #expect(drawn(50).0 == " octocat  Mona Lisa Oct…  12k followers · mutual")
        #expect(drawn(40).0 == " octocat  Mon…  12k followers · mutual")
        #expect(drawn(20).0 == " octocat  Mona Lisa…")
        // Selected: one style across the row, the note included.
        let screen = CellBuffer(rows: 1, columns: 70)
        ListView<[Int]>.drawItem(text, highlight: nil, selected: true, top: 0, lines: 1, left: 0, columns: 70, on: screen)
        #expect(screen.styleLines[0] == String(repeating: "R", count: 70))
    }

    @Test("text wraps at words, keeps its own line breaks and blank lines, keeps the parts between dots whole, and breaks a word longer than a line after a slash or a dot where it can")
    func wrap() {
        #expect(TextLayout.wrap("one two three four", columns: 9) == ["one two", "three", "four"])
        #expect(TextLayout.wrap("first\nsecond\n\nfourth\n", columns: 20) == ["first", "second", "", "fourth"])
        // An address breaks where it reads on: after a slash or a dot.
        #expect(TextLayout.wrap("https://example.com/a/very/long/path", columns: 10)
            == ["https://", "example.", "com/a/", "very/long/", "path"])
        // With no such place far enough in (a third of the line), as much as fits.
        #expect(TextLayout.wrap("a/verylongwordwithoutbreaks", columns: 10) == ["a/verylong", "wordwithou", "tbreaks"])
        // "36 gists" stays whole: the break stands for the dot.
        #expect(TextLayout.wrap("14 public · 36 gists", columns: 14) == ["14 public", "36 gists"])
        #expect(TextLayout.wrap("14 public · 36 gists", columns: 20) == ["14 public · 36 gists"])
        #expect(TextLayout.wrap("2008-01-01 · 18 years ago · more", columns: 18) == ["2008-01-01", "18 years ago", "more"])
        // A part longer than a line flows on after the dot, wrapping at its words as any text
        // does; where not even its first word fits after the dot, from the next line.
        #expect(TextLayout.wrap("a · one two three four", columns: 9) == ["a · one", "two three", "four"])
        #expect(TextLayout.wrap("Engineer · I build tools for the web", columns: 20) == ["Engineer · I build", "tools for the web"])
        #expect(TextLayout.wrap("2008-01-04 · 18 years ago", columns: 11) == ["2008-01-04", "18 years", "ago"])
        #expect(TextLayout.wrap("日本語のテキスト", columns: 6) == ["日本語", "のテキ", "スト"])
        #expect(TextLayout.wrap("a\u{1B}[2Jb\r\nc", columns: 10) == ["a\u{FFFD}[2Jb", "c"], "controls are neutralised")
    }

    @Test("the title path gives up its first crumbs to … when it does not fit, keeping the right side")
    func breadcrumb() {
        let crumbs = ["All users", "octocat", "followers", "mona", "following"]
        func title(_ columns: Int) -> String {
            let screen = CellBuffer(rows: 1, columns: columns)
            Bar.title(prefix: " ", crumbs: crumbs, right: "api.github.com", on: screen, columns: columns)
            #expect(screen.styleLines[0] == String(repeating: "R", count: columns))
            return screen.lines[0]
        }
        #expect(title(80) == " All users › octocat › followers › mona › following              api.github.com")
        #expect(title(50) == " … › followers › mona › following  api.github.com")
        #expect(title(40) == " … › mona › following    api.github.com")
        #expect(title(20) == " … › following")
        #expect(title(8) == " … › fo…")
    }

    @Test("the help box shrinks to fit: roomy, then compact, then in columns")
    func helpLayouts() {
        let entries = (1...6).map { HelpOverlay.Entry(keys: "k\($0)", text: "does thing \($0)") }
        let help = HelpOverlay(title: "Keys", entries: entries, footer: "Esc closes")
        func lines(height: Int, width: Int = 40) -> [String] {
            let screen = CellBuffer(rows: height, columns: width)
            help.draw(on: screen, in: Rect(top: 0, left: 0, height: height, width: width))
            return screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(lines(height: 12) == ["", "Keys", "", "k1  does thing 1", "k2  does thing 2", "k3  does thing 3",
                                      "k4  does thing 4", "k5  does thing 5", "k6  does thing 6", "", "Esc closes", ""])
        #expect(lines(height: 8) == ["Keys", "k1  does thing 1", "k2  does thing 2", "k3  does thing 3",
                                     "k4  does thing 4", "k5  does thing 5", "k6  does thing 6", "Esc closes"])
        #expect(lines(height: 5) == ["Keys", "k1  does thing 1   k4  does thing 4", "k2  does thing 2   k5  does thing 5",
                                     "k3  does thing 3   k6  does thing 6", "Esc closes"])
    }

    @Test("in columns, a text too long for its column goes on under itself; when no columns fit, one column scrolls")
    func helpColumnsWrap() {
        let entries = [HelpOverlay.Entry(keys: "a", text: "open the profile in the browser (the default one)"),
                       HelpOverlay.Entry(keys: "b", text: "copy"),
                       HelpOverlay.Entry(keys: "c", text: "quit"),
                       HelpOverlay.Entry(keys: "dd", text: "refresh the list from its first page"),
                       HelpOverlay.Entry(keys: "e", text: "help"),
                       HelpOverlay.Entry(keys: "f", text: "suspend")]
        func lines(height: Int, offset: Int = 0) -> [String] {
            let help = HelpOverlay(title: "Keys", entries: entries, footer: "x closes", scrollFooter: "j k scroll · x closes",
                                   offset: offset)
            let screen = CellBuffer(rows: height, columns: 40)
            help.draw(on: screen, in: Rect(top: 0, left: 0, height: height, width: 40))
            return screen.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        }
        // Two columns of 16, the footer left out for room: each long text, its aside left out,
        // goes on under its own start.
        #expect(lines(height: 7) == ["   Keys",
                                     "   a  open the        dd  refresh the",
                                     "      profile in          list from",
                                     "      the browser         its first",
                                     "   b  copy                page",
                                     "   c  quit            e   help",
                                     "                      f   suspend"])
        // Two columns would be too tall, three too narrow: one column, texts whole with their
        // asides, four lines at a time, and where they are.
        let area = Rect(top: 0, left: 0, height: 6, width: 40)
        #expect(HelpOverlay(title: "Keys", entries: entries).scrollLimit(in: area) == 4)
        #expect(lines(height: 6) == ["  Keys",
                                     "  a   open the profile in the browser",
                                     "      (the default one)",
                                     "  b   copy",
                                     "  c   quit",
                                     "  1–4 of 8 · j k scroll · x closes"])
        #expect(lines(height: 6, offset: 3) == ["  Keys",
                                                "  c   quit",
                                                "  dd  refresh the list from its first",
                                                "      page",
                                                "  e   help",
                                                "  4–7 of 8 · j k scroll · x closes"])
        #expect(lines(height: 6, offset: 99) == lines(height: 6, offset: 4), "past the end shows the last page")
        #expect(lines(height: 6, offset: 4).last == "  5–8 of 8 · j k scroll · x closes")
        #expect(HelpOverlay(title: "Keys", entries: entries).scrollLimit(in: Rect(top: 0, left: 0, height: 7, width: 40)) == 0,
                "whole in columns: nothing to scroll")
    }

    @Test("a help narrower than columns allow shows whole in one wrapped column where it fits; on one row, the title alone and nothing to scroll")
    func helpNarrowWhole() {
        let entries = [HelpOverlay.Entry(keys: "j", text: "down one row"), HelpOverlay.Entry(keys: "q", text: "quit")]
        let help = HelpOverlay(title: "Keys", entries: entries, footer: "x closes", scrollFooter: "j k scroll")
        let screen = CellBuffer(rows: 7, columns: 14)
        help.draw(on: screen, in: Rect(top: 0, left: 0, height: 7, width: 14))
        #expect(screen.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
                == ["  Keys", "  j", "    down one", "    row", "  q  quit", "  x closes", ""])
        #expect(screen.styleLines == ["HHHHHHHHHHHHHH", "RRRRRRRRRRRRRR", "RRRRRRRRRRRRRR", "RRRRRRRRRRRRRR",
                                      "RRRRRRRRRRRRRR", "RRRRRRRRRRRRRR", ".............."])
        #expect(help.scrollLimit(in: Rect(top: 0, left: 0, height: 7, width: 14)) == 0)
        #expect(help.scrollLimit(in: Rect(top: 0, left: 0, height: 1, width: 14)) == 0, "no line of it shows to scroll")
        #expect(help.scrollLimit(in: Rect(top: 0, left: 0, height: 2, width: 14)) == 3, "one line shows at a time")
    }

    @Test("a help in a window narrower than its keys puts each text under its keys")
    func helpNarrow() {
        let entries = [HelpOverlay.Entry(keys: "Esc h ← Backspace", text: "back: close the pane or leave the list"),
                       HelpOverlay.Entry(keys: "q", text: "quit")]
        let help = HelpOverlay(title: "Keys", entries: entries, footer: "x closes")
        let screen = CellBuffer(rows: 9, columns: 24)
        help.draw(on: screen, in: Rect(top: 0, left: 0, height: 9, width: 24))
        #expect(screen.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
                == ["  Keys",
                    "  Esc h ← Backspace",
                    "    back: close the",
                    "    pane or leave the",
                    "    list",
                    "  q",
                    "    quit",
                    "  x closes",
                    ""])
    }

    @Test("the filter line: prompt, text, the terminal's cursor where typing goes on, and the count on the right")
    func field() {
        let screen = CellBuffer(rows: 1, columns: 30)
        Bar.field(prompt: "/", field: TextField("oct"), right: "3 of 40", row: 0, on: screen, columns: 30)
        #expect(screen.lines == ["/oct                  3 of 40"])
        #expect(screen.styleLines == ["......................mmmmmmmm"])
        #expect(screen.cursor?.row == 0 && screen.cursor?.column == 4, "after the text")
        Bar.field(prompt: "/", field: TextField("oct", cursor: 1), row: 0, on: screen, columns: 30)
        #expect(screen.cursor?.column == 2, "on the c, after o")
        // A long text scrolls so the cursor stays in view: at the end, the end shows. The last
        // cell stays blank (the bottom row's last cell is never written).
        let narrow = CellBuffer(rows: 1, columns: 10)
        Bar.field(prompt: "/", field: TextField("abcdefghijklmnop"), row: 0, on: narrow, columns: 10)
        #expect(narrow.lines == ["/jklmnop"])
        #expect(narrow.cursor?.column == 8)
        // With the cursor at the start, the start shows.
        Bar.field(prompt: "/", field: TextField("abcdefghijklmnop", cursor: 0), row: 0, on: narrow, columns: 10)
        #expect(narrow.lines == ["/abcdefgh"])
        #expect(narrow.cursor?.column == 1)
    }

    @Test("a right text too long beside the filter is cut to the room left, its start kept; with too little room it goes")
    func fieldLongRight() {
        let right = "0 of 800 loaded · is:mutal is no qualifier: is:follows-you, is:you-follow, is:mutual · F1 keys"
        let screen = CellBuffer(rows: 1, columns: 60)
        Bar.field(prompt: "/", field: TextField("is:mutal"), right: right, row: 0, on: screen, columns: 60)
        #expect(screen.lines == ["/is:mutal   0 of 800 loaded · is:mutal is no qualifier: is…"])
        #expect(screen.cursor?.column == 9, "the cursor after the text, where typing goes on")
        #expect(screen.styleLines == ["............mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm"], "the text plain, the cut count and reason muted")
        let narrow = CellBuffer(rows: 1, columns: 20)
        Bar.field(prompt: "/", field: TextField("is:mutal"), right: right, row: 0, on: narrow, columns: 20)
        #expect(narrow.lines == ["/is:mutal"], "ten columns would be left: too few for words")
    }

    @Test("a bar on the bottom row keeps its text out of the last cell: a cut message still ends in …")
    func bottomBar() {
        let screen = CellBuffer(rows: 2, columns: 20)
        let message = "the cache at /tmp/x/cache.sqlite could not be read"
        Bar.draw(left: message, right: "", row: 0, on: screen, columns: 20)
        Bar.draw(left: message, right: "", row: 1, on: screen, columns: 20, bottom: true)
        #expect(screen.lines == ["the cache at /tmp/x…", "the cache at /tmp/…"])
        #expect(screen.styleLines == [String(repeating: "R", count: 20), String(repeating: "R", count: 20)])
        // Hints against the edge keep one blank cell from it either way.
        Bar.draw(left: "3 users", right: "? help", row: 0, on: screen, columns: 20)
        Bar.draw(left: "3 users", right: "? help", row: 1, on: screen, columns: 20, bottom: true)
        #expect(screen.lines == ["3 users      ? help", "3 users      ? help"])
    }

    @Test("editing a line: insert at the cursor, delete back and forward, a word, everything before, move about",
          arguments: [
              ("abc", 3, TextField.Edit.insert("d"), "abcd", 4),
              ("abc", 1, .insert("XY"), "aXYbc", 3),
              ("abc", 3, .deleteBackward, "ab", 2),
              ("abc", 0, .deleteBackward, "abc", 0),
              ("abc", 1, .deleteForward, "ac", 1),
              ("foo bar  ", 9, .deleteWordBackward, "foo ", 4),
              ("foo bar baz", 7, .deleteWordBackward, "foo  baz", 4),
              ("foo bar", 4, .deleteToStart, "bar", 0),
              ("abc", 3, .left, "abc", 2),
              ("abc", 0, .left, "abc", 0),
              ("abc", 1, .right, "abc", 2),
              ("abc", 2, .start, "abc", 0),
              ("abc", 0, .end, "abc", 3),
              ("a", 1, .insert("line one\nline\ttwo"), "aline one line two", 18),
              ("zoë", 3, .deleteBackward, "zo", 2),
              // A scalar typed after the character it joins makes one character with it.
              ("cafe", 4, .insert("\u{301}"), "caf\u{E9}", 4),
              ("I ❤", 3, .insert("\u{FE0F}"), "I ❤\u{FE0F}", 3),
              ("🇺", 1, .insert("🇸"), "🇺🇸", 1),
              ("e", 0, .insert("a"), "ae", 1),
          ])
    func edits(text: String, cursor: Int, edit: TextField.Edit, expected: String, expectedCursor: Int) {
        var field = TextField(text, cursor: cursor)
        let changed = field.apply(edit)
        #expect(field.text == expected)
        #expect(field.cursor == expectedCursor)
        #expect(changed == (field != TextField(text, cursor: cursor)))
    }

    @Test("keys that join the character before them, one scalar at a time as the terminal sends them, then every edit: the field and its line hold")
    func joiningKeys() {
        var field = TextField()
        for scalar in "e\u{301}x\u{200D}\u{1F469}\u{1F3FD} 🇫🇷".unicodeScalars { field.apply(.insert(String(scalar))) }
        let screen = CellBuffer(rows: 1, columns: 20)
        // é, x with the joiner, the woman with her skin tone, a space, the flag: five characters.
        #expect(field == TextField("\u{E9}x\u{200D}\u{1F469}\u{1F3FD} 🇫🇷", cursor: 5))
        let steps: [(TextField.Edit, TextField)] = [
            (.left, TextField("\u{E9}x\u{200D}\u{1F469}\u{1F3FD} 🇫🇷", cursor: 4)),
            (.deleteBackward, TextField("\u{E9}x\u{200D}\u{1F469}\u{1F3FD}🇫🇷", cursor: 3)),
            (.deleteWordBackward, TextField("🇫🇷", cursor: 0)),
            (.end, TextField("🇫🇷", cursor: 1)),
            (.insert("\u{1F1EA}"), TextField("🇫🇷\u{1F1EA}", cursor: 2)),
            (.deleteToStart, TextField("", cursor: 0)),
        ]
        for (edit, expected) in steps {
            field.apply(edit)
            #expect(field == expected, "\(edit)")
            Bar.field(prompt: "/", field: field, row: 0, on: screen, columns: 20)
        }
    }

    @Test("a pane beside a list draws a border and stays inside its area")
    func paneInArea() {
        let screen = CellBuffer(rows: 4, columns: 30)
        let pane = DetailsPane(content: .record(.init(heading: "Mona", subheading: "mona · User",
                                                      fields: [.init("Repos", "3")])), border: true)
        pane.draw(on: screen, in: Rect(top: 0, left: 10, height: 4, width: 20))
        #expect(screen.lines == ["          │ Mona", "          │ mona · User", "          │", "          │ Repos  3"])
        #expect(screen.styleLines == ["..........m.AAAA..............", "..........m.mmmmmmmmmmm.......",
                                      "..........m...................", "..........m.mmmmm............."])
    }
}

@Suite("Text width fast paths")
struct TextWidthFastPathTests {
    @Test("the scalar-by-scalar width agrees with the grapheme one for every standalone scalar")
    func standalone() {
        for range in TerminalText.standaloneNarrow {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = "a" + String(Character(scalar)) + "b"
                #expect(TerminalText.standaloneWidth(text) == text.reduce(0) { $0 + TerminalText.width(of: $1) },
                        "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test("text that may join (accents, emoji, wide, zero-width) takes the grapheme path")
    func joins() {
        for text in ["e\u{301}", "👍🏽", "漢字", "a\u{200B}b", "🇫🇷", "·\u{FE0F}", "\u{AD}"] {
            #expect(TerminalText.standaloneWidth(text) == nil, "\(text.unicodeScalars.map { $0.value })")
        }
        #expect(TerminalText.width(" 12 users · 3/12 · end") == 22)
        #expect(TerminalText.width("All users › octocat › followers") == 31)
        #expect(TerminalText.width("e\u{301}·漢") == 4)
    }

    @Test("printable ASCII eight bytes at a time agrees with byte by byte, for every byte in every place")
    func printableASCII() {
        for length in [0, 1, 7, 8, 9, 16, 17, 23] {
            for place in 0..<max(1, length) {
                for byte in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { bytes[place] = byte }
                    let expected = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                    #expect(bytes.withUnsafeBufferPointer(TerminalText.printableASCII) == expected,
                            "byte \(byte) at \(place) of \(length)")
                }
            }
        }
    }

    @Test("cutting to a width takes the fast paths without changing what is kept")
    func truncateExact() {
        func slow(_ text: String, _ columns: Int) -> String {
            var out = ""
            var used = 0
            for character in text {
                let width = TerminalText.width(of: character)
                if used + width > columns { break }
                out.append(character)
                used += width
            }
            return out
        }
        for text in ["", "octocat", " 1,234 users · 12/1,234 · end", "漢字かな", "e\u{301}té", "a👍🏽b"] {
            for columns in -1...32 {
                #expect(TerminalText.truncateExact(text, to: columns) == slow(text, columns), "\(text) to \(columns)")
            }
        }
    }

    @Test("sanitize leaves clean text alone and still replaces what a terminal would act on")
    func sanitize() {
        #expect(TerminalText.sanitize("a · b › c") == "a · b › c")
        #expect(TerminalText.sanitize("a\u{1B}[31m·\u{202E}b\tc") == "a\u{FFFD}[31m·\u{FFFD}b c")
    }

    @Test("finding what sanitize replaces from the UTF-8 bytes agrees with the scalars, for every scalar up to U+FFFF and beyond, at the start, middle and end")
    func replacedBytes() {
        func replaced(_ value: UInt32) -> Bool {
            switch value {
            case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
            default: false
            }
        }
        let values = Array(0...0xFFFF) + [0x1_0000, 0x1_F44D, 0xE_0001, 0x10_FFFF]
        for value in values {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let one = String(String.UnicodeScalarView([scalar]))
            for text in [one, "é" + one, one + "·", "a›" + one + "b"] {
                #expect(TerminalText.containsReplaced(text) == replaced(UInt32(value)), "U+\(String(value, radix: 16)) in \(text.debugDescription)")
            }
        }
        #expect(TerminalText.containsReplaced("All users › octocat · cached 3 min ago") == false)
        #expect(TerminalText.containsReplaced("a\u{202E}"[...]) == true, "a substring")
    }
}

@Suite("ASCII for a terminal with no UTF-8 locale")
struct ASCIITextTests {
    @Test("lines, marks, arrows and the spinner have likenesses; every character keeps its width", arguments: [
        ("│ ┌──┐ └┘", "| +--+ ++"),
        (" 20 users · 3/20 · end", " 20 users - 3/20 - end"),
        ("All users › octocat › followers", "All users > octocat > followers"),
        ("⠋ Loading…", "\\ Loading."),
        ("↑ Loading ↓ ← →", "^ Loading v < >"),
        ("★ 1,234 ✗ HTTP 502", "* 1,234 x HTTP 502"),
        ("Zoë Montréal", "Zoe Montreal"),
        ("山田 🚀 x", "???? ?? x"),
        ("e\u{301}", "e"),
        ("plain ASCII stays", "plain ASCII stays"),
    ])
    func likenesses(text: String, expected: String) {
        let ascii = TerminalText.ascii(text)
        #expect(ascii == expected)
        #expect(ascii.allSatisfy { $0.isASCII })
        #expect(TerminalText.width(ascii) == TerminalText.width(text), "columns stay where they were")
    }
}
