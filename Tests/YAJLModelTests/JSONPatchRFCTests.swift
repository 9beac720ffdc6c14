import Foundation
import Testing

@testable import YAJLModel

/// An owned value from JSON text.
func ownedJSON(_ text: String) throws -> JSON {
    JSON(try JSONDocument(parsing: text).root)
}

/// Whether two owned values are the same JSON by value (objects in any member order,
/// numbers by value), judged by `JSONValue`'s `==` rather than by the code under test.
func sameJSONValue(_ a: JSON, _ b: JSON) throws -> Bool {
    try a.document().root == b.document().root
}

@Suite("JSON Patch: the examples of RFC 6902, Appendix A")
struct JSONPatchRFCTests {
    /// Applies `patch` to `document` (both JSON text) and checks the result against `expected`.
    private func check(
        _ document: String, _ patch: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try ownedJSON(document).applying(JSONPatch(parsing: patch))
        let wanted = try ownedJSON(expected)
        #expect(try sameJSONValue(result, wanted), "got \(result.jsonString())", sourceLocation: sourceLocation)
        // The same patch on a parsed document, whose edits are recorded over its text.
        let parsed = try JSONDocument(parsing: document)
        let edited = try parsed.applying(JSONPatch(parsing: patch))
        #expect(try edited.root == wanted.document().root, "got \(edited.jsonString())", sourceLocation: sourceLocation)
        #expect(try JSONDocument(parsing: edited.jsonString()).root == wanted.document().root, sourceLocation: sourceLocation)
        #expect(parsed.jsonString() == document, sourceLocation: sourceLocation)
    }

