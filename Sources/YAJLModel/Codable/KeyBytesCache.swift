/// The coding-key cache: the UTF-8 of coding keys that are plain values of at most eight bytes
/// (the `CodingKeys` enums that synthesized conformances use), with their lookup-filter bits and
/// the JSON spelling a decoder tests first, so that a key's `stringValue`, hash and spelling are
/// worked out once per coder rather than once per use. Converting, the cached UTF-8 is the key
/// as a key strategy converts it (the encoder's `.convertToSnakeCase`).
///
/// - Maps: a coding key's type and bits, as 16 key bytes of a `KeyTable`, to its name, spelling
///   and filter bits, whose bytes follow the key's in the table's arena.
/// - Bounded: 64 kB of arena, so at most 4,096 keys (16 bytes each at least); past it the cache starts afresh.
/// - Invalidated: never while its coder keeps its key strategy: the coder keeps it between calls
///   on a `CacheShelf`, and a new strategy gives the coder a new shelf.
/// - Hostile keys: JSON keys never enter it; coding keys do, and only those a type makes from
///   input (a key type built from `init(stringValue:)` on every member, through `allKeys`) can be
///   many: each costs one `stringValue` and one insertion, and the bound above keeps their
///   number. A lookup compares at most 16 entries; a key not found within them is worked out
///   each time, as a key that is not a plain value is (through `ConvertedKeyTable` when converting).
struct KeyBytesCache {
    /// A key's entry: its name follows its 16 key bytes in the arena, and its spelling follows
    /// at `spelling` from the entry's start.
    struct Names {
        var length: Int32
        var spelling: Int32
        var spellingLength: Int32
        /// `KeyBloom.bits` of the name.
        var bloomBits: UInt32
    }

    /// Where a key's bytes are in the arena, as `place(of:bits:)` gives them; valid until the
    /// next key is cached, which may start the arena afresh.
    typealias Place = KeyTable<Names>.Entry

    /// How the JSON key that matches a coding key is spelled, for a lookup to test first.
    enum Spelling {
        /// As the key: keys are matched as they are.
        case asIs
        /// The snake_case spelling that `.convertFromSnakeCase` turns into the key.
        case snakeCase
        /// None: keys are compared only as a key strategy converts them.
        case none
    }

    private var table = KeyTable<Names>(arenaLimit: 1 << 16, probeLimit: 16)
    /// The key strategy's conversion, or nil for keys as they are.
    private let convert: ((String) -> String)?
    /// The keys that are not plain values, converted, when this cache converts.
    private var converted = ConvertedKeyTable()
    private let spelling: Spelling

    /// A cache of keys as they are, with the JSON spelling `spelling`.
    init(spelling: Spelling = .asIs) { (convert, self.spelling) = (nil, spelling) }

    /// A cache of keys converted by `convert`.
    init(converting convert: @escaping (String) -> String) { (self.convert, spelling) = (convert, .asIs) }

    /// Calls `body` with the UTF-8 of `key.stringValue`, its JSON spelling and its `KeyBloom.bits`.
    @inline(__always)
    mutating func withBytes<Key: CodingKey, R>(of key: Key, _ body: (CachedKey) -> R) -> R {
        guard let bits = key.plainBits, let place = place(of: key, bits: bits) else { return withUncachedBytes(of: key, body) }
        return withBytes(at: place, body)
    }

    /// `withBytes(of:_:)` for a key that is not cached, so not spelled either (a spelling costs
    /// two conversions); only `.asIs` has one for free. Out of line, so that the hit path of a
    /// key that is a plain value stays small.
    @inline(never)
    mutating func withUncachedBytes<Key: CodingKey, R>(of key: Key, _ body: (CachedKey) -> R) -> R {
        var name = key.stringValue
        return name.withUTF8 { name in
            let name = UnsafeRawBufferPointer(name)
            guard let convert else { return body(CachedKey(name: name, spelling: spelling == .asIs ? name : Self.noSpelling)) }
            return converted.withConverted(name, convert: convert) { body(CachedKey(name: $0, spelling: $0)) }
        }
    }

    /// Where the bytes of `key`, whose `plainBits` are `bits`, are in the arena: cached first if
    /// they are not; nil if they cannot be (see the hostile keys above).
    @inline(__always)
    mutating func place<Key: CodingKey>(of key: Key, bits: UInt64) -> Place? {
        let type = UInt64(UInt(bitPattern: ObjectIdentifier(Key.self)))
        let found: Place? = table.withUnsafeTable { table in table.find(type, bits).map { table.entries[$0] } }
        return found ?? fill(key, bits: bits)
    }

    /// Calls `body` with a key's 16 bytes in the table: its type's identity, then its bits.
    @inline(__always)
    private static func withID<Key, R>(_: Key.Type, _ bits: UInt64, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBytes(of: (UInt64(UInt(bitPattern: ObjectIdentifier(Key.self))), bits), body)
    }

    private static let idCount = Int32(MemoryLayout<(UInt64, UInt64)>.size)

    /// Calls `body` with the key at `place`, a place the arena has held since the last key was
    /// cached. Mutating only so that, called through a pointer, it reads the cache where it is
    /// rather than a copy.
    @inline(__always)
    mutating func withBytes<R>(at place: Place, _ body: (CachedKey) -> R) -> R {
        table.withUnsafeTable { table in
            // Unsafe: the place's ranges lie in the arena, since no key was cached after it was given.
            body(CachedKey(
                name: table.bytes(place.start + place.count, place.value.length),
                spelling: table.bytes(place.start + place.value.spelling, place.value.spellingLength),
                bits: place.value.bloomBits))
        }
    }

    /// Caches `key`, whose entry is missing, and returns its place; out of line, to keep the
    /// hit path small enough to inline.
    @inline(never)
    private mutating func fill<Key: CodingKey>(_ key: Key, bits: UInt64) -> Place? {
        var name = convert.map { $0(key.stringValue) } ?? key.stringValue
        let spelled: String? = switch spelling {
        case .asIs: nil  // the name itself
        case .snakeCase: snakeCaseSpelling(of: name) ?? "\""
        case .none: "\""
        }
        let length = Int32(name.utf8.count)
        let names = Names(
            length: length, spelling: Self.idCount + (spelled == nil ? 0 : length), spellingLength: spelled.map { Int32($0.utf8.count) } ?? length,
            bloomBits: name.withUTF8 { KeyBloom.bits(UnsafeRawBufferPointer($0)) })
        return Self.withID(Key.self, bits) { table.insert($0, value: names, followedBy: Array(name.utf8) + Array((spelled ?? "").utf8)) }
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
