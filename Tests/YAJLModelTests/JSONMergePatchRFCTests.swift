import Foundation
import Testing

@testable import YAJLModel

@Suite("JSON Merge Patch: the examples of RFC 7386")
struct JSONMergePatchRFCTests {
    /// The table of Appendix A: original, patch, result.
    static let appendixA: [(original: String, patch: String, result: String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a": {"b": "c"}}"#, #"{"a": {"b": "d", "c": null}}"#, #"{"a": {"b": "d"}}"#),
        (#"{"a": [{"b":"c"}]}"#, #"{"a": [1]}"#, #"{"a": [1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, #"null"#, #"null"#),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]

    @Test("Appendix A", arguments: appendixA.indices)
    func appendixARow(_ row: Int) throws {
        let example = Self.appendixA[row]
        let original = try ownedJSON(example.original)
        let result = original.merging(try ownedJSON(example.patch))
        let expected = try ownedJSON(example.result)
        // Existing members keep their place and new ones are appended, so even the member
        // order of the RFC's results comes out: compare structurally, then by value.
        #expect(result == expected, "row \(row + 1): got \(result.jsonString())")
        #expect(try sameJSONValue(result, expected))
        // The mutating form gives the same, and merging left the original alone.
        var merged = original
        merged.merge(try ownedJSON(example.patch))
        #expect(merged == result)
        #expect(original == (try ownedJSON(example.original)))
        // A parsed document merges to the same value, leaving the original text alone.
        let parsed = try JSONDocument(parsing: example.original)
        let edited = try parsed.merging(try ownedJSON(example.patch))
        #expect(edited.root == (try expected.document().root), "row \(row + 1): got \(edited.jsonString())")
        #expect(parsed.jsonString() == example.original)
    }

    @Test("Section 3: the blog post example")
    func sectionThreeExample() throws {
        let target = try ownedJSON(
            #"""
            {
              "title": "Goodbye!",
              "author" : {
                "givenName" : "John",
                "familyName" : "Doe"
              },
              "tags":[ "example", "sample" ],
              "content": "This will be unchanged"
            }
            """#)
        let patch = try ownedJSON(
            #"""
            {
              "title": "Hello!",
              "phoneNumber": "+01-123-456-7890",
              "author": {
                "familyName": null
              },
              "tags": [ "example" ]
            }
            """#)
        let expected = try ownedJSON(
            #"""
            {
              "title": "Hello!",
              "author" : {
                "givenName" : "John"
              },
              "tags": [ "example" ],
              "content": "This will be unchanged",
              "phoneNumber": "+01-123-456-7890"
            }
            """#)
        let result = target.merging(patch)
        #expect(result == expected, "got \(result.jsonString())")
        #expect(try sameJSONValue(result, expected))
    }

    @Test("Nulls inside arrays and in values that replace are kept; a later repeated key wins")
    func nullsOutsideObjectPatchesAndRepeatedKeys() throws {
        #expect(JSON.null.merging(["a": [nil, 1]]) == ["a": [nil, 1]])
        #expect((["a": 1] as JSON).merging(["b": ["c": nil, "d": 2]]) == ["a": 1, "b": ["d": 2]])
        // Repeated keys in the patch apply in order.
        let patch = try ownedJSON(#"{"a": 1, "a": null, "b": null, "b": 2}"#)
        #expect((["a": 0, "c": 3] as JSON).merging(patch) == ["c": 3, "b": 2])
    }
}
