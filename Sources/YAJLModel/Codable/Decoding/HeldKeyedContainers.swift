/// Keyed containers that outlived the decode that made them (a type kept its container, or a
/// decoder, beyond its `init(from:)`), with the positions that their boxes do not hold
/// (`JSONKeyedDecodingContainer` holds its position unretained).
///
/// Nothing tells when such a box goes, so the list is swept: a box that only the list holds is
/// dropped, with its position and so its decoder and document. A sweep runs whenever
/// containers are kept and the list has doubled since the last one, which costs O(1) per
/// container kept and keeps at most twice as many as are still held at the last sweep.
enum HeldKeyedContainers {
    /// A container's box, as `KeyedDecodingContainer` holds it, and its position.
    struct Entry: @unchecked Sendable {
        // @unchecked: an entry moves to the shared list only when its decode has returned;
        // from then on the list reads only the box's reference count, under its lock.
        var type: ObjectIdentifier?
        /// The `KeyedDecodingContainer`'s one stored property, its box.
        var box: AnyObject?
        var position: KeyedContainerPosition?
        /// Gives the box as a `KeyedDecodingContainer<Key>` (`container(of:)`).
        private var wrapper: AnyObject?

        /// A container of `object` at `depth` for `decoder`, and the entry that keeps it usable.
        static func make<Key: CodingKey>(
            keyedBy _: Key.Type, decoder: JSONValueDecoder, object: UInt32, depth: Int
        ) -> (KeyedDecodingContainer<Key>, Entry) {
            let position = KeyedContainerPosition(decoder: decoder, object: object, depth: depth)
            let container = KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(position))
            // Unsafe: assumes `KeyedDecodingContainer`'s one stored property is its box, a class
            // instance (the standard library's layout, which it does not promise).
            let box = unsafeBitCast(container, to: AnyObject.self)
            let wrapper = BoxWrapper<KeyedDecodingContainer<Key>>()
            return (container, Entry(type: ObjectIdentifier(Key.self), box: box, position: position, wrapper: wrapper))
        }

        /// The entry's container again, for the `Key` that is the entry's `type`.
        ///
        /// `KeyedDecodingContainer` is resilient, so code generic over `Key` that copies one
        /// asks the runtime for `KeyedDecodingContainer<Key>`'s metadata, a hash-table lookup
        /// that costs more than the rest of the cache's work. The entry's
        /// `BoxWrapper` has that metadata in its own, and returns the container straight into
        /// the caller's result.
        @inline(__always)
        func container<Key: CodingKey>(of _: Key.Type) -> KeyedDecodingContainer<Key> {
            // Unsafe (unchecked in release builds): the wrapper and box of an entry made for `Key`.
            unsafeDowncast(wrapper.unsafelyUnwrapped, to: BoxWrapper<KeyedDecodingContainer<Key>>.self).wrap(box.unsafelyUnwrapped)
        }

        /// Whether anyone but this entry holds its box.
        mutating func isHeldElsewhere() -> Bool { box != nil && !isKnownUniquelyReferenced(&box) }
    }

    private struct List {
        var entries: [Entry] = []
        /// How many entries the last sweep left.
        var swept = 0
    }

    private static let list = _Locked(List())

    /// Adds `entries`, whose boxes are held elsewhere, and sweeps when the list has doubled.
    static func keep(_ entries: [Entry]) {
        // What a sweep drops is released after the lock: freeing a decoder frees its options,
        // whose `userInfo` values may decode again as they go, and keep containers.
        let dropped = list.withLock { list -> [Entry] in
            list.entries += entries
            guard list.entries.count > 2 * list.swept else { return [] }
            let dropped = list.entries.removeUnheld()
            list.swept = list.entries.count
            return dropped
        }
        withExtendedLifetime(dropped) {}
    }

    /// A container for a decoder whose decode has returned, kept here from the start.
    static func container<Key: CodingKey>(keyedBy type: Key.Type, decoder: JSONValueDecoder, object: UInt32, depth: Int) -> KeyedDecodingContainer<Key> {
        let (container, entry) = Entry.make(keyedBy: type, decoder: decoder, object: object, depth: depth)
        keep([entry])
        return container
    }
}

/// Gives a class instance as a `Container`, a type whose one stored property is that
/// instance (a `KeyedDecodingContainer`), with `Container`'s metadata read from its own.
final class BoxWrapper<Container> {
    /// Out of line: inlined into code generic over a container's key, it would look up
    /// `Container`'s metadata there (see `HeldKeyedContainers.Entry.container(of:)`).
    @inline(never)
    func wrap(_ box: AnyObject) -> Container {
        // Unsafe: assumes `Container` is one reference to `box` (see `Entry.make`).
        unsafeBitCast(box, to: Container.self)
    }
}

extension [HeldKeyedContainers.Entry] {
    /// Removes the entries whose boxes no one else holds, and the empty ones, and returns the
    /// former, so that the caller chooses where they are released.
    mutating func removeUnheld() -> [HeldKeyedContainers.Entry] {
        var (held, unheld): ([HeldKeyedContainers.Entry], [HeldKeyedContainers.Entry]) = ([], [])
        for index in indices where self[index].box != nil {
            if self[index].isHeldElsewhere() { held.append(self[index]) } else { unheld.append(self[index]) }
        }
        self = held
        return unheld
    }
}
