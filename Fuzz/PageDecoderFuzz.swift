// libFuzzer entry for the page decoder (`make fuzz`): any bytes either decode to users that survive
// a round trip through JSON unchanged, or fail as GitHubError.malformedBody; nothing else, no crash.
// For a page that decodes, when the slicer that --json prints from finds one element a user (the
// only case --json uses its slices), each element decodes to that user.
import Foundation
import GitHubAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    do {
        let users = try GitHubClient.decode([GitHubUser].self, from: body)
        let again = try GitHubClient.decode([GitHubUser].self, from: JSONEncoder().encode(users))
        precondition(again == users, "a decoded page does not survive a round trip")
        if let ranges = JSONSlices.elements(of: body), ranges.count == users.count {
            for (range, user) in zip(ranges, users) {
                let element = try GitHubClient.decode(GitHubUser.self, from: body[range])
                precondition(element == user, "an element does not decode to its user")
            }
        }
    } catch let error as GitHubError {
        guard case .malformedBody = error else { preconditionFailure("unexpected error \(error)") }
    } catch {
        preconditionFailure("a non-GitHubError escaped the decoder: \(error)")
    }
    return 0
}
