/// A `KeyTable`'s storage as buffers, for its lookups: no bounds checks, no uniqueness checks,
/// no closure per probe. Made only by `KeyTable.withUnsafeTable`, and valid only there.
///
/// It relies on the table's invariants: `slots.count` is 0 or a power of two, 2 to the power of
/// 64 − `shift`; a slot holds 0 or an index + 1 of `entries`; an entry's `start ..< start + count`
/// lies in `arena`, and so do the owner's bytes after it (entries, slots and arena are appended
/// and cleared together).
struct _UnsafeKeyTable<Value> {
    // Unsafe: the three buffers are the table's arrays, borrowed for `withUnsafeTable`'s body alone.
    let arena: UnsafeRawBufferPointer
    let entries: UnsafeBufferPointer<KeyTable<Value>.Entry>
    let slots: UnsafeBufferPointer<Int32>
    let shift: UInt64
    let probeLimit: Int

    /// Where a lookup stands: the next slot, and how many more it may probe.
    struct Probe {
        var slot: Int
        var remaining: Int
    }

    /// A lookup of a key whose `keyEndsHash` is `hash`, from its first slot; none in a table without slots.
    @inline(__always)
    func probe(_ hash: UInt64) -> Probe {
        // Unsafe: shifted right by 64 − log2(`slots.count`), the hash is below `slots.count`; a table without slots probes none.
        Probe(slot: Int(truncatingIfNeeded: hash &>> shift), remaining: slots.isEmpty ? 0 : probeLimit)
    }

    /// `count` bytes of the arena from `start`.
    @inline(__always)
    func bytes(_ start: Int32, _ count: Int32) -> UnsafeRawBufferPointer {
        // Unsafe: callers pass ranges of an entry, its key or its owner's bytes after it, which lie in the arena.
        UnsafeRawBufferPointer(start: arena.baseAddress.map { $0 + Int(start) }, count: Int(count))
    }

    /// The key of entry `index`.
    @inline(__always)
    func key(_ index: Int) -> UnsafeRawBufferPointer {
        // Unsafe: callers pass an index from a slot, or below `entries.count`.
        let entry = entries[index]
        return bytes(entry.start, entry.count)
    }

    /// The index of an entry whose key is `key`, or nil: none, or none within the probe limit.
    @inline(__always)
    func find(_ key: UnsafeRawBufferPointer) -> Int? {
        var probe = probe(keyEndsHash(key))
        return nextMatch(&probe) { _keyBytesEqual(self.key($0), key) }
    }

    /// The index of an entry whose key is the 16 bytes of `first` then `second`, as stored in
    /// native byte order, or nil: `find` for keys of two words, compared as words.
    @inline(__always)
    func find(_ first: UInt64, _ second: UInt64) -> Int? {
        var probe = probe(keyEndsHash(count: 16, first: first, last: second))
        return nextMatch(&probe) { index in
            let entry = entries[index]
            // Unsafe: the entry's 16 key bytes lie in the arena (see above); loaded only when its count is 16.
            guard entry.count == 16, let start = arena.baseAddress.map({ $0 + Int(entry.start) }) else { return false }
            return start.loadUnaligned(as: UInt64.self) == first && (start + 8).loadUnaligned(as: UInt64.self) == second
        }
    }

    /// The index of the next entry on `probe`'s way whose key is `key`, or nil when a free slot
    /// or the probe limit comes first; `probe` moves past it, so that a table with repeated
    /// keys (a model's dotted paths) can be asked again for the next one.
    @inline(__always)
    func nextMatch(_ key: UnsafeRawBufferPointer, _ probe: inout Probe) -> Int? {
        nextMatch(&probe) { _keyBytesEqual(self.key($0), key) }
    }

    /// The index of the next entry on `probe`'s way for which `matches` holds, as `nextMatch(_:_:)`.
    @inline(__always)
    private func nextMatch(_ probe: inout Probe, where matches: (Int) -> Bool) -> Int? {
        let mask = slots.count &- 1
        while probe.remaining > 0 {
            // Unsafe: `probe.slot` is masked by `slots.count - 1`, a power of two less one.
            let stored = slots[probe.slot]
            if stored == 0 { return nil }
            probe.slot = (probe.slot &+ 1) & mask
            probe.remaining &-= 1
            let index = Int(stored &- 1)
            if matches(index) { return index }
        }
        return nil
    }
}
