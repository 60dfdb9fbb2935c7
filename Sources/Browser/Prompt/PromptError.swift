/// Why the last line typed at the prompt did not run, or why Tab did nothing: a fact the view
/// words under the prompt.
package enum PromptError: Sendable, Equatable {
    /// The line is no command that can run (or is `help`).
    case line(GoCommandError)
    /// GitHub's own words about the line: an account or repository it does not have, a
    /// search query it refused.
    case github(String)
    /// The command needs an organization (`members LOGIN`) and GitHub says this login is a user's.
    case notAnOrganization(String)
    /// Tab found nothing that completes `word` (empty: no word before the cursor, after others).
    case nothingToComplete(word: String)
}
