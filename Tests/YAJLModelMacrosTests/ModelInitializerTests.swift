import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct InitBook {
    var title: String
    var pages: Int
}

@Suite("init(json:) and init(parsing:)")
struct ModelInitializerTests {
    static let text = #"{"title": "Notes", "pages": 42, "publisher": {"name": "Taylor"}}"#

    @Test func fromData() throws {
        let book = try InitBook(parsing: Data(Self.text.utf8))
        #expect(book.title == "Notes")
        #expect(book.pages == 42)
    }

    @Test func fromString() throws {
        let book = try InitBook(parsing: Self.text)
        #expect(book.title == "Notes")
    }

    @Test func fromBytes() throws {
        let book = try InitBook(parsing: Array(Self.text.utf8))
        #expect(book.pages == 42)
    }

    @Test func fromAJSONValue() throws {
        let document = try JSONDocument(parsing: #"{"books": [\#(Self.text)]}"#)
        let value = try #require(document.root["books"]?[0])
        let book = try InitBook(json: value)
        #expect(book.title == "Notes")
        #expect(book.json == value)
    }

    @Test func parseOptionsAreUsed() throws {
        let commented = #"{"title": "Notes", /* a comment */ "pages": 42}"#
        #expect(throws: JSONModelError.self) { try InitBook(parsing: commented) }
        var options = JSONParseOptions()
        options.allowComments = true
        let book = try InitBook(parsing: commented, options: options)
        #expect(book.pages == 42)
        let fromData = try InitBook(parsing: Data(commented.utf8), options: options)
        #expect(fromData == book)
        let fromBytes = try InitBook(parsing: Array(commented.utf8), options: options)
        #expect(fromBytes == book)
    }

    @Test func depthLimitFromOptions() throws {
        var options = JSONParseOptions()
        options.maxDepth = 1
        let error = ModelTestSupport.modelError { _ = try InitBook(parsing: Self.text, options: options) }
        guard case .invalidJSON = try #require(error?.issues.first).reason else {
            Issue.record("expected invalid JSON, got \(String(describing: error))")
            return
        }
    }

    @Test func invalidJSONIsAModelErrorWithTheParserOffset() throws {
        let text = #"{"title": "Notes", "pages": 4x2}"#
        let error = try #require(ModelTestSupport.modelError { _ = try InitBook(parsing: text) })
        #expect(error.issues.count == 1)
        guard case .invalidJSON(let parseError) = error.issues[0].reason else {
            Issue.record("expected invalid JSON, got \(error)")
            return
        }
        #expect(error.issues[0].offset == parseError.offset)
        #expect(error.issues[0].offset >= 28 && error.issues[0].offset <= 30)
        #expect(error.issues[0].path == "")
    }

    @Test(arguments: ["[]", "\"text\"", "42", "null", "true"])
    func nonObjectRootIsWrongKind(text: String) throws {
        let error = try #require(ModelTestSupport.modelError { _ = try InitBook(parsing: text) })
        #expect(error.issues.count == 1)
        #expect(error.issues[0].path == "")
        #expect(error.issues[0].offset == 0)
        guard case .wrongKind(expected: "object", found: _) = error.issues[0].reason else {
            Issue.record("expected a wrong kind, got \(error)")
            return
        }
    }

    @Test func unmappedKeysAreKeptInJSON() throws {
        let book = try InitBook(parsing: Self.text)
        #expect(book.json["publisher"]?["name"]?.string == "Taylor")
        #expect(book.json.count == 3)
        #expect(book.jsonString() == Self.text)  // with no options, the original text
        #expect(book.jsonString(options: .sortedKeys) == #"{"pages":42,"publisher":{"name":"Taylor"},"title":"Notes"}"#)
    }
}
