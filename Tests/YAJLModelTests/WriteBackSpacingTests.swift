import Foundation
import Testing

@testable import YAJLModel

/// An edited document keeps its file's formatting: new members and elements are spaced as
/// their container's others are (after the colon, after commas, and on lines of their own
/// with its indentation when its members stand on lines of their own), and the text around
/// the root stays.
@Suite("Writing back keeps the file's spacing")
struct WriteBackSpacingTests {
    /// A pretty-printed config file, as editors and `JSON.stringify(value, null, 2)` write it.
    static let config = """
        {
          "database": {
            "host": "db.internal",
            "port": 5432
          },
          "replicas": [ "a", "b" ],
          "limits": [1, 2]
        }

        """

    @Test func aNewMemberOfAPrettyPrintedObjectIsSpacedAndIndentedAsItsMembers() throws {
        let document = try JSONDocument(parsing: Self.config)
        let edited = try document.setting("require", at: "/database/ssl_mode")
        #expect(edited.jsonString() == Self.config.replacingOccurrences(of: "5432\n", with: "5432,\n    \"ssl_mode\": \"require\"\n"))
        #expect(edited.jsonData() == Data(edited.jsonString().utf8))
    }

    @Test func anInlineArrayKeepsItsInnerSpacesWhenAnElementIsAdded() throws {
        let document = try JSONDocument(parsing: Self.config)
        let appended = try document.inserting("c", at: "/replicas/-")
        #expect(appended.jsonString() == Self.config.replacingOccurrences(of: #"[ "a", "b" ]"#, with: #"[ "a", "b", "c" ]"#))
        let first = try document.inserting("z", at: "/replicas/0")
        #expect(first.jsonString() == Self.config.replacingOccurrences(of: #"[ "a", "b" ]"#, with: #"[ "z", "a", "b" ]"#))
        let numbers = try document.inserting(3, at: "/limits/-").inserting(0, at: "/limits/1")
        #expect(numbers.jsonString() == Self.config.replacingOccurrences(of: "[1, 2]", with: "[1, 0, 2, 3]"))
    }

    @Test func aNewContainerValueUsesTheDocumentsSpacing() throws {
        let document = try JSONDocument(parsing: #"{"a": 1, "b": [1, 2]}"#)
        let edited = try document.setting(["d": [3, 4], "e": [:]], at: "/c")
        #expect(edited.jsonString() == #"{"a": 1, "b": [1, 2], "c": {"d": [3, 4], "e": {}}}"#)
        // In a pretty-printed object, a new member's object stands on lines of its own.
        let pretty = try JSONDocument(parsing: Self.config).setting(["mode": "require", "ca": ["x", "y"]], at: "/database/tls")
        #expect(
            pretty.jsonString() == Self.config.replacingOccurrences(
                of: "5432\n",
                with: "5432,\n    \"tls\": {\n      \"mode\": \"require\",\n      \"ca\": [\n        \"x\",\n        \"y\"\n      ]\n    }\n"))
    }

    @Test func aCompactDocumentStaysCompact() throws {
        let document = try JSONDocument(parsing: #"{"a":1,"b":[1,2]}"#)
        let edited = try document.setting(["d": [3, 4]], at: "/c").inserting(0, at: "/b/0")
        #expect(edited.jsonString() == #"{"a":1,"b":[0,1,2],"c":{"d":[3,4]}}"#)
    }

    @Test func theColonsOwnSpacesAreCopied() throws {
        let document = try JSONDocument(parsing: #"{"a" : 1}"#)
        #expect(try document.setting(2, at: "/b").jsonString() == #"{"a" : 1, "b" : 2}"#)
        let tabs = try JSONDocument(parsing: "{\r\n\t\"a\":\t1\r\n}\r\n")
        #expect(try tabs.setting(2, at: "/b").jsonString() == "{\r\n\t\"a\":\t1,\r\n\t\"b\":\t2\r\n}\r\n")
    }

    @Test func aMemberAddedToAnEmptyObjectGoesBetweenItsSpaces() throws {
        let document = try JSONDocument(parsing: #"{"options": { }, "list": [ ]}"#)
        let edited = try document.setting(true, at: "/options/verbose").inserting(1, at: "/list/-")
        #expect(edited.jsonString() == #"{"options": { "verbose": true }, "list": [ 1 ]}"#)
    }

    @Test func patchesAndMergePatchesAreSpacedTheSameWay() throws {
        let document = try JSONDocument(parsing: Self.config)
        let expected = Self.config.replacingOccurrences(of: "5432\n", with: "5432,\n    \"ssl_mode\": \"require\"\n")
        #expect(try document.merging(["database": ["ssl_mode": "require"]]).jsonString() == expected)
        let patch = try JSONPatch(parsing: #"[{"op": "add", "path": "/database/ssl_mode", "value": "require"}]"#)
        #expect(try document.applying(patch).jsonString() == expected)
        // A value of another document, set as a `JSONValue`, keeps its own text.
        let value = try JSONDocument(parsing: #"{"x":[1,2]}"#).root
        #expect(try JSONDocument(parsing: #"{"a": 1}"#).setting(value, at: "/b").jsonString() == #"{"a": 1, "b": {"x":[1,2]}}"#)
    }

    @Test func everyEditedTextParsesBackToTheEditedValue() throws {
        let document = try JSONDocument(parsing: Self.config)
        let edited = try document.setting(["mode": "require", "ca": ["x"]], at: "/database/tls")
            .inserting(["k": [1, [2]]], at: "/replicas/1").inserting([:], at: "/limits/0")
        let reparsed = try JSONDocument(parsing: edited.jsonString())
        #expect(JSON(reparsed.root) == JSON(edited.root))
        #expect(edited.jsonString().utf8.count <= edited.byteCountBound)
    }
}
