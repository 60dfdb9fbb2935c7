import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// Draws an ``AppState`` into a ``Screen``: the title path, the list (beside or under the details
/// pane), the help or the filter line, and the status line. Pure drawing: it changes nothing.
package enum AppView {
    /// Draws the frame; returns what is where on it, for the mouse (nothing while the help, the
    /// filter or the command line is open: a click does nothing there). With `mapping` false the
    /// map is left empty: the loop asks for it only when a click comes.
    @discardableResult
    static func render(_ state: borrowing AppState, on screen: some TerminalUI.Screen, memo: Memo? = nil,
                               mapping: Bool = true) -> HitMap {
        let (rows, columns) = screen.size
        screen.clear()
        screen.placeCursor(nil)
        var hits = HitMap()
        guard rows > 0, columns > 0 else {
            screen.present()
            return hits
        }
        if rows >= 2 {
            let title = Title(state)
            if let memo {
                memo.title.draw(title, on: screen) { drawTitle(title, on: $0, columns: columns) }
            } else {
                drawTitle(title, on: screen, columns: columns)
            }
        }
        let layout = ScreenLayout(rows: rows, columns: columns)
        let paneRow = state.top.detailsOpen ? state.top.selectedRow : nil
        let areas = layout.areas(paneOpen: paneRow != nil)
        if let area = areas.list {
            hits = state.top.visit(BodyDrawing(screen: screen, area: area, memo: memo, mapping: mapping), in: state)
        }
        if let paneRow, let area = areas.pane {
            let pane = pane(state, row: paneRow, border: areas.list != nil)
            let links = pane.draw(on: screen, in: area)
            if mapping, case .record(let record) = pane.content { hits.addLinks(links, record.actions, keys: state.keys, screen: state.top.id) }
        }
        if state.overlay != nil || state.acting.question != nil { hits = HitMap() }
        if let help = help(state) { help.draw(on: screen, in: layout.body) }
        if let change = state.acting.question {
            // The question holds the keyboard: whatever else the status line would say waits.
            Bar.draw(left: questionText(change, keys: state.keys), right: StatusHints(state).line.fitted(to: columns / 2),
                     row: rows - 1, on: screen, columns: columns, bottom: true)
        } else if state.overlay == .command {
            drawPrompt(state, on: screen, rows: rows, columns: columns)
        } else if state.overlay == .filter {
            if let (field, right) = state.top.body.filterBar(state) {
                Bar.field(prompt: "/", field: field, right: right, row: rows - 1, on: screen, columns: columns)
            }
        } else {
            var status = statusText(state)
            let hints = StatusHints(state).line
            var room = columns - TerminalText.width(TerminalText.sanitize(status)) - 3
            if state.isWaiting, room < hints.leastWidth {
                // A wait stops nothing but GitHub's answers: its words leave room for a key that
                // still works beside the help.
                room = hints.leastWidth
                status = TerminalText.truncate(TerminalText.sanitize(status), to: max(0, columns - room - 3))
            }
            Bar.draw(left: status, right: hints.fitted(to: room),
                     row: rows - 1, on: screen, columns: columns, bottom: true)
        }
        screen.present()
        return hits
    }

    // MARK: - Parts

    /// The help over the screen (``HelpWords``), scrolled as far as the keys took it.
    static func help(_ state: AppState) -> HelpOverlay? {
        HelpWords.text(state).map { HelpOverlay($0, offset: state.helpOffset) }
    }

    static func list(_ state: AppState, _ top: ListScreen, memo: Memo? = nil) -> ListView<ListScreen.Items> {
        let noun = top.list.itemNoun.many
        // (`isWaiting` first: reading the wait copies it, on every frame.)
        let notice = state.isWaiting ? state.wait?.summary(at: state.now) : nil
        let keys = state.keys.widgetKeys
        // The first word a filter looks for is marked where it is found (not its `is:` qualifiers).
        let firstWord = top.isFiltered ? FilterQuery(top.filter).words.first : nil
        // Rows with nothing known beyond themselves are cheaper to build than to look up: the
        // texts kept by row id serve the rows that are filled, marked or two lines tall.
        let plain = plainRows(state, fills: top.fills.byID)
        let texts = memo.flatMap { plain ? nil : $0.rowTexts }
        texts?.startFrame()
        memo?.describe(from: RowStamp(screen: top.id, fills: top.fills.revision, acting: state.acting.revision,
                                      details: state.details.cache.revision, filter: firstWord,
                                      comfortable: state.layout == .comfortable, now: showsStarDates(top.list) ? state.now : nil))
        var view = ListView(rows: top.rows(earlierText: earlierRow(top) ?? ""), viewport: top.viewport,
                            describe: describer(state, memo: texts), noun: noun, spinnerStep: state.spinner,
                            notice: notice, keys: keys)
        view.memo = plain ? nil : memo?.items
        view.highlight = firstWord
        view.retryNote = reconnectNote(state)
        // Worded only when the end row can show (every frame builds this view).
        if top.pager.appendState == .endReached {
            view.endText = cutShort(top) ?? "End of list · " + Formatting.count(top.shown.knownCount, top.list.itemNoun)
        }
        if case .failed(let failure) = top.placeholder, let what = notFound(failure) {
            view.placeholder = notFoundLines(what, state: state)
        } else if top.placeholder == .empty, !top.pager.pagesBefore.isEmpty, top.pager.endedShort {
            // Opened at a page past the part GitHub serves (`--page 401` of 45,000 stargazers).
            view.placeholder = [StyledText(top.list.cutShortNote(loaded: top.pager.pagesBefore.count * top.pager.pageSize,
                                                                 total: top.pager.totalCount)),
                                StyledText("Run it again with a smaller --page.", Style(color: .muted))]
        } else if top.placeholder == .empty, !top.pager.pagesBefore.isEmpty {
            // Opened at a page past the end.
            let page = top.pager.pagesBefore.count + 1
            view.placeholder = [StyledText("No \(noun) on page \(page) or after: the list ends before it."),
                                StyledText("Run it again with a smaller --page, or none.", Style(color: .muted))]
        } else if top.placeholder == .empty, case .users(.search(let query, _)) = top.list {
            view.placeholder = noResults(query, state)
        } else if let placeholder = top.placeholder {
            view.placeholder = ListView<ListScreen.Items>.placeholderLines(
                placeholder, noun: noun, spinnerStep: state.spinner, notice: notice, width: state.size.columns, keys: keys,
                retryNote: view.retryNote)
        } else if top.isFiltered, top.items.isEmpty {
            view.placeholder = noMatch(state, top)
        }
        return view
    }

    /// When GitHub could not be reached: when the next try goes by itself.
    static func reconnectNote(_ state: AppState) -> String? {
        guard let at = state.offline?.retryAt else { return nil }
        return "tries again by itself in \(Wait.clock(max(0, Int(at.timeIntervalSince(state.now).rounded(.up)))))"
    }

    /// What GitHub said does not exist, when a load failed for that: nothing a retry fixes.
    static func notFound(_ failure: LoadFailure) -> String? {
        guard case .notFound(let what)? = failure.underlying as? GitHubError else { return nil }
        return what
    }

    /// A list GitHub does not have: what was not found, and the way back (no retry: it would
    /// find nothing again).
    private static func notFoundLines(_ what: String, state: AppState) -> [StyledText] {
        let back = state.below.isEmpty ? state.keys.label(.quit, in: .list).map { "\($0) quits" }
            : state.keys.label(.back, in: .list).map { "\($0) goes back" }
        return [StyledText("\(what.prefix(1).uppercased() + what.dropFirst()) was not found on GitHub.", Style(color: .error)),
                StyledText("It may have been renamed or deleted, or be hidden from this token.")]
            + (back.map { [StyledText(""), StyledText($0, Style(color: .muted))] } ?? [])
    }

    /// A search GitHub found nothing for: the query, and how to change it.
    private static func noResults(_ query: String, _ state: AppState) -> [StyledText] {
        let parts = [state.keys.label(.search, in: .list).map { "\($0) to change the search" },
                     state.keys.label(.refresh, in: .list).map { "\($0) to ask again" }].compactMap { $0 }
        let next = parts.isEmpty ? [] : [StyledText("Press " + parts.joined(separator: ", or ") + ".", Style(color: .muted))]
        return [StyledText("No users match “\(query)”."), StyledText("")] + next
    }

    /// The filter matches none of the loaded users: what there is to do, with the keys of the
    /// mode the person is in (typing the filter, or back in the list with it kept).
    private static func noMatch(_ state: AppState, _ top: ListScreen) -> [StyledText] {
        let typing = state.mode == .filter
        let keys = state.keys
        let clear = keys.label(typing ? .clearFilter : .back, in: typing ? .filter : .list).map { "\($0) clears the filter" }
        let more = keys.label(.lineDown, in: typing ? .filter : .list).map { "\($0) loads more" }
        let retry = keys.label(.retry, in: .list).map { "\($0) retries" }
        let next: [String?]
        switch top.pager.appendState {
        case .endReached where top.pager.offset > 0:
            // The end is loaded, not what comes before it (a `G` or a jump went there).
            next = ["The \(Formatting.count(top.pager.offset, top.list.itemNoun)) before these are not loaded", clear]
        case .endReached: next = ["That is the whole list", clear]
        case .loading: next = ["\(Spinner.glyph(state.spinner)) Loading more \(top.list.itemNoun.many)…"]
        case .failed: next = ["Loading more failed", typing ? nil : retry, clear]
        case .idle: next = [more, clear]
        }
        // `is:` that could judge no row says why, rather than sending the person for more rows.
        if let reason = relationsBlocked(state, top) {
            return [StyledText("No loaded \(top.list.itemNoun.many) match “\(top.filter)”."), StyledText(reason), StyledText(""),
                    StyledText(clear ?? "", Style(color: .muted))]
        }
        return [StyledText("No loaded \(top.list.itemNoun.many) match “\(top.filter)”."), StyledText(""),
                StyledText(next.compactMap { $0 }.joined(separator: " · "), Style(color: .muted))]
    }

    /// The filter line's right side: the count, what its `is:` could not judge, and the key
    /// that shows the line's keys.
    static func loadedOf(_ state: AppState, _ top: ListScreen) -> String {
        var text = loadedOf(top)
        if let note = relationsNote(state, top) { text += " · " + note }
        return state.keys.label(.help, in: .filter).map { "\(text) · \($0) keys" } ?? text
    }

    /// What a filter matched among the rows loaded: "312 of 1,200 loaded".
    private static func loadedOf(_ top: ListScreen) -> String {
        "\(Formatting.grouped(top.items.count)) of \(Formatting.grouped(top.pager.items.count)) loaded"
    }

    /// " (R retries)", as the key table binds retry; empty when nothing is bound to it.
    static func retriesNote(_ state: AppState) -> String {
        state.keys.label(.retry, in: .list).map { " (\($0) retries)" } ?? ""
    }

    /// The status line's left side: counts, position, loading, waits, or a one-off message.
    static func statusText(_ state: AppState) -> String {
        if let flash = flashText(state) ?? countText(state) { return " " + flash }
        return state.top.body.statusText(state)
    }

    /// A list's status line: its count, where the selection is, what loads or failed.
    static func listStatus(_ state: AppState, _ top: ListScreen) -> String {
        let count = top.shown.knownCount
        var text: String
        // Numbers grouped as in the title ("2,856 found"): "1,000 users · 899/1,000".
        let grouped = Formatting.grouped
        if top.isFiltered {
            text = " " + loadedOf(top)
        } else if !top.pager.hasLoadedFirstPage, top.pager.initialState.failure == nil {
            // No count yet: not "0 followers" while the first page is on its way.
            text = " Loading \(top.list.itemNoun.many)…"
        } else {
            text = " " + Formatting.count(count, top.list.itemNoun)
            if let total = top.pager.totalCount, total > count {
                text += " of \(grouped(total))"
            } else if let expected = top.expectedCount, expected > count, top.pager.appendState != .endReached {
                text += " of \(grouped(expected))"
            } else if let (least, most) = countedRange(top.pager) {
                // Counted by `G`: the count itself is GitHub's estimate; else the rows loaded, of it.
                if top.pager.countsAhead {
                    text = " \(grouped(least))–\(grouped(most)) \(top.list.itemNoun.many)"
                } else if most > count {
                    text += " · \(grouped(max(least, count + 1)))–\(grouped(most)) in all"
                }
            }
        }
        // A wait's words before the position: they matter more, and the end gives way first.
        if state.isWaiting, let wait = state.wait { text += " · " + wait.shortSummary(at: state.now) }
        if let position = top.selectedPosition {
            text += " · \(grouped(position))/\(grouped(top.matches == nil ? count : top.items.count))"
        }
        var retries: String { retriesNote(state) }
        switch top.pager.appendState {
        case .loading where state.isWaiting: break
        case .loading: text += " · loading more"
        case .failed: text += " · load failed" + retries
        case .endReached where count > 0: text += " · end"
        default: break
        }
        if top.pager.prependState.failure != nil || top.pager.jumpState.failure != nil {
            text += " · earlier ones failed" + retries
        }
        if top.fills.problem != nil || !top.fills.refusedScopes.isEmpty, let note = fillNote(top.fills, keys: state.keys, people: top.fillsAccounts) { text += " · " + note }
        if top.pull.isPulled, let pull = state.keys.label(.lineUp, in: .list) { text += " · \(pull) again refreshes" }
        if top.isFiltered {
            text += " · /\(top.filter)"
            if let note = relationsNote(state, top) { text += " · " + note }
        }
        return text
    }
}
