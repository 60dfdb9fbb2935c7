import ListCore

/// One whole screen of a single list, as plain values: title bar, the list, status bar, and
/// optionally help over the list. (A browser with panes composes the same widgets itself.)
public struct ListFrame<Items: RandomAccessCollection> where Items.Index == Int {
    public var title: String
    /// Right side of the title line: host, rate limit.
    public var titleRight: String
    public var isRefreshing: Bool
    public var list: ListView<Items>
    /// Shown instead of the list when set.
    public var placeholder: Placeholder?
    /// Left side of the status line.
    public var status: String
    /// Right side of the status line: key hints.
    public var hint: String
    public var help: HelpOverlay?

    public init(title: String, titleRight: String = "", isRefreshing: Bool = false, rows: RowModel<Items>,
                viewport: Viewport, describe: @escaping (Items.Element) -> ItemText, placeholder: Placeholder? = nil,
                noun: String = "items", status: String = "", hint: String = "", spinnerStep: Int = 0,
                help: HelpOverlay? = nil, notice: String? = nil) {
        self.title = title
        self.titleRight = titleRight
        self.isRefreshing = isRefreshing
        self.list = ListView(rows: rows, viewport: viewport, describe: describe, noun: noun,
                             spinnerStep: spinnerStep, notice: notice)
        self.placeholder = placeholder
        self.status = status
        self.hint = hint
        self.help = help
    }

    public var viewport: Viewport {
        get { list.viewport }
        set { list.viewport = newValue }
    }

    public var notice: String? {
        get { list.notice }
        set { list.notice = newValue }
    }
}

/// Draws a ``ListFrame`` into a ``Screen``.
public enum ListRenderer {
    /// Lines left for rows on a screen of `rows` lines (a title and a status line take two).
    public static func listHeight(screenRows rows: Int) -> Int {
        rows >= 3 ? rows - 2 : 0
    }

    /// The area between the title and the status line.
    public static func body(rows: Int, columns: Int) -> Rect {
        Rect(top: rows >= 3 ? 1 : rows, left: 0, height: listHeight(screenRows: rows), width: columns)
    }

    public static func render<Items>(_ frame: ListFrame<Items>, on screen: some Screen) {
        let (rows, columns) = screen.size
        screen.clear()
        guard rows > 0, columns > 0 else { return screen.present() }
        if rows >= 2 {
            let spinner = frame.isRefreshing ? "  \(Spinner.glyph(frame.list.spinnerStep)) refreshing" : ""
            Bar.draw(left: " " + frame.title + spinner, right: frame.titleRight, row: 0, on: screen, columns: columns)
        }
        let body = body(rows: rows, columns: columns)
        var list = frame.list
        if let placeholder = frame.placeholder {
            list.placeholder = ListView<Items>.placeholderLines(placeholder, noun: list.noun, spinnerStep: list.spinnerStep,
                                                                notice: list.notice, width: columns)
        }
        list.draw(on: screen, in: body)
        frame.help?.draw(on: screen, in: body)
        Bar.draw(left: frame.status, right: frame.hint, row: rows - 1, on: screen, columns: columns)
        screen.present()
    }
}
