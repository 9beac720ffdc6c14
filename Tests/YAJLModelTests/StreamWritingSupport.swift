import Foundation
import Testing
@testable import YAJLModel

/// The chunks `encoder` writes for `values`, checked to be `chunkSize` bytes each but the last.
func streamedChunks<Values: Sequence>(
    _ encoder: YAJLEncoder, _ values: Values, framing: JSONOutputFraming = .array, chunkSize: Int
) throws -> [[UInt8]] where Values.Element: Encodable {
    var chunks: [[UInt8]] = []
    try encoder.encode(values, framing: framing, chunkSize: chunkSize) { chunks.append(Array($0)) }
    return chunks
}

/// The bytes `encoder` writes for `values`, with every chunk but the last `chunkSize` bytes long.
func streamed<Values: Sequence>(
    _ encoder: YAJLEncoder, _ values: Values, framing: JSONOutputFraming = .array, chunkSize: Int
) throws -> [UInt8] where Values.Element: Encodable {
    let chunks = try streamedChunks(encoder, values, framing: framing, chunkSize: chunkSize)
    #expect(chunks.dropLast().allSatisfy { $0.count == chunkSize })
    #expect(chunks.last.map { (1...chunkSize).contains($0.count) } ?? true)
    return chunks.flatMap { $0 }
}

/// The bytes of the asynchronous form, from a source that yields `values`.
func streamedAsync<Element: Encodable & Sendable>(
    _ encoder: YAJLEncoder, _ values: [Element], framing: JSONOutputFraming = .array, chunkSize: Int
) async throws -> [UInt8] {
    var chunks: [[UInt8]] = []
    for try await chunk in encoder.chunks(encoding: CountingValues(values), framing: framing, chunkSize: chunkSize) {
        chunks.append(chunk)
    }
    #expect(chunks.dropLast().allSatisfy { $0.count == chunkSize })
    #expect(chunks.last.map { (1...chunkSize).contains($0.count) } ?? true)
    return chunks.flatMap { $0 }
}

/// How many values a ``CountingValues`` handed out.
final class PullCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var pulled: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

/// An asynchronous sequence of values that counts how many were pulled; `nil` values are
/// produced without end (up to `limit`) by `make`.
struct CountingValues<Element: Sendable>: AsyncSequence, Sendable {
    let counter = PullCounter()
    let limit: Int
    let make: @Sendable (Int) -> Element

    init(_ values: [Element]) {
        limit = values.count
        make = { values[$0] }
    }

    init(limit: Int, make: @escaping @Sendable (Int) -> Element) {
        self.limit = limit
        self.make = make
    }

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: CountingValues
        var index = 0

        mutating func next() async -> Element? {
            guard index < source.limit else { return nil }
            source.counter.increment()
            defer { index += 1 }
            return source.make(index)
        }
    }
}

/// An element whose encoding fails (inside its object, after some members).
struct FailingElement: Encodable, Sendable {
    struct Failure: Error, Equatable {}

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONCodingKey.self)
        try container.encode("written first", forKey: JSONCodingKey(stringValue: "a"))
        var nested = container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: JSONCodingKey(stringValue: "b"))
        try nested.encode(1, forKey: JSONCodingKey(stringValue: "c"))
        throw Failure()
    }
}

/// An element that is either a value or a failure, for sequences that fail part way.
enum MaybeFailing<Value: Encodable & Sendable>: Encodable, Sendable {
    case value(Value)
    case failure

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .value(let value): try value.encode(to: encoder)
        case .failure: try FailingElement().encode(to: encoder)
        }
    }
}

/// An object with members before and after an array, as the whole-document reference for
/// ``JSONOutputFraming/object(before:key:after:)``: its keys written as given, in this order.
struct Envelope<Element: Encodable>: Encodable {
    var before: [(String, JSONValue)]
    var key: String
    var elements: [Element]
    var after: [(String, JSONValue)]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONCodingKey.self)
        for (key, value) in before { try container.encode(value, forKey: JSONCodingKey(stringValue: key)) }
        try container.encode(elements, forKey: JSONCodingKey(stringValue: key))
        for (key, value) in after { try container.encode(value, forKey: JSONCodingKey(stringValue: key)) }
    }

    /// The same envelope as a framing.
    var framing: JSONOutputFraming {
        .object(before: before.map { ($0.0, $0.1) }, key: key, after: after.map { ($0.0, $0.1) })
    }
}
