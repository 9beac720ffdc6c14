/// A hash table from keys' UTF-8 to small values: the key table of models (`_JSONKeyTable`)
/// and of the coders' key caches (`KeyBytesCache`, `ConvertedKeyTable`).
///
/// Keys' bytes sit one after another in an arena, each optionally followed by bytes its owner
/// keeps with it (a converted key, a spelling), which `Entry.value` describes. Entries stay in
/// the order they were added, so an owner can address them by index; slots hold an entry's
/// index and are found by the top bits of `keyEndsHash` (its best mixed: a key's low bytes
/// reach its low bits only through the final shift) and linear probing.
///
/// - Probes are bounded: a lookup compares at most `probeLimit` entries, however the keys
///   collide (`keyEndsHash` reads only a key's length and ends, so input can make many keys
///   share a hash). A key that finds no free slot within `probeLimit` is not added: its owner
///   works without it. A table of trusted keys (a model's) takes an unbounded limit instead,
///   so that every key it holds is found.
/// - The slots are at most half full: they double as keys are added.
/// - The arena holds at most `arenaLimit` bytes: the key that would pass that starts the table
///   afresh, and one longer than a quarter of it is not added. So the bytes, the entries (at
///   most one per distinct key that fits) and the slots are all bounded.
/// - Adding a key may start the table afresh or move its storage: indices and views from before
///   an `insert` are not valid after it.
struct KeyTable<Value> {
    /// One key: its bytes are `arena[start ..< start + count]`, and its owner's bytes follow.
    struct Entry {
        var start: Int32
        var count: Int32
        var value: Value
    }

    private(set) var arena: [UInt8] = []
    private(set) var entries: [Entry] = []
    /// Entry index + 1 by slot, 0 for a free one; a power of two in number, or none (and no
    /// allocation) until the first key, so that an unused table costs nothing.
    private var slots: [Int32] = []
    /// How far a hash is shifted right to give its first slot: 64 less log2 of `slots.count`.
    private var shift: UInt64 = 64
    let arenaLimit: Int
    let probeLimit: Int

    init(arenaLimit: Int, probeLimit: Int) {
        precondition(arenaLimit <= Int(Int32.max) && probeLimit > 0)
        (self.arenaLimit, self.probeLimit) = (arenaLimit, probeLimit)
    }

    /// The table's storage as buffers, for lookups: valid only inside `body`.
    @inline(__always)
    func withUnsafeTable<R>(_ body: (_UnsafeKeyTable<Value>) -> R) -> R {
        // Unsafe: the buffers borrow the arrays for `body` alone, which must not add to this table (that may move them).
        arena.withUnsafeBytes { arena in
            entries.withUnsafeBufferPointer { entries in
                slots.withUnsafeBufferPointer { slots in
                    body(_UnsafeKeyTable(arena: arena, entries: entries, slots: slots, shift: shift, probeLimit: probeLimit))
                }
            }
        }
    }

    /// The index of an entry whose key is `key`, or nil: none, or none within `probeLimit` probes.
    @inline(__always)
    func find(_ key: UnsafeRawBufferPointer) -> Int? {
        withUnsafeTable { $0.find(key) }
    }

    /// Adds `key`, which `find` did not find, with `value`, its bytes followed in the arena by
    /// `tail`; returns the new entry, or nil when the key is too long to keep or finds no free
    /// slot within `probeLimit` (then nothing changes but, perhaps, a fresh start).
    mutating func insert(_ key: UnsafeRawBufferPointer, value: Value, followedBy tail: [UInt8] = []) -> Entry? {
        let size = key.count + tail.count
        guard size <= arenaLimit / 4 else { return nil }
        if arena.count + size > arenaLimit {
            arena.removeAll(keepingCapacity: true)
            entries.removeAll(keepingCapacity: true)
            slots.removeAll()
        }
        if 2 * (entries.count + 1) > slots.count { rehash(count: max(16, 2 * slots.count)) }
        guard let slot = freeSlot(keyEndsHash(key)) else { return nil }
        let entry = Entry(start: Int32(arena.count), count: Int32(key.count), value: value)
        arena.append(contentsOf: key)
        arena.append(contentsOf: tail)
        entries.append(entry)
        slots[slot] = Int32(entries.count)
        return entry
    }

    /// The first free slot within `probeLimit` probes from `hash`'s.
    private func freeSlot(_ hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> shift)
        for _ in 0..<min(probeLimit, slots.count) {
            if slots[slot] == 0 { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// `count` slots, each entry placed again; one that finds no free slot within `probeLimit`
    /// is left out of them, and is then never found (a later `insert` of its key adds it anew).
    private mutating func rehash(count: Int) {
        slots = [Int32](repeating: 0, count: count)
        shift = UInt64(count.leadingZeroBitCount + 1)
        arena.withUnsafeBytes { arena in
            for (index, entry) in entries.enumerated() {
                let key = UnsafeRawBufferPointer(rebasing: arena[Int(entry.start)..<Int(entry.start + entry.count)])
                if let slot = freeSlot(keyEndsHash(key)) { slots[slot] = Int32(index + 1) }
            }
        }
    }
}

extension KeyTable: Sendable where Value: Sendable {}
extension KeyTable.Entry: Sendable where Value: Sendable {}
