import Foundation
import Testing

@testable import YAJLModel

@Suite("Editing documents by pointer")
struct DocumentEditingTests {
    let text = """
        {
          "name": "Ada",  "age": 36,
          "score": 1.50e2, "tags": [ "x", "y" ],
          "address": {"city": "London", "zip": "N1"},
          "escaped": "caf\\u00e9"
        }
        """

    @Test func settingAMemberChangesOnlyItsValue() throws {
        let document = try JSONDocument(parsing: text)
        let edited = try document.setting("Oslo", at: "/address/city")
        #expect(edited.jsonString() == text.replacingOccurrences(of: "\"London\"", with: "\"Oslo\""))
        #expect(edited.root[pointer: "/address/city"]?.string == "Oslo")
        #expect(document.root[pointer: "/address/city"]?.string == "London")
    }

    @Test func newMembersGoAtTheEndOfTheirObject() throws {
        let document = try JSONDocument(parsing: #"{"a": 1, "b": {"c": 2}}"#)
        let edited = try document.setting(["x", nil, 1.5], at: "/b/d").setting(true, at: "/z")
        #expect(edited.jsonString() == #"{"a": 1, "b": {"c": 2, "d": ["x", null, 1.5]}, "z": true}"#)
    }

    @Test func newMembersOfPrettyPrintedObjectsFollowTheirIndentation() throws {
        let document = try JSONDocument(parsing: "{\n  \"a\": 1\n}")
        #expect(try document.setting(2, at: "/b").jsonString() == "{\n  \"a\": 1,\n  \"b\": 2\n}")
        let empty = try JSONDocument(parsing: "{ }")
        #expect(try empty.setting(2, at: "/b").jsonString() == #"{ "b":2 }"#)
    }

    @Test func removingKeepsTheRestsFormatting() throws {
        let document = try JSONDocument(parsing: text)
        let edited = try document.removing(at: "/name").removing(at: "/tags/0").removing(at: "/escaped")
        #expect(
            edited.jsonString() == """
                {
                  "age": 36,
                  "score": 1.50e2, "tags": [ "y" ],
                  "address": {"city": "London", "zip": "N1"}
                }
                """)
    }

    @Test func untouchedValuesKeepTheirText() throws {
        let document = try JSONDocument(parsing: text)
        let edited = try document.setting(37, at: "/age")
        let written = edited.jsonString()
        #expect(written.contains("1.50e2"))
        #expect(written.contains(#""caf\u00e9""#))
    }

    @Test func arrayEditsShiftLaterIndexes() throws {
        let document = try JSONDocument(parsing: "[0, 1, 2, 3]")
        var edited = try document.inserting("a", at: "/1")  // [0, a, 1, 2, 3]
        edited = try edited.removing(at: "/3")  // [0, a, 1, 3]
        edited = try edited.setting("b", at: "/3")  // [0, a, 1, b]
        edited = try edited.inserting("c", at: "/0")  // [c, 0, a, 1, b]
        edited = try edited.inserting("d", at: "/-")  // [c, 0, a, 1, b, d]
        edited = try edited.inserting("e", at: "/2")  // [c, 0, e, a, 1, b, d]
        #expect(edited.jsonString() == #"["c", 0, "e", "a", 1, "b", "d"]"#)
        #expect(edited.root.array?.map { JSON($0) } == ["c", 0, "e", "a", 1, "b", "d"])
        #expect(document.jsonString() == "[0, 1, 2, 3]")
    }

