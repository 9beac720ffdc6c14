import Foundation
import Testing

@testable import YAJLModel

@Suite("Editing JSON by JSON Pointer, and JSON Patch beyond the RFC examples")
struct JSONEditingTests {
    static let photo: JSON = [
        "title": "Bridge",
        "tags": ["sea", "sky"],
        "size": ["width": 640, "height": 480],
        "a/b": 1,
        "m~n": 2,
        "~1": 3,
    ]

    /// The error `body` throws, recording an issue when it does not throw one.
    private func editError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void)
        -> JSONEditError?
    {
        #expect(throws: JSONEditError.self, sourceLocation: sourceLocation) { try body() }
    }

    // MARK: Reading

    @Test func readingByPointer() {
        let photo = Self.photo
        #expect(photo[pointer: ""] == photo)
        #expect(photo[pointer: "/title"] == "Bridge")
        #expect(photo[pointer: "/tags"] == ["sea", "sky"])
        #expect(photo[pointer: "/tags/1"] == "sky")
        #expect(photo[pointer: "/size/width"] == 640)
        #expect(photo[pointer: "/a~1b"] == 1)
        #expect(photo[pointer: "/m~0n"] == 2)
        #expect(photo[pointer: "/~01"] == 3)  // "~0" then "1": the key "~1", not "/"
        for missing in [
            "title", "/nothing", "/tags/2", "/tags/-", "/tags/01", "/tags/+1", "/title/0", "/m~2n", "/m~",
            "/size/width/x",
        ] {
            #expect(photo[pointer: missing] == nil, "\(missing)")
        }
    }

    @Test func repeatedKeysReadAndEditTheLastAndRemoveAll() throws {
        var object = try ownedJSON(#"{"k": 1, "x": 0, "k": 2}"#)
        #expect(object[pointer: "/k"] == 2)
        try object.set(3, at: "/k")
        #expect(
            object
                == .object([
                    JSONMember(key: "k", value: 1), JSONMember(key: "x", value: 0), JSONMember(key: "k", value: 3),
                ]))
        #expect(try object.remove(at: "/k") == 3)
        #expect(object == ["x": 0])
    }

    // MARK: set

    @Test func setAddsAndReplacesMembersAndElements() throws {
        var photo = Self.photo
        try photo.set("Harbour", at: "/title")  // replaces in place
        try photo.set(true, at: "/public")  // adds at the end
        try photo.set("lake", at: "/tags/0")  // replaces an element
        try photo.set("sun", at: "/tags/-")  // appends
        try photo.set(["w": 1], at: "/size")  // replaces a whole member
        try photo.set("escaped", at: "/new~1key~0")  // the key "new/key~"
        #expect(
            photo == [
                "title": "Harbour", "tags": ["lake", "sky", "sun"], "size": ["w": 1], "a/b": 1, "m~n": 2, "~1": 3,
                "public": true, "new/key~": "escaped",
            ])
        try photo.set([1, 2], at: "")
        #expect(photo == [1, 2])
    }

    @Test func setDoesNotInsertOrAppendByNumber() {
        var tags: JSON = ["sea", "sky"]
        // An index must exist: the count appends only as "-" (insert takes it).
        #expect(editError { try tags.set("sun", at: "/2") } == JSONEditError(.invalidIndex, pointer: "/2"))
        #expect(tags == ["sea", "sky"])
    }

    // MARK: insert

    @Test func insertShiftsArrayElementsAndAddsMembers() throws {
        var list: JSON = [1, 3]
        try list.insert(0, at: "/0")
        try list.insert(2, at: "/2")
        try list.insert(4, at: "/4")  // the count appends
        try list.insert(5, at: "/-")
        #expect(list == [0, 1, 2, 3, 4, 5])
        var object: JSON = ["a": 1]
        try object.insert(2, at: "/b")
        try object.insert(10, at: "/a")  // "add" replaces an existing member, in place
        #expect(object == ["a": 10, "b": 2])
        #expect(editError { try list.insert(7, at: "/7") } == JSONEditError(.invalidIndex, pointer: "/7"))
    }

    // MARK: remove

    @Test func removeReturnsTheValueAndClosesTheGap() throws {
        var photo = Self.photo
        #expect(try photo.remove(at: "/tags/0") == "sea")
        #expect(try photo.remove(at: "/size") == ["width": 640, "height": 480])
        #expect(try photo.remove(at: "/a~1b") == 1)
        #expect(try photo.remove(at: "/m~0n") == 2)
        #expect(try photo.remove(at: "/~01") == 3)
        #expect(photo == ["title": "Bridge", "tags": ["sky"]])
    }

    @Test func nonMutatingFormsLeaveTheOriginal() throws {
        let photo = Self.photo
        #expect(try photo.setting("x", at: "/title")[pointer: "/title"] == "x")
        #expect(try photo.inserting("first", at: "/tags/0")[pointer: "/tags"] == ["first", "sea", "sky"])
        #expect(try photo.removing(at: "/tags")[pointer: "/tags"] == nil)
        #expect(
            try photo.removing(at: "/tags") == [
                "title": "Bridge", "size": ["width": 640, "height": 480], "a/b": 1, "m~n": 2, "~1": 3,
            ])
        #expect(photo == Self.photo)
    }

    // MARK: Errors

    @Test(arguments: [
        ("title", JSONEditError.Reason.invalidPointer),
        ("/m~2n", .invalidPointer),
        ("/m~", .invalidPointer),
        ("/nothing/x", .missingValue),
        ("/title/x", .notAContainer),
        ("/size/width/x", .notAContainer),
        ("/tags/01/x", .invalidIndex),
        ("/tags/2/x", .invalidIndex),
        ("/tags/-/x", .invalidIndex),
        ("/tags/x/y", .invalidIndex),
        ("/tags/99999999999999999999/x", .invalidIndex),
    ])
    func errorsHaveTheReasonAndPointerAndChangeNothing(pointer: String, reason: JSONEditError.Reason) {
        var photo = Self.photo
        let expected = JSONEditError(reason, pointer: pointer)
        #expect(editError { try photo.set(0, at: pointer) } == expected)
        #expect(editError { try photo.insert(0, at: pointer) } == expected)
        #expect(editError { try photo.remove(at: pointer) } == expected)
        #expect(photo == Self.photo)
    }

    @Test func errorsAtTheLastStep() {
        var photo = Self.photo
        #expect(editError { try photo.remove(at: "/nothing") } == JSONEditError(.missingValue, pointer: "/nothing"))
        #expect(editError { try photo.remove(at: "/tags/2") } == JSONEditError(.invalidIndex, pointer: "/tags/2"))
        #expect(editError { try photo.remove(at: "/tags/-") } == JSONEditError(.invalidIndex, pointer: "/tags/-"))
        #expect(editError { try photo.insert(0, at: "/tags/3") } == JSONEditError(.invalidIndex, pointer: "/tags/3"))
        #expect(editError { try photo.insert(0, at: "/tags/00") } == JSONEditError(.invalidIndex, pointer: "/tags/00"))
        #expect(editError { try photo.set(0, at: "/title/0") } == JSONEditError(.notAContainer, pointer: "/title/0"))
        #expect(editError { try photo.remove(at: "") } == JSONEditError(.cannotRemoveRoot, pointer: ""))
        #expect(photo == Self.photo)
        #expect(JSONEditError(.missingValue, pointer: "/a~1b").description == #"JSON Pointer "/a~1b": no value there"#)
    }

    // MARK: JSON Patch

    @Test func patchIsAllOrNothing() throws {
        var photo = Self.photo
        let patch = JSONPatch([
            .replace(path: "/title", value: "Harbour"),
            .remove(path: "/tags/0"),
            .test(path: "/size/width", value: 800),  // fails
            .add(path: "/public", value: true),
        ])
        let error = #expect(throws: JSONEditError.self) { try photo.apply(patch) }
        #expect(
            error
                == JSONEditError(
                    .testFailed(expected: 800, found: 640), pointer: "/size/width", operationIndex: 2,
                    operationName: "test"))
        #expect(error?.description == #"JSON Patch operation 2 (test at "/size/width"): expected 800, found 640"#)
        #expect(photo == Self.photo)

        // Without the failing operation, everything applies.
        try photo.apply(JSONPatch(patch.operations.filter { $0.name != "test" }))
        #expect(
            photo == [
                "title": "Harbour", "tags": ["sky"], "size": ["width": 640, "height": 480], "a/b": 1, "m~n": 2, "~1": 3,
                "public": true,
            ])
    }

    @Test func testComparesNumbersByValue() throws {
        let document = try ownedJSON(#"{"n": 1, "zero": -0, "big": 12345678901234567890, "list": [1.5, 2]}"#)
        for spelling in ["1", "1.0", "1e0", "10e-1", "0.1E1", "1.000"] {
            let patch = try JSONPatch(parsing: #"[{"op": "test", "path": "/n", "value": \#(spelling)}]"#)
            #expect(try document.applying(patch) == document, "\(spelling)")
        }
        #expect(try document.applying(JSONPatch([.test(path: "/zero", value: 0)])) == document)
        #expect(
            try document.applying(
                JSONPatch(parsing: #"[{"op": "test", "path": "/big", "value": 1.2345678901234567890e19}]"#)) == document
        )
        #expect(
            try document.applying(JSONPatch(parsing: #"[{"op": "test", "path": "/list", "value": [15e-1, 2.0]}]"#))
                == document)
        for different in ["2", "1.0000000000000000001", "-1", "\"1\"", "true", "[1]"] {
            let patch = try JSONPatch(parsing: #"[{"op": "test", "path": "/n", "value": \#(different)}]"#)
            let error = #expect(throws: JSONEditError.self) { try document.applying(patch) }
            #expect(error?.reason == .testFailed(expected: try ownedJSON(different), found: 1), "\(different)")
        }
        // Off by one in the last of twenty digits.
        #expect(throws: JSONEditError.self) {
            try document.applying(
                JSONPatch([.test(path: "/big", value: .number(JSONNumber(text: "12345678901234567891")!))]))
        }
    }

    @Test func testComparesObjectsWhateverTheOrderAndArraysInOrder() throws {
        let document: JSON = ["o": ["a": 1, "b": ["c": [true, nil]]], "list": [1, 2]]
        #expect(
            try document.applying(JSONPatch([.test(path: "/o", value: ["b": ["c": [true, nil]], "a": 1.0])]))
                == document)
        #expect(
            try document.applying(
                JSONPatch([.test(path: "", value: ["list": [1, 2], "o": ["b": ["c": [true, nil]], "a": 1]])]))
                == document)
        for different: JSON in [
            ["a": 1], ["a": 1, "b": ["c": [true, nil]], "d": 0], ["a": 1, "b": ["c": [nil, true]]],
            ["a": 1, "c": ["c": [true, nil]]],
        ] {
            #expect(throws: JSONEditError.self, "\(different.jsonString())") {
                try document.applying(JSONPatch([.test(path: "/o", value: different)]))
            }
        }
        #expect(throws: JSONEditError.self) { try document.applying(JSONPatch([.test(path: "/list", value: [2, 1])])) }
        // A test of a missing value fails, reporting nothing found.
        let error = #expect(throws: JSONEditError.self) {
            try document.applying(JSONPatch([.test(path: "/nothing", value: nil)]))
        }
        #expect(error?.reason == .testFailed(expected: nil, found: nil))
        #expect(error?.description == #"JSON Patch operation 0 (test at "/nothing"): expected null, found nothing"#)
        // Strings compare by code points: "é" precomposed is not "e" and a combining accent.
        let accented: JSON = ["s": "\u{E9}"]
        #expect(throws: JSONEditError.self) { try accented.applying(JSONPatch([.test(path: "/s", value: "e\u{301}")])) }
        #expect(try accented.applying(JSONPatch([.test(path: "/s", value: "\u{E9}")])) == accented)
    }

    @Test func moveAndCopy() throws {
        let document: JSON = ["a": ["b": [1, 2]], "c": 3]
        #expect(
            try document.applying(JSONPatch([.copy(from: "/a/b", path: "/a/d")])) == [
                "a": ["b": [1, 2], "d": [1, 2]], "c": 3,
            ])
        #expect(
            try document.applying(JSONPatch([.copy(from: "/a/b/0", path: "/a/b/-")])) == [
                "a": ["b": [1, 2, 1]], "c": 3,
            ])
        #expect(try document.applying(JSONPatch([.move(from: "/c", path: "/a/b/0")])) == ["a": ["b": [3, 1, 2]]])
        #expect(try document.applying(JSONPatch([.move(from: "/a", path: "/a")])) == document)  // in place
        #expect(throws: JSONEditError.self) { try document.applying(JSONPatch([.move(from: "/x", path: "/x")])) }
        #expect(try document.applying(JSONPatch([.move(from: "/a/b", path: "")])) == [1, 2])
        // "/a" is a proper prefix of "/a/b/x"; "/a/b" is not a prefix of "/a/bc".
        let error = #expect(throws: JSONEditError.self) {
            try document.applying(JSONPatch([.move(from: "/a", path: "/a/b/x")]))
        }
        #expect(error == JSONEditError(.moveIntoItself, pointer: "/a/b/x", operationIndex: 0, operationName: "move"))
        #expect(
            try document.applying(JSONPatch([.move(from: "/a/b", path: "/a/bc")])) == ["a": ["bc": [1, 2]], "c": 3])
        // A missing source is reported at "from".
        let missing = #expect(throws: JSONEditError.self) {
            try document.applying(JSONPatch([.test(path: "/c", value: 3), .copy(from: "/x", path: "/y")]))
        }
        #expect(missing == JSONEditError(.missingValue, pointer: "/x", operationIndex: 1, operationName: "copy"))
    }

    @Test func malformedPatchDocuments() throws {
        let cases: [(String, String, Int?)] = [
            (#"{"op": "add"}"#, "a JSON Patch must be an array of operations", nil),
            (#"[{"op": "test", "path": "", "value": 1}, 7]"#, "an operation must be an object", 1),
            (#"[{"path": "/a"}]"#, #"missing "op""#, 0),
            (#"[{"op": 1, "path": "/a"}]"#, #""op" must be a string"#, 0),
            (#"[{"op": "frob", "path": "/a"}]"#, #"unknown op "frob""#, 0),
            (#"[{"op": "remove"}]"#, #"missing "path""#, 0),
            (#"[{"op": "remove", "path": null}]"#, #""path" must be a string"#, 0),
            (#"[{"op": "add", "path": "/a"}]"#, #"missing "value""#, 0),
            (#"[{"op": "replace", "path": "/a"}]"#, #"missing "value""#, 0),
            (#"[{"op": "test", "path": "/a"}]"#, #"missing "value""#, 0),
            (#"[{"op": "move", "path": "/a"}]"#, #"missing "from""#, 0),
            (#"[{"op": "copy", "path": "/a", "from": ["/b"]}]"#, #""from" must be a string"#, 0),
            (#"[{"op": "remove", "path": "/a", "path": "/b"}]"#, #"repeated "path""#, 0),
        ]
        for (text, problem, index) in cases {
            let error = #expect(throws: JSONEditError.self, "\(text)") { try JSONPatch(parsing: text) }
            #expect(error?.reason == .invalidPatch(problem), "\(text)")
            #expect(error?.operationIndex == index, "\(text)")
            #expect(error?.description.hasSuffix(": " + problem) == true, "\(text)")
        }
        // A "value" of null is present; extra members are ignored.
        #expect(
            try JSONPatch(parsing: #"[{"op": "add", "path": "/a", "value": null, "from": 1}]"#)
                == JSONPatch([.add(path: "/a", value: nil)]))
        // Not JSON at all is a parse error.
        #expect(throws: JSONError.self) { try JSONPatch(parsing: "[{") }
        #expect(throws: JSONError.self) { try JSONPatch(parsing: Data("[{".utf8)) }
        // Pointers are checked when the patch applies.
        let error = #expect(throws: JSONEditError.self) {
            try JSON.null.applying(JSONPatch(parsing: #"[{"op": "add", "path": "a", "value": 1}]"#))
        }
        #expect(error == JSONEditError(.invalidPointer, pointer: "a", operationIndex: 0, operationName: "add"))
        // Descriptions of malformed operations name what is known.
        #expect(
            (#expect(throws: JSONEditError.self) { try JSONPatch(parsing: #"[{"op": "frob", "path": "/a"}]"#) })?
                .description
                == #"JSON Patch operation 0: unknown op "frob""#)
        #expect(
            (#expect(throws: JSONEditError.self) { try JSONPatch(parsing: #"[{"op": "add", "path": "/a"}]"#) })?
                .description
                == #"JSON Patch operation 0 (add at "/a"): missing "value""#)
        #expect(
            (#expect(throws: JSONEditError.self) { try JSONPatch(parsing: "{}") })?.description
                == "JSON Patch: a JSON Patch must be an array of operations")
    }

    @Test func patchDocumentRoundTrip() throws {
        let patch = JSONPatch([
            .add(path: "/a~1b", value: ["x": [1, nil]]), .remove(path: "/c"), .replace(path: "", value: 1.5),
            .move(from: "/d", path: "/e"), .copy(from: "/e", path: "/f"), .test(path: "/f", value: "s"),
        ])
        #expect(
            patch.json.jsonString(options: .withoutEscapingSlashes)
                == #"[{"op":"add","path":"/a~1b","value":{"x":[1,null]}},{"op":"remove","path":"/c"},{"op":"replace","path":"","value":1.5},{"op":"move","from":"/d","path":"/e"},{"op":"copy","from":"/e","path":"/f"},{"op":"test","path":"/f","value":"s"}]"#
        )
        #expect(try JSONPatch(json: patch.json) == patch)
    }

    /// Each edit takes the container out of the enum, so copy-on-write never copies a whole
    /// array: 100,000 appends and replacements take about a second in a debug build, where
    /// copying the array on each edit took over a minute.
    @Test(.timeLimit(.minutes(1))) func editsDoNotCopyTheContainers() throws {
        var document: JSON = ["a": ["items": []]]
        let count = 100_000
        for index in 0..<count { try document.set(JSON(integerLiteral: index), at: "/a/items/-") }
        try document.apply(
            JSONPatch((0..<count).map { .replace(path: "/a/items/\($0)", value: JSON(integerLiteral: -$0)) }))
        #expect(document[pointer: "/a/items"] == .array((0..<count).map { JSON(integerLiteral: -$0) }))
    }

    @Test func sameJSONValueHelperTellsValuesApart() throws {
        #expect(try sameJSONValue(["a": 1, "b": 2], ["b": 2, "a": 1.0]))
        #expect(try !sameJSONValue(["a": 1], ["a": 2]))
        #expect(try !sameJSONValue([1, 2], [2, 1]))
    }
}
