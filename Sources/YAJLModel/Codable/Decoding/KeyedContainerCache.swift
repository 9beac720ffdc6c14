/// Where a `JSONKeyedDecodingContainer` is: its decoder, object and depth. A class, so that a
/// container's box can be pointed at another object and used again (`KeyedContainerCache`).
final class KeyedContainerPosition {
    /// A constant, so that reading it through the container costs no retain.
    let decoder: JSONValueDecoder
    // Unchecked: these are read for every key, and written only while nothing else holds them.
    @exclusivity(unchecked) var object: UInt32
    /// The length of the decoder's path at the container, which is also its lookup slot.
    @exclusivity(unchecked) var slot: UInt32

    /// Where this container's keys are in the decoder's `KeyBytesCache`.
    @exclusivity(unchecked) private var keys = KeyPlaces()

    init(decoder: JSONValueDecoder, object: UInt32, depth: Int) {
        self.decoder = decoder
        self.object = object
        self.slot = UInt32(truncatingIfNeeded: depth)
    }

    deinit { keys.deallocate() }

    /// Calls `body` with the UTF-8 of `key.stringValue`, its JSON spelling and its `KeyBloom.bits`,
    /// as the decoder's `KeyBytesCache` has them: found by the key's bits in this container's
    /// table, which costs less than the cache's hash of the key's type and bits.
    /// `Key` must be the container's own key type, the same at every call.
    @inline(__always)
    func withBytes<Key: CodingKey, R>(of key: Key, _ body: (CachedKey) -> R) -> R {
        let cache = decoder.scope.caches
        guard let bits = key.plainBits, bits < KeyPlaces.maximumCount else {
            return cache.pointee.keyBytes.withBytes(of: key, body)
        }
        let place = keys.place(Int(bits), version: cache.pointee.keyBytes.version) {
            cache.pointee.keyBytes.place(of: key, bits: bits)
        }
        return cache.pointee.keyBytes.withBytes(at: place, body)
    }
}

/// Where the keys of one `CodingKey` type, a container's, are in a `KeyBytesCache`'s arena, by
/// their `plainBits` (below `maximumCount`, as the keys of enums of up to 256 cases are), for
/// the arena's version it holds: another version empties it.
struct KeyPlaces {
    static let maximumCount: UInt64 = 256
    // Unsafe: `count` places, all initialized, owned by this value's one position (`deallocate`).
    private var places: UnsafeMutablePointer<KeyBytesCache.Place>?
    private var count = 0
    private var version = 0 // none: versions start at 1

    /// The place of the key whose bits are `index`, as `find` gives it the first time.
    @inline(__always)
    mutating func place(_ index: Int, version current: Int, find: () -> KeyBytesCache.Place) -> KeyBytesCache.Place {
        if index < count, version == current, let places, places[index].length >= 0 { return places[index] }
        return fill(index, version: current, find: find)
    }

    @inline(never)
    private mutating func fill(_ index: Int, version current: Int, find: () -> KeyBytesCache.Place) -> KeyBytesCache.Place {
        if version != current || index >= count {
            let newCount = version == current ? max(index + 1, 2 * count) : max(index + 1, count, 16)
            let newPlaces = UnsafeMutablePointer<KeyBytesCache.Place>.allocate(capacity: newCount)
            // A length of -1 marks a place not yet found.
            newPlaces.initialize(repeating: KeyBytesCache.Place(length: -1), count: newCount)
            if version == current, let places { newPlaces.update(from: places, count: count) }
            deallocate()
            (places, count, version) = (newPlaces, newCount, current)
        }
        let place = find()
        // Unsafe: `index < count` here, the table grown above to hold it.
        places.unsafelyUnwrapped[index] = place
        return place
    }

    func deallocate() { places?.deallocate() }
}

