/// The coding-key cache: the UTF-8 of coding keys that are plain values of at most eight bytes
/// (the `CodingKeys` enums that synthesized conformances use), with their lookup-filter bits and
/// the JSON spelling a decoder tests first, so that a key's `stringValue`, hash and spelling are
/// worked out once per coder rather than once per use. With `conversions`, the cached UTF-8 is
/// the key as a key strategy converts it (the encoder's `.convertToSnakeCase`).
///
/// - Maps: a coding key's type and bits to its bytes, spelling and filter bits in an arena.
/// - Bounded: 4,096 keys or 64 kB of arena; past either the cache starts afresh.
/// - Invalidated: never while its coder keeps its key strategy: a decoder keeps it between
///   decodes on a `KeyBytesShelf`, and a new strategy gives the decoder a new shelf.
/// - Hostile keys: JSON keys never enter it; coding keys do, and only those a type makes from
///   input (a key type built from `init(stringValue:)` on every member, through `allKeys`) can be
///   many: each costs one `stringValue` and one insertion, and the bounds above keep their number.
struct KeyBytesCache {
    /// Where a key's bytes are in `arena`, as `place(of:bits:)` gives them; valid until the
    /// next key is cached, which may start the arena afresh.
    struct Place {
        var offset: Int32 = 0
        var length: Int32 = 0
        /// Where the key's JSON spelling (`CachedKey.spelling`) starts in `arena`, and its length.
        var spelling: Int32 = 0
        var spellingLength: Int32 = 0
        /// `KeyBloom.bits` of the key's UTF-8.
        var bloomBits: UInt32 = 0
    }

    private struct Entry {
        var type: UInt = 0
        var bits: UInt64 = 0
        var place = Place()
    }

    /// How the JSON key that matches a coding key is spelled, for a lookup to test first.
    enum Spelling {
        /// As the key: keys are matched as they are.
        case asIs
        /// The snake_case spelling that `.convertFromSnakeCase` turns into the key.
        case snakeCase
        /// None: keys are compared only as a key strategy converts them.
        case none
    }

    /// Open addressing from the top bits of a hash, probed linearly and at most half full, so
    /// that no key evicts another: a key is worked out (`stringValue`, hash, spelling) once
    /// for as long as the cache is kept. An empty entry has `type` 0, which no type has.
    private var entries = [Entry](repeating: Entry(), count: 64)
    private var slotShift: UInt64 = 64 - 6
    private var filled = 0
    /// Past this many keys, or this many bytes of them, the cache starts afresh: a bound on
    /// input or types with ever new keys.
    private static let keyLimit = 4096
    private static let arenaLimit = 1 << 16
    private var arena: [UInt8] = []
    /// The key strategy's conversions and its conversion, or nil for keys as they are.
    private(set) var conversions: KeyConversions?
    private let convert: ((String) -> String)?
    private let spelling: Spelling

    /// A cache of keys as they are, with the JSON spelling `spelling`.
    init(spelling: Spelling = .asIs) { self.init(conversions: nil, convert: nil, spelling: spelling) }

    /// A cache of keys converted by `convert`, once each per `conversions`.
    init(converting conversions: KeyConversions, by convert: @escaping (String) -> String) {
        self.init(conversions: conversions, convert: convert, spelling: .asIs)
    }

    private init(conversions: KeyConversions?, convert: ((String) -> String)?, spelling: Spelling) {
        (self.conversions, self.convert, self.spelling) = (conversions, convert, spelling)
    }

    /// Calls `body` with the UTF-8 of `key.stringValue`, its JSON spelling and its `KeyBloom.bits`.
    @inline(__always)
    mutating func withBytes<Key: CodingKey, R>(of key: Key, _ body: (CachedKey) -> R) -> R {
        guard let bits = key.plainBits else { return withUncachedBytes(of: key, body) }
        return withBytes(at: place(of: key, bits: bits), body)
    }

    /// `withBytes(of:_:)` for a key whose type is not a plain value: not cached, so not spelled
    /// either (a spelling costs two conversions); only `.asIs` has one for free.
    mutating func withUncachedBytes<Key: CodingKey, R>(of key: Key, _ body: (CachedKey) -> R) -> R {
        var name = self.name(of: key)
        return name.withUTF8 { name in
            let name = UnsafeRawBufferPointer(name)
            return body(CachedKey(name: name, spelling: spelling == .asIs ? name : Self.noSpelling))
        }
    }

    /// Where the bytes of `key`, whose `plainBits` are `bits`, are in the arena: cached first if
    /// they are not.
    @inline(__always)
    mutating func place<Key: CodingKey>(of key: Key, bits: UInt64) -> Place {
        let type = UInt(bitPattern: ObjectIdentifier(Key.self))
        var index = Int(truncatingIfNeeded: typeHash(Key.self, bits) >> slotShift)
        var entry = entries[index]
        while entry.type != type || entry.bits != bits {
            if entry.type == 0 { return fill(key, type: type, bits: bits).place }
            index = (index + 1) & (entries.count - 1)
            entry = entries[index]
        }
        return entry.place
    }

