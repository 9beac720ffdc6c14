import Foundation
import Testing
import YAJLModel

/// Async readers read records as `Decodable` types and models, as the sync ones do,
/// and agree with `JSONDecoder`.
@Suite(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
struct StreamTypedAsyncTests {
    static let twitter = (try? SharedData.corpusBytes("twitter.json")) ?? []
    static var chunked: CountingChunks { CountingChunks(chunks: chunks(of: twitter, first: 100, period: 4093).map(Array.init)) }
    static var expected: [Status] { (try? JSONDecoder().decode(TwitterSearch.self, from: Data(twitter)).statuses) ?? [] }

    @Test func elementsDecodedAsASequenceMatchJSONDecoder() async throws {
        var statuses: [Status] = []
        for try await status in JSONElementReader.elements(of: Self.chunked, at: "statuses", as: Status.self, using: YAJLDecoder()) {
            statuses.append(status)
        }
        #expect(statuses.count == 100 && statuses == Self.expected)
    }

    @Test func elementsDecodedOneAtATimeMatchJSONDecoder() async throws {
        var iterator = JSONElementReader.elements(of: Self.chunked, at: "/statuses").makeAsyncIterator()
        var statuses: [Status] = []
        while let status = try await iterator.next(Status.self, using: YAJLDecoder()) { statuses.append(status) }
        #expect(statuses == Self.expected)
    }

    @Test func linesDecodedMatchJSONDecoder() async throws {
        let document = try JSONDocument(parsing: Self.twitter)
        let lines = Array((document.root["statuses"]?.array ?? []).map(\.description).joined(separator: "\n").utf8)
        let source = CountingChunks(chunks: chunks(of: lines, first: 7, period: 1000).map(Array.init))
        var statuses: [Status] = []
        for try await status in JSONLinesReader.records(of: source, as: Status.self, using: YAJLDecoder()) {
            statuses.append(status)
        }
        #expect(statuses == Self.expected)
        var iterator = JSONLinesReader.records(of: source).makeAsyncIterator()
        #expect(try await iterator.next(Status.self, using: YAJLDecoder()) == Self.expected.first)
    }

    @Test func aDecodingErrorEndsTheLoopWithItsPath() async throws {
        let body = Array(#"{"items": [{"id": 1}, {"id": "two"}]}"#.utf8)
        struct Item: Decodable { let id: Int }
        var ids: [Int] = []
        let error = await #expect(throws: JSONRecordError.self) {
            for try await item in JSONElementReader.elements(of: CountingChunks(chunks: [body]), at: "items", as: Item.self, using: YAJLDecoder()) {
                ids.append(item.id)
            }
        }
        #expect(ids == [1])
        #expect(error?.index == 1 && (error?.underlying as? DecodingError)?.jsonPath == "[1].id")
        #expect(error?.location == JSONSourceLocation(offset: 29, line: 1, column: 30))
    }

    @Test func elementsReadAsConvertibleTypes() async throws {
        let body = Array(#"{"items": [["a", "b"], ["c"]]}"#.utf8)
        var arrays: [[String]] = []
        for try await array in JSONElementReader.elements(of: CountingChunks(chunks: [body]), at: "items", as: [String].self) {
            arrays.append(array)
        }
        #expect(arrays == [["a", "b"], ["c"]])
        var lines = JSONLinesReader.records(of: CountingChunks(chunks: [Array("1\n\"x\"\n".utf8)])).makeAsyncIterator()
        #expect(try await lines.next(Int.self) == 1)
        let error = await #expect(throws: JSONRecordError.self) { try await lines.next(Int.self) }
        #expect(error?.underlying is JSONConversionError && error?.location == JSONSourceLocation(offset: 2, line: 2, column: 1))
    }
}
