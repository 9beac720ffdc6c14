import CYAJLTree

/// A JSON object as a `KeyedDecodingContainer`.
///
/// Keys are found by comparing the UTF-8 of `key.stringValue` with the key bytes in the
/// input (`.useDefaultKeys`), or with the converted bytes of each JSON key, converted once per
/// decoder (the other strategies), without building strings. Like `JSONDecoder`, the first of
/// repeated keys wins.
struct JSONKeyedDecodingContainer<Key: CodingKey>: ObjectDecodingContainer {
    /// The decoder, held strongly: a type may keep its container, or the decoder, beyond its
    /// `init(from:)`, and even beyond the decode, and the container then still reads its object.
    private let decoder: JSONValueDecoder
    private let object: UInt32
    /// The length of the decoder's path at the container, which is also its lookup slot.
    private let depth: UInt32

    init(decoder: JSONValueDecoder, object: UInt32, depth: Int) {
        (self.decoder, self.object, self.depth) = (decoder, object, UInt32(truncatingIfNeeded: depth))
    }

    /// Calls `body` with the decoder, the object and its depth.
    @inline(__always)
    private func at<R>(_ body: (JSONValueDecoder, UInt32, Int) throws -> R) rethrows -> R {
        try body(decoder, object, Int(depth))
    }

    var codingPath: [any CodingKey] { at { decoder, _, depth in decoder.codingPath(depth, nil) } }

    /// The distinct keys that `Key` can represent, in document order.
    var allKeys: [Key] {
        at { decoder, object, depth in
            var seen = Set<String>()
            return decoder.document.memberKeys(of: object).compactMap { node in
                let name = decoder.withKeyBytes(node, .init(slot: depth, converts: !decoder.usesDefaultKeys)) { String(validatedUTF8: $0) }
                return seen.insert(name).inserted ? Key(stringValue: name) : nil
            }
        }
    }

    func contains(_ key: Key) -> Bool { at { decoder, object, depth in member(key, decoder, object, depth) != nil } }

    // MARK: Finding values

    @inline(__always)
    private func member(_ key: some CodingKey, _ decoder: JSONValueDecoder, _ object: UInt32, _ depth: Int) -> UInt32? {
        decoder.withBytes(of: key) { decoder.member($0, in: object, slot: depth) }
    }

    /// The value node at `key`, or throws `keyNotFound`.
    @inline(__always)
    private func value(_ key: Key, _ decoder: JSONValueDecoder, _ object: UInt32, _ depth: Int) throws -> UInt32 {
        guard let node = member(key, decoder, object, depth) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: decoder.codingPath(depth, nil), debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return node
    }

    /// The value node at `key`, or nil when the key is missing or its value is `null`.
    @inline(__always)
    private func present(_ key: Key, _ decoder: JSONValueDecoder, _ object: UInt32, _ depth: Int) -> UInt32? {
        guard let node = member(key, decoder, object, depth), decoder.tag(node) != UInt32(YJM_NULL) else { return nil }
        return node
    }

    // MARK: Decoding

    func decodeNil(forKey key: Key) throws -> Bool { try at { $0.tag(try value(key, $0, $1, $2)) == UInt32(YJM_NULL) } }

    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try at { try $0.bool(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: Bool.Type, forKey key: Key) throws -> Bool? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.bool($0, depth, .codingKey(key)) } } }
    func decode(_: String.Type, forKey key: Key) throws -> String { try at { try $0.string(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: String.Type, forKey key: Key) throws -> String? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.string($0, depth, .codingKey(key)) } } }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try at { try $0.double(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: Double.Type, forKey key: Key) throws -> Double? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.double($0, depth, .codingKey(key)) } } }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try at { try $0.float(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: Float.Type, forKey key: Key) throws -> Float? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.float($0, depth, .codingKey(key)) } } }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: Int.Type, forKey key: Key) throws -> Int? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: Int8.Type, forKey key: Key) throws -> Int8? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: Int16.Type, forKey key: Key) throws -> Int16? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: Int32.Type, forKey key: Key) throws -> Int32? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: Int64.Type, forKey key: Key) throws -> Int64? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: UInt.Type, forKey key: Key) throws -> UInt? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: UInt8.Type, forKey key: Key) throws -> UInt8? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: UInt16.Type, forKey key: Key) throws -> UInt16? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: UInt32.Type, forKey key: Key) throws -> UInt32? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try at { try $0.integer(try value(key, $0, $1, $2), $2, .codingKey(key)) } }
    func decodeIfPresent(_: UInt64.Type, forKey key: Key) throws -> UInt64? { try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.integer($0, depth, .codingKey(key)) } } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try at { try $0.unwrap(try value(key, $0, $1, $2), as: type, depth: $2, .codingKey(key)) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try at { decoder, object, depth in try present(key, decoder, object, depth).map { try decoder.unwrap($0, as: type, depth: depth, .codingKey(key)) } }
    }

    // MARK: Nested containers and super decoders

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try at { try $0.child(at: try value(key, $0, $1, $2), codingPath: $0.codingPath($2, .codingKey(key))).container(keyedBy: type) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try at { try $0.child(at: try value(key, $0, $1, $2), codingPath: $0.codingPath($2, .codingKey(key))).unkeyedContainer() }
    }

    func superDecoder() throws -> any Decoder { try superDecoder(JSONCodingKey.super) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(key) }

    /// A decoder for the value at `key`, or for `null` when there is none, as `JSONDecoder` gives.
    private func superDecoder(_ key: some CodingKey) throws -> any Decoder {
        try at { decoder, object, depth in
            let codingPath = decoder.codingPath(depth, .codingKey(key))
            if let node = member(key, decoder, object, depth) { return decoder.child(at: node, codingPath: codingPath) }
            guard let null = decoder.nullChild(codingPath: codingPath) else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: decoder.codingPath(depth, nil), debugDescription: "No value for super."))
            }
            return null
        }
    }
}
