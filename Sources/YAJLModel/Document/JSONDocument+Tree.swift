import CYAJLTree

/// Reading the C node array (see `yajl_tree_builder.h` for the layout).
/// Node indices are `UInt32`, as in the tree; every index passed here comes
/// from the tree itself, so it is in range.
// Unsafe: `tree` was built by the C builder over `input` and is freed only in `deinit`; a node index is < node_count, and every
// node's offset and length lie within `input` (or, for an escaped string, within `tree.side`).
extension JSONDocument {
    @inlinable @inline(__always)
    func head(_ node: UInt32) -> UInt32 { tree.nodes[Int(node)].head }

    /// The raw kind tag: one of the `YJM_*` kinds.
    @inlinable @inline(__always)
    func tag(_ node: UInt32) -> UInt32 { head(node) & UInt32(YJM_KIND_MASK) }

    /// Token length for numbers and strings, element count for containers.
    @inlinable @inline(__always)
    func payload(_ node: UInt32) -> Int { Int(head(node) >> UInt32(YJM_KIND_BITS)) }

    /// Byte offset of the value's first byte in the input.
    @inline(__always)
    func startOffset(_ node: UInt32) -> Int { Int(tree.nodes[Int(node)].offset) }

    /// Whether `node` is `null` (for the models' inlined validation).
    @inlinable @inline(__always)
    func isNull(_ node: UInt32) -> Bool { tag(node) == UInt32(YJM_NULL) }

    @inline(__always)
    func isContainer(_ node: UInt32) -> Bool { tag(node) >= UInt32(YJM_ARRAY) }

    /// The index just past `node`'s subtree: its next sibling, if it has one.
    /// (Inlinable, like `tag`, `isNull` and `firstChild`, so that models' checks and element
    /// walks, compiled in the model's module, read nodes without a call.)
    @inlinable @inline(__always)
    func subtreeEnd(_ node: UInt32) -> UInt32 {
        switch tag(node) {
        case UInt32(YJM_ARRAY), UInt32(YJM_OBJECT): containerEnd(node)
        case UInt32(YJM_ESCAPED_STRING): node + 2
        default: node + 1
        }
    }

    /// `subtreeEnd` of an array or object, read without testing its kind.
    @inlinable @inline(__always)
    func containerEnd(_ container: UInt32) -> UInt32 { tree.nodes[Int(container) + 1].head }

    /// Index of the first child of a container (meaningless when it is empty).
    @inlinable @inline(__always)
    func firstChild(_ container: UInt32) -> UInt32 { container + 2 }

    /// The key nodes of an object's members, in document order (each value follows its key).
    func memberKeys(of object: UInt32) -> UnfoldSequence<UInt32, UInt32> {
        let end = subtreeEnd(object)
        return sequence(state: firstChild(object)) { key in
            guard key < end else { return nil }
            defer { key = self.subtreeEnd(self.subtreeEnd(key)) }
            return key
        }
    }

    /// The path from `ancestor` down to `node` as `items[3].media.m`, or nil when
    /// `node` is not inside `ancestor`. Walks one level at a time, skipping siblings'
    /// subtrees, so it costs depth × width: used for error messages only.
    func pathDescription(from ancestor: UInt32, to node: UInt32) -> String? {
        guard node >= ancestor, node < subtreeEnd(ancestor) else { return nil }
        var path = ""
        var current = ancestor
        while current != node {
            let isObject = tag(current) == UInt32(YJM_OBJECT)
            var child = firstChild(current)
            var index = 0
            while true {
                let value = isObject ? subtreeEnd(child) : child
                if node < subtreeEnd(value) {
                    if isObject {
                        let key = withStringBytes(child) { String(validatedUTF8: $0) }
                        if node == child { return path }  // a key node: point at its object
                        path += path.isEmpty ? key : "." + key
                    } else {
                        path += "[\(index)]"
                    }
                    current = value
                    break
                }
                child = subtreeEnd(value)
                index += 1
            }
        }
        return path
    }

    /// Where the value's text sits in the input.
    func byteRange(_ node: UInt32) -> Range<Int> {
        let start = startOffset(node)
        switch tag(node) {
        case UInt32(YJM_NULL), UInt32(YJM_TRUE): return start..<start + 4
        case UInt32(YJM_FALSE): return start..<start + 5
        case UInt32(YJM_NUMBER): return start..<start + payload(node)
        case UInt32(YJM_STRING): return start..<start + payload(node) + 2
        case UInt32(YJM_ESCAPED_STRING): return start..<start + payload(node)
        default: return start..<Int(tree.nodes[Int(node) + 1].offset)
        }
    }

    /// Calls `body` with the UTF-8 of a string node, decoded: in the input for a
    /// string without escapes, in the side buffer otherwise.
    @inline(__always)
    func withStringBytes<R>(_ node: UInt32, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if tag(node) == UInt32(YJM_ESCAPED_STRING) {
            let location = tree.nodes[Int(node) + 1]
            return body(UnsafeRawBufferPointer(start: tree.side.map { $0 + Int(location.head) }, count: Int(location.offset)))
        }
        let start = startOffset(node) + 1
        let count = payload(node)
        return input.withBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<start + count])) }
    }

    /// A number node's value when its text is a plain integer (`JSONNumberText.plainInteger`).
    @inline(__always)
    func plainInteger(_ node: UInt32) -> Int64? {
        let start = startOffset(node)
        let count = payload(node)
        return input.withBytes { bytes in
            bytes.baseAddress.flatMap { JSONNumberText.plainInteger(in: $0, start: start, count: count) }
        }
    }

    /// A number node's text as a `DecimalSignificand` when it is a short decimal
    /// (`DecimalSignificand(shortDecimalIn:start:count:)`).
    @inline(__always)
    func shortDecimal(_ node: UInt32) -> DecimalSignificand? {
        let start = startOffset(node)
        let count = payload(node)
        return input.withBytes { bytes in
            bytes.baseAddress.flatMap { DecimalSignificand(shortDecimalIn: $0, start: start, count: count) }
        }
    }

    /// Calls `body` with a number node's text.
    @inline(__always)
    func withNumberText<R>(_ node: UInt32, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let start = startOffset(node)
        let count = payload(node)
        return input.withBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<start + count])) }
    }
}
