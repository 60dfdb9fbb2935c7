/// A random-access collection whose indexes are Ints from `startIndex` to `endIndex`: its index
/// arithmetic is plain integer arithmetic, spelled out once here.
///
/// Without it the standard library's generic defaults answered `count`, `distance` and the like
/// through witness and metadata lookups on every call, and a frame asks for them many times.
public protocol IntIndexedCollection: RandomAccessCollection where Index == Int, Indices == Range<Int> {}

extension IntIndexedCollection {
    public var count: Int { endIndex - startIndex }
    public var indices: Range<Int> { startIndex..<endIndex }
    public func index(after i: Int) -> Int { i + 1 }
    public func index(before i: Int) -> Int { i - 1 }
    public func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }
    public func distance(from start: Int, to end: Int) -> Int { end - start }
}
