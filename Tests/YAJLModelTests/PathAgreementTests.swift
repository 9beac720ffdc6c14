import Foundation
import Testing
@testable import YAJLModel

/// One table of pointers and dotted paths, run through every API that takes one: they
/// share one tokenizer and one index rule, so a string must find the same value in all.
@Suite("Pointers and paths mean the same in every API")
struct PathAgreementTests {
    static let document = #"""
        {"a": {"3": [1, 2], "b": [10, [20, 21]], "c.d": 5, "x/y": 6, "~": 7},
         "items": [{"id": 1}, {"id": 2}], "00": 8, "0": 9, "": 0}
        """#

    /// A pointer (empty or starting with `/`) or a dotted path, and the JSON text it finds.
    static let cases: [(location: String, found: String?)] = [
        ("", document),
        ("a.3", "[1, 2]"), ("/a/3", "[1, 2]"),
        ("a[3]", nil),  // a bracketed index names an element, never a member
        ("a.b.1", "[20, 21]"), ("a.b[1]", "[20, 21]"), ("/a/b/1", "[20, 21]"),
        ("a.b[1][0]", "20"), ("a.b.1.0", "20"), ("/a/b/1/1", "21"),
        ("a.b.01", nil), ("a.b[01]", nil), ("/a/b/01", nil),  // no leading zeros
        ("items[1].id", "2"), ("items.1.id", "2"), ("/items/1/id", "2"),
        ("items.-1", nil), ("items[+1]", nil), ("/items/-", nil), ("items[]", nil), ("items.2", nil),
        ("items", #"[{"id": 1}, {"id": 2}]"#), ("/items", #"[{"id": 1}, {"id": 2}]"#),
        ("/a/x~1y", "6"), ("/a/~0", "7"), ("/a/~2", nil), ("/a/~", nil),
        ("/a/c.d", "5"), ("a.c.d", nil),
        ("00", "8"), ("/00", "8"), ("0", "9"), ("/0", "9"), ("/", "0"),
    ]

    static let root: JSONValue = {
        do { return try JSONDocument(parsing: document).root } catch { fatalError("the fixture parses: \(error)") }
    }()

    @Test(arguments: cases)
    func readingFindsTheValue(location: String, found: String?) throws {
        let value = JSONPath.isPointer(location) ? Self.root[pointer: location] : Self.root[path: location]
        #expect(try value?.jsonValueEquals(found) ?? (found == nil), "\(location)")
    }

    @Test(arguments: cases)
    func decodingAtTheLocationFindsTheValue(location: String, found: String?) throws {
        let decoded = try? YAJLDecoder().decode(JSONValue.self, from: Self.document, at: location)
        #expect(try decoded?.jsonValueEquals(found) ?? (found == nil), "\(location)")
    }

    @Test(arguments: cases.filter { JSONPath.isPointer($0.location) })
    func editingReadsAndWritesThePointer(location: String, found: String?) throws {
        let json = JSON(Self.root)
        let expected = try found.map { JSON(try JSONDocument(parsing: $0).root) }
        #expect(json[pointer: location] == expected, "\(location)")
        guard found != nil else { return }
        let edited = try JSONDocument(parsing: Self.document).setting("edited", at: location)
        #expect(edited.root[pointer: location]?.string == "edited", "\(location)")
    }

    @Test(arguments: cases)
    func streamingTargetsTheSameArray(location: String, found: String?) throws {
        var reader = try JSONElementReader(chunks: [Array(Self.document.utf8)], at: .init(stringLiteral: location))
        guard let found, let expected = try JSONDocument(parsing: found).root.array else {
            // Nothing there, or not an array: an error that names the target, never an empty read.
            let error = #expect(throws: JSONError.self, "\(location)") { while try reader.next() != nil {} }
            if case .targetNotAnArray(let target, _, _)? = error { #expect(target == location) }
            else { Issue.record("\(location): \(String(describing: error))") }
            return
        }
        var elements: [JSONValue] = []
        while let element = try reader.next() { elements.append(element) }
        #expect(elements == Array(expected), "\(location)")
    }
}

extension JSONValue {
    /// Whether this value equals the JSON `text` (nil: never).
    fileprivate func jsonValueEquals(_ text: String?) throws -> Bool {
        guard let text else { return false }
        return try JSONDocument(parsing: text).root == self
    }
}
