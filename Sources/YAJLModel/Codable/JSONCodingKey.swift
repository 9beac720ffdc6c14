/// The coding key YAJLModel's coders put in coding paths where the type gave none:
/// array positions (`"Index 3"`, intValue 3, as `JSONDecoder` writes them),
/// dictionary members and `super`.
struct JSONCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    /// The key of the element at `index` of an array.
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    static let `super` = JSONCodingKey(stringValue: "super")
}

/// One step of a coding path, kept unmaterialized so that pushing it costs no
/// allocation: the `CodingKey`s are built only when a path is asked for.
enum PathElement {
    /// A key the decoded or encoded type gave whose type is a plain value of at most eight
    /// bytes (the `CodingKeys` enums of synthesized conformances), as its bytes and type.
    case plainKey(UInt64, any CodingKey.Type)
    /// A key of another type, boxed. Not the existential itself: with one, every copy of a
    /// step (one for each nested value decoded or encoded) went through calls to value
    /// witnesses, where a reference is retained inline.
    case key(KeyBox)
    /// An array element.
    case index(Int)
    /// A member of a `[String: Value]` decoded directly from the tree: its key
    /// node, and whether the key's `intValue` is the key read as an `Int` (as
    /// `Dictionary`'s own decoding gives it) or nil (as `JSONDecoder`'s
    /// dictionary path gives it).
    case member(UInt32, numeric: Bool)

    /// `key` as a step: `.plainKey` where its type allows, else `.key`.
    @inline(__always)
    static func codingKey<Key: CodingKey>(_ key: Key) -> PathElement {
        guard let bits = key.plainBits else { return .key(KeyBox(key)) }
        return .plainKey(bits, Key.self)
    }

    /// A key in a `PathElement.key`.
    final class KeyBox {
        let key: any CodingKey

        init(_ key: any CodingKey) { self.key = key }
    }
}

extension CodingKey {
    /// The key's bytes, the first in the low byte, when its type is a plain value of at most
    /// eight bytes (the `CodingKeys` enums of synthesized conformances); else nil.
    @inline(__always)
    var plainBits: UInt64? {
        guard _isPOD(Self.self), MemoryLayout<Self>.size <= 8 else { return nil }
        return withUnsafeBytes(of: self) { raw in
            if raw.count == 1 { return UInt64(raw[0]) }  // an enum of up to 256 cases, as most `CodingKeys` are
            var bits: UInt64 = 0
            for index in raw.indices { bits |= UInt64(raw[index]) << (8 * UInt64(index)) }
            return bits
        }
    }

    /// The key whose `plainBits` are `bits`.
    init(plainBits bits: UInt64) {
        // Unsafe: `Self`'s `plainBits` were not nil, so it is a plain value of at most 8 bytes.
        self = withUnsafeBytes(of: bits.littleEndian) { $0.load(as: Self.self) }
    }
}
