import Foundation
import YAJLModel

/// The least time any yajl-based `Decoder` can take over the feed: yajl lexing the input
/// with callbacks that do nothing, plus `[FeedItem]`'s synthesized `init(from:)` run
/// against a decoder that reads nothing and returns fixed values. What is left is
/// Codable's own machinery (a container per object, a dynamic call per field), which
/// every decoder pays. `JSONDecoder` divided by this row is the best ratio reachable.
enum CodableFloor {
    static let name = "yajl parse + Codable floor"

    static func contender(_ data: Data) -> Contender {
        Contender(name, .yajl) {
            let callbacks = CallbackTable(emptyCallbacks)
            let elements = try JSONDocument(parsing: data).root.count
            return {
                try yajlParse(data, callbacks: callbacks, context: nil)
                return try [FeedItem](from: FixedValueDecoder(elements: elements)).count
            }
        }
    }
}

/// A `Decoder` that reads no input: keyed containers answer every key with a fixed value,
/// and the top-level unkeyed container holds `elements` of whatever is asked for.
private struct FixedValueDecoder: Decoder {
    let elements: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FixedValueKeyedContainer<Key>())
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { FixedValueElements(decoder: self, count: elements) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw FixedValueDecoderError.unsupported }
}

private enum FixedValueDecoderError: Error {
    case unsupported
}

private struct FixedValueElements: UnkeyedDecodingContainer {
    let decoder: FixedValueDecoder
    let count: Int?
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try T(from: decoder)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw FixedValueDecoderError.unsupported
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw FixedValueDecoderError.unsupported }
    mutating func superDecoder() throws -> any Decoder { throw FixedValueDecoderError.unsupported }
}

private struct FixedValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { true }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { "Item" }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { 1.5 }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { 7 }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw FixedValueDecoderError.unsupported }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw FixedValueDecoderError.unsupported
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw FixedValueDecoderError.unsupported }
    func superDecoder() throws -> any Decoder { throw FixedValueDecoderError.unsupported }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw FixedValueDecoderError.unsupported }
}
