import Foundation
import Testing
@testable import YAJLModel

@Suite("Writer: verbatim copy, re-encoding options, descriptions")
struct WriterTests {
    static let optionSets: [JSONWriteOptions] = [
        [], .prettyPrinted, .sortedKeys, .withoutEscapingSlashes, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes],
    ]

    // MARK: No options: the original bytes

    @Test func noOptionsGivesTheOriginalBytes() throws {
        let text = " {\n  \"b\" : [ 1.50e3 , \"x\\/y\" , \"\\u00e9\" ],\t\"a\":{ } ,\"c\": -0 } \n"
        let document = try parse(text)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // The document is its input exactly; its root value is the value's own text.
        #expect(document.jsonString() == text)
        #expect(document.jsonData() == Data(text.utf8))
        #expect(document.root.jsonString() == trimmed)
        #expect(document.root.rawJSON.string == trimmed)
        #expect(document.root.byteRange == 1..<(1 + trimmed.utf8.count))
        let b = try #require(document.root["b"])
        #expect(b.jsonString() == #"[ 1.50e3 , "x\/y" , "\u00e9" ]"#)
        #expect(b[0]?.jsonString() == "1.50e3")
        #expect(b[1]?.jsonString() == #""x\/y""#)
        #expect(Array(b[2]!.jsonData()) == Array(#""\u00e9""#.utf8))
        #expect(document.root["a"]?.jsonString() == "{ }")
        #expect(document.root["c"]?.jsonString() == "-0")
        #expect(b.rawJSON.count == b.byteRange.count)
        #expect(Array(b.rawJSON) == Array(Array(text.utf8)[b.byteRange]))
    }

    @Test func theTextAroundTheRootIsKeptUnchangedAndAfterEdits() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        for (leading, trailing) in [("", "\n"), ("\n\t ", " \r\n"), ("", ""), ("  ", "")] {
            for input in [Array((leading + #"{"a": [1, 2]}"# + trailing).utf8), bom + Array((leading + "[true]" + trailing).utf8)] {
                let document = try JSONDocument(parsing: input)
                #expect(Array(document.jsonData()) == input)
                #expect(Array(document.jsonString().utf8) == input)
                // An edit changes the root and keeps what is around it, through further edits too.
                let edited = try document.setting(3, at: document.root.kind == .array ? "/0" : "/a/0")
                let written = Array(edited.jsonData())
                let rootRange = document.root.byteRange
                #expect(written.starts(with: input[..<rootRange.lowerBound]))
                #expect(written.reversed().starts(with: input[rootRange.upperBound...].reversed()))
                let twice = Array(try edited.setting("x", at: document.root.kind == .array ? "/-" : "/b").jsonData())
                #expect(twice.starts(with: input[..<rootRange.lowerBound]))
                #expect(twice.reversed().starts(with: input[rootRange.upperBound...].reversed()))
                #expect(edited.root == (try JSONDocument(parsing: written)).root)
            }
        }
        // Options re-encode the root alone.
        #expect(try JSONDocument(parsing: " [1] \n").jsonString(options: .sortedKeys) == "[1]")
    }

    // MARK: Pretty printing

    @Test func prettyPrintedExactOutput() throws {
        let document = try parse(#"{"a":[1,{"b":null}],"c":{},"d":[],"e":"x","f":[[]],"g":{"h":{}}}"#)
        let expected = """
            {
              "a" : [
                1,
                {
                  "b" : null
                }
              ],
              "c" : {},
              "d" : [],
              "e" : "x",
              "f" : [
                []
              ],
              "g" : {
                "h" : {}
              }
            }
            """
        #expect(document.jsonString(options: .prettyPrinted) == expected)
        #expect(document.jsonData(options: .prettyPrinted) == Data(expected.utf8))
        // A nested value is indented from its own level.
        #expect(document.root["a"]?.jsonString(options: .prettyPrinted) == "[\n  1,\n  {\n    \"b\" : null\n  }\n]")
    }

    @Test func prettyPrintedScalarsAndEmptyContainers() throws {
        #expect(try parse("  12.50 ").jsonString(options: .prettyPrinted) == "12.50")
        #expect(try parse(#""s""#).jsonString(options: .prettyPrinted) == #""s""#)
        #expect(try parse("[ ]").jsonString(options: .prettyPrinted) == "[]")
        #expect(try parse("{ }").jsonString(options: .prettyPrinted) == "{}")
        #expect(try parse("[true,false,null]").jsonString(options: .prettyPrinted) == "[\n  true,\n  false,\n  null\n]")
    }

    // MARK: Sorted keys

    @Test func sortedKeysByUnicodeScalarOrder() throws {
        let document = try parse(#"{"b": 1, "a": {"z": 1, "y": [{"d": 0, "c": 0}]}, "é": 2, "\u0041": 3, "aa": 4, "😀": 5, "\uffff": 6, "": 7, "a b": 8}"#)
        let expected = #"{"":7,"A":3,"a":{"y":[{"c":0,"d":0}],"z":1},"a b":8,"aa":4,"b":1,"é":2,"\#u{FFFF}":6,"😀":5}"#
        #expect(document.jsonString(options: .sortedKeys) == expected)
        let pretty = document.jsonString(options: [.sortedKeys, .prettyPrinted])
        #expect(pretty.hasPrefix("{\n  \"\" : 7,\n  \"A\" : 3,\n  \"a\" : {\n    \"y\" : [\n      {\n        \"c\" : 0,"))
        #expect(try parse(pretty).root == document.root)
    }

    @Test func sortedKeysKeepsRepeatedKeysInDocumentOrder() throws {
        let document = try parse(#"{"b": 1, "a": 2, "b": 3, "a": 4}"#)
        #expect(document.jsonString(options: .sortedKeys) == #"{"a":2,"a":4,"b":1,"b":3}"#)
        #expect(try parse(document.jsonString(options: .sortedKeys)).root == document.root)
    }

    @Test func sortedKeysInALargeObject() throws {
        var generator = SplitMix64(seed: 3)
        let keys = (0..<300).map { String(format: "k%05d", $0) }
        let text = "{" + keys.shuffled(using: &generator).map { #""\#($0)": "\#($0)""# }.joined(separator: ",") + "}"
        let written = try parse(text).jsonString(options: .sortedKeys)
        #expect(written == "{" + keys.map { #""\#($0)":"\#($0)""# }.joined(separator: ",") + "}")
    }

    // MARK: Slashes and escaping

    @Test func slashesAreEscapedWhenReEncodingByDefault() throws {
        let document = try parse(#"{"url": "http://x/y", "esc": "a\/b", "k/ey": 1}"#)
        #expect(document.jsonString(options: .sortedKeys) == #"{"esc":"a\/b","k\/ey":1,"url":"http:\/\/x\/y"}"#)
        #expect(document.jsonString(options: .prettyPrinted).contains(#""http:\/\/x\/y""#))
        #expect(document.jsonString(options: [.sortedKeys, .withoutEscapingSlashes]) == #"{"esc":"a/b","k/ey":1,"url":"http://x/y"}"#)
        #expect(document.jsonString(options: .withoutEscapingSlashes) == #"{"url":"http://x/y","esc":"a/b","k/ey":1}"#)
        // With no options, the text is as written.
        #expect(document.jsonString() == #"{"url": "http://x/y", "esc": "a\/b", "k/ey": 1}"#)
    }

    @Test func controlCharactersAndEscapesAreReEncoded() throws {
        let text = #"["\u0000\u0001\u001f\b\f\n\r\t\"\\", "\u007f\u00e9\u2028\ud83d\ude00", "tab\tq\"", "\u0020"]"#
        let document = try parse(text)
        let expected = #"["\u0000\u0001\u001f\b\f\n\r\t\"\\","\#u{7F}é\#u{2028}😀","tab\tq\""," "]"#
        for options in [JSONWriteOptions.withoutEscapingSlashes, .sortedKeys] {
            let written = document.jsonString(options: options)
            #expect(written == expected)
            let reparsed = try parse(written)
            #expect(reparsed.root == document.root)
            #expect(reparsed.root[0]?.string == "\u{0}\u{1}\u{1F}\u{8}\u{C}\n\r\t\"\\")
        }
        #expect(document.root.description == expected)
    }

    @Test func everyControlCharacterRoundTrips() throws {
        let escapes = (0..<0x20).map { String(format: "\\u%04x", $0) }.joined()
        let document = try parse("[\"\(escapes)\"]")
        let value = try #require(document.root[0]?.string)
        #expect(value.unicodeScalars.map(\.value) == Array(0..<0x20))
        let written = document.jsonString(options: .sortedKeys)
        #expect(!written.utf8.contains { $0 < 0x20 })
        #expect(try parse(written).root[0]?.string == value)
    }

    // MARK: Round trips and descriptions

    static let roundTripDocuments = [
        #"{"a": [1, 2.5, "x\"y", true, null, {"b": "\u00e9\ud83d\ude00"}], "n": 123456789012345678901234567890, "s/": "a/b"}"#,
        "[]", "{}", "0", "-0.0e-0", #""\/\\""#, "[[[[[]]]]]", #"{"":{"":{"":""}}}"#, "[1e400, -1e-400, 1E+2]",
        #"{"dup": 1, "dup": 2}"#,
    ]

    @Test(arguments: roundTripDocuments, optionSets)
    func outputParsesBackEqual(text: String, options: JSONWriteOptions) throws {
        let document = try parse(text)
        let written = document.jsonData(options: options)
        let reparsed = try JSONDocument(parsing: written)
        #expect(reparsed.root == document.root)
        #expect(document.jsonString(options: options) == String(decoding: written, as: UTF8.self))
        // Numbers keep their text.
        if let number = document.root.numberText { #expect(reparsed.root.numberText == number) }
    }

    @Test func descriptionIsCompactJSON() throws {
        let document = try parse(" { \"a\" : [ 1 , \"x/y\\n\" ] , \"b\" : { } } ")
        #expect(document.root.description == #"{"a":[1,"x/y\n"],"b":{}}"#)
        #expect("\(document.root)" == #"{"a":[1,"x/y\n"],"b":{}}"#)
        #expect(document.root["a"]?.description == #"[1,"x/y\n"]"#)
        #expect(document.root["a"]?[1]?.description == #""x/y\n""#)
        #expect(try parse("null").root.description == "null")
    }

    @Test func debugDescriptionShowsKindSizeAndAPrefix() throws {
        let document = try parse(#"{"a": [1, 2, 3], "b": "x"}"#)
        let debug = document.root.debugDescription
        #expect(debug.contains("object"))
        #expect(debug.contains("2 members"))
        #expect(debug.contains(#"{"a":[1,2,3],"b":"x"}"#))
        #expect(document.root["a"]?.debugDescription.contains("3 elements") == true)
        #expect(document.root["b"]?.debugDescription.contains("string") == true)
    }

    @Test func debugDescriptionMarksOnlyRealTruncation() throws {
        // Compact JSON of exactly 200 bytes is shown whole, with no ellipsis; 201 bytes is cut.
        let whole = "\"" + String(repeating: "x", count: 198) + "\""
        let wholeDebug = try parse(whole).root.debugDescription
        #expect(wholeDebug.hasSuffix(whole), "\(wholeDebug)")
        let longer = "[" + String(repeating: "1,", count: 99) + "2]"
        #expect(longer.utf8.count == 201)
        #expect(try parse(longer).root.debugDescription.hasSuffix("…"))
    }

    @Test func debugDescriptionIsBoundedForABigDocument() throws {
        let text = "[" + (0..<100_000).map { #"{"id": \#($0), "name": "item \#($0)"}"# }.joined(separator: ",") + "]"
        let document = try parse(text)
        let debug = document.root.debugDescription
        #expect(debug.utf8.count < 1000)
        #expect(debug.contains("100000 elements"))
        #expect(debug.hasSuffix("…"))
        #expect(debug.contains(#"[{"id":0,"name":"item 0"}"#))
        // One huge string is cut too.
        let long = try parse("[\"" + String(repeating: "x", count: 1_000_000) + "\"]")
        #expect(long.root.debugDescription.utf8.count < 1000)
    }
}
