import CYAJLTree

/// A JSON object as a `KeyedDecodingContainer`.
///
/// Keys are found by comparing the UTF-8 of `key.stringValue` with the key bytes in the
/// input (`.useDefaultKeys`), or with the converted bytes of each JSON key, converted once per
/// decoder (the other strategies), without building strings. Like `JSONDecoder`, the first of
/// repeated keys wins.
struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder, object and depth, in a class that `KeyedContainerCache` may move to the
    /// next object once this container is no longer held. (One reference, so that the box
    /// `KeyedDecodingContainer` keeps it in copies it with one retain on every call.)
    private let position: KeyedContainerPosition

    init(_ position: KeyedContainerPosition) { self.position = position }

    /// Read in place: a computed property would return it retained, on every key.
    var decoder: JSONValueDecoder {
        @inline(__always) _read { yield position.decoder }
    }
    var object: UInt32 { position.object }
    private var depth: Int { Int(position.slot) }

    var codingPath: [any CodingKey] { decoder.codingPath(depth, nil) }

    /// The distinct keys that `Key` can represent, in document order.
    var allKeys: [Key] {
        var seen = Set<String>()
        return decoder.document.memberKeys(of: object).compactMap { node in
            let name = decoder.withKeyBytes(node, .init(slot: depth, converts: !decoder.usesDefaultKeys)) { String(validatedUTF8: $0) }
            return seen.insert(name).inserted ? Key(stringValue: name) : nil
        }
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    // MARK: Finding values

    @inline(__always)
    private func member(_ key: some CodingKey) -> UInt32? {
        decoder.withBytes(of: key) { decoder.member($0, in: object, slot: depth) }
    }

    @inline(__always)
    private func value(_ key: Key) throws -> UInt32 {
        guard let node = member(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return node
    }

    /// Decodes the value at `key` with `body`, or gives nil when the key is missing or `null`.
    @inline(__always)
    private func present<T>(_ key: Key, _ body: (UInt32) throws -> T) rethrows -> T? {
        guard let node = member(key), decoder.tag(node) != UInt32(YJM_NULL) else { return nil }
        return try body(node)
    }

    // MARK: Decoding

    func decodeNil(forKey key: Key) throws -> Bool { decoder.tag(try value(key)) == UInt32(YJM_NULL) }

    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: Bool.Type, forKey key: Key) throws -> Bool? { try present(key) { try decoder.bool($0, depth, .key(key)) } }
    func decode(_: String.Type, forKey key: Key) throws -> String { try decoder.string(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: String.Type, forKey key: Key) throws -> String? { try present(key) { try decoder.string($0, depth, .key(key)) } }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try decoder.double(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: Double.Type, forKey key: Key) throws -> Double? { try present(key) { try decoder.double($0, depth, .key(key)) } }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try decoder.float(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: Float.Type, forKey key: Key) throws -> Float? { try present(key) { try decoder.float($0, depth, .key(key)) } }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: Int.Type, forKey key: Key) throws -> Int? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: Int8.Type, forKey key: Key) throws -> Int8? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: Int16.Type, forKey key: Key) throws -> Int16? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: Int32.Type, forKey key: Key) throws -> Int32? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: Int64.Type, forKey key: Key) throws -> Int64? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: UInt.Type, forKey key: Key) throws -> UInt? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key) { try decoder.integer($0, depth, .key(key)) } }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(try value(key), depth, .key(key)) }
    func decodeIfPresent(_: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key) { try decoder.integer($0, depth, .key(key)) } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(try value(key), as: type, depth: depth, .key(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key) { try decoder.unwrap($0, as: type, depth: depth, .key(key)) }
    }

    // MARK: Nested containers and super decoders

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(at: try value(key), codingPath: decoder.codingPath(depth, .key(key))).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(at: try value(key), codingPath: decoder.codingPath(depth, .key(key))).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(JSONCodingKey.super) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(key) }

    /// A decoder for the value at `key`, or for `null` when there is none, as `JSONDecoder` gives.
    private func superDecoder(_ key: some CodingKey) throws -> any Decoder {
        let codingPath = decoder.codingPath(depth, .key(key))
        if let node = member(key) { return decoder.child(at: node, codingPath: codingPath) }
        guard let decoder = decoder.nullChild(codingPath: codingPath) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: self.codingPath, debugDescription: "No value for super."))
        }
        return decoder
    }
}