/// `KeyedDecodingContainer` boxes, used again for the next object of their key type once
/// nothing but this cache holds them.
///
/// A new container costs a box allocation, two generic metadata lookups and a witness table
/// lookup, more than decoding a small object's fields; a container
/// that only this cache references cannot be seen by anyone, so moving it to another object is
/// safe. The cache belongs to one decode call (it lives in `DecodingCaches`) and is emptied
/// when the call returns (`close()`), since its positions hold decoders, which hold the cache.
///
/// Containers hold their positions unretained, so the cache keeps them alive: a box that
/// leaves `entries` while in use waits in `displaced`, and boxes still held when the decode
/// returns go to `HeldKeyedContainers` with their positions.
struct KeyedContainerCache {
    typealias Entry = HeldKeyedContainers.Entry

    /// Four ways for each set of key types. A type's set comes from its metadata address, which
    /// moves from build to build, and types decoded inside each other (or a type inside itself,
    /// a retweet's status) each need a box at once: with two ways, three such types in one set
    /// allocated a box for every inner object. Allocated at the first container: a decode of
    /// one small value should not pay for it.
    private var entries: [Entry] = []
    /// Entries replaced while their box was in use, until it is not: a recursive type nested
    /// deeper than `ways` displaces a box at nearly every new depth it reaches.
    private(set) var displaced: [Entry] = []
    /// How many entries of `displaced` were in use at its last sweep.
    private var displacedInUse = 0
    private static let capacity = 64
    private static let ways = 4

    /// A container of `object` at `depth` for `decoder`: a cached one for `Key` when it is
    /// `decoder`'s and no one else holds it, else a new one, which takes the
    /// set's emptiest way.
    mutating func container<Key: CodingKey>(
        keyedBy _: Key.Type, decoder: JSONValueDecoder, object: UInt32, depth: Int
    ) -> KeyedDecodingContainer<Key> {
        if entries.isEmpty { entries = [Entry](repeating: Entry(), count: Self.capacity) }
        let identifier = ObjectIdentifier(Key.self)
        let first = Int(truncatingIfNeeded: typeHash(Key.self) >> 58)
        for way in 0..<Self.ways where isReusable(first ^ way, identifier, decoder) {
            let slot = first ^ way
            // Unsafe: `isReusable` found the entry's position (its decoder is `decoder`).
            let position = entries[slot].position.unsafelyUnwrapped
            position.object = object
            position.slot = UInt32(truncatingIfNeeded: depth)
            return entries[slot].container(of: Key.self)
        }
        let (container, entry) = Entry.make(keyedBy: Key.self, decoder: decoder, object: object, depth: depth)
        var slot = first
        for way in 1..<Self.ways where vacancy(first ^ way) > vacancy(slot) { slot = first ^ way }
        if vacancy(slot) == 0 { displace(entries[slot]) }
        entries[slot] = entry
        return container
    }

    /// Keeps `entry`, whose box is in use, until it is not: the list drops the boxes no longer
    /// in use whenever it has doubled, so that it grows with the containers in use (about
    /// twice the nesting depth) rather than with the objects decoded.
    private mutating func displace(_ entry: Entry) {
        displaced.append(entry)
        guard displaced.count > 2 * displacedInUse else { return }
        _ = displaced.removeUnheld()
        displacedInUse = displaced.count
    }

    /// Empties the cache, when its decode returns: boxes that someone still holds (a type kept
    /// its container) go to `HeldKeyedContainers` with their positions.
    mutating func close() {
        _ = entries.removeUnheld()
        _ = displaced.removeUnheld()
        let held = entries + displaced
        (entries, displaced, displacedInUse) = ([], [], 0)
        if !held.isEmpty { HeldKeyedContainers.keep(held) }
    }

    /// Whether the way `slot` holds a box of `type` for `decoder` that no one else holds.
    @inline(__always)
    private mutating func isReusable(_ slot: Int, _ type: ObjectIdentifier, _ decoder: JSONValueDecoder) -> Bool {
        entries[slot].type == type && entries[slot].position?.decoder === decoder && !entries[slot].isHeldElsewhere()
    }

    /// How freely the way `slot` can take a new box: 2 when empty, 1 when its box is not in
    /// use, 0 when it is.
    private mutating func vacancy(_ slot: Int) -> Int {
        if entries[slot].box == nil { return 2 }
        return entries[slot].isHeldElsewhere() ? 0 : 1
    }
}
