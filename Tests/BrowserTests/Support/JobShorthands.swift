@testable import Browser
import GitHubAPI
import ListCore
import TerminalUI

// The tests' short names for a job's command and its answers, one per kind of work: each builds
// the whole value, key included (``Command/run(_:_:)``, ``Message/answered(_:_:more:)``), so an
// expected command or a sent answer reads as one call and is compared whole.

extension Command {
    static func fetch(_ screen: ScreenID, _ list: GitHubList, _ request: FetchRequest<GitHubCursor>) -> Command {
        .run(.fetch(screen, request.token), .page(list, request))
    }
    static func cancelFetch(_ screen: ScreenID, _ token: FetchToken) -> Command { .cancel(.fetch(screen, token)) }
    static func scheduleDetails(_ id: RequestID, after delay: Duration) -> Command { .run(.details(id), .timer(after: delay)) }
    static func loadDetails(_ id: RequestID, login: String) -> Command { .run(.details(id), .userDetails(login: login)) }
    static func cancelDetails(_ id: RequestID) -> Command { .cancel(.details(id)) }
    static func scheduleRepository(_ id: RequestID, after delay: Duration) -> Command {
        .run(.repository(id), .timer(after: delay))
    }
    static func loadRepository(_ id: RequestID, fullName: String) -> Command {
        .run(.repository(id), .repositoryDetails(fullName: fullName))
    }
    static func cancelRepository(_ id: RequestID) -> Command { .cancel(.repository(id)) }
    static func loadSlice(_ screen: ScreenID, _ id: RequestID, _ list: GitHubList, pageSize: Int, refresh: Bool) -> Command {
        .run(.slice(screen, id), .slice(list, pageSize: pageSize, refresh: refresh))
    }
    static func cancelSlice(_ screen: ScreenID, _ id: RequestID) -> Command { .cancel(.slice(screen, id)) }
    static func fillRows(_ screen: ScreenID, _ id: RequestID, logins: [String]) -> Command {
        .run(.fill(screen, id), .fillRows(logins: logins))
    }
    static func fillRepositories(_ screen: ScreenID, _ id: RequestID, names: [String]) -> Command {
        .run(.fill(screen, id), .fillRepositories(names: names))
    }
    static func cancelFill(_ screen: ScreenID, _ id: RequestID) -> Command { .cancel(.fill(screen, id)) }
    static func scheduleTick(_ id: Int, after delay: Duration) -> Command { .run(.tick(id), .timer(after: delay)) }
    static func scheduleReconnect(_ id: Int, after delay: Duration) -> Command { .run(.reconnect(id), .timer(after: delay)) }
    static func scheduleFillRetry(_ screen: ScreenID, after delay: Duration) -> Command {
        .run(.fillRetry(screen), .timer(after: delay))
    }
    static func probe(_ screen: ScreenID, _ list: GitHubList, cursor: GitHubCursor, pageSize: Int) -> Command {
        .run(.probe(screen), .probe(list, cursor: cursor, pageSize: pageSize))
    }
    static func loadAvatar(_ id: RequestID, url: String, columns: Int, rows: Int) -> Command {
        .run(.avatar(id), .avatar(url: url, columns: columns, rows: rows))
    }
    static func cancelAvatar(_ id: RequestID) -> Command { .cancel(.avatar(id)) }
    static func checkCommand(_ id: RequestID, _ subject: GoSubject) -> Command { .run(.check(id), .check(subject)) }
    static func askState(_ id: RequestID, _ target: WriteTarget) -> Command { .run(.act(id), .askState(target)) }
    static func write(_ id: RequestID, _ target: WriteTarget, on: Bool) -> Command { .run(.act(id), .write(target, on: on)) }

    /// The page this command asks for, when it is a page's job: the screen, the list, the request.
    var fetched: (screen: ScreenID, list: GitHubList, request: FetchRequest<GitHubCursor>)? {
        guard case let .run(.fetch(screen, _), .page(list, request)) = self else { return nil }
        return (screen, list, request)
    }

    /// The accounts this command asks GraphQL about, when it is a row fill's job.
    var filled: (screen: ScreenID, request: RequestID, logins: [String])? {
        guard case let .run(.fill(screen, request), .fillRows(logins)) = self else { return nil }
        return (screen, request, logins)
    }
}

