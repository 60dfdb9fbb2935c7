import Foundation

extension GitHubConfiguration {
    /// Where GraphQL is served for this API: `https://api.github.com/graphql` for github.com,
    /// `https://HOST/api/graphql` for an Enterprise `https://HOST/api/v3`, and `/graphql` under
    /// any other base URL (the fake's). The token goes there as to REST: it is the same origin.
    public var graphqlURL: URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            return baseURL.appendingPathComponent("graphql")
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix("/api/v3") {
            path.removeLast("/v3".count)
        }
        components.percentEncodedPath = path + "/graphql"
        return components.url ?? baseURL.appendingPathComponent("graphql")
    }
}
