import CYAJLTree

/// Where the last key lookup in one container ended, so that keys decoded in the order the
/// JSON has them (the usual case: synthesized `init(from:)` asks in declaration order) are
/// found in one comparison each.
///
/// Lookups must still find the *first* member with a key, as `JSONDecoder` does, so the hint
/// also keeps a small Bloom filter of the keys before `next`: a key whose bit is not set
/// cannot be among them, and only a set bit costs a scan of that prefix. Once a lookup has
/// passed every key, a filter of all of them makes most lookups of absent keys (optional
/// properties) cost no scan at all.
struct LookupHint {
    var object: UInt32 = .max
    var next: UInt32 = 0
    /// In an object of at most `scannedObjectSize` members, one bit (`KeyBloom.bits & 63`) of
    /// each key before `next`: all of them once a lookup found a key out of order, which
    /// sends the object's later lookups to a scan.
    var passed: UInt64 = 0
    /// The keys before `next`, in a larger object.
    var seen = KeyBloom()
    /// All the keys, once `complete`.
    var all = KeyBloom()
    var complete = false
}

/// The lookup hints of one decode, one per container depth, in memory of their own: reached
/// through an array, each lookup would pay a uniqueness check and a closure.
struct LookupHints {
    private var base: UnsafeMutablePointer<LookupHint>?
    private var count = 0

    /// The hint for containers at depth `slot`.
    @inline(__always)
    mutating func hint(_ slot: Int) -> UnsafeMutablePointer<LookupHint> {
        if slot < count, let base { return base + slot }
        return grow(to: slot + 1)
    }

    @inline(never)
    private mutating func grow(to needed: Int) -> UnsafeMutablePointer<LookupHint> {
        let newCount = max(needed, 2 * count, 16)
        let newBase = UnsafeMutablePointer<LookupHint>.allocate(capacity: newCount)
        if let base { newBase.moveInitialize(from: base, count: count) }
        (newBase + count).initialize(repeating: LookupHint(), count: newCount - count)
        base?.deallocate()
        (base, count) = (newBase, newCount)
        return newBase + needed - 1
    }

    /// Frees the hints; call once, when the decoder goes.
    func deallocate() {
        base?.deinitialize(count: count)
        base?.deallocate()
    }
}

/// 512 bits, two per key, chosen from `keyEndsHash`: with the 40 keys of a large object,
/// about one key in fifty seems to be there when it is not. Under a key strategy (`strong`), three
/// per key: a key wrongly seen there costs a scan that converts every key before the hint, so
/// false positives must be rarer there, and a key that two bits wrongly report in every object
/// of a type would cost that scan in each.
struct KeyBloom {
    // Four words rather than a SIMD4, addressed through a pointer: selecting one costs a few
    // scalar instructions, fewer than building a SIMD4 mask or a switch's jump table.
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// The key's three bits, in the low, the next and the next nine bits of the result.
    @inline(__always)
    static func bits(_ key: UnsafeRawBufferPointer) -> UInt32 {
        let hash = keyEndsHash(key)
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32)) & 0x7FF_FFFF
    }

    @inline(__always)
    mutating func insert(_ bits: UInt32, strong: Bool) {
        set(bits & 0x1FF)
        set(bits >> 9 & 0x1FF)
        if strong { set(bits >> 18) }
    }

    /// Mutating only so that the words are read where they are: `withUnsafeBytes(of:)` of a
    /// value copies its 64 bytes first.
    @inline(__always)
    mutating func contains(_ bits: UInt32, strong: Bool) -> Bool {
        isSet(bits & 0x1FF) && isSet(bits >> 9 & 0x1FF) && (!strong || isSet(bits >> 18))
    }

    /// Sets `bit` (0..<512).
    @inline(__always)
    private mutating func set(_ bit: UInt32) {
        withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: $0.load(fromByteOffset: Self.offset(bit), as: UInt64.self) | Self.mask(bit), toByteOffset: Self.offset(bit), as: UInt64.self) }
    }

    @inline(__always)
    private mutating func isSet(_ bit: UInt32) -> Bool {
        withUnsafeMutableBytes(of: &words) { $0.load(fromByteOffset: Self.offset(bit), as: UInt64.self) & Self.mask(bit) != 0 }
    }

    /// The byte offset of the word that holds `bit`, and the bit's mask in it.
    @inline(__always)
    private static func offset(_ bit: UInt32) -> Int { Int(bit >> 6 & 7) &* 8 }
    @inline(__always)
    private static func mask(_ bit: UInt32) -> UInt64 { 1 << UInt64(bit & 63) }
}

