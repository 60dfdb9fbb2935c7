// libFuzzer entry for the Link header parser (`make fuzz`). Any input must parse without a crash,
// and what it returns must hold together.
import GitHubAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinkHeader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let header = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let targets = LinkHeader.parse(header)
    let relations = LinkHeader.relations(header)
    for (relation, url) in relations {
        // Every relation names a URL of a parsed target that has that relation.
        precondition(targets.contains { $0.url == url && $0.relations.contains(relation) }, "relation without its target")
    }
    for target in targets {
        precondition(!target.url.isEmpty, "a target with no URL")
        precondition(target.relations.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty }, "relations are lowercased words")
    }
    return 0
}
