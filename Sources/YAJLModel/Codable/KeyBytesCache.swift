/// The UTF-8 of coding keys that are plain values of at most eight bytes (the `CodingKeys`
/// enums that synthesized conformances use), cached by type and bit pattern with their
/// lookup-filter bits, so that a key's `stringValue` and hash are computed once per coder
/// rather than once per use. With `conversions`, the cached UTF-8 is the key as a key strategy
/// converts it.
struct KeyBytesCache {
    private struct Entry {
        var type: UInt = 0
        var bits: UInt64 = 0
        var offset: Int32 = -1
        var length: Int32 = 0
        /// `KeyBloom.bits` of the key's UTF-8.
        var bloomBits: UInt32 = 0
    }

    /// Direct-mapped, indexed by the top bits of a hash. It starts small, as most decodes see
    /// few key types, and grows up to 1024 entries when keys keep missing (twitter.json's types
    /// have about 150 keys), since an eviction costs a `stringValue` call.
    private var entries = [Entry](repeating: Entry(), count: 64)
    private var slotShift: UInt64 = 64 - 6
    /// Entries filled since the table was last sized.
    private var fills = 0
    private var arena: [UInt8] = []
    /// The key strategy's conversions and its conversion, or nil for keys as they are.
    private(set) var conversions: KeyConversions?
    private let convert: ((String) -> String)?

    init() {
        conversions = nil
        convert = nil
    }

    /// A cache of keys converted by `convert`, once each per `conversions`.
    init(converting conversions: KeyConversions, by convert: @escaping (String) -> String) {
        self.conversions = conversions
        self.convert = convert
    }

    /// Calls `body` with the UTF-8 of `key.stringValue` and its `KeyBloom.bits`.
    @inline(__always)
    mutating func withBytes<Key: CodingKey, R>(of key: Key, _ body: (UnsafeRawBufferPointer, UInt32) -> R) -> R {
        guard _isPOD(Key.self), MemoryLayout<Key>.size <= 8 else {
            var name = self.name(of: key)
            return name.withUTF8 { body(UnsafeRawBufferPointer($0), KeyBloom.bits(UnsafeRawBufferPointer($0))) }
        }
        let bits: UInt64
        if MemoryLayout<Key>.size == 1 {
            // An enum of up to 256 cases, as most `CodingKeys` are: a load, where the general
            // case below is a call (this code runs unspecialized, through the container's box).
            bits = UInt64(unsafeBitCast(key, to: UInt8.self))
        } else {
            bits = withUnsafeBytes(of: key) { raw in
                var bits: UInt64 = 0
                for index in raw.indices { bits |= UInt64(raw[index]) << (8 * UInt64(index)) }
                return bits
            }
        }
        let type = UInt(bitPattern: ObjectIdentifier(Key.self))
        let hash = typeHash(Key.self, bits)
        var entry = entries[Int(truncatingIfNeeded: hash >> slotShift)]
        if entry.type != type || entry.bits != bits || entry.offset < 0 { entry = fill(key, type: type, bits: bits, hash: hash) }
        return arena.withUnsafeBytes {
            body(UnsafeRawBufferPointer(rebasing: $0[Int(entry.offset)..<Int(entry.offset + entry.length)]), entry.bloomBits)
        }
    }

    /// Caches `key`, whose entry is missing, and returns its entry; out of line, to keep the
    /// hit path small enough to inline.
    @inline(never)
    private mutating func fill<Key: CodingKey>(_ key: Key, type: UInt, bits: UInt64, hash: UInt64) -> Entry {
        fills += 1
        if fills > entries.count / 2 && entries.count < 1024 { grow() }
        if arena.count > 1 << 16 { reset() }
        var name = self.name(of: key)
        let bloomBits = name.withUTF8 { KeyBloom.bits(UnsafeRawBufferPointer($0)) }
        let entry = Entry(type: type, bits: bits, offset: Int32(arena.count), length: Int32(name.utf8.count), bloomBits: bloomBits)
        arena.append(contentsOf: name.utf8)
        entries[Int(truncatingIfNeeded: hash >> slotShift)] = entry
        return entry
    }

    /// Four times the entries, empty: they refill as keys are looked up again.
    private mutating func grow() {
        entries = [Entry](repeating: Entry(), count: entries.count * 4)
        slotShift -= 2
        fills = 0
    }

    private mutating func reset() {
        arena.removeAll(keepingCapacity: true)
        for index in entries.indices { entries[index].offset = -1 }
    }

    /// `key.stringValue`, converted if this cache converts.
    private mutating func name(of key: some CodingKey) -> String {
        guard let convert else { return key.stringValue }
        return conversions?.converted(key.stringValue, by: convert) ?? key.stringValue
    }
}
