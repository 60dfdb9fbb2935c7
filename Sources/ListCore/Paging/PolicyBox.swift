/// A prefetch policy that compares by value when its type is Equatable, else by type: what lets
/// a pager's equality be the synthesized one, every field compared.
struct PolicyBox: Sendable, Equatable {
    var value: any PrefetchPolicy

    init(_ value: any PrefetchPolicy) { self.value = value }

    static func == (lhs: PolicyBox, rhs: PolicyBox) -> Bool {
        guard let left = lhs.value as? any Equatable else { return type(of: lhs.value) == type(of: rhs.value) }
        return left.isEqual(to: rhs.value)
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