    /// Calls `body` with the key at `place`, a place the arena has held since the last key was
    /// cached. Mutating only so that, called through a pointer, it reads the cache where it is
    /// rather than a copy.
    @inline(__always)
    mutating func withBytes<R>(at place: Place, _ body: (CachedKey) -> R) -> R {
        arena.withUnsafeBytes { arena in
            // Unsafe: the place's ranges lie in the arena, since no key was cached after it was given.
            let base = arena.baseAddress
            return body(CachedKey(
                name: UnsafeRawBufferPointer(start: base.map { $0 + Int(place.offset) }, count: Int(place.length)),
                spelling: UnsafeRawBufferPointer(start: base.map { $0 + Int(place.spelling) }, count: Int(place.spellingLength)),
                bits: place.bloomBits))
        }
    }

    /// Caches `key`, whose entry is missing, and returns its entry; out of line, to keep the
    /// hit path small enough to inline.
    @inline(never)
    private mutating func fill<Key: CodingKey>(_ key: Key, type: UInt, bits: UInt64) -> Entry {
        if filled == Self.keyLimit || arena.count > Self.arenaLimit {
            self = KeyBytesCache(conversions: conversions, convert: convert, spelling: spelling)
        }
        if 2 * (filled + 1) > entries.count { grow() }
        var name = self.name(of: key)
        let bloomBits = name.withUTF8 { KeyBloom.bits(UnsafeRawBufferPointer($0)) }
        var entry = Entry(type: type, bits: bits, place: Place(offset: Int32(arena.count), length: Int32(name.utf8.count), bloomBits: bloomBits))
        arena.append(contentsOf: name.utf8)
        (entry.place.spelling, entry.place.spellingLength) = (entry.place.offset, entry.place.length)
        if spelling != .asIs {
            entry.place.spelling = Int32(arena.count)
            if spelling == .snakeCase, let spelled = snakeCaseSpelling(of: name) {
                arena.append(contentsOf: spelled.utf8)
            } else {
                arena.append(contentsOf: Self.noSpelling)
            }
            entry.place.spellingLength = Int32(arena.count) - entry.place.spelling
        }
        place(entry)
        filled += 1
        return entry
    }

    /// Twice the entries, each placed again.
    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(), count: entries.count * 2)
        slotShift -= 1
        for entry in old where entry.type != 0 { place(entry) }
    }

    private mutating func place(_ entry: Entry) {
        var index = Int(truncatingIfNeeded: typeHash(bitPattern: entry.type, entry.bits) >> slotShift)
        while entries[index].type != 0 { index = (index + 1) & (entries.count - 1) }
        entries[index] = entry
    }

    /// The JSON key that `.convertFromSnakeCase` is known to turn into `name`: `name`'s
    /// snake_case, or `name` itself, if either converts back to `name`.
    private func snakeCaseSpelling(of name: String) -> String? {
        [KeyConversion.toSnakeCase(name), name].first { KeyConversion.fromSnakeCase($0) == name }
    }

    /// A spelling that no JSON key without escapes has: a lone `"`.
    private static var noSpelling: UnsafeRawBufferPointer {
        // Unsafe: a `StaticString` literal's UTF-8 is in the binary's constant data, valid for the life of the process.
        let quote: StaticString = "\""
        return UnsafeRawBufferPointer(start: quote.utf8Start, count: quote.utf8CodeUnitCount)
    }

    /// `key.stringValue`, converted if this cache converts.
    private mutating func name(of key: some CodingKey) -> String {
        guard let convert else { return key.stringValue }
        return conversions?.converted(key.stringValue, by: convert) ?? key.stringValue
    }
}

/// A coding key's UTF-8 as `KeyBytesCache` keeps it, or as a decoder reads it from `stringValue`.
struct CachedKey {
    /// `stringValue`, converted if the cache converts.
    let name: UnsafeRawBufferPointer
    /// The bytes of a JSON key without escapes that matches the key under the decoder's key
    /// strategy, without converting it (see `KeyBytesCache.Spelling`); other JSON keys may match
    /// too, once converted.
    let spelling: UnsafeRawBufferPointer
    /// `KeyBloom.bits` of `name` when the cache has them; nil when they are worked out only if
    /// a lookup asks (a lookup in a small object needs only `JSONValueDecoder.passedBit`).
    private let knownBits: UInt32?

    init(name: UnsafeRawBufferPointer, spelling: UnsafeRawBufferPointer, bits: UInt32? = nil) {
        (self.name, self.spelling, self.knownBits) = (name, spelling, bits)
    }

    /// `KeyBloom.bits` of `name`.
    var bits: UInt32 {
        @inline(__always) get { knownBits ?? KeyBloom.bits(name) }
    }
}

/// Where a decoder keeps its `KeyBytesCache` between decodes, so that each coding key's bytes
/// and spelling are worked out once per decoder rather than once per decode. A decode takes
/// the cache, or starts a new one while another decode has it, and puts it back at its end.
final class KeyBytesShelf: Sendable {
    private let cache = _Locked<KeyBytesCache?>(nil)

    func take() -> KeyBytesCache? { cache.withLock { $0.take() } }

    func put(_ keyBytes: KeyBytesCache) { cache.withLock { $0 = keyBytes } }
}
