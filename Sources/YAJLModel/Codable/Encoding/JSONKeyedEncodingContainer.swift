/// A keyed container of ``YAJLEncoder``: a handle to an object being written.
struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONStreamingEncoder
    let handle: ContainerHandle

    var codingPath: [any CodingKey] { encoder.codingPath(of: handle) }

    /// Writes the key, then the value with `body`.
    @inline(__always)
    private func member(_ key: Key, _ body: (JSONStreamingEncoder) throws -> Void) throws {
        try encoder.beginMember(handle, key: key)
        try body(encoder)
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key) { $0.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key) { $0.writeBool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key) { $0.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key) { try $0.writeFloat(value, .codingKey(key)) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key) { try $0.writeFloat(value, .codingKey(key)) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key) { $0.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key) { try $0.encodeNested(value, .codingKey(key)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, handle: nested(isObject: true, key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONUnkeyedEncodingContainer(encoder: encoder, handle: nested(isObject: false, key))
    }

    private func nested(isObject: Bool, _ key: Key) -> ContainerHandle {
        do {
            try encoder.beginMember(handle, key: key)
        } catch {
            encoder.fail(error)
            return .none
        }
        return encoder.openNested(isObject: isObject, in: handle, .codingKey(key))
    }

    mutating func superEncoder() -> any Encoder { encoder.superEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.superEncoder() }
}
