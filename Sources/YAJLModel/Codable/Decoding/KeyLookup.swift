import CYAJLTree

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
        if usesDefaultKeys { return member(key, in: object, keys: KeyReading(slot: slot, converts: false)) }
        return convertedMember(key, in: object, slot: slot)
    }

    /// `member(_:in:slot:)` under a key strategy that converts: out of line, so that the
    /// default lookup, inlined where keys are decoded, stays as small as it was.
    @inline(never)
    private func convertedMember(_ key: CachedKey, in object: UInt32, slot: Int) -> UInt32? {
        // The usual case under `.convertFromSnakeCase`: the member at the hint is the key's snake_case.
        let hint = lookupHints.hint(slot)
        if hint.pointee.object != object { hint.pointee = LookupHint(object: object, next: document.firstChild(object)) }
        let bits = key.bits
        if hint.pointee.next < document.containerEnd(object), !hint.pointee.seen.contains(bits, strong: true),
            let value = plainValue(hint.pointee.next, is: key.spelling)
        {
            hint.pointee.next = document.subtreeEnd(value)
            hint.pointee.seen.insert(bits, strong: true)
            return value
        }
        return member(key, in: object, keys: KeyReading(slot: slot, converts: true))
    }

    @inline(__always)
    private func member(_ key: CachedKey, in object: UInt32, keys: KeyReading) -> UInt32? {
        let name = key.name
        let first = document.firstChild(object)
        let end = document.containerEnd(object)
        let hint = lookupHints.hint(keys.slot)
        if !keys.converts, document.payload(object) <= Self.scannedObjectSize {
            return smallMember(named: name, first: first, end: end, object: object, keys: keys, hint: hint)
        }
        let bits = key.bits
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
        named name: UnsafeRawBufferPointer, first: UInt32, end: UInt32, object: UInt32, keys: KeyReading,
        hint: UnsafeMutablePointer<LookupHint>
    ) -> UInt32? {
        let bit = Self.passedBit(name)
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

    /// One of 64 bits for `name`, from its length and four of its bytes (the first, the middle
    /// and the last two) mixed by one multiplication: it need only tell apart the few keys of
    /// one small object, where a shared bit costs a scan of at most `scannedObjectSize` members,
    /// and costs less than `KeyBloom.bits`.
    @inline(__always)
    static func passedBit(_ name: UnsafeRawBufferPointer) -> UInt64 {
        let count = name.count
        var word = UInt64(truncatingIfNeeded: count)
        if count > 1 {
            word |= UInt64(name[0]) << 8 | UInt64(name[count &>> 1]) << 16
            word |= UInt64(name[count &- 2]) << 24 | UInt64(name[count &- 1]) << 32
        } else if count == 1 {
            word |= UInt64(name[0]) << 8
        }
        return 1 &<< ((word &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }

    /// The value node after `key` if `key` is a string without escapes whose bytes are `name`,
    /// else nil (also for an escaped key, and while no decode runs, when the input's address is
    /// unknown; the slower paths then decide). The hint's test under `.useDefaultKeys`, small
    /// enough to inline, where `valueIfKey` also converts and unescapes.
    @inline(__always)
    private func plainValue(_ key: UInt32, is name: UnsafeRawBufferPointer) -> UInt32? {
        // Unsafe: `name.count` bytes are read from the input only after the key node's length was found equal to `name.count`.
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
        // Every key is now in `passed`. Then from the start up to the hint, if it may be there.
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
