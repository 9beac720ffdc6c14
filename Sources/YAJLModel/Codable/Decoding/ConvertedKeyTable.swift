/// The converted-key cache: the JSON keys of one decode under `.convertFromSnakeCase` or
/// `.custom`, each with its converted UTF-8, so that looking a key up costs a hash of its bytes
/// and one comparison instead of a conversion: keys are then matched as bytes, as with
/// `.useDefaultKeys`.
///
/// - Maps: a JSON key's bytes to the bytes of the key converted, both in one arena, by open
///   addressing over a hash of each key's length and ends (`keyEndsHash`).
/// - Bounded: 256 kB of arena (a key longer than a quarter of that is converted, not kept);
///   past it the table starts afresh.
/// - Invalidated: with its decode; the conversions themselves outlive it in the decoder's
///   `KeyConversionMemo`, which this table reads first.
/// - Hostile keys: input chooses the keys, and can make many share a hash (same length, same
///   ends); a lookup probes at most 16 entries, then goes to the memo's seeded dictionary, so no
///   lookup costs more than 16 comparisons and a dictionary lookup.
struct ConvertedKeyTable {
    private struct Entry {
        var hash: UInt64 = 0
        /// Where the JSON key's bytes start in `arena`; -1 for an empty entry.
        var raw: Int32 = -1
        var rawCount: Int32 = 0
        var converted: Int32 = 0
        var convertedCount: Int32 = 0
    }

    /// Empty until the first key, so that decodes with default keys allocate nothing here.
    private var entries: [Entry] = []
    private var filled = 0
    private var arena: [UInt8] = []
    /// The conversions this decoder made before, and the place for new ones.
    var conversions: KeyConversions

    /// Once the arena holds this many bytes the table starts afresh, a bound on input with
    /// ever new keys.
    private static let arenaLimit = 1 << 18

    /// The longest probe a lookup makes before it leaves the table for the dictionary.
    private static let maxProbes = 16

    init(conversions: KeyConversions) { self.conversions = conversions }

    /// `raw` converted through the decoder's conversions (a `Dictionary`, with its seeded hash).
    @inline(never)
    private mutating func withConvertedUncached<R>(
        _ raw: UnsafeRawBufferPointer, convert: (String) -> String, _ body: (UnsafeRawBufferPointer) -> R
    ) -> R {
        var converted = conversions.converted(String(validatedUTF8: raw), by: convert)
        return converted.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// Calls `body` with the UTF-8 of `raw` converted; `convert` converts a key seen for the first time.
    @inline(__always)
    mutating func withConverted<R>(
        _ raw: UnsafeRawBufferPointer, convert: (String) -> String, _ body: (UnsafeRawBufferPointer) -> R
    ) -> R {
        guard raw.count <= Self.arenaLimit / 4 else {  // a huge key is converted, not kept
            return withConvertedUncached(raw, convert: convert, body)
        }
        let hash = keyEndsHash(raw)
        let mask = entries.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        var probes = 0
        while !entries.isEmpty {
            let entry = entries[index]
            if entry.raw < 0 { break }
            if entry.hash == hash && Int(entry.rawCount) == raw.count {
                // Unsafe: an entry's `raw` and `converted` ranges were appended to `arena` with it, and the arena is cleared only with the entries.
                let found: R? = arena.withUnsafeBytes { arena in
                    let stored = UnsafeRawBufferPointer(rebasing: arena[Int(entry.raw)..<Int(entry.raw + entry.rawCount)])
                    guard _keyBytesEqual(stored, raw) else { return nil }
                    return body(UnsafeRawBufferPointer(rebasing: arena[Int(entry.converted)..<Int(entry.converted + entry.convertedCount)]))
                }
                if let found { return found }
            }
            index = (index + 1) & mask
            probes += 1
            // The hash reads only a key's ends, so input can make many keys collide: past a
            // few probes a key goes through the seeded dictionary instead, which keeps every
            // lookup bounded, whatever the keys.
            if probes == Self.maxProbes { return withConvertedUncached(raw, convert: convert, body) }
        }
        let entry = insert(raw, hash: hash, convert: convert)
        return arena.withUnsafeBytes {
            body(UnsafeRawBufferPointer(rebasing: $0[Int(entry.converted)..<Int(entry.converted + entry.convertedCount)]))
        }
    }

    /// Converts `raw` (through the decoder's conversions) and adds it; out of line, as it
    /// happens once per distinct key.
    @inline(never)
    private mutating func insert(_ raw: UnsafeRawBufferPointer, hash: UInt64, convert: (String) -> String) -> Entry {
        let converted = conversions.converted(String(validatedUTF8: raw), by: convert)
        if arena.count + raw.count + converted.utf8.count > Self.arenaLimit {
            entries = [Entry](repeating: Entry(), count: entries.count)
            arena.removeAll(keepingCapacity: true)
            filled = 0
        }
        if 2 * (filled + 1) > entries.count { rehash(count: max(64, 2 * entries.count)) }
        let rawStart = arena.count
        arena.append(contentsOf: raw)
        let convertedStart = arena.count
        arena.append(contentsOf: converted.utf8)
        let entry = Entry(
            hash: hash, raw: Int32(rawStart), rawCount: Int32(raw.count),
            converted: Int32(convertedStart), convertedCount: Int32(arena.count - convertedStart))
        place(entry)
        filled += 1
        return entry
    }

    private mutating func rehash(count: Int) {
        let old = entries
        entries = [Entry](repeating: Entry(), count: count)
        for entry in old where entry.raw >= 0 { place(entry) }
    }

    private mutating func place(_ entry: Entry) {
        let mask = entries.count - 1
        var index = Int(truncatingIfNeeded: entry.hash) & mask
        while entries[index].raw >= 0 { index = (index + 1) & mask }
        entries[index] = entry
    }
}
