import CYAJLTree

/// A JSON array as an `UnkeyedDecodingContainer`. It is 24 bytes, so that the
/// `any UnkeyedDecodingContainer` holding it needs no allocation.
struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: JSONValueDecoder
    let array: UInt32
    /// The node of the current element (meaningless at the end).
    private var position: UInt32
    private var index: UInt32 = 0
    /// The length of the decoder's path at this container.
    private let pathDepth: UInt32

    init(decoder: JSONValueDecoder, array: UInt32, depth: Int) {
        self.decoder = decoder
        self.array = array
        self.position = decoder.document.firstChild(array)
        self.pathDepth = UInt32(truncatingIfNeeded: depth)
    }

    private var depth: Int { Int(pathDepth) }

    var codingPath: [any CodingKey] { decoder.codingPath(depth, nil) }
    var count: Int? { decoder.document.payload(array) }
    var isAtEnd: Bool { Int(index) >= decoder.document.payload(array) }
    var currentIndex: Int { Int(index) }

    /// The current element's node; at the end, throws `valueNotFound(type)`.
    @inline(__always)
    private func current(_ type: Any.Type) throws -> UInt32 {
        guard !isAtEnd else {
            throw decoder.valueNotFound(type, depth, .index(currentIndex), "Unkeyed container is at end.")
        }
        return position
    }

    /// The current element's node, or nil at the end or for `null`.
    @inline(__always)
    private func currentIfPresent() -> UInt32? {
        isAtEnd || decoder.tag(position) == UInt32(YJM_NULL) ? nil : position
    }

    /// Moves past the current element and returns `value`, decoded from it. At the end
    /// (`decodeIfPresent`), only the index moves, as in `JSONDecoder`.
    @inline(__always)
    private mutating func take<T>(_ value: T) -> T {
        if !isAtEnd { position = decoder.document.subtreeEnd(position) }
        index += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.tag(try current(Never.self)) == UInt32(YJM_NULL) else { return false }  // not null: stay, as the protocol requires
        return take(true)
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try take(decoder.bool(try current(Bool.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: Bool.Type) throws -> Bool? { try take(currentIfPresent().map { try decoder.bool($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: String.Type) throws -> String { try take(decoder.string(try current(String.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: String.Type) throws -> String? { try take(currentIfPresent().map { try decoder.string($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: Double.Type) throws -> Double { try take(decoder.double(try current(Double.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: Double.Type) throws -> Double? { try take(currentIfPresent().map { try decoder.double($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: Float.Type) throws -> Float { try take(decoder.float(try current(Float.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: Float.Type) throws -> Float? { try take(currentIfPresent().map { try decoder.float($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: Int.Type) throws -> Int { try take(decoder.integer(try current(Int.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: Int.Type) throws -> Int? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: Int8.Type) throws -> Int8 { try take(decoder.integer(try current(Int8.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: Int8.Type) throws -> Int8? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: Int16.Type) throws -> Int16 { try take(decoder.integer(try current(Int16.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: Int16.Type) throws -> Int16? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: Int32.Type) throws -> Int32 { try take(decoder.integer(try current(Int32.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: Int32.Type) throws -> Int32? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: Int64.Type) throws -> Int64 { try take(decoder.integer(try current(Int64.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: Int64.Type) throws -> Int64? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: UInt.Type) throws -> UInt { try take(decoder.integer(try current(UInt.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: UInt.Type) throws -> UInt? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try take(decoder.integer(try current(UInt8.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: UInt8.Type) throws -> UInt8? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try take(decoder.integer(try current(UInt16.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: UInt16.Type) throws -> UInt16? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try take(decoder.integer(try current(UInt32.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: UInt32.Type) throws -> UInt32? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try take(decoder.integer(try current(UInt64.self), depth, .index(currentIndex))) }
    mutating func decodeIfPresent(_: UInt64.Type) throws -> UInt64? { try take(currentIfPresent().map { try decoder.integer($0, depth, .index(currentIndex)) }) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try take(decoder.value(try current(type), as: type, depth: depth, .index(currentIndex)))
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try take(currentIfPresent().map { try decoder.value($0, as: type, depth: depth, .index(currentIndex)) })
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try take(child(try current(KeyedDecodingContainer<NestedKey>.self)).container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try take(child(try current((any UnkeyedDecodingContainer).self)).unkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder {
        take(child(try current((any Decoder).self)))
    }

    private func child(_ node: UInt32) -> JSONValueDecoder {
        decoder.child(at: node, codingPath: decoder.codingPath(depth, .index(currentIndex)))
    }
}
