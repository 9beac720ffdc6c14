/// The converted-key cache: keys with their UTF-8 as a key strategy converts them, so that
/// looking a key up costs a hash of its bytes and a comparison instead of a conversion. A
/// decoder's holds the JSON keys it met under `.convertFromSnakeCase` or `.custom`, and keys
/// are then matched as bytes, as with `.useDefaultKeys`; an encoder's, under
/// `.convertToSnakeCase`, the coding keys that `KeyBytesCache` does not keep.
///
/// - Maps: a key's bytes to the bytes of the key converted, both in one `KeyTable` arena.
/// - Bounded: 256 kB of arena; past it the table starts afresh, and a key longer than a
///   quarter of that is converted each time, not kept.
/// - Invalidated: never while its coder keeps its key strategy: the coder keeps the table
///   between calls on a `CacheShelf`, and a new strategy gives it a new shelf. So a `.custom`
///   strategy converts each distinct key once per decoder (again only after a fresh start).
/// - Hostile keys: input chooses the keys, and can make many share a hash (same length, same
///   ends); a lookup compares at most 16 entries, and a key not found within them is converted
///   and not kept: no lookup costs more than 16 comparisons and one conversion.
struct ConvertedKeyTable {
    /// Each entry's value: the length of the converted key, which follows the key in the arena.
    private var table = KeyTable<Int32>(arenaLimit: 1 << 18, probeLimit: 16)

    /// Calls `body` with the UTF-8 of `raw` converted; `convert` converts a key not kept yet.
    @inline(__always)
    mutating func withConverted<R>(
        _ raw: UnsafeRawBufferPointer, convert: (String) -> String, _ body: (UnsafeRawBufferPointer) -> R
    ) -> R {
        let found: R? = table.withUnsafeTable { table in
            guard let index = table.find(raw) else { return nil }
            // Unsafe: `index` is from a slot, and the converted key's bytes follow the key's in the arena.
            let entry = table.entries[index]
            return body(table.bytes(entry.start + entry.count, entry.value))
        }
        if let found { return found }
        return withConvertedAdding(raw, convert: convert, body)
    }

    /// Converts `raw` and keeps it if it fits; out of line, as it happens once per distinct key.
    @inline(never)
    private mutating func withConvertedAdding<R>(
        _ raw: UnsafeRawBufferPointer, convert: (String) -> String, _ body: (UnsafeRawBufferPointer) -> R
    ) -> R {
        var converted = convert(String(validatedUTF8: raw))
        _ = table.insert(raw, value: Int32(converted.utf8.count), followedBy: Array(converted.utf8))
        return converted.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
