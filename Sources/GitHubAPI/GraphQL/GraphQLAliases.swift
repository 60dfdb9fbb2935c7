/// The `data` of a query of aliases `a0`, `a1`, … (or another ``GraphQLNode/prefix``) of one
/// kind, and its `rateLimit`.
struct GraphQLAliases<Node: GraphQLNode>: GraphQLPayload {
    /// The aliases GitHub answered with something other than null, by number.
    var nodes: [Int: Node] = [:]
    var rateLimit: GraphQLRate?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: GraphQLKey.self)
        for key in container.allKeys {
            let name = key.stringValue
            if name == "rateLimit" {
                rateLimit = (container.lenient(key) as GraphQLRate.Node?)?.rate
            } else if name.hasPrefix(Node.prefix), let index = Int(name.dropFirst(Node.prefix.count)),
                      name == Node.prefix + String(index), let node = try? container.decodeIfPresent(Node.self, forKey: key) {
                nodes[index] = node
            }
        }
    }
}

/// What one alias of ``GraphQLAliases`` holds, read leniently (its init never throws for an
/// object; what does not read is nil inside it).
protocol GraphQLNode: Decodable, Sendable {
    /// What the aliases start with (`a` for accounts, `r` for repositories).
    static var prefix: String { get }
}

/// A key of an object whose keys are not fixed (a query's aliases).
struct GraphQLKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
