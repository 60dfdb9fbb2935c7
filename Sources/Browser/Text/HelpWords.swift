import TerminalUI

/// The words of the help over the screen, as text (``HelpText``): the overlay draws them, and
/// the keys that scroll the help ask how far they can scroll it, without a widget.
enum HelpWords {
    /// The help over the screen: the keys of the mode under it, on the kind of screen on top;
    /// nil while none is open.
    static func text(_ state: AppState) -> HelpText? {
        guard case .help(let fromFilter) = state.overlay else { return nil }
        let mode: Mode = fromFilter ? .filter : state.top.detailsOpen ? .details : .list
        let kind = state.top.kind
        let title = (mode == .list ? kind.helpTitle : nil) ?? mode.title.lowercased()
        var entries = state.keys.helpEntries(for: mode, canLeave: state.canLeave, kind: kind)
        if mode == .details {
            // Without the keys that lead nowhere from what the pane is on (an organization's
            // stars), nor F or * where they act on nothing (a user is not starred).
            let subject = PaneSubject(state.top.selectedRow)
            let bindings = state.keys.bindings(for: mode, canLeave: state.canLeave)
            let left = bindings.filter { subject.refused.contains($0.action) || subject.notActedOn.contains($0.action) }
                .map { HelpText.Entry(keys: $0.keyLabel, text: $0.help) }
            entries.removeAll { left.contains($0) }
            // The keys that open another list here, named for it, as the status line names them
            // (an organization's 1 opens its members, 2 its followers).
            let names = subject.listNames
            for binding in bindings {
                guard let name = names[binding.action],
                      let index = entries.firstIndex(of: HelpText.Entry(keys: binding.keyLabel, text: binding.help))
                else { continue }
                entries[index].text = "open its \(name)"
            }
        }
        if mode == .filter {
            entries += filterWords(people: state.top.filtersAccounts, token: state.hasToken)
        }
        return HelpText(title: "Keys · \(title)", entries: entries, footer: state.keys.helpFooter,
                        scrollFooter: state.keys.helpScrollFooter)
    }

    /// What the filter's words match, for its help below its keys: the words, and on a list of
    /// people the `is:` qualifiers (which need a token).
    static func filterWords(people: Bool, token: Bool) -> [HelpText.Entry] {
        var entries = [HelpText.Entry(keys: "words", text: people
            ? "all found in the login, or a filled row's name, company, place, bio"
            : "all found in the repository's OWNER/NAME")]
        guard people else { return entries }
        let needs = token ? "" : " (with a token)"
        entries += [
            HelpText.Entry(keys: "is:follows-you", text: "people who follow you" + needs),
            HelpText.Entry(keys: "is:you-follow", text: "people you follow" + needs),
            HelpText.Entry(keys: "is:mutual", text: "both" + needs),
            HelpText.Entry(keys: "-is:…", text: "not that: -is:you-follow"),
        ]
        return entries
    }
}
