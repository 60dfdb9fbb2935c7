import GraphQL

/// What a query costs, by GitHub's documented formula: add up the requests each connection
/// needs, assuming every `first` or `last` is reached (a connection under a connection of 100
/// needs 100), divide by 100 and round; the least a query costs is 1.
enum FakeGraphQLCost {
    /// The cost, and the nodes the query may return (`rateLimit.nodeCount`).
    static func of(_ document: Document, variables: [String: Map]) -> (cost: Int, nodes: Int) {
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        var walk = Walk(fragments: fragments, variables: variables)
        for case let operation as OperationDefinition in document.definitions {
            walk.visit(operation.selectionSet, multiplier: 1, path: [])
        }
        let cost = max(1, Int((Double(walk.requests) / 100).rounded()))
        return (cost, walk.nodes)
    }

    private struct Walk {
        let fragments: [String: FragmentDefinition]
        let variables: [String: Map]
        var requests = 0
        var nodes = 0

        /// `multiplier`: how many times the enclosing connections repeat this selection.
        /// `path`: the fragments being expanded, so that a cycle ends (validation refuses one anyway).
        mutating func visit(_ set: SelectionSet, multiplier: Int, path: Set<String>) {
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    var inner = multiplier
                    if FakeGraphQLSchema.connectionFields.contains(field.name.value) {
                        requests += multiplier
                        let size = pageSize(field)
                        nodes += multiplier * size
                        inner = multiplier * size
                    }
                    if let child = field.selectionSet { visit(child, multiplier: inner, path: path) }
                case let fragment as InlineFragment:
                    visit(fragment.selectionSet, multiplier: multiplier, path: path)
                case let spread as FragmentSpread:
                    let name = spread.name.value
                    guard !path.contains(name), let fragment = fragments[name] else { continue }
                    visit(fragment.selectionSet, multiplier: multiplier, path: path.union([name]))
                default:
                    continue
                }
            }
        }

        /// The connection's `first` or `last` (1 when it asks for neither: a count alone).
        private func pageSize(_ field: Field) -> Int {
            for argument in field.arguments where ["first", "last"].contains(argument.name.value) {
                switch argument.value {
                case let value as IntValue: if let size = Int(value.value) { return max(1, min(size, 100)) }
                case let variable as Variable: if let size = variables[variable.name.value]?.int { return max(1, min(size, 100)) }
                default: break
                }
            }
            return 1
        }
    }
}
