import Foundation
import Testing
import YAJLModel

/// `JSONArray`, arrays and dictionaries check and read their elements through values made
/// from the document without a retain (the container holds it for the call). An element
/// that is itself a view, a `JSONValue`, must still hold the document: under
/// AddressSanitizer (`.ci/test` runs this suite so), a missing retain is a use after free.
@Suite("Lifetime: elements read from a typed array outlive it and its document")
struct TypedArrayLifetimeTests {
    static let text = #"[{"name": "first"}, [1, 2], {"name": "third", "more": {"deep": true}}]"#

    @Test func jsonArrayElementsKeepTheirDocument() throws {
        let (second, third) = try { () throws -> (JSONValue, JSONValue) in
            let array = try JSONArray<JSONValue>(json: JSONDocument(parsing: Data(Self.text.utf8)).root)
            return (array[1], array[2])
        }()
        // Other documents reuse freed memory, so that a value read from a freed one would show.
        let others = try (0..<8).map { _ in try JSONDocument(parsing: Data(Self.text.utf8)) }
        #expect(second[1]?.int == 2)
        #expect(third["more"]?["deep"]?.bool == true)
        #expect(others.count == 8)
    }

    @Test func arrayAndDictionaryValuesKeepTheirDocument() throws {
        let (elements, members) = try { () throws -> ([JSONValue], [String: JSONValue]) in
            let root = try JSONDocument(parsing: Data(Self.text.utf8)).root
            var validation = JSONValidation()
            [JSONValue]._validate(root, into: &validation)
            [String: JSONValue]._validate(try #require(root[2]), into: &validation)
            #expect(validation.isValid)
            return ([JSONValue]._decode(validated: root), [String: JSONValue]._decode(validated: try #require(root[2])))
        }()
        let others = try (0..<8).map { _ in try JSONDocument(parsing: Data(Self.text.utf8)) }
        #expect(elements.count == 3 && elements[0]["name"]?.string == "first")
        #expect(members["more"]?["deep"]?.bool == true && members["name"]?.string == "third")
        #expect(others.count == 8)
    }

    @Test func checksReportEveryBadElementWithItsIndex() throws {
        let root = try JSONDocument(parsing: #"[1, "two", 3, null]"#).root
        #expect(throws: JSONModelError.self) { try JSONArray<Int>(json: root) }
        do {
            _ = try JSONArray<Int>(json: root)
        } catch {
            #expect(error.issues.map(\.path) == ["[1]", "[3]"])
        }
    }
}
