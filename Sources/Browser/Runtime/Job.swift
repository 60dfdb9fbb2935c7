import Foundation
import GitHubAPI
import ListCore
import TerminalUI

/// Work the runtime does for the update: what to ask of GitHub or of the clock. A command runs
/// a job under a ``TaskKey`` (``Command/run(_:_:)``), and each of its answers comes back as
/// ``Message/answered(_:_:more:)`` under the same key, so the runtime starts, cancels and
/// forgets every job alike. A new job is a case here (with its work in ``perform(service:clock:answer:)``),
/// the ``JobResult`` cases it answers with, and the update's case for them.
package enum Job: Sendable, Equatable {
    /// A page of a screen's list.
    case page(GitHubList, FetchRequest<GitHubCursor>)
    /// The first page of a profile's slice: from the cache when it can, unless `refresh`.
    case slice(GitHubList, pageSize: Int, refresh: Bool)
    /// GitHub's GraphQL API, in one request, about the accounts on rows (names, places, counts,
    /// who follows whom); it yields to page loads and is not retried in turn.
    case fillRows(logins: [String])
    /// The same for repositories (OWNER/NAME): their stars, and whether the token's owner
    /// starred them.
    case fillRepositories(names: [String])
    /// An account's details, for the pane.
    case userDetails(login: String)
    /// A repository's details, for the pane.
    case repositoryDetails(fullName: String)
    /// Nothing but time: answers ``JobResult/due`` after `delay` (a debounce, a tick, a wait).
    case timer(after: Duration)
    /// A list's first page, asked of GitHub again (conditionally) to learn whether it answers.
    case probe(GitHubList, cursor: GitHubCursor, pageSize: Int)
    /// A picture, made into `columns` × `rows` half-block cells.
    case avatar(url: String, columns: Int, rows: Int)
    /// Whether a command's account or repository exists.
    case check(GoSubject)
    /// Whether the token owner follows the account, or starred the repository.
    case askState(WriteTarget)
    /// Follow or star (`on`), or undo it.
    case write(WriteTarget, on: Bool)
}

/// What a job found: each job answers with its own cases (a failure included), once, or twice
/// when a copy from the cache comes first (``Message/answered(_:_:more:)``).
package enum JobResult: Sendable, Equatable {
    /// A page, where it came from (GitHub, or the cache: fresh, stale or because GitHub could
    /// not be reached), the web page GitHub sent for each row (`html_url`, in the rows' order;
    /// nil where it sent none), and what GitHub said of each row's account when the page brought
    /// that too (a GraphQL page: `--newest`).
    case page(Page<Row, GitHubCursor>, origin: ResponseOrigin, webPages: [String?], fills: [AccountFill])
    /// A slice's first page, with the rows' web pages.
    case slice(Page<Row, GitHubCursor>, webPages: [String?])
    /// A page or a slice could not be had.
    case loadFailed(LoadFailure)
    /// What GraphQL said of the accounts asked about.
    case rowsFilled(FillAnswer)
    /// What it said of the repositories.
    case repositoriesFilled(RepositoryFillAnswer)
    case fillFailed(FillProblem)
    case userDetails(UserDetails)
    case repositoryDetails(RepositoryDetails)
    /// The details of either kind could not be had.
    case detailsFailed(DetailsFailure)
    /// A timer's time came.
    case due
    /// Where a probe's answer came from (nil: GitHub could not be reached).
    case probed(ResponseOrigin?)
    case avatar(HalfBlockImage)
    /// The picture could not be had (the request failed, or the image was refused).
    case avatarFailed(String)
    case checked(GoCheck)
    /// Whether the token owner follows the account or starred the repository.
    case stateKnown(Bool)
    /// The account asked about is the token's owner, by this login: there is nothing to ask.
    case isYou(String)
    case stateFailed(WriteFailure)
    /// GitHub accepted the write.
    case written
    /// GitHub refused the write, a limit held it back, or how it ended is not known.
    case writeFailed(WriteFailure)
}

