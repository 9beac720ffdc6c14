/// A stack of plain values in one manually managed block: no uniqueness or bounds
/// bookkeeping on each access, for the encoder's per-member records. Its owner calls `free()`.
/// Callers index only below `count`.
struct UnsafeStack<Element: BitwiseCopyable> {
    // Unsafe: `capacity` elements, owned by this stack until `free()`; read only below `count`.
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    func free() { base.deallocate() }

    var isEmpty: Bool { count == 0 }
    var last: Element? { count > 0 ? base[count - 1] : nil }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeLast() { count -= 1 }

    /// Keeps the first `newCount` elements.
    mutating func truncate(to newCount: Int) { count = min(count, max(newCount, 0)) }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Whether an element of `range` (within `0..<count`) satisfies `predicate`.
    func contains(in range: Range<Int>, where predicate: (Element) -> Bool) -> Bool {
        range.contains { predicate(base[$0]) }
    }
}
