import Foundation
import Testing
@testable import YAJLModel

private func at(_ offset: Int, _ line: Int = 1, _ column: Int? = nil) -> JSONSourceLocation {
    JSONSourceLocation(offset: offset, line: line, column: column ?? offset + 1)
}

/// Wraps invalid bytes as the text of a JSON string, in the requested place.
private enum Placement: String, CaseIterable, CustomTestStringConvertible {
    case value, key, escapedValue, escapedKey, valueAfterLongASCII

    var testDescription: String { rawValue }

    /// The document, and the offset at which `bad` starts in it.
    func document(around bad: [UInt8]) -> ([UInt8], Int) {
        switch self {
        case .value: (Array(#"[""#.utf8) + bad + Array(#""]"#.utf8), 2)
        case .key: (Array(#"{""#.utf8) + bad + Array(#"": 1}"#.utf8), 2)
        // The escape comes first, so the string is decoded through the side buffer.
        case .escapedValue: (Array(#"["\n"#.utf8) + bad + Array(#"\t"]"#.utf8), 4)
        case .escapedKey: (Array(#"{"\u0041"#.utf8) + bad + Array(#"": 1}"#.utf8), 8)
        // Past the eight-bytes-at-a-time ASCII scan.
        case .valueAfterLongASCII: (Array(#"["abcdefghijklmnopq"#.utf8) + bad + Array(#"xyz"]"#.utf8), 19)
        }
    }
}

@Suite("Errors: every JSONError case, with its exact location")
struct ErrorTests {
    // MARK: syntax

    @Test func syntaxErrorsPointAtTheOffendingByte() {
        #expect(parseError("[1,@]") == .syntax("invalid character", at: at(3)))
        #expect(parseError("[1,]")?.location == at(3))
        #expect(parseError("[01]")?.location == at(2))
        #expect(parseError("[1 2]")?.location == at(3))
        #expect(parseError(#"{"a" 1}"#)?.location == at(5))
        #expect(parseError("{1:2}")?.location == at(1))
        #expect(parseError(#"{"a":1 "b":2}"#)?.location == at(7 + 1))
        #expect(parseError("[1.]")?.location == at(3))
        #expect(parseError(#"["a\x"]"#)?.location == at(4))
        #expect(parseError(#"["\u12"]"#)?.location == at(6))
        #expect(parseError("[nul]")?.caseName == "syntax")
        #expect(parseError("[True]")?.caseName == "syntax")
        #expect(parseError("[NaN]")?.caseName == "syntax")
        #expect(parseError("[+1]")?.caseName == "syntax")
        #expect(parseError("['a']")?.caseName == "syntax")
        #expect(parseError("[\"tab\tinside\"]") == .syntax("control character in a string", at: at(5)))
        #expect(parseError([0x5B, 0x22, 0x00, 0x22, 0x5D])?.location == at(2))
        #expect(parseError([0x5B, 0xC0, 0x5D])?.location == at(1))
    }

    @Test func syntaxMessageSaysWhatWasExpected() throws {
        guard case .syntax(let message, _)? = parseError("[1 2]") else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(message == "expected ',' or ']' after an array element")
    }

    @Test func lineAndColumnOnAMultiLineInputWithNonASCII() {
        // Line 3 has an "é" (2 bytes), a "日本" (6 bytes) and a "😀" (4 bytes) before the bad byte.
        let text = "{\n  \"ok\": 1,\n  \"é日本😀\": @\n}"
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "@"))!
        #expect(offset == 2 + 11 + 2 + 1 + 12 + 1 + 1 + 1)
        // Column: 2 spaces, quote, 4 scalars, quote, colon, space → the 11th column.
        #expect(parseError(text) == .syntax("invalid character", at: JSONSourceLocation(offset: offset, line: 3, column: 11)))
    }

    @Test func lineEndsAtLineFeedOnly() {
        #expect(parseError("[1,\r\n\r\n  @]")?.location == JSONSourceLocation(offset: 9, line: 3, column: 3))
        #expect(parseError("[1,\r  @]")?.location == JSONSourceLocation(offset: 6, line: 1, column: 7))
    }

    @Test(arguments: ["[\u{C}1]", "[1,\u{C}2]", "\u{C}[1]", "[\u{B}1]", "{\"a\":\u{B}1}", "{\"a\"\u{C}:1}"])
    func formFeedAndVerticalTabBetweenTokensAreSyntaxErrors(text: String) {
        let offset = Array(text.utf8).firstIndex { $0 == 0x0C || $0 == 0x0B }!
        #expect(parseError(text) == .syntax("form feed and vertical tab are not JSON white space", at: at(offset)))
    }

    @Test func formFeedAfterTheValueIsTrailingData() {
        #expect(parseError("[1]\u{C}") == .trailingData(at: at(3)))
        #expect(parseError("[1] \u{B}") == .trailingData(at: at(4)))
    }

    @Test func formFeedInsideAStringMustBeEscaped() throws {
        #expect(parseError("[\"a\u{C}\"]")?.location == at(3))
        #expect(try parse(#"["a\fb"]"#).root[0]?.string == "a\u{C}b")
    }

    // MARK: unexpectedEndOfInput

    @Test(arguments: [
        ("[1,2", 4), ("\"abc", 4), ("[tru", 4), ("", 0), ("   ", 3), ("\n\n", 2), ("{\"a\":", 5), ("{\"a\"", 4), ("[1.", 3),
        ("-", 1), ("[\"a\\", 4), ("[[[", 3), ("{", 1), ("nul", 3), ("1e", 2),
    ])
    func unexpectedEndOfInputIsAtTheEnd(text: String, offset: Int) throws {
        let error = try #require(parseError(text))
        guard case .unexpectedEndOfInput(let location) = error else {
            Issue.record("expected unexpectedEndOfInput, got \(error)")
            return
        }
        #expect(location.offset == offset)
    }

    @Test func unexpectedEndOfInputLineAndColumn() {
        #expect(parseError("[1,\n2") == .unexpectedEndOfInput(at: JSONSourceLocation(offset: 5, line: 2, column: 2)))
        #expect(parseError("[\"é") == .unexpectedEndOfInput(at: JSONSourceLocation(offset: 4, line: 1, column: 4)))
        #expect(parseError("") == .unexpectedEndOfInput(at: at(0)))
        #expect(parseError(Data()) == .unexpectedEndOfInput(at: at(0)))
    }

    // MARK: invalidUTF8

    static let invalidSequences: [(name: String, bytes: [UInt8], badAt: Int)] = [
        ("overlong C0 AF", [0xC0, 0xAF], 0),
        ("overlong C1 BF", [0xC1, 0xBF], 0),
        ("overlong E0 9F BF", [0xE0, 0x9F, 0xBF], 0),
        ("overlong F0 8F BF BF", [0xF0, 0x8F, 0xBF, 0xBF], 0),
        ("encoded surrogate ED A0 80", [0xED, 0xA0, 0x80], 0),
        ("encoded surrogate ED BF BF", [0xED, 0xBF, 0xBF], 0),
        ("truncated 3-byte sequence", [0xE6, 0x97], 0),
        ("truncated 4-byte sequence, then ASCII", [0xF0, 0x9F, 0x98, 0x41], 0),
        ("lone continuation byte after ASCII", [0x61, 0x80], 1),
        ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80], 0),
        ("F5 lead byte", [0xF5, 0x80, 0x80, 0x80], 0),
        ("FF byte", [0xFF], 0),
        ("valid é then overlong", [0xC3, 0xA9, 0xC0, 0x80], 2),
    ]

    @Test(arguments: invalidSequences.indices, Placement.allCases)
    fileprivate func invalidUTF8InStrings(sequence: Int, placement: Placement) {
        let (name, bad, badAt) = Self.invalidSequences[sequence]
        let (document, start) = placement.document(around: bad)
        let error = parseError(document)
        #expect(error == .invalidUTF8(at: expectedLocation(start + badAt, in: document)), "\(name)")
        #expect(error?.offset == start + badAt, "\(name)")
    }

    static let validSequences: [[UInt8]] = [
        [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
        [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0x7F],
    ]

    @Test(arguments: validSequences, Placement.allCases)
    fileprivate func validUTF8BoundariesAreAccepted(bytes: [UInt8], placement: Placement) throws {
        let (document, _) = placement.document(around: bytes)
        let value = try JSONDocument(parsing: document).root
        let string = try #require(value.kind == .array ? value[0]?.string : value.keys?.first)
        #expect(string.utf8.contains(bytes.first!))
        #expect(Array(string.utf8).firstRange(of: bytes) != nil)
    }

    /// The parser tests a string for non-ASCII bytes a word at a time, the last word ending at
    /// the string's end; a short string's word starts before the string. So a bad byte is
    /// found at every position of every short length, whether the bytes before the string are
    /// ASCII, non-ASCII, or not there (the input's start), and in indented text (a compact copy).
    static let textsBeforeAString = ["[", #"["é","#, #"{"日本語":"#, "[" + String(repeating: "\n    \"é\",", count: 40) + "\n    "]

    @Test(arguments: textsBeforeAString)
    func invalidUTF8IsFoundAtEveryPositionOfAShortString(before: String) {
        let close = Array(before.hasPrefix("{") ? #""}"#.utf8 : #""]"#.utf8)
        for length in 1...17 {
            for position in 0..<length {
                var body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                body[position] = 0xFF
                let document = Array(before.utf8) + [UInt8(ascii: "\"")] + body + close
                let offset = before.utf8.count + 1 + position
                #expect(parseError(document) == .invalidUTF8(at: expectedLocation(offset, in: document)), "length \(length), position \(position)")
            }
        }
    }

    @Test(arguments: textsBeforeAString)
    func anASCIIStringAfterNonASCIIParses(before: String) throws {
        let close = before.hasPrefix("{") ? #""}"# : #""]"#
        for length in 0...17 {
            let string = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0))) })
            let root = try JSONDocument(parsing: Array((before + "\"" + string + close).utf8)).root
            let last = root.kind == .array ? root[root.count - 1]?.string : root["日本語"]?.string
            #expect(last == string)
        }
    }

    @Test func invalidUTF8LocationCountsScalarsBeforeIt() {
        let text = Array("[\"ü\",\n \"日本".utf8) + [0xC0, 0xAF] + Array("\"]".utf8)
        #expect(parseError(text) == .invalidUTF8(at: JSONSourceLocation(offset: 15, line: 2, column: 5)))
    }

    @Test func invalidUTF8OutsideStringsIsASyntaxError() {
        #expect(parseError([0x5B, 0xC3, 0xA9, 0x5D])?.caseName == "syntax")
        #expect(parseError([0x5B, 0x31, 0x2C, 0xFF, 0x5D])?.location == at(3))
    }

    // MARK: invalidEscape

    @Test(arguments: [
        (#"["\ud800"]"#, 2), (#"["\udc00"]"#, 2), (#"["\ud800\u0041"]"#, 2), (#"["\uDBFF\uDBFF"]"#, 2),
        (#"["ab\ud800"]"#, 4), (#"["\ud800x"]"#, 2), (#"["\ud800\n"]"#, 2), (#"["😀\udfff"]"#, 6),
        (#"{"\ud800": 1}"#, 2), (#"{"k": 1, "x\udc00y": 2}"#, 11), (#"["ok", "\u0041\ud83d"]"#, 14),
    ])
    func invalidEscapeIsAtTheBackslash(text: String, offset: Int) {
        #expect(parseError(text) == .invalidEscape(at: expectedLocation(offset, in: Array(text.utf8))))
        #expect(parseError(text)?.offset == offset)
    }

    @Test func validSurrogatePairsDecode() throws {
        #expect(try parse(#"["\ud83d\ude00"]"#).root[0]?.string == "😀")
        #expect(try parse(#"["\uD834\uDD1E"]"#).root[0]?.string == "𝄞")
        #expect(try parse(#"["\udbff\udfff"]"#).root[0]?.string == "\u{10FFFF}")
    }

    // MARK: tooDeep, tooLarge, trailingData

    @Test func tooDeepCarriesTheLimit() {
        #expect(parseError(nestedArrays(513)) == .tooDeep(limit: 512, at: at(512)))
        #expect(parseError("[\n [\n  [1]]]", .with(maxDepth: 2)) == .tooDeep(limit: 2, at: JSONSourceLocation(offset: 7, line: 3, column: 3)))
    }

    @Test func tooLargeInputBytes() {
        #expect(parseError("[1,\n2]", .with(maxInputBytes: 5)) == .tooLarge(.inputBytes, limit: 5, at: JSONSourceLocation(offset: 5, line: 2, column: 2)))
        #expect(parseError("", .with(maxInputBytes: 0))?.caseName == "unexpectedEndOfInput")
        #expect(parseError("1", .with(maxInputBytes: 0)) == .tooLarge(.inputBytes, limit: 0, at: at(0)))
    }

    @Test(arguments: [
        ("[1] x", 4), ("[1]]", 3), ("{} {}", 3), ("\"a\"\"b\"", 3), ("truex", 4), ("[1]\u{0}", 3), ("[1] \u{FEFF}", 4),
        ("[1] [", 4), ("[1] \"abc\"", 4), ("[1]/", 3), ("[1] // c", 4),
        // A scalar after the value: yajl only finishes lexing it at the end of the input.
        ("[1] 2", 4), ("1 2", 2), ("[1]\n2", 4), ("[1] 1.5", 4), ("[1] tru", 4), ("[1] -", 4), ("[1] nul", 4),
        // An unterminated string after the value.
        ("[1] \"abc", 4), ("[1] \"abc\\", 4), ("{} \"", 3),
    ])
    func trailingDataIsAtItsFirstByte(text: String, offset: Int) {
        #expect(parseError(text) == .trailingData(at: expectedLocation(offset, in: Array(text.utf8))))
    }

    // MARK: Description, Equatable, Hashable

    @Test func descriptionMentionsLineAndColumn() throws {
        let cases: [(String, String)] = [
            ("[1,\n @]", "syntax error"), ("[1", "end of input"), (#"["\ud800"]"#, "escape"), ("[1] x", "after the value"),
        ]
        for (text, words) in cases {
            let description = try #require(parseError(text)).description
            #expect(description.contains(words), "\(description)")
            #expect(description.contains("line"), "\(description)")
            #expect(description.contains("column"), "\(description)")
        }
        let error = try #require(parseError("[1,\n @]"))
        #expect(error.description.contains("line 2, column 2"))
        #expect(String(describing: error as any Error).contains("line 2, column 2"))
        #expect(try #require(parseError([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D])).description.contains("UTF-8"))
        #expect(try #require(parseError(nestedArrays(3), .with(maxDepth: 2))).description.contains("2"))
        #expect(try #require(parseError("[1]", .with(maxInputBytes: 2))).description.contains("line 1, column 3"))
    }

    @Test func locationAccessors() throws {
        let error = try #require(parseError("[1,\n @]"))
        #expect(error.offset == 5)
        #expect(error.line == 2)
        #expect(error.column == 2)
        #expect(error.location == JSONSourceLocation(offset: 5, line: 2, column: 2))
        #expect(error.location.description.contains("byte 5"))
    }

    @Test func errorsAreEquatableAndHashable() throws {
        let a = try #require(parseError("[1,@]"))
        let b = try #require(parseError("[1,@]"))
        let other = try #require(parseError("[1, @]"))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != other)
        #expect(JSONError.unexpectedEndOfInput(at: at(1)) != .trailingData(at: at(1)))
        #expect(JSONError.tooDeep(limit: 1, at: at(1)) != .tooDeep(limit: 2, at: at(1)))
        #expect(JSONError.tooLarge(.inputBytes, limit: 1, at: at(1)) != .tooLarge(.tokenBytes, limit: 1, at: at(1)))
        let set: Set<JSONError> = [a, b, other, .invalidUTF8(at: at(0)), .invalidUTF8(at: at(0))]
        #expect(set.count == 3)
    }
}

private func parseError(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> JSONError? {
    do {
        _ = try JSONDocument(parsing: data)
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
