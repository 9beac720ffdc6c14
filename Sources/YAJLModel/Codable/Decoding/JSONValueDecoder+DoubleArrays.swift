import CYAJLTree

/// `[Double]` and `[[Double]]` (coordinates, as in canada.json) without per-array bookkeeping:
/// no path step is pushed and no type is compared per array. Path steps serve only errors, so
/// an array that does not convert cleanly goes back to the general path, which decodes it
/// again and throws (or converts, under `.convertFromString`) with the right coding path.
extension JSONValueDecoder {
    /// The elements of the array at `node` if every one is a number that `double` accepts;
    /// nil otherwise.
    func plainDoubles(_ node: UInt32) -> [Double]? {
        let count = document.payload(node)
        guard count > 0 else { return [] }
        let end = document.subtreeEnd(node)
        // Not `init(unsafeUninitializedCapacity:)`: unspecialized in the standard library, it
        // looks up the storage's generic metadata for every array.
        var doubles: [Double] = []
        doubles.reserveCapacity(count)
        var child = document.firstChild(node)
        while child < end {
            guard tag(child) == UInt32(YJM_NUMBER), let value = representableDouble(child) else { return nil }
            doubles.append(value)
            child += 1  // a number is one node
        }
        return doubles
    }

    /// `[[Double]]`, as `T` (which it is): each inner array through `plainDoubles`, or else
    /// through `value`, as `Array._decodeElements` would decode it.
    func arraysOfDoubles<T>(_ node: UInt32, _ element: PathElement?, as type: T.Type) throws -> T {
        let arrays = try elements(of: node, element) { child, depth, index -> [Double] in
            if tag(child) == UInt32(YJM_ARRAY), let doubles = plainDoubles(child) { return doubles }
            return try value(child, as: [Double].self, depth: depth, .index(index))
        }
        return try Self.cast(arrays, to: T.self)
    }
}
