import Foundation
import Testing
import YAJLModel

/// The README's "Codable" example, line for line (after the "Views" example's `body`), with its
/// comments turned into expectations. Keep the two in step.
@Test func readmeCodableExample() throws {
    let body = #"""
        {"feed": {"title": "Uploads", "items": [
          {"title": "Bridge", "id": 18446744073709551615, "media": {"m": "https://example.com/b.jpg"}},
          {"title": "Harbour", "id": 42, "tags": ["sea", "boats"]}
        ]}}
        """#

    struct Item: Codable { var title: String; var id: UInt64; var tags: [String]? }

    let decoder = YAJLDecoder()                                           // in place of JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase                   // Foundation's strategies
    let items = try decoder.decode([Item].self, from: body, at: "feed.items")   // just that part of `body`
    #expect(items[0].id == 18_446_744_073_709_551_615)

    let encoder = YAJLEncoder()                                           // in place of JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    #expect(String(decoding: try encoder.encode(items[1]), as: UTF8.self) == #"{"id":42,"tags":["sea","boats"],"title":"Harbour"}"#)

    // The prose: errors are `DecodingError`s with `JSONDecoder`'s coding paths.
    struct Feed: Codable { var title: String; var items: [Item] }
    var path: [String] = []
    do {
        _ = try decoder.decode(Feed.self, from: #"{"title": "x", "items": [{"title": 7, "id": 1}]}"#)
    } catch DecodingError.typeMismatch(_, let context) {
        path = context.codingPath.map(\.stringValue)
    }
    #expect(path == ["items", "Index 0", "title"])

    // The DocC article's model that reads its own JSON.
    struct Envelope: Decodable {
        let raw: JSONValue
        init(from decoder: any Decoder) throws { raw = try JSONValue(from: decoder) }
    }
    let document = try JSONDocument(parsing: body)
    let envelope = try decoder.decode(Envelope.self, from: document.root, at: "feed.items.1")
    #expect(envelope.raw.document === document)
    #expect(try JSONDecoder().decode(Envelope.self, from: Data(body.utf8)).raw == document.root)
}
