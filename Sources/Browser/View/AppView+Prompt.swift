import TerminalUI

extension AppView {
    // MARK: - The `:` prompt

    /// The prompt on the bottom line, its keys on the right while they fit; above it, the
    /// reason the last line did not run (on up to three lines), or the candidates of Tab.
    static func drawPrompt(_ state: AppState, on screen: some TerminalUI.Screen, rows: Int, columns: Int) {
        let prompt = state.prompt
        let hints = state.keys.hints(for: .command).fitted(to: max(0, columns / 2 - 2))
        Bar.field(prompt: ":", field: prompt.field, right: hints, row: rows - 1, on: screen, columns: columns)
        guard rows >= 3 else { return }
        if let checking = prompt.checking {
            let subject = checking.command.subject?.name ?? ""
            let text = " \(Spinner.glyph(state.spinner)) Looking for \(TerminalText.sanitize(subject)) on GitHub…"
            screen.put(row: rows - 2, column: 0, text, width: columns, style: Style(color: .muted))
        } else if let error = prompt.error {
            // Wrapped on as many lines above the prompt as it needs, three at most (leaving the
            // title), the last of them cut: at 60 columns the part of an error that says what
            // was typed ("(got 'foo')") came last and was lost.
            let room = min(3, rows - 2)
            var lines = TextLayout.wrap(promptErrorText(error), columns: max(1, columns - 2))
            if lines.count > room {
                lines = Array(lines.prefix(room - 1)) + [lines[(room - 1)...].joined(separator: " ")]
            }
            for (offset, line) in lines.enumerated() {
                screen.put(row: rows - 1 - lines.count + offset, column: 0, " " + line, width: columns,
                           style: Style(color: .error))
            }
        } else if let completion = prompt.completion {
            drawCandidates(completion, on: screen, row: rows - 2, columns: columns)
        }
    }

    /// The words of a prompt error, as shown above the prompt.
    static func promptErrorText(_ error: PromptError) -> String {
        switch error {
        case .line(let error): error.description
        case .github(let message): message
        case .notAnOrganization(let login):
            "\(login) is a user, not an organization: only an organization has members (followers \(login) lists theirs)"
        case .nothingToComplete(let word): "Nothing to complete \(word.isEmpty ? "here" : word)"
        }
    }

    /// As many candidates as fit on one line, from the page the chosen one is on, that one
    /// highlighted; the line says how many there are when they do not all fit.
    private static func drawCandidates(_ completion: CommandPrompt.Completion, on screen: some TerminalUI.Screen, row: Int,
                                       columns: Int) {
        let names = completion.candidates.map { TerminalText.sanitize($0) }
        // Room for "1–9 of 20 · " at most.
        let widest = TerminalText.width(" \(names.count)–\(names.count) of \(names.count) · ")
        let room = columns - widest - 1
        // Pages of candidates that fit the line, in order; the one with the chosen candidate shows.
        var pages: [Range<Int>] = []
        var start = 0
        var width = 0
        for (index, name) in names.enumerated() {
            let needed = TerminalText.width(name) + (index == start ? 0 : 2)
            if index > start, width + needed > room {
                pages.append(start..<index)
                (start, width) = (index, TerminalText.width(name))
            } else {
                width += needed
            }
        }
        pages.append(start..<names.count)
        let page = pages.first { $0.contains(completion.chosen ?? 0) } ?? pages[0]
        let count = pages.count > 1 ? " \(page.lowerBound + 1)–\(page.upperBound) of \(names.count) · " : " "
        screen.put(row: row, column: 0, count, width: columns, style: Style(color: .muted))
        var column = TerminalText.width(count)
        for index in page {
            let name = TerminalText.truncate(names[index], to: max(0, columns - column - 1))
            screen.put(row: row, column: column, name, style: index == completion.chosen ? .selected : .plain)
            column += TerminalText.width(name) + 2
        }
    }
}
