/// An unkeyed container of ``YAJLEncoder``: a handle to an array being written, 16 bytes,
/// so that the `any UnkeyedEncodingContainer` holding it needs no allocation.
struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONStreamingEncoder
    let handle: ContainerHandle

    var codingPath: [any CodingKey] { encoder.codingPath(of: handle) }
    var count: Int { encoder.storage.count(of: handle) }

    /// Writes the separator, then the element with `body`, which gets its position.
    @inline(__always)
    private func element(_ body: (JSONStreamingEncoder, Int) throws -> Void) throws {
        try encoder.prepare(handle)
        let position = encoder.storage.beginElement(handle)
        try body(encoder, position)
    }

    @inline(__always)
    private func element(_ body: (JSONStreamingEncoder) throws -> Void) throws {
        try element { encoder, _ in try body(encoder) }
    }

    mutating func encodeNil() throws { try element { $0.writeNull() } }
    mutating func encode(_ value: Bool) throws { try element { $0.writeBool(value) } }
    mutating func encode(_ value: String) throws { try element { $0.writeString(value) } }
    mutating func encode(_ value: Double) throws { try element { try $0.writeFloat(value, .index($1)) } }
    mutating func encode(_ value: Float) throws { try element { try $0.writeFloat(value, .index($1)) } }
    mutating func encode(_ value: Int) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: Int8) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: Int16) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: Int32) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: Int64) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt8) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt16) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt32) throws { try element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt64) throws { try element { $0.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try element { try $0.encodeNested(value, .index($1)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, handle: nested(isObject: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedEncodingContainer(encoder: encoder, handle: nested(isObject: false))
    }

    private func nested(isObject: Bool) -> ContainerHandle {
        do {
            try encoder.prepare(handle)
        } catch {
            encoder.fail(error)
            return .none
        }
        let position = encoder.storage.beginElement(handle)
        return encoder.openNested(isObject: isObject, in: handle, .index(position))
    }

    mutating func superEncoder() -> any Encoder { encoder.superEncoder() }
}
