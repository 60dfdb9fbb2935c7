// libFuzzer entry for the page decoder (`make fuzz`): any bytes either decode to users that survive
// a round trip through JSON unchanged, or fail as GitHubError.malformedBody; nothing else, no crash.
import Foundation
import GitHubAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    do {
        let users = try GitHubClient.decode([GitHubUser].self, from: body)
        let again = try GitHubClient.decode([GitHubUser].self, from: JSONEncoder().encode(users))
        precondition(again == users, "a decoded page does not survive a round trip")
    } catch let error as GitHubError {
        guard case .malformedBody = error else { preconditionFailure("unexpected error \(error)") }
    } catch {
        preconditionFailure("a non-GitHubError escaped the decoder: \(error)")
    }
    return 0
}
