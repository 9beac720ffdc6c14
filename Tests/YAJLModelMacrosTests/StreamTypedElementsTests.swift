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
        let error = #expect(throws: JSONRecordError.self) { try reader.next(StreamedItem.self) }
        #expect(error?.index == 0)
        #expect((error?.underlying as? JSONModelError)?.issues.map(\.path) == ["[0].id"])
        #expect(try reader.next(StreamedItem.self)?.id == 2)
        #expect(try reader.next(StreamedItem.self) == nil)
    }

    /// Small elements share one document per 16 KiB of input; a model or a Decodable
    /// value read from one sees only its element: its text, its paths.
    @Test func elementsThatShareADocumentReadAsTheirOwnText() throws {
        let texts = (0..<50).map { #"{"id": \#($0), "title": "t\#($0)", "extra": [\#($0)]}"# }
        let feed = Array(("[" + texts.joined(separator: ", ") + "]").utf8)
        var models = try JSONElementReader(chunks: [feed])
        var written: [String] = []
        while let item = try models.next(StreamedItem.self) { written.append(item.jsonString()) }
        #expect(written == texts)

        var decoded = try JSONElementReader(chunks: [feed])
        #expect(try decoded.next(DecodedItem.self, using: YAJLDecoder()) == DecodedItem(id: 0, title: "t0"))

        let bad = Array(#"[{"id": 1, "title": "a"}, {"id": 2, "title": 3}]"#.utf8)
        var failing = try JSONElementReader(chunks: [bad])
        _ = try failing.next(DecodedItem.self, using: YAJLDecoder())
        do {
            _ = try failing.next(DecodedItem.self, using: YAJLDecoder())
            Issue.record("a number decoded as a String")
        } catch let error as JSONRecordError {
            #expect(error.index == 1)
            #expect(error.location.offset == 45)  // the 3, counted from the start of the input
            guard case DecodingError.typeMismatch(_, let context)? = error.underlying as? DecodingError else {
                Issue.record("expected a type mismatch, got \(error.underlying)")
                return
            }
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "title"])
        }
        var failingModels = try JSONElementReader(chunks: [bad])
        _ = try failingModels.next(StreamedItem.self)
        do {
            _ = try failingModels.next(StreamedItem.self)
            Issue.record("a number read as a String")
        } catch let error as JSONRecordError {
            #expect(error.index == 1)
            #expect((error.underlying as? JSONModelError)?.issues.map(\.path) == ["[1].title"])
        }
    }
}