extension Job {
    /// The job's work: what it asks of `service` (or waits for on `clock`), handed to `answer`,
    /// with `more: true` for a first answer that another follows (a stale copy from the cache,
    /// then GitHub's).
    func perform(service: GitHubService, clock: any Clock<Duration>,
                 answer: @Sendable (JobResult, _ more: Bool) -> Void) async {
        switch self {
        case let .page(list, request):
            // The first screen of a list comes from the cache at once when it can, and so does a
            // page dropped to bound memory and wanted again (before the loaded ones, or far from
            // them); a refresh always asks GitHub, and so does a page shown before it, loaded
            // again since; more pages come from the cache while they are fresh.
            let policy: CachePolicy = switch request.token.direction {
            case _ where request.outdated, .refresh: .revalidate
            case .initial, .prepend, .jump: .preferCache
            case .append: .normal
            }
            // A first page from a stale cache is shown at once, then GitHub's answer replaces it.
            do {
                try await GitHubService.staleWhileRevalidate(first: policy, revalidates: request.token.revalidates, {
                    try await service.page(list, request.cursor, request.pageSize, $0)
                }, answer: { loaded, more in
                    answer(.page(loaded.value.page, origin: loaded.origin, webPages: loaded.value.webPages,
                                 fills: loaded.value.fills), more)
                })
            } catch {
                answer(.loadFailed(LoadFailure(error)), false)
            }
        case let .slice(list, pageSize, refresh):
            // A profile's slice: its list's first page, from the cache at once when there (a
            // stale one is then asked of GitHub again); GitHub only, on a refresh.
            do {
                try await GitHubService.staleWhileRevalidate(first: refresh ? .revalidate : .preferCache, {
                    try await service.page(list, list.firstCursor, pageSize, $0)
                }, answer: { answer(.slice($0.value.page, webPages: $0.value.webPages), $1) })
            } catch {
                answer(.loadFailed(LoadFailure(error)), false)
            }
        case .fillRows(let logins):
            do {
                answer(.rowsFilled(try await service.fill(logins)), false)
            } catch {
                answer(.fillFailed(FillProblem(error)), false)
            }
        case .fillRepositories(let names):
            do {
                answer(.repositoriesFilled(try await service.fillRepositories(names)), false)
            } catch {
                answer(.fillFailed(FillProblem(error)), false)
            }
        case .userDetails(let login):
            do {
                try await GitHubService.staleWhileRevalidate(first: .preferCache, {
                    try await service.userDetails(login, $0)
                }, answer: { answer(.userDetails($0.value), $1) })
            } catch {
                answer(.detailsFailed(DetailsFailure(error)), false)
            }
        case .repositoryDetails(let fullName):
            guard let (owner, name) = GitHubRepository.ownerAndName(fullName) else {
                // Not OWNER/NAME (a broken or hostile answer): nothing to ask GitHub for.
                return answer(.detailsFailed(.failed(LoadFailure(message: "\(fullName) is not OWNER/NAME"))), false)
            }
            do {
                try await GitHubService.staleWhileRevalidate(first: .preferCache, {
                    try await service.repositoryDetails(owner, name, $0)
                }, answer: { answer(.repositoryDetails($0.value), $1) })
            } catch {
                answer(.detailsFailed(DetailsFailure(error)), false)
            }
        case .timer(let delay):
            do { try await clock.sleep(for: delay) } catch { return }
            answer(.due, false)
        case let .probe(list, cursor, pageSize):
            let loaded = try? await service.page(list, cursor, pageSize, .revalidate)
            answer(.probed(loaded?.origin), false)
        case let .avatar(url, columns, rows):
            do {
                answer(.avatar(try await AvatarPicture.make(url: url, columns: columns, rows: rows, service: service)), false)
            } catch {
                answer(.avatarFailed("\(error)"), false)
            }
        case .check(let subject):
            answer(.checked(await CommandCheck.run(subject, service: service, clock: clock)), false)
        case .askState(let target):
            do {
                // Whose the token is, first: a row with no fill (its request failed, or has not
                // come) does not say, and your own account cannot be followed. Not known (GitHub
                // did not say), nothing is asked: the key says why and asks again.
                if case .account(let login) = target, let viewer = try await service.viewer(),
                   viewer.lowercased() == login.lowercased() {
                    return answer(.isYou(viewer), false)
                }
                answer(.stateKnown(try await service.isSet(target)), false)
            } catch {
                answer(.stateFailed(WriteFailure(error)), false)
            }
        case let .write(target, on):
            do {
                try await service.set(target, on)
                answer(.written, false)
            } catch {
                answer(.writeFailed(WriteFailure(error)), false)
            }
        }
    }
}

extension DetailsFailure {
    /// A details request's error: GitHub has no such account or repository, or it failed.
    init(_ error: any Error) {
        if case GitHubError.notFound? = error as? GitHubError {
            self = .notFound
        } else {
            self = .failed(LoadFailure(error))
        }
    }
}
