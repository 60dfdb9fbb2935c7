import GitHubAPI

// MARK: - Web pages

// Where a row's page is on the web (what `o` opens, `y` copies and the pane's Page line
// shows): the `html_url` GitHub sent for it, kept beside its list only when it does not follow
// the base learned from the others; else its page under that base; never an address built from
// the API's.
extension AppState {
    /// The web page of the selected row; on a profile's other rows, the account's. Nil when
    /// there is nothing to open, or when its address is not known yet (``selectedPageUnknown``).
    var selectedPage: String? {
        if let row = top.selectedRow { return webPage(of: row) }
        return top.ownAccount.flatMap { accountPage($0.login) }
    }

    /// True when the selection has a page on the web whose address GitHub has not taught yet:
    /// no `html_url` came for it (an organization in `/users/{u}/orgs`) nor for any other
    /// object of this host.
    var selectedPageUnknown: Bool {
        guard selectedPage == nil else { return false }
        switch top.selectedRow {
        case .user?: return true
        case .repository(let repository)?: return WebPages.path(repository: repository.fullName) != nil
        case nil: return top.ownAccount != nil
        }
    }

    /// The web page of a row of the screen on top: the address its list kept for it, else the
    /// one its details sent, else its page under the base.
    func webPage(of row: Row) -> String? {
        if let kept = top.keptWebPage(of: row) { return kept }
        switch row {
        case .user(let user):
            return accountPage(user.login)
        case .repository(let repository):
            if let sent = self.repository.cache.peek(repository.fullName)?.htmlURL, WebPages.isWebAddress(sent) {
                return sent
            }
            return WebPages.path(repository: repository.fullName).flatMap(web.address(path:))
        }
    }

    /// An account's page: what its details sent, else its page under the base.
    func accountPage(_ login: String) -> String? {
        if let sent = details.cache.peek(login)?.htmlURL, WebPages.isWebAddress(sent) { return sent }
        return web.address(path: WebPages.path(account: login))
    }

    // MARK: - Learning

    /// Learns from the addresses a page sent (`sent`, in the order of `rows`; empty when none
    /// was read) and says, by row id, what to keep for each row GitHub sent one for: the address
    /// when it does not follow the base, nil (keep none) when it does.
    mutating func learnWebPages(_ rows: [Row], sent: [String?]) -> [Int64: String?] {
        var kept: [Int64: String?] = [:]
        for (row, address) in zip(rows, sent) where address != nil {
            kept[row.id] = .some(web.learn(address, path: Self.webPath(of: row)))
        }
        return kept
    }

    /// Learns the base from an account's details.
    mutating func learnWebPage(from details: UserDetails) {
        web.learn(details.htmlURL, path: WebPages.path(account: details.login))
    }

    /// Learns the base from a repository's details.
    mutating func learnWebPage(from details: RepositoryDetails) {
        web.learn(details.htmlURL, path: WebPages.path(repository: details.fullName))
    }

    /// Where a row's page is under the base (nil for a repository whose name is not OWNER/NAME).
    static func webPath(of row: Row) -> String? {
        switch row {
        case .user(let user): WebPages.path(account: user.login)
        case .repository(let repository): WebPages.path(repository: repository.fullName)
        }
    }
}
