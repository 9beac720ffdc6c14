/// Arrays of numbers (`[Double]`, `[Float]`, `[Int]`, and `[[Double]]`, the coordinates of
/// GeoJSON) written in one loop, specialized for their element type. Encoded generically, each
/// element would go through `Array.encode(to:)`'s existential container and an unspecialized
/// `encode<T>`, which compares its type against every primitive, for the same bytes and errors.
extension JSONStreamingEncoder {
    /// Writes `value` if it is one of these arrays, and returns whether it was.
    @inline(__always)
    func writeNumberArray<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == [Double].self {
            try writeElements(_identityCast(value, to: [Double].self)) { try $0.writeFloat($1, .index($2)) }
        } else if T.self == [[Double]].self {
            try writeElements(_identityCast(value, to: [[Double]].self)) { try $0.encodeNested($1, .index($2)) }
        } else if T.self == [Float].self {
            try writeElements(_identityCast(value, to: [Float].self)) { try $0.writeFloat($1, .index($2)) }
        } else if T.self == [Int].self {
            try writeElements(_identityCast(value, to: [Int].self)) { encoder, value, _ in encoder.writeInteger(value) }
        } else {
            return false
        }
        return true
    }

    /// Writes `values` as an array in the current slot, each element with `write`, which gets
    /// its position, as `Array.encode(to:)` does through an unkeyed container.
    @inline(__always)
    private func writeElements<Element>(
        _ values: [Element], _ write: (JSONStreamingEncoder, Element, Int) throws -> Void
    ) throws {
        let handle = slotContainer(isObject: false)
        for value in values {
            // `write` leaves `handle` innermost (a nested value closes what it opens), but
            // `prepare` is what throws an earlier failure, as each generic element would.
            try prepare(handle)
            let position = storage.beginElement(handle)
            try write(self, value, position)
        }
    }
}