    @Test func editsInsideNewValuesAndRemovedThenRestoredMembers() throws {
        let document = try JSONDocument(parsing: #"{"a": 1, "b": 2}"#)
        var edited = try document.setting(["list": [1, 2]], at: "/n")
        edited = try edited.inserting(0, at: "/n/list/0").removing(at: "/a").setting(9, at: "/a")
        #expect(edited.jsonString() == #"{"a": 9, "b": 2, "n": {"list": [0, 1, 2]}}"#)
    }

    @Test func settingTheRootReplacesEverything() throws {
        let document = try JSONDocument(parsing: "[1]")
        #expect(try document.setting(["k": "v"], at: "").jsonString() == #"{"k":"v"}"#)
    }

    @Test func valuesOfOtherDocumentsAreCopiedAsTheirText() throws {
        let other = try JSONDocument(parsing: #"{"when": 1.0e3, "s": "\u0041"}"#)
        let edited = try JSONDocument(parsing: "{}").setting(other.root, at: "/copied")
        #expect(edited.jsonString() == #"{"copied":{"when": 1.0e3, "s": "\u0041"}}"#)
    }

    @Test func badPointersAreTypedErrorsAndLeaveTheDocumentAlone() throws {
        let document = try JSONDocument(parsing: #"{"a": [1], "s": "x"}"#)
        #expect(throws: JSONEditError(.missingValue, pointer: "/missing/x")) { try document.setting(1, at: "/missing/x") }
        #expect(throws: JSONEditError(.notAContainer, pointer: "/s/x")) { try document.setting(1, at: "/s/x") }
        #expect(throws: JSONEditError(.invalidIndex, pointer: "/a/5")) { try document.setting(1, at: "/a/5") }
        #expect(throws: JSONEditError(.invalidIndex, pointer: "/a/01")) { try document.inserting(1, at: "/a/01") }
        #expect(throws: JSONEditError(.invalidPointer, pointer: "a")) { try document.removing(at: "a") }
        #expect(throws: JSONEditError(.cannotRemoveRoot, pointer: "")) { try document.removing(at: "") }
        #expect(throws: JSONEditError(.missingValue, pointer: "/b")) { try document.removing(at: "/b") }
        #expect(document.jsonString() == #"{"a": [1], "s": "x"}"#)
    }

    @Test func documentsWithCommentsAreReencodedAroundEdits() throws {
        var options = JSONParseOptions()
        options.allowComments = true
        let document = try JSONDocument(parsing: "{\"a\": /* one */ 1, \"b\": [2]}", options: options)
        let edited = try document.setting(3, at: "/b/0")
        #expect(edited.jsonString() == #"{"a":1,"b":[3]}"#)
    }

    @Test func repeatedKeysAreRemovedTogether() throws {
        let document = try JSONDocument(parsing: #"{"k": 1, "j": 0, "k": 2}"#)
        let edited = try document.removing(at: "/k")
        #expect(edited.jsonString() == #"{"j": 0}"#)
        #expect(edited.root["k"] == nil)
    }

    @Test func editedDocumentsParseWhenRead() throws {
        let document = try JSONDocument(parsing: #"{"a": 1}"#)
        let edited = try document.setting("two", at: "/b")
        #expect(edited.nodeCount == 5)
        #expect(edited.root["b"]?.string == "two")
        #expect(try edited.setting(3, at: "/c").jsonString() == #"{"a": 1, "b": "two", "c": 3}"#)
    }

    /// The writer repeats the white space before an original container's first child before
    /// each new child; the size bound that guards the document limit counted one byte each.
    @Test func theSizeBoundCountsTheLeadCopiedBeforeEachNewChild() throws {
        let lead = String(repeating: " ", count: 1_000)
        let document = try JSONDocument(parsing: "{\"list\": [\(lead)1], \"map\": {\(lead)\"a\": 1}}")
        var edited = document
        for index in 0..<20 {
            edited = try edited.inserting(JSON(integerLiteral: index), at: "/list/0").setting(JSON(integerLiteral: index), at: "/map/k\(index)")
        }
        let patched = try document.applying(JSONPatch((0..<20).flatMap { index in
            [.add(path: "/list/-", value: 1), .add(path: "/map/p\(index)", value: 2)]
        }))
        for result in [edited, patched] {
            let written = result.jsonData().count
            #expect(written > 40 * 1_000)
            #expect(try #require(result.edits).byteCountBound >= written)
            #expect(try #require(result.edits).value.byteCountBound >= written)
        }
    }
}
