import GitHubAPI

/// What GitHub says of the subject of a command typed at the prompt: whether the account, the
/// organization or the repository exists.
enum CommandCheck {
    /// How long GitHub has to say: past that (a rate limit's wait, a slow network) it is not
    /// known, and the screen opens to say what it finds itself.
    static let timeout = Duration.seconds(5)

    /// The answer within ``timeout`` on `clock`, else ``GoCheck/unknown``.
    static func run(_ subject: GoSubject, service: GitHubService, clock: any Clock<Duration>) async -> GoCheck {
        await withTaskGroup(of: GoCheck?.self) { group in
            group.addTask { await lookUp(subject, service: service) }
            group.addTask {
                try? await clock.sleep(for: timeout)
                return nil
            }
            let first = await group.next()
            group.cancelAll()
            return (first ?? nil) ?? .unknown
        }
    }

    private static func lookUp(_ subject: GoSubject, service: GitHubService) async -> GoCheck {
        do {
            switch subject {
            case .account(let login):
                let details = try await service.userDetails(login, .normal).value
                // `@me`: GitHub names the token's owner.
                if login == GitHubConfiguration.me { return .me(details.login) }
            case .organization(let login):
                guard try await service.userDetails(login, .normal).value.isOrganization else {
                    return .notAnOrganization(login)
                }
            case let .repository(owner, name):
                _ = try await service.repositoryDetails(owner, name, .normal)
            }
            return .found
        } catch let error as GitHubError {
            switch error {
            case .notFound: return .notFound(error.description)
            case .badCredentials: return .rejected(error.description)
            default: return .unknown
            }
        } catch {
            return .unknown
        }
    }
}
