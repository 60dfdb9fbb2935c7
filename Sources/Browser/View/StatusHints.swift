import TerminalUI

/// The status line's key hints for a state: the mode's keys, named for what the pane is on,
/// without what the screen on top refuses, with what Enter does on the selected row. The
/// bindings come from the key table; which apply comes from the screen's kind.
struct StatusHints {
    let line: HintLine

    init(_ state: borrowing AppState) {
        let mode = state.mode
        // The pane names the keys for what it is on; without it, F and * go by the screen.
        let subject = mode == .details ? PaneSubject(state.top.selectedRow) : state.top.actSubject
        let abilities = state.acting.abilities
        // What the token may not do, and what F and * would refuse on what is selected.
        let (undo, refused) = state.actHints
        var unable = refused
        if !abilities.follow.mayTry { unable.insert(.follow) }
        if !abilities.star.mayTry { unable.insert(.star) }
        line = state.keys.hints(for: mode, canLeave: state.canLeave, kind: state.top.kind, subject: subject,
                                enter: state.enterEffect, unable: unable, undo: undo)
    }
}
