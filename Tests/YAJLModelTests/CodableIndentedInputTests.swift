import Foundation
import Testing
import YAJLModel

/// Indented input is parsed from a copy without its white space (and string text), which yajl
/// would otherwise read a byte at a time (see `CopiedTextParsingTests`). Nothing a decoder's user
/// sees may change: the same values as `JSONDecoder`, the same errors, located in the input as
/// it was written.
@Suite("Codable: indented input")
struct CodableIndentedInputTests {
    private struct Entry: Codable, Equatable {
        var name: String
        var values: [Double]
        var flags: [Bool?]
        var counts: [String: Int]
        var raw: JSONValue?
    }

    /// `lines` indented by forty spaces, so that white space is well over the share at which
    /// the decoder removes it.
    private func indented(_ lines: [String]) -> String {
        lines.map { String(repeating: " ", count: 40) + $0 }.joined(separator: "\n")
    }

    @Test func decodesTheSameValuesAsJSONDecoder() {
        let json = indented([
            "[",
            "{",
            #""name"  :  "  spaces \" inside \\ and \\\" escapes\t\\n \u00e9 ","#,
            #""values": [ 1 , -2.5e3 ,   0.125 , 1E-2 ],"#,
            #""flags": [ true ,  false , null ],"#,
            #""counts": { "a b" : 1 , "" : -7 },"#,
            #""raw": { "kept" : [ "as" , 1 , { } , [ ] ] }"#,
            "},",
            #"{ "name": "\\", "values": [], "flags": [], "counts": {}, "raw": null }"#,
            "]",
        ])
        expectSameDecoding([Entry].self, json)
    }

    /// A `JSONValue` property is a view of the input itself: its text is as written.
    @Test func aJSONValueReadFromIndentedInputKeepsItsText() throws {
        let json = indented([#"{ "name": "x", "values": [ 1 ], "flags": [ ], "counts": { },"#, #""raw": { "a" : [ 1 , "b c" ] } }"#])
        let entry = try YAJLDecoder().decode(Entry.self, from: json)
        #expect(entry.raw == (try JSONDocument(parsing: #"{"a":[1,"b c"]}"#).root))
        #expect(entry.raw?.rawJSON.string == #"{ "a" : [ 1 , "b c" ] }"#)
    }

    /// White space that separates two numbers or literals is not removed: the input is as
    /// invalid as it was.
    @Test func tokensThatWhiteSpaceSeparatesStayApart() {
        for body in ["1 2", "1\n                2", "tru e", "- 1", "1 .5", "nul l", #""a" "b""#] {
            let json = indented(["[", body, "]"])
            expectSameDecoding([Int].self, json)
            #expect(throws: DecodingError.self) { try YAJLDecoder().decode([JSONValue].self, from: json) }
        }
    }

    /// The copy is made 64 bytes at a time: white space that separates two numbers stays when it
    /// ends a block, or starts one, or spans several, and the next block has none of its own.
    @Test func tokensSeparatedAcrossBlockBoundariesStayApart() {
        let tail = String(repeating: ",0", count: 60) + "]"
        for spaces in [61, 62, 63, 64, 125, 126, 127, 190] {
            let json = "[1" + String(repeating: " ", count: spaces) + "2" + tail
            expectSameDecoding([Int].self, json)
            #expect(throws: DecodingError.self, "\(spaces) spaces") { try YAJLDecoder().decode([Int].self, from: json) }
        }
    }

    /// A syntax error is reported where it is in the input as written, as `JSONDocument` reports it.
    @Test func syntaxErrorsAreLocatedInTheInputAsWritten() throws {
        for body in [#""a": [1, 2,, 3]"#, #""a": "unterminated"#, #""a": tru"#, "\"a\": 1, \"b\"\t2", #""a": "\x""#] {
            let json = indented(["{", body, "}"])
            let expected = #expect(throws: JSONError.self) { try JSONDocument(parsing: json) }
            let error = #expect(throws: DecodingError.self) { try YAJLDecoder().decode([String: Int].self, from: json) }
            guard case .dataCorrupted(let context)? = error else {
                Issue.record("\(String(describing: error)) is not dataCorrupted")
                continue
            }
            #expect(context.underlyingError as? JSONError == expected, "\(body)")
            #expect(expected.map { $0.line > 1 && $0.column > 40 } == true, "\(body): \(String(describing: expected))")
        }
    }

    /// The size limit applies to the input as written, even when it would hold without the white space.
    @Test func theSizeLimitCountsTheInputAsWritten() throws {
        let json = indented(["[", "1,", "2,", "3", "]"])
        let decoder = YAJLDecoder()
        decoder.parseOptions.maxInputBytes = json.utf8.count - 1
        let error = #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: json) }
        guard case .dataCorrupted(let context)? = error, let underlying = context.underlyingError as? JSONError,
            case .tooLarge(.inputBytes, _, _) = underlying
        else {
            Issue.record("\(String(describing: error)) is not a size error")
            return
        }
        decoder.parseOptions.maxInputBytes = json.utf8.count
        #expect(try decoder.decode([Int].self, from: json) == [1, 2, 3])
    }
}