extension JSONValueDecoder {
    /// Objects this small keep one bit per key passed rather than a Bloom filter, and fall
    /// back to a scan from the start.
    static let scannedObjectSize = 8

    /// The value node of the first member of `object` whose key is `key.name`, or nil. `slot`
    /// is the container's depth, which keeps its lookup hint. Under a key strategy other than
    /// `.useDefaultKeys`, keys are compared as converted (`withKeyBytes`), as `JSONDecoder`
    /// matches them, unless the key at the hint is `key.spelling`.
    @inline(__always)
    func member(_ key: CachedKey, in object: UInt32, slot: Int) -> UInt32? {
        if usesDefaultKeys { return member(named: key.name, bits: key.bits, in: object, keys: KeyReading(slot: slot, converts: false)) }
        return convertedMember(key, in: object, slot: slot)
    }

    /// `member(_:in:slot:)` under a key strategy that converts: out of line, so that the
    /// default lookup, inlined where keys are decoded, stays small.
    @inline(never)
    private func convertedMember(_ key: CachedKey, in object: UInt32, slot: Int) -> UInt32? {
        // The usual case under `.convertFromSnakeCase`: the member at the hint is the key's snake_case.
        let hint = lookupHints.hint(slot)
        if hint.pointee.object != object { hint.pointee = LookupHint(object: object, next: document.firstChild(object)) }
        if hint.pointee.next < document.containerEnd(object), !hint.pointee.seen.contains(key.bits, strong: true),
            let value = plainValue(hint.pointee.next, is: key.spelling)
        {
            hint.pointee.next = document.subtreeEnd(value)
            hint.pointee.seen.insert(key.bits, strong: true)
            return value
        }
        return member(named: key.name, bits: key.bits, in: object, keys: KeyReading(slot: slot, converts: true))
    }

    @inline(__always)
    private func member(named name: UnsafeRawBufferPointer, bits: UInt32, in object: UInt32, keys: KeyReading) -> UInt32? {
        let first = document.firstChild(object)
        let end = document.containerEnd(object)
        let hint = lookupHints.hint(keys.slot)
        if !keys.converts, document.payload(object) <= Self.scannedObjectSize {
            return smallMember(named: name, bits: bits, first: first, end: end, object: object, keys: keys, hint: hint)
        }
        // The usual case: the key is the member at the hint, and none before it has the key.
        if hint.pointee.object == object, hint.pointee.next < end, !hint.pointee.seen.contains(bits, strong: keys.converts),
            let value = keys.converts ? valueIfKey(hint.pointee.next, is: name, keys: keys) : plainValue(hint.pointee.next, is: name)
        {
            hint.pointee.next = document.subtreeEnd(value)
            hint.pointee.seen.insert(bits, strong: keys.converts)
            return value
        }
        return hintedMember(named: name, bit: bits, first: first, end: end, object: object, keys: keys, hint: &hint.pointee)
    }

    /// `member(named:…)` in an object of at most `scannedObjectSize` members: the member at
    /// the hint when its key is `name` and no key before it can be, else a scan from the first.
    @inline(__always)
    private func smallMember(
        named name: UnsafeRawBufferPointer, bits: UInt32, first: UInt32, end: UInt32, object: UInt32, keys: KeyReading,
        hint: UnsafeMutablePointer<LookupHint>
    ) -> UInt32? {
        let bit = UInt64(1) &<< UInt64(bits & 63)
        if hint.pointee.object != object { (hint.pointee.object, hint.pointee.next, hint.pointee.passed) = (object, first, 0) }
        if hint.pointee.next < end, hint.pointee.passed & bit == 0, let value = plainValue(hint.pointee.next, is: name) {
            hint.pointee.next = document.subtreeEnd(value)
            hint.pointee.passed |= bit
            return value
        }
        let value = firstMatch(for: name, from: first, to: end, keys: keys)
        // A key found elsewhere than at the hint leaves keys before the hint that `passed` lacks.
        if value != nil { hint.pointee.passed = ~0 }
        return value
    }

