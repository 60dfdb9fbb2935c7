import TerminalUI

/// The status line's key hints for a state: the mode's keys, named for what the pane is on,
/// without what the screen on top refuses, with what Enter does on the selected row. The
/// bindings come from the key table; which apply comes from the screen's kind.
struct StatusHints {
    let line: HintLine

    init(_ state: borrowing AppState) {
        let mode = state.mode
        var subject = PaneSubject(state.top.selectedRow)
        // On a profile's own rows F is about the profile's account: an organization is not followed.
        if state.top.selectedRow == nil, state.top.profileScreen?.profile.isOrganization == true { subject = .organization }
        let abilities = state.acting.abilities
        var unable: Set<Action> = []
        if !abilities.follow.mayTry { unable.insert(.follow) }
        if !abilities.star.mayTry { unable.insert(.star) }
        line = state.keys.hints(for: mode, canLeave: state.canLeave, kind: state.top.kind, subject: subject,
                                enter: state.enterEffect, unable: unable)
    }
}
