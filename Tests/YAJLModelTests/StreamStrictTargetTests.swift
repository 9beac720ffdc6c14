import Testing
import YAJLModel

/// A target that is missing or not an array is an error that says what is there,
/// never an empty stream.
@Suite struct StreamStrictTargetTests {
    static let text = Array(#"{"a/b": {"~x": [{"pages": [[1, 2], [3, 4]]}]}, "p": [[0], [5, 6]], "n": null, "s": "x"}"#.utf8)

    @Test func aMissingTargetIsAnErrorNamingIt() throws {
        for target: JSONElementReader.Target in ["/nope", "/p/2", "/a~2", .path("nope.x"), "itemz", "/a~1b/~0x/1"] {
            let outcome = readElements(Self.text, at: target)
            #expect(outcome.records.isEmpty, "\(target)")
            let error = try #require(outcome.error, "\(target)")
            #expect(error == .targetNotAnArray(target.description, found: nil, at: error.location), "\(target)")
            #expect("\(error)".contains("no array at \"\(target.description)\": nothing there"), "\(error)")
        }
    }

    @Test func aTargetThatIsNotAnArraySaysWhatIsThere() throws {
        let cases: [(JSONElementReader.Target, JSONKind, Int)] = [
            ("/a~1b", .object, 8), ("s", .string, 83), ("/n", .null, 72), ("/p/1/0", .number, 59),
        ]
        for (target, kind, offset) in cases {
            let error = try #require(readElements(Self.text, at: target).error, "\(target)")
            #expect(error == .targetNotAnArray(target.description, found: kind, at: error.location))
            #expect(error.offset == offset && error.line == 1 && error.column == offset + 1, "\(target): \(error)")
        }
        let object = try #require(readElements(Self.text, at: "/a~1b").error)
        #expect("\(object)" == #"no array at "/a~1b": found an object at line 1, column 9 (byte 8)"#)
    }

    @Test func theLocationCountsLinesAcrossChunks() throws {
        let text = Array("{\n  \"items\":\n    {\"a\": 1}\n}".utf8)
        for split in 0...text.count {
            let error = try #require(readElements([text[..<split], text[split...]], at: "items").error)
            #expect(error.location == JSONSourceLocation(offset: 17, line: 3, column: 5), "split at \(split)")
        }
    }

    @Test func theOptionLetsAMissingOrNullTargetMeanNoElements() throws {
        var options = JSONStreamOptions()
        options.allowsMissingTarget = true
        for target: JSONElementReader.Target in ["/nope", "n", .path("nope.x")] {
            let outcome = readElements(Self.text, at: target, options)
            #expect(outcome.records.isEmpty && outcome.error == nil, "\(target)")
        }
        // Something that is there and not an array is still an error.
        #expect(readElements(Self.text, at: "s", options).error?.caseName == "targetNotAnArray")
        var reader = try JSONElementReader(chunks: [Self.text], at: "/nope", options: options)
        #expect(try reader.next() == nil)
        #expect(reader.envelope?["s"]?.string == "x")
    }

    @Test func theElementsOfAnArrayFoundAreReadBeforeNothingIsAnError() {
        // Strictness is about the target never opening: an empty array is fine.
        #expect(readElements(Array(#"{"items": []}"#.utf8), at: "/items").error == nil)
        #expect(readElements(Array(#"{"items": [1], "items": 2}"#.utf8), at: "/items").texts == ["1"])
        #expect(readElements(Array(#"{"items": [1], "items": 2}"#.utf8), at: "/items").error == nil)
    }

    @Test func aSlashlessTargetIsTheDottedPath() {
        let feed = Array(#"{"statuses": [{"id": 1}, {"id": 2}], "meta": {"pages": [[7]]}}"#.utf8)
        #expect(readElements(feed, at: "statuses").texts == [#"{"id": 1}"#, #"{"id": 2}"#])
        #expect(readElements(feed, at: "meta.pages[0]").texts == ["7"])
        #expect(readElements(feed, at: JSONElementReader.Target("meta.pages.0")).texts == ["7"])
        #expect(readElements(feed, at: "/statuses").texts.count == 2)
    }

    @Test func topLevelValuesHaveNoTarget() {
        #expect(readElements(Array("1 2".utf8), at: .values).error == nil)
    }
}
