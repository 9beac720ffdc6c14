/// The JSON keys a model type reads, in a small hash table built once per type, so
/// that validating an object is one pass over its members instead of one lookup per
/// property.
///
/// The table holds only the type's own keys, fixed at compile time; keys from the
/// input only probe it. So a plain FNV-1a hash is safe here, where the document's own
/// lookup index, which inserts keys from the input, uses a seeded hash.
public struct _JSONKeyTable: Sendable {
    private let keys: [[UInt8]]
    /// Property index + 1 for each slot, 0 for an empty one.
    private let slots: [Int32]

    /// A table of `keys`, the first path component of each property, by property index.
    public init(_ keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
        var capacity = 8
        while capacity < keys.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        for (index, key) in self.keys.enumerated() {
            var slot = key.withUnsafeBytes(Self.hash) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.slots = slots
    }

    var count: Int { keys.count }

    /// The indexes of the properties whose key is `bytes` (several properties may share
    /// a first path component, as `media.m` and `media.l` do).
    @inline(__always)
    func forEachIndex(of bytes: UnsafeRawBufferPointer, _ body: (Int) -> Void) {
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot] - 1)
            if keys[index].withUnsafeBytes({ _bytesEqual($0, bytes) }) { body(index) }
            slot = (slot + 1) & mask
        }
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

extension _JSONModelSupport {
    /// Finds, in one pass over `object`'s members, the value of each key in `table`
    /// (the last, with repeated keys), and calls `body` with a lookup by property index.
    public static func withMembers<R>(
        of object: JSONValue, table: _JSONKeyTable, _ body: (_ valueAt: (Int) -> JSONValue?) -> R
    ) -> R {
        let document = object.document
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: table.count) { found in
            found.initialize(repeating: 0)  // 0: not found (node 0 is the root, never a member)
            for key in document.memberKeys(of: object.node) {
                document.withStringBytes(key) { bytes in
                    table.forEachIndex(of: bytes) { found[$0] = document.subtreeEnd(key) }
                }
            }
            return body { index in
                found[index] == 0 ? nil : JSONValue(document: document, node: found[index])
            }
        }
    }

    /// Checks one property whose first key's value (`value`, nil when missing) has been found.
    @inlinable
    public static func validate<Codec: JSONCodec>(
        _ value: JSONValue?, key: String, in object: JSONValue, codec: Codec.Type, hasDefault: Bool,
        into validation: inout JSONValidation
    ) {
        guard let value, !value.isNull else {
            if Codec._valueForMissingKey == nil && !hasDefault { validation.reportMissing(key, in: object) }
            return
        }
        Codec._validate(value, into: &validation)
    }

    /// Checks a property with a dotted path whose first key's value has been found.
    public static func validate<Codec: JSONCodec>(
        _ value: JSONValue?, path: [String], in object: JSONValue, codec: Codec.Type, hasDefault: Bool,
        into validation: inout JSONValidation
    ) {
        guard let value, !value.isNull else {
            if Codec._valueForMissingKey == nil && !hasDefault { validation.reportMissing(path.joined(separator: "."), in: object) }
            return
        }
        guard value.kind == .object else { return validation.reportKind("object", at: value) }
        validate(value, path: Array(path.dropFirst()), codec: codec, hasDefault: hasDefault, into: &validation)
    }
}