    /// The error that applying `patch` to `document` throws.
    private func failure(_ document: String, _ patch: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> JSONEditError?
    {
        let target = try ownedJSON(document)
        let patch = try JSONPatch(parsing: patch)
        let error = #expect(throws: JSONEditError.self, sourceLocation: sourceLocation) { try target.applying(patch) }
        // A parsed document fails the same way.
        let parsed = try JSONDocument(parsing: document)
        let documentError = #expect(throws: JSONEditError.self, sourceLocation: sourceLocation) { try parsed.applying(patch) }
        #expect(documentError == error, sourceLocation: sourceLocation)
        return error
    }

    @Test("A.1 Adding an Object Member") func addObjectMember() throws {
        try check(
            #"{ "foo": "bar"}"#,
            #"[ { "op": "add", "path": "/baz", "value": "qux" } ]"#,
            #"{ "baz": "qux", "foo": "bar" }"#)
        // A new member goes at the end.
        let result = try ownedJSON(#"{ "foo": "bar"}"#).applying(
            JSONPatch(parsing: #"[ { "op": "add", "path": "/baz", "value": "qux" } ]"#))
        #expect(result.jsonString() == #"{"foo":"bar","baz":"qux"}"#)
    }

    @Test("A.2 Adding an Array Element") func addArrayElement() throws {
        try check(
            #"{ "foo": [ "bar", "baz" ] }"#,
            #"[ { "op": "add", "path": "/foo/1", "value": "qux" } ]"#,
            #"{ "foo": [ "bar", "qux", "baz" ] }"#)
    }

    @Test("A.3 Removing an Object Member") func removeObjectMember() throws {
        try check(
            #"{ "baz": "qux", "foo": "bar" }"#,
            #"[ { "op": "remove", "path": "/baz" } ]"#,
            #"{ "foo": "bar" }"#)
    }

    @Test("A.4 Removing an Array Element") func removeArrayElement() throws {
        try check(
            #"{ "foo": [ "bar", "qux", "baz" ] }"#,
            #"[ { "op": "remove", "path": "/foo/1" } ]"#,
            #"{ "foo": [ "bar", "baz" ] }"#)
    }

    @Test("A.5 Replacing a Value") func replaceValue() throws {
        try check(
            #"{ "baz": "qux", "foo": "bar" }"#,
            #"[ { "op": "replace", "path": "/baz", "value": "boo" } ]"#,
            #"{ "baz": "boo", "foo": "bar" }"#)
    }

    @Test("A.6 Moving a Value") func moveValue() throws {
        try check(
            #"""
            { "foo": { "bar": "baz", "waldo": "fred" }, "qux": { "corge": "grault" } }
            """#,
            #"[ { "op": "move", "from": "/foo/waldo", "path": "/qux/thud" } ]"#,
            #"""
            { "foo": { "bar": "baz" }, "qux": { "corge": "grault", "thud": "fred" } }
            """#)
    }

    @Test("A.7 Moving an Array Element") func moveArrayElement() throws {
        try check(
            #"{ "foo": [ "all", "grass", "cows", "eat" ] }"#,
            #"[ { "op": "move", "from": "/foo/1", "path": "/foo/3" } ]"#,
            #"{ "foo": [ "all", "cows", "eat", "grass" ] }"#)
    }

    @Test("A.8 Testing a Value: Success") func testSuccess() throws {
        let document = #"{ "baz": "qux", "foo": [ "a", 2, "c" ] }"#
        try check(
            document,
            #"""
            [
              { "op": "test", "path": "/baz", "value": "qux" },
              { "op": "test", "path": "/foo/1", "value": 2 }
            ]
            """#,
            document)
    }

    @Test("A.9 Testing a Value: Error") func testError() throws {
        let error = try failure(#"{ "baz": "qux" }"#, #"[ { "op": "test", "path": "/baz", "value": "bar" } ]"#)
        #expect(
            error
                == JSONEditError(
                    .testFailed(expected: "bar", found: "qux"), pointer: "/baz", operationIndex: 0,
                    operationName: "test"))
        #expect(error?.description == #"JSON Patch operation 0 (test at "/baz"): expected "bar", found "qux""#)
    }

    @Test("A.10 Adding a Nested Member Object") func addNestedMemberObject() throws {
        try check(
            #"{ "foo": "bar" }"#,
            #"[ { "op": "add", "path": "/child", "value": { "grandchild": { } } } ]"#,
            #"{ "foo": "bar", "child": { "grandchild": { } } }"#)
    }

    @Test("A.11 Ignoring Unrecognized Elements") func ignoreUnrecognizedElements() throws {
        let patch = try JSONPatch(parsing: #"[ { "op": "add", "path": "/baz", "value": "qux", "xyz": 123 } ]"#)
        #expect(patch == JSONPatch([.add(path: "/baz", value: "qux")]))
        try check(
            #"{ "foo": "bar" }"#,
            #"[ { "op": "add", "path": "/baz", "value": "qux", "xyz": 123 } ]"#,
            #"{ "foo": "bar", "baz": "qux" }"#)
    }

    @Test("A.12 Adding to a Nonexistent Target") func addToNonexistentTarget() throws {
        let error = try failure(#"{ "foo": "bar" }"#, #"[ { "op": "add", "path": "/baz/bat", "value": "qux" } ]"#)
        #expect(error == JSONEditError(.missingValue, pointer: "/baz/bat", operationIndex: 0, operationName: "add"))
    }

    @Test("A.13 Invalid JSON Patch Document") func invalidPatchDocument() throws {
        // "op" twice: RFC 6902 treats the operation as malformed, not as the last "op".
        let error = #expect(throws: JSONEditError.self) {
            try JSONPatch(parsing: #"[ { "op": "add", "path": "/baz", "value": "qux", "op": "remove" } ]"#)
        }
        #expect(error?.reason == .invalidPatch(#"repeated "op""#))
        #expect(error?.operationIndex == 0)
    }

    @Test("A.14 ~ Escape Ordering") func escapeOrdering() throws {
        try check(
            #"{ "/": 9, "~1": 10 }"#,
            #"[ {"op": "test", "path": "/~01", "value": 10} ]"#,
            #"{ "/": 9, "~1": 10 }"#)
    }

    @Test("A.15 Comparing Strings and Numbers") func comparingStringsAndNumbers() throws {
        let error = try failure(#"{ "/": 9, "~1": 10 }"#, #"[ {"op": "test", "path": "/~01", "value": "10"} ]"#)
        #expect(error?.reason == .testFailed(expected: "10", found: 10))
        #expect(error?.pointer == "/~01")
    }

    @Test("A.16 Adding an Array Value") func addArrayValue() throws {
        try check(
            #"{ "foo": ["bar"] }"#,
            #"[ { "op": "add", "path": "/foo/-", "value": ["abc", "def"] } ]"#,
            #"{ "foo": ["bar", ["abc", "def"]] }"#)
    }

    // MARK: The sections' own examples

    @Test("Section 4: each operation as written in the RFC parses to the operation")
    func sectionFourOperationsParse() throws {
        let patch = try JSONPatch(
            parsing: #"""
                [
                  { "op": "test", "path": "/a/b/c", "value": "foo" },
                  { "op": "remove", "path": "/a/b/c" },
                  { "op": "add", "path": "/a/b/c", "value": [ "foo", "bar" ] },
                  { "op": "replace", "path": "/a/b/c", "value": 42 },
                  { "op": "move", "from": "/a/b/c", "path": "/a/b/d" },
                  { "op": "copy", "from": "/a/b/d", "path": "/a/b/e" }
                ]
                """#)
        #expect(
            patch.operations == [
                .test(path: "/a/b/c", value: "foo"),
                .remove(path: "/a/b/c"),
                .add(path: "/a/b/c", value: ["foo", "bar"]),
                .replace(path: "/a/b/c", value: 42),
                .move(from: "/a/b/c", path: "/a/b/d"),
                .copy(from: "/a/b/d", path: "/a/b/e"),
            ])
        // And it applies, start to end, to a document where /a/b/c is "foo".
        let result = try ownedJSON(#"{"a": {"b": {"c": "foo"}}}"#).applying(patch)
        #expect(try sameJSONValue(result, ownedJSON(#"{"a": {"b": {"d": 42, "e": 42}}}"#)))
        // The patch document written back parses to the same patch.
        #expect(try JSONPatch(json: patch.json) == patch)
        #expect(try JSONPatch(parsing: patch.json.jsonData()) == patch)
    }
}