extension Message {
    static func pageLoaded(_ screen: ScreenID, _ token: FetchToken, _ page: Page<Row, GitHubCursor>,
                           origin: ResponseOrigin = .network, webPages: [String?] = [], fills: [AccountFill] = []) -> Message {
        .answered(.fetch(screen, token), .page(page, origin: origin, webPages: webPages, fills: fills),
                  more: token.revalidates(origin))
    }
    static func pageFailed(_ screen: ScreenID, _ token: FetchToken, _ failure: LoadFailure) -> Message {
        .answered(.fetch(screen, token), .loadFailed(failure))
    }
    static func detailsDue(_ id: RequestID) -> Message { .answered(.details(id), .due) }
    static func detailsLoaded(_ id: RequestID, _ details: UserDetails, revalidating: Bool = false) -> Message {
        .answered(.details(id), .userDetails(details), more: revalidating)
    }
    static func detailsFailed(_ id: RequestID, _ failure: DetailsFailure) -> Message {
        .answered(.details(id), .detailsFailed(failure))
    }
    static func repositoryDue(_ id: RequestID) -> Message { .answered(.repository(id), .due) }
    static func repositoryLoaded(_ id: RequestID, _ details: RepositoryDetails, revalidating: Bool = false) -> Message {
        .answered(.repository(id), .repositoryDetails(details), more: revalidating)
    }
    static func repositoryFailed(_ id: RequestID, _ failure: DetailsFailure) -> Message {
        .answered(.repository(id), .detailsFailed(failure))
    }
    static func sliceLoaded(_ screen: ScreenID, _ id: RequestID, _ page: Page<Row, GitHubCursor>, revalidating: Bool = false,
                            webPages: [String?] = []) -> Message {
        .answered(.slice(screen, id), .slice(page, webPages: webPages), more: revalidating)
    }
    static func sliceFailed(_ screen: ScreenID, _ id: RequestID, _ failure: LoadFailure) -> Message {
        .answered(.slice(screen, id), .loadFailed(failure))
    }
    static func rowsFilled(_ screen: ScreenID, _ id: RequestID, _ answer: FillAnswer) -> Message {
        .answered(.fill(screen, id), .rowsFilled(answer))
    }
    static func repositoriesFilled(_ screen: ScreenID, _ id: RequestID, _ answer: RepositoryFillAnswer) -> Message {
        .answered(.fill(screen, id), .repositoriesFilled(answer))
    }
    static func fillFailed(_ screen: ScreenID, _ id: RequestID, _ problem: FillProblem) -> Message {
        .answered(.fill(screen, id), .fillFailed(problem))
    }
    static func fillRetryDue(_ screen: ScreenID) -> Message { .answered(.fillRetry(screen), .due) }
    static func tick(_ id: Int) -> Message { .answered(.tick(id), .due) }
    static func reconnect(_ id: Int) -> Message { .answered(.reconnect(id), .due) }
    static func probed(_ screen: ScreenID, _ origin: ResponseOrigin?) -> Message { .answered(.probe(screen), .probed(origin)) }
    static func avatarLoaded(_ id: RequestID, _ image: HalfBlockImage) -> Message { .answered(.avatar(id), .avatar(image)) }
    static func avatarFailed(_ id: RequestID, _ why: String) -> Message { .answered(.avatar(id), .avatarFailed(why)) }
    static func commandChecked(_ id: RequestID, _ check: GoCheck) -> Message { .answered(.check(id), .checked(check)) }
    static func stateKnown(_ id: RequestID, _ isSet: Bool) -> Message { .answered(.act(id), .stateKnown(isSet)) }
    static func isYou(_ id: RequestID, _ login: String) -> Message { .answered(.act(id), .isYou(login)) }
    static func stateFailed(_ id: RequestID, _ failure: WriteFailure) -> Message { .answered(.act(id), .stateFailed(failure)) }
    static func written(_ id: RequestID) -> Message { .answered(.act(id), .written) }
    static func writeFailed(_ id: RequestID, _ failure: WriteFailure) -> Message { .answered(.act(id), .writeFailed(failure)) }
}