    /// The value node after `key` if `key` is a string without escapes whose bytes are `name`,
    /// else nil (also for an escaped key, and while no decode runs, when the input's address is
    /// unknown; the slower paths then decide). The hint's test under `.useDefaultKeys`, small
    /// enough to inline, where `valueIfKey` also converts and unescapes.
    @inline(__always)
    private func plainValue(_ key: UInt32, is name: UnsafeRawBufferPointer) -> UInt32? {
        let entry = document.tree.nodes[Int(key)]
        guard entry.head & UInt32(YJM_KIND_MASK) == UInt32(YJM_STRING), Int(entry.head >> UInt32(YJM_KIND_BITS)) == name.count,
            let input = scope.input,
            _keyBytesEqual(UnsafeRawBufferPointer(start: input + Int(entry.offset) + 1, count: name.count), name)
        else { return nil }
        return key + 1
    }

    /// The value node after `key` if `key`'s bytes are `name`, else nil.
    @inline(__always)
    private func valueIfKey(_ key: UInt32, is name: UnsafeRawBufferPointer, keys: KeyReading) -> UInt32? {
        let head = document.head(key)
        let isPlain = head & UInt32(YJM_KIND_MASK) == UInt32(YJM_STRING)
        // A plain key's length is in its node: most keys of another length cost no read.
        if !keys.converts && isPlain && Int(head >> UInt32(YJM_KIND_BITS)) != name.count { return nil }
        guard withKeyBytes(key, keys, { _keyBytesEqual($0, name) }) else { return nil }
        return isPlain ? key + 1 : key + 2
    }

    /// The lookup when the member at the hint is not the key: out of line, so that the usual case
    /// above stays small.
    @inline(never)
    private func hintedMember(
        named name: UnsafeRawBufferPointer, bit: UInt32, first: UInt32, end: UInt32, object: UInt32, keys: KeyReading, hint: inout LookupHint
    ) -> UInt32? {
        if hint.object != object { hint = LookupHint(object: object, next: first) }
        if hint.complete && !hint.all.contains(bit, strong: keys.converts) { return nil }

        // Onward from the hint; a match there is the first unless the name may be earlier.
        var passed = hint.seen
        if let value = scan(for: name, bits: bit, from: hint.next, to: end, keys: keys, recording: &passed) {
            if hint.seen.contains(bit, strong: keys.converts), let earlier = firstMatch(for: name, from: first, to: hint.next, keys: keys) {
                var prefix = KeyBloom()
                _ = scan(for: name, bits: bit, from: first, to: hint.next, keys: keys, recording: &prefix)
                (hint.next, hint.seen) = (document.subtreeEnd(earlier), prefix)
                return earlier
            }
            (hint.next, hint.seen) = (document.subtreeEnd(value), passed)
            return value
        }
        // Here every key of the object is in `passed`. Then from the start up to the hint, if it may be there.
        (hint.all, hint.complete) = (passed, true)
        guard hint.seen.contains(bit, strong: keys.converts) else { return nil }
        var prefix = KeyBloom()
        let value = scan(for: name, bits: bit, from: first, to: hint.next, keys: keys, recording: &prefix)
        if let value { (hint.next, hint.seen) = (document.subtreeEnd(value), prefix) }
        return value
    }

    /// Scans the members whose key nodes lie in `start..<stop` for the first key equal to `name`
    /// (whose bits are `nameBits`), and returns its value node. The bits of every key passed, the
    /// match included, go into `seen`.
    @inline(__always)
    private func scan(
        for name: UnsafeRawBufferPointer, bits nameBits: UInt32, from start: UInt32, to stop: UInt32, keys: KeyReading,
        recording seen: inout KeyBloom
    ) -> UInt32? {
        var key = start
        while key < stop {
            let value = document.subtreeEnd(key)
            let matches = withKeyBytes(key, keys) { bytes in
                if _keyBytesEqual(bytes, name) { return true }
                seen.insert(KeyBloom.bits(bytes), strong: keys.converts)
                return false
            }
            if matches {
                seen.insert(nameBits, strong: keys.converts)
                return value
            }
            key = document.subtreeEnd(value)
        }
        return nil
    }

    /// Like `scan`, without recording: only keys of the right length are read.
    @inline(__always)
    private func firstMatch(for name: UnsafeRawBufferPointer, from start: UInt32, to stop: UInt32, keys: KeyReading) -> UInt32? {
        var key = start
        while key < stop {
            if let value = valueIfKey(key, is: name, keys: keys) { return value }
            key = document.subtreeEnd(document.subtreeEnd(key))
        }
        return nil
    }
}
