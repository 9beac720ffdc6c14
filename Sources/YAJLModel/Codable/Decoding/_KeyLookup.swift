import CYAJLTree

/// Where the last key lookup in one container ended, so that keys decoded in the order the
/// JSON has them (the usual case: synthesized `init(from:)` asks in declaration order) are
/// found in one comparison each.
///
/// Lookups must still find the *first* member with a key, as `JSONDecoder` does, so the hint
/// also keeps a small Bloom filter of the keys before `next`: a key whose bit is not set
/// cannot be among them, and only a set bit costs a scan of that prefix.
struct _LookupHint {
    var object: UInt32 = .max
    var next: UInt32 = 0
    var seen = _KeyBloom()
}

/// 128 bits, one per key, chosen from the key's length and its first and last bytes.
struct _KeyBloom {
    var low: UInt64 = 0
    var high: UInt64 = 0

    @inline(__always)
    static func bit(_ key: UnsafeRawBufferPointer) -> UInt32 {
        var hash = UInt32(truncatingIfNeeded: key.count) &* 0x9E37_79B1
        if let first = key.first, let last = key.last {
            hash ^= UInt32(first) &* 0x85EB_CA77 ^ UInt32(last) &* 0xC2B2_AE3D
        }
        return hash >> 25
    }

    @inline(__always)
    mutating func insert(_ bit: UInt32) {
        if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }

    @inline(__always)
    func contains(_ bit: UInt32) -> Bool {
        bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }
}

extension _JSONValueDecoder {
    /// Objects this small are scanned from the start on every lookup.
    static let scannedObjectSize = 8

    /// The value node of the first member of `object` whose key is `name`, or nil.
    /// `slot` is the container's depth, which keeps its lookup hint.
    func member(named name: UnsafeRawBufferPointer, in object: UInt32, slot: Int) -> UInt32? {
        let first = document.firstChild(object)
        let end = document.subtreeEnd(object)
        if document.payload(object) <= Self.scannedObjectSize {
            var ignored = _KeyBloom()
            return scan(for: name, from: first, to: end, recording: &ignored)
        }
        if lookupHints.count <= slot {
            lookupHints.append(contentsOf: repeatElement(_LookupHint(), count: slot + 1 - lookupHints.count))
        }
        var hint = lookupHints[slot]
        if hint.object != object { hint = _LookupHint(object: object, next: first) }

        // Onward from the hint; a match there is the first unless the name may be earlier.
        var passed = hint.seen
        if let value = scan(for: name, from: hint.next, to: end, recording: &passed) {
            let mayBeEarlier = hint.seen.contains(_KeyBloom.bit(name))
            var prefix = _KeyBloom()
            if mayBeEarlier, let earlier = scan(for: name, from: first, to: hint.next, recording: &prefix) {
                lookupHints[slot] = _LookupHint(object: object, next: document.subtreeEnd(earlier), seen: prefix)
                return earlier
            }
            lookupHints[slot] = _LookupHint(object: object, next: document.subtreeEnd(value), seen: passed)
            return value
        }
        // Then from the start up to the hint.
        var prefix = _KeyBloom()
        if let value = scan(for: name, from: first, to: hint.next, recording: &prefix) {
            lookupHints[slot] = _LookupHint(object: object, next: document.subtreeEnd(value), seen: prefix)
            return value
        }
        lookupHints[slot] = hint
        return nil
    }

    /// Scans the members whose key nodes lie in `start..<stop` for the first key equal to `name`,
    /// and returns its value node. The bit of every key passed, the match included, goes into `seen`.
    @inline(__always)
    private func scan(for name: UnsafeRawBufferPointer, from start: UInt32, to stop: UInt32, recording seen: inout _KeyBloom) -> UInt32? {
        var key = start
        while key < stop {
            let value = document.subtreeEnd(key)
            let matches = withStringBytes(key) { bytes in
                seen.insert(_KeyBloom.bit(bytes))
                return bytes.count == name.count && _bytesEqual(bytes, name)
            }
            if matches { return value }
            key = document.subtreeEnd(value)
        }
        return nil
    }
}

/// The members of one object under `.convertFromSnakeCase` or `.custom`: each JSON key is
/// converted once, when the container is made, as `JSONDecoder` does.
final class _ConvertedKeys {
    /// Converted key → value node; the first of repeated keys wins.
    private(set) var members: [String: UInt32] = [:]
    /// The distinct converted keys, in document order.
    private(set) var keys: [String] = []

    init(object: UInt32, decoder: _JSONValueDecoder, depth: Int) {
        let document = decoder.document
        members.reserveCapacity(document.payload(object))
        var containerPath: [any CodingKey]?
        for key in document.memberKeys(of: object) {
            let converted: String
            switch decoder.options.keyDecodingStrategy {
            case .convertFromSnakeCase:
                converted = decoder.withStringBytes(key) { bytes in
                    let text = String(decoding: bytes, as: UTF8.self)
                    return _KeyConversion.hasInnerUnderscore(bytes) ? _KeyConversion.fromSnakeCase(text) : text
                }
            case .custom(let convert):
                if containerPath == nil { containerPath = decoder.codingPath(depth, nil) }
                converted = convert((containerPath ?? []) + [_JSONKey(stringValue: decoder.string(ofKey: key))]).stringValue
            default:
                converted = decoder.string(ofKey: key)
            }
            if members[converted] == nil {
                members[converted] = document.subtreeEnd(key)
                keys.append(converted)
            }
        }
    }
}
