import CYAJLTree

/// A JSON array as an `UnkeyedDecodingContainer`. It is 24 bytes, so that the
/// `any UnkeyedDecodingContainer` holding it needs no allocation.
struct _UnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: _JSONValueDecoder
    let array: UInt32
    /// The node of the next element (meaningless at the end).
    private var position: UInt32
    private var index: UInt32 = 0
    /// The length of the decoder's path at this container.
    private let pathDepth: UInt32

    init(decoder: _JSONValueDecoder, array: UInt32, depth: Int) {
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

    /// Moves past the current element; `decodeIfPresent` at the end moves the index only, as in `JSONDecoder`.
    private mutating func advance() {
        if !isAtEnd { position = decoder.document.subtreeEnd(position) }
        index += 1
    }

    /// A reader of one element: the decoder, the element's node, the container's depth and the step to the element.
    typealias Read<T> = (_JSONValueDecoder) -> (UInt32, Int, _PathElement?) throws -> T

    /// Decodes the next element with `read` and moves past it; at the end, throws `valueNotFound(type)`.
    @inline(__always)
    private mutating func next<T>(_ type: Any.Type, _ read: Read<T>) throws -> T {
        guard !isAtEnd else {
            throw decoder.valueNotFound(type, depth, .index(currentIndex), "Unkeyed container is at end.")
        }
        let result = try read(decoder)(position, depth, .index(currentIndex))
        advance()
        return result
    }

    /// Like `next`, but nil for `null` or at the end.
    @inline(__always)
    private mutating func nextIfPresent<T>(_ read: Read<T>) throws -> T? {
        let result = isAtEnd || decoder.tag(position) == UInt32(YJM_NULL) ? nil : try read(decoder)(position, depth, .index(currentIndex))
        advance()
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw decoder.valueNotFound(Never.self, depth, .index(currentIndex), "Unkeyed container is at end.") }
        guard decoder.tag(position) == UInt32(YJM_NULL) else { return false }  // not null: stay, as the protocol requires
        advance()
        return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try next(Bool.self, _JSONValueDecoder.bool) }
    mutating func decodeIfPresent(_: Bool.Type) throws -> Bool? { try nextIfPresent(_JSONValueDecoder.bool) }
    mutating func decode(_: String.Type) throws -> String { try next(String.self, _JSONValueDecoder.string) }
    mutating func decodeIfPresent(_: String.Type) throws -> String? { try nextIfPresent(_JSONValueDecoder.string) }
    mutating func decode(_: Double.Type) throws -> Double { try next(Double.self, _JSONValueDecoder.double) }
    mutating func decodeIfPresent(_: Double.Type) throws -> Double? { try nextIfPresent(_JSONValueDecoder.double) }
    mutating func decode(_: Float.Type) throws -> Float { try next(Float.self, _JSONValueDecoder.float) }
    mutating func decodeIfPresent(_: Float.Type) throws -> Float? { try nextIfPresent(_JSONValueDecoder.float) }
    mutating func decode(_: Int.Type) throws -> Int { try next(Int.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: Int.Type) throws -> Int? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: Int8.Type) throws -> Int8 { try next(Int8.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: Int8.Type) throws -> Int8? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: Int16.Type) throws -> Int16 { try next(Int16.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: Int16.Type) throws -> Int16? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: Int32.Type) throws -> Int32 { try next(Int32.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: Int32.Type) throws -> Int32? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: Int64.Type) throws -> Int64 { try next(Int64.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: Int64.Type) throws -> Int64? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: UInt.Type) throws -> UInt { try next(UInt.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: UInt.Type) throws -> UInt? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try next(UInt8.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: UInt8.Type) throws -> UInt8? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try next(UInt16.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: UInt16.Type) throws -> UInt16? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try next(UInt32.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: UInt32.Type) throws -> UInt32? { try nextIfPresent(_JSONValueDecoder.integer) }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try next(UInt64.self, _JSONValueDecoder.integer) }
    mutating func decodeIfPresent(_: UInt64.Type) throws -> UInt64? { try nextIfPresent(_JSONValueDecoder.integer) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { decoder in { try decoder.unwrap($0, as: type, depth: $1, $2) } }
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try nextIfPresent { decoder in { try decoder.unwrap($0, as: type, depth: $1, $2) } }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { decoder in { try Self.child(decoder, $0, $1, $2).container(keyedBy: type) } }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { decoder in { try Self.child(decoder, $0, $1, $2).unkeyedContainer() } }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { decoder in { Self.child(decoder, $0, $1, $2) } }
    }

    private static func child(_ decoder: _JSONValueDecoder, _ node: UInt32, _ depth: Int, _ element: _PathElement?) -> _JSONValueDecoder {
        decoder.child(at: node, codingPath: decoder.codingPath(depth, element))
    }
}
