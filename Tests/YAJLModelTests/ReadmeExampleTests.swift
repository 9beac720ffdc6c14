import Testing
import YAJLModel

/// The README's "Views" example, line for line, with its comments turned into expectations.
/// Keep the two in step: a change here is a change there.
@Test func readmeExample() throws {
    let body = #"""
        {"feed": {"title": "Uploads", "items": [
          {"title": "Bridge", "id": 18446744073709551615, "media": {"m": "https://example.com/b.jpg"}},
          {"title": "Harbour", "id": 42, "tags": ["sea", "boats"]}
        ]}}
        """#

    let document = try JSONDocument(parsing: body)
    let items = document.root[path: "feed.items"]

    #expect(items?.count ?? 0 == 2)
    #expect(items?[0]?["id"]?.uint64 ?? 0 == 18_446_744_073_709_551_615)
    #expect(items?[0]?[path: "media.m"]?.string ?? "" == "https://example.com/b.jpg")
    #expect(document.root[pointer: "/feed/items/1/tags/0"]?.stringView == "sea")
    #expect(items?[1]?.jsonString(options: [.sortedKeys]) ?? "" == #"{"id":42,"tags":["sea","boats"],"title":"Harbour"}"#)

    var location: [Int] = []
    do {
        _ = try JSONDocument(parsing: #"{"a": [1, 2}"#)
    } catch {
        location = [error.line, error.column, error.offset]
        #expect("\(error)" == "syntax error at line 1, column 12 (byte 11): expected ',' or ']' after an array element")
    }
    #expect(location == [1, 12, 11])

    // The prose after the example: an edit returns a new document sharing the original's bytes.
    let edited = try document.setting("Photos", at: "/feed/title")
    #expect(edited.root[path: "feed.title"]?.string == "Photos")
    #expect(document.root[path: "feed.title"]?.string == "Uploads")
}
