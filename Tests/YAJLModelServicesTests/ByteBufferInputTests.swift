#if NIO
import Foundation
import NIOCore
import Testing
import YAJLModel
import YAJLModelNIO

@Suite struct ByteBufferInputTests {
    @Test(arguments: [1, 7, 4096, 1 << 20])
    func elementsOfByteBuffersAreThoseOfByteArrays(size: Int) async throws {
        let buffers = BufferSequence(buffers: ServiceFeed.buffers(ServiceFeed.text, size: size))
        var fromBuffers: [String] = []
        for try await item in JSONElementReader.elements(of: buffers, at: "items") {
            fromBuffers.append(String(decoding: item.rawJSON, as: UTF8.self))
        }
        var reader = try JSONElementReader(chunks: [ServiceFeed.text], at: "items")
        var fromArray: [String] = []
        while let item = try reader.next() { fromArray.append(String(decoding: item.rawJSON, as: UTF8.self)) }
        #expect(fromBuffers.count == ServiceFeed.items.count && fromBuffers == fromArray)
    }

    @Test func aBufferIsReadFromItsReaderIndex() async throws {
        var buffer = ByteBuffer(string: "garbage[1, 2]")
        buffer.moveReaderIndex(forwardBy: 7)
        var values: [Int] = []
        for try await value in JSONElementReader.elements(of: BufferSequence(buffers: [buffer]), as: Int.self) { values.append(value) }
        #expect(values == [1, 2])
        #expect(try JSONDocument(parsing: buffer).root.count == 2)
    }

    @Test func typedElementsAndLinesFromByteBuffers() async throws {
        let decoder = YAJLDecoder()
        var decoded: [ServiceFeed.Item] = []
        let feed = BufferSequence(buffers: ServiceFeed.buffers(ServiceFeed.text, size: 1000))
        for try await item in JSONElementReader.elements(of: feed, at: "/items", as: ServiceFeed.Item.self, using: decoder) {
            decoded.append(item)
        }
        #expect(decoded == ServiceFeed.items)
        var lines: [ServiceFeed.Item] = []
        let body = BufferSequence(buffers: ServiceFeed.buffers(ServiceFeed.lines, size: 999))
        for try await item in JSONLinesReader.records(of: body, as: ServiceFeed.Item.self, using: decoder) { lines.append(item) }
        #expect(lines == ServiceFeed.items)
        var count = 0
        for try await record in JSONLinesReader.records(of: body) { count += record.value.kind == .object ? 1 : 0 }
        #expect(count == ServiceFeed.items.count)
    }

    struct Feed: Codable, Equatable {
        var title: String
        var items: [ServiceFeed.Item]
    }

    @Test func wholeBodiesFromAByteBuffer() throws {
        let buffer = ByteBuffer(bytes: ServiceFeed.text)
        let expected = try JSONDecoder().decode(Feed.self, from: Data(ServiceFeed.text))
        #expect(try YAJLDecoder().decode(Feed.self, from: buffer) == expected)
        #expect(try JSONDocument(parsing: buffer).root["items"]?.count == ServiceFeed.items.count)
        var encoded = ByteBuffer(string: "prefix:")
        try YAJLEncoder().encode(ServiceFeed.items[1], into: &encoded)
        #expect(String(buffer: encoded) == #"prefix:{"id":1,"title":"item 1 é😀"}"#)
    }

    @Test func errorsBecomeAnswersThatSayWhatAndWhere() throws {
        let syntax = try #require(#expect(throws: JSONError.self) { try JSONDocument(parsing: ByteBuffer(string: "[1,\n 2 x]")) })
        let answer = try #require(JSONErrorResponse(for: syntax))
        #expect(answer.statusCode == 400 && answer.message.hasPrefix("syntax error at line 2, column"))
        #expect(answer.bodyText.hasPrefix(#"{"error":{"message":"syntax error at line 2"#) && answer.bodyText.contains(#""line":2,"column":"#))

        let truncated = try #require(#expect(throws: DecodingError.self) { try YAJLDecoder().decode(Feed.self, from: ByteBuffer(string: #"{"title": "#)) })
        #expect(JSONErrorResponse(for: truncated)?.statusCode == 400)
        #expect(JSONErrorResponse(for: truncated)?.message.hasPrefix("unexpected end of input at line 1") == true)

        let wrongType = try #require(#expect(throws: DecodingError.self) {
            try YAJLDecoder().decode(Feed.self, from: ByteBuffer(string: #"{"title": "t", "items": [{"id": 1, "title": "a"}, {"id": "2", "title": "b"}]}"#))
        })
        let typeAnswer = try #require(JSONErrorResponse(for: wrongType))
        #expect(typeAnswer.statusCode == 422 && typeAnswer.message.hasPrefix("items[1].id: expected Int"), "\(typeAnswer.message)")

        let model = try #require(#expect(throws: JSONModelError.self) { try JSONArray<String>(json: JSONDocument(parsing: ByteBuffer(string: "[\"a\", 2]")).root) })
        let modelAnswer = try #require(JSONErrorResponse(for: model))
        #expect(modelAnswer.statusCode == 422)
        #expect(modelAnswer.bodyText.contains(#""issues":[{"path":"[1]","reason":"expected string, found number","offset":6,"line":1,"column":7}]"#), "\(modelAnswer.bodyText)")

        #expect(JSONErrorResponse(JSONError.targetNotAnArray("items", found: .object, at: JSONSourceLocation(offset: 9, line: 1, column: 10))).statusCode == 422)
        #expect(JSONErrorResponse(JSONError.tooLarge(.inputBytes, limit: 10, at: JSONSourceLocation(offset: 10, line: 1, column: 11))).statusCode == 413)
        #expect(JSONErrorResponse(for: CancellationError()) == nil)
    }
}
#endif
