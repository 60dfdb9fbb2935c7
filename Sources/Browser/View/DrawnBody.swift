import TerminalUI

/// How a kind of screen is drawn: its body in the list area, the status line's words for it,
/// its filter line, and what it adds to the title. Every kind of screen (``ScreenBody``) is
/// drawn so; the view asks the screen on top and never which kind it is.
protocol DrawnBody {
    /// Draws the body in `area`; with `mapping`, what is where goes into `hits`, for the mouse.
    func drawBody(_ state: AppState, on screen: some TerminalUI.Screen, in area: Rect, memo: AppView.Memo?,
                  hits: inout HitMap, mapping: Bool)
    /// The status line's left side, when no flash or count says something else.
    func statusText(_ state: AppState) -> String
    /// The filter line's text field and its right side, while it is open.
    func filterBar(_ state: AppState) -> (field: TextField, right: String)?
    /// What the title adds to the last crumb (a search's sort and count).
    var titleNote: String? { get }
    /// Whether the title's spinner says it is refreshing.
    var isRefreshing: Bool { get }
    /// Whether its requests count against GitHub's search limit (the title shows that one).
    var usesSearchLimit: Bool { get }
    /// Whether GraphQL's rate limit holds its rows' names up (the title shows that limit).
    var heldUpByGraphQL: Bool { get }
    /// The word its rows mark where it is found (a filter's first).
    var markedWord: String? { get }
}

/// Draws a screen's body on `screen` (``Screen/visit(_:in:)``: made for each kind and each kind of
/// terminal); what is where on it comes back, for the mouse.
struct BodyDrawing<Target: TerminalUI.Screen>: BodyVisitor {
    let screen: Target
    let area: Rect
    let memo: AppView.Memo?
    let mapping: Bool

    func visit(_ body: some ScreenBody, in state: AppState) -> HitMap {
        var hits = HitMap()
        body.drawBody(state, on: screen, in: area, memo: memo, hits: &hits, mapping: mapping)
        return hits
    }
}

extension DrawnBody {
    func filterBar(_ state: AppState) -> (field: TextField, right: String)? { nil }
    var titleNote: String? { nil }
    var isRefreshing: Bool { false }
    var usesSearchLimit: Bool { false }
    var heldUpByGraphQL: Bool { false }
    var markedWord: String? { nil }
}

extension ListScreen {
    func drawBody(_ state: AppState, on screen: some TerminalUI.Screen, in area: Rect, memo: AppView.Memo?,
                  hits: inout HitMap, mapping: Bool) {
        let view = AppView.list(state, self, memo: memo)
        view.draw(on: screen, in: area)
        if mapping, view.placeholder == nil { hits.addRows(view.rows, viewport: viewport, in: area, screen: id) }
    }

    func statusText(_ state: AppState) -> String { AppView.listStatus(state, self) }

    func filterBar(_ state: AppState) -> (field: TextField, right: String)? {
        (filterField, AppView.loadedOf(state, self))
    }

    var titleNote: String? { AppView.searchNote(self) }

    var isRefreshing: Bool { shown.isRefreshing }

    var usesSearchLimit: Bool { isSearch }

    var heldUpByGraphQL: Bool {
        if case .limited? = fills.problem { return true }
        return false
    }

    var markedWord: String? { isFiltered ? FilterQuery(filter).words.first : nil }
}

extension ProfileScreen {
    func drawBody(_ state: AppState, on screen: some TerminalUI.Screen, in area: Rect, memo: AppView.Memo?,
                  hits: inout HitMap, mapping: Bool) {
        AppView.drawProfile(state, self, on: screen, in: area)
        if mapping { hits.addRows(profile.rows, viewport: viewport, in: area, screen: id) }
    }

    func statusText(_ state: AppState) -> String { AppView.profileStatus(state, self) }
}
