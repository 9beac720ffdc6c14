import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct StreamedItem {
    var id: Int
    var title: String
}

struct DecodedItem: Decodable, Equatable {
    var id: Int
    var title: String
}

@Suite("Streams hand out models and Decodable values")
struct StreamTypedElementsTests {
    static let feed = #"{"title": "feed", "items": [{"id": 1, "title": "a", "x": [1]}, {"id": 2, "title": "b"}], "count": 2}"#

    @Test func elementsAsModels() throws {
        var reader = try JSONElementReader(chunks: [Array(Self.feed.utf8)], at: "/items")
        var items: [StreamedItem] = []
        while let item = try reader.next(StreamedItem.self) { items.append(item) }
        #expect(items.map(\.title) == ["a", "b"])
        #expect(items[0].json["x"]?[0]?.int == 1)
        #expect(reader.envelope?["count"]?.int == 2)
    }

    @Test func jsonLinesAsDecodableValues() throws {
        let lines = "{\"id\": 1, \"title\": \"a\"}\n{\"id\": 2, \"title\": \"b\"}\n"
        var reader = JSONLinesReader(chunks: [Array(lines.utf8)])
        var items: [DecodedItem] = []
        while let item = try reader.next(DecodedItem.self, using: YAJLDecoder()) { items.append(item) }
        #expect(items == [DecodedItem(id: 1, title: "a"), DecodedItem(id: 2, title: "b")])
    }

    @Test func aRecordThatIsNotAModelThrowsAndTheReaderMovesOn() throws {
        var reader = try JSONElementReader(chunks: [Array(#"[{"id": "x", "title": "a"}, {"id": 2, "title": "b"}]"#.utf8)])
        #expect(throws: JSONModelError.self) { try reader.next(StreamedItem.self) }
        #expect(try reader.next(StreamedItem.self)?.id == 2)
        #expect(try reader.next(StreamedItem.self) == nil)
    }
}
