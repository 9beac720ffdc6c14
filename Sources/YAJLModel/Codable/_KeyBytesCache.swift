/// The UTF-8 of coding keys that are plain values of at most eight bytes (the `CodingKeys`
/// enums that synthesized conformances use), cached by type and bit pattern, so that a key's
/// `stringValue` is computed once per coder rather than once per use.
struct _KeyBytesCache {
    private struct Entry {
        var type: UInt = 0
        var bits: UInt64 = 0
        var offset: Int32 = -1
        var length: Int32 = 0
    }

    /// Direct-mapped: large enough that the keys of a document's types rarely evict each other
    /// (twitter.json's types have about 150), as an eviction costs a `stringValue` call.
    private var entries = [Entry](repeating: Entry(), count: 1024)
    private var arena: [UInt8] = []

    /// Calls `body` with the UTF-8 of `key.stringValue`.
    @inline(__always)
    mutating func withBytes<Key: CodingKey, R>(of key: Key, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard _isPOD(Key.self), MemoryLayout<Key>.size <= 8 else { return Self.withStringValue(of: key, body) }
        let bits = withUnsafeBytes(of: key) { raw in
            var bits: UInt64 = 0
            for index in raw.indices { bits |= UInt64(raw[index]) << (8 * UInt64(index)) }
            return bits
        }
        let type = UInt(bitPattern: ObjectIdentifier(Key.self))
        let slot = Int(truncatingIfNeeded: ((UInt64(type) ^ bits) &* 0x9E37_79B9_7F4A_7C15) >> 54)
        var entry = entries[slot]
        if entry.type != type || entry.bits != bits || entry.offset < 0 {
            if arena.count > 1 << 16 { reset() }
            let name = key.stringValue
            entry = Entry(type: type, bits: bits, offset: Int32(arena.count), length: Int32(name.utf8.count))
            arena.append(contentsOf: name.utf8)
            entries[slot] = entry
        }
        return arena.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[Int(entry.offset)..<Int(entry.offset + entry.length)])) }
    }

    private mutating func reset() {
        arena.removeAll(keepingCapacity: true)
        for index in entries.indices { entries[index].offset = -1 }
    }

    static func withStringValue<R>(of key: some CodingKey, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var name = key.stringValue
        return name.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
