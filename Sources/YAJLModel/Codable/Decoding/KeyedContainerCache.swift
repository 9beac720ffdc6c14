/// Where a `JSONKeyedDecodingContainer` is: its decoder, object and depth. A class, so that a
/// container's box can be pointed at another object and used again (`KeyedContainerCache`).
final class KeyedContainerPosition {
    /// A constant, so that reading it through the container costs no retain.
    let decoder: JSONValueDecoder
    // Unchecked: these are read for every key, and written only while nothing else holds them.
    @exclusivity(unchecked) var object: UInt32
    /// The length of the decoder's path at the container, which is also its lookup slot.
    @exclusivity(unchecked) var slot: UInt32

    init(decoder: JSONValueDecoder, object: UInt32, depth: Int) {
        self.decoder = decoder
        self.object = object
        self.slot = UInt32(truncatingIfNeeded: depth)
    }
}

/// One `KeyedDecodingContainer` box per key type, used again for the next object of that type
/// once nothing but this cache holds it.
///
/// A new container costs a box allocation, two generic metadata lookups and a witness table
/// lookup (about 900 instructions, more than decoding a small object's fields); a container
/// that only this cache references cannot be seen by anyone, so moving it to another object is
/// safe. The cache belongs to one decode call (it lives in `DecodingCaches`) and is emptied
/// when the call returns, since its positions hold decoders, which hold the cache.
struct KeyedContainerCache {
    private struct Entry {
        var type: ObjectIdentifier?
        /// The `KeyedDecodingContainer`'s one stored property, its box.
        var box: AnyObject?
        var position: KeyedContainerPosition?
    }

    /// Direct-mapped by key type: a decode meets a few dozen types; a conflict only costs a new box.
    private var entries = [Entry](repeating: Entry(), count: 64)

    /// A container of `object` at `depth` for `decoder`: the cached one for `Key` when it is
    /// `decoder`'s and no one else holds it, else a new one, which replaces it.
    mutating func container<Key: CodingKey>(
        keyedBy _: Key.Type, decoder: JSONValueDecoder, object: UInt32, depth: Int
    ) -> KeyedDecodingContainer<Key> {
        let identifier = ObjectIdentifier(Key.self)
        let slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: identifier)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if entries[slot].type == identifier, let position = entries[slot].position, position.decoder === decoder,
            isKnownUniquelyReferenced(&entries[slot].box)
        {
            position.object = object
            position.slot = UInt32(truncatingIfNeeded: depth)
            return unsafeBitCast(entries[slot].box, to: KeyedDecodingContainer<Key>.self)
        }
        let position = KeyedContainerPosition(decoder: decoder, object: object, depth: depth)
        let container = KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(position))
        // The box is kept only where `KeyedDecodingContainer` is the one reference it has been.
        if MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject?>.size {
            entries[slot] = Entry(type: identifier, box: unsafeBitCast(container, to: AnyObject?.self), position: position)
        }
        return container
    }
}
