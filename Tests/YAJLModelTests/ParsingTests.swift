import Foundation
import Testing
@testable import YAJLModel

@Suite("Parsing: initializers, document properties, options")
struct ParsingTests {
    static let sample = #"{"a": [1, 2], "b": "x"}"#

    // MARK: Initializers

    @Test func parsesData() throws {
        let document = try JSONDocument(parsing: Data(Self.sample.utf8))
        #expect(document.root["a"]?[1]?.int == 2)
        #expect(document.root["b"]?.string == "x")
        #expect(document.inputByteCount == Self.sample.utf8.count)
    }

    /// A document keeps reading its own bytes after the caller changes or drops the `Data` or
    /// array it parsed, whether the `Data` was small enough to be stored inline or not.
    @Test(arguments: [4, 14, 64, 65, 4096])
    func readsItsInputAfterTheCallersCopyChanges(padding: Int) throws {
        let text = #"{"name": "Ada", "pad": ""# + String(repeating: "x", count: padding) + #"", "n": 36.5}"#
        var data = Data(text.utf8)
        var bytes = Array(text.utf8)
        let fromData = try JSONDocument(parsing: data)
        let fromBytes = try JSONDocument(parsing: bytes)
        data.resetBytes(in: 0..<data.count)
        bytes.replaceSubrange(0..<bytes.count, with: repeatElement(0, count: bytes.count))
        data = Data()
        bytes = []
        for document in [fromData, fromBytes] {
            #expect(document.root["name"]?.string == "Ada")
            #expect(document.root["pad"]?.string?.count == padding)
            #expect(document.root["n"]?.double == 36.5)
            #expect(document.jsonString() == text)
        }
    }

    @Test func parsesByteArray() throws {
        let document = try JSONDocument(parsing: Array(Self.sample.utf8))
        #expect(document.root["a"]?[0]?.int == 1)
        #expect(document.inputByteCount == Self.sample.utf8.count)
    }

    @Test func parsesString() throws {
        let document = try JSONDocument(parsing: #"["é", "😀"]"#)
        #expect(document.root[0]?.string == "é")
        #expect(document.root[1]?.string == "😀")
        #expect(document.inputByteCount == 14)
    }

    @Test func parsesSliceOfDataWithNonZeroStartIndex() throws {
        let whole = Data(("xxxx" + Self.sample).utf8)
        let slice = whole[4...]
        let document = try JSONDocument(parsing: slice)
        #expect(document.root["b"]?.string == "x")
        #expect(document.root.byteRange == 0..<Self.sample.utf8.count)
        #expect(document.jsonString() == Self.sample)
    }

    @Test func parsesUnsafeRawBufferPointerAndOutlivesIt() throws {
        let bytes = Array(Self.sample.utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        let document = try JSONDocument(parsing: UnsafeRawBufferPointer(buffer))
        // The document copied the bytes: scribbling over and freeing the caller's memory changes nothing.
        buffer.initializeMemory(as: UInt8.self, repeating: 0x20)
        buffer.deallocate()
        #expect(document.root["b"]?.string == "x")
        #expect(document.root["a"]?[1]?.int == 2)
        #expect(document.jsonString() == Self.sample)
    }

    @Test func parsesEmptyUnsafeRawBufferPointerAsEndOfInput() {
        let error = #expect(throws: JSONError.self) { try JSONDocument(parsing: UnsafeRawBufferPointer(start: nil, count: 0)) }
        #expect(error == .unexpectedEndOfInput(at: JSONSourceLocation(offset: 0, line: 1, column: 1)))
    }

    @Test func parsesContentsOfFile() throws {
        let url = try temporaryFile(contents: Self.sample)
        defer { try? FileManager.default.removeItem(at: url) }
        let document = try JSONDocument(contentsOf: url)
        #expect(document.root["a"]?.count == 2)
        #expect(document.inputByteCount == Self.sample.utf8.count)
        #expect(document.jsonString() == Self.sample)
    }

    @Test func contentsOfFileLargerThanMaxInputBytesIsTooLarge() throws {
        let url = try temporaryFile(contents: Self.sample)
        defer { try? FileManager.default.removeItem(at: url) }
        let limit = 10
        let error = #expect(throws: JSONError.self) { try JSONDocument(contentsOf: url, options: .with(maxInputBytes: limit)) }
        guard case .tooLarge(.inputBytes, limit: limit, at: let location)? = error else {
            Issue.record("expected tooLarge(.inputBytes, limit: \(limit)), got \(String(describing: error))")
            return
        }
        #expect(location.offset == limit)
        // The location is documented as 1-based, and should match what parsing the same bytes in memory reports.
        #expect(location.line >= 1)
        #expect(location.column >= 1)
        let inMemory = parseError(Self.sample, .with(maxInputBytes: limit))
        #expect(error == inMemory)
        // Exactly at the limit, the file parses.
        let atLimit = try JSONDocument(contentsOf: url, options: .with(maxInputBytes: Self.sample.utf8.count))
        #expect(atLimit.root["b"]?.string == "x")
    }

    /// A negative limit is a limit of zero, for a file as for bytes in memory.
    @Test func contentsOfFileWithANegativeLimitFailsAtItsFirstByte() throws {
        let url = try temporaryFile(contents: Self.sample)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: JSONError.self) { try JSONDocument(contentsOf: url, options: .with(maxInputBytes: -5)) }
        #expect(error?.location == JSONSourceLocation(offset: 0, line: 1, column: 1))
        #expect(error == parseError(Self.sample, .with(maxInputBytes: -5)))
    }

    @Test func contentsOfMissingFileThrowsAFileError() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-missing-\(UUID().uuidString).json")
        #expect {
            try JSONDocument(contentsOf: url)
        } throws: { error in
            !(error is JSONError)
        }
    }

    @Test func contentsOfFileWithInvalidJSONThrowsJSONError() throws {
        let url = try temporaryFile(contents: "[1,\n2,]")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            try JSONDocument(contentsOf: url)
        } throws: { error in
            (error as? JSONError)?.location == JSONSourceLocation(offset: 6, line: 2, column: 3)
        }
    }

    // MARK: Document properties

    @Test func rootIsTheTopLevelValue() throws {
        #expect(try parse("  42 ").root.int == 42)
        #expect(try parse("null").root.isNull)
        #expect(try parse(#""s""#).root.string == "s")
        #expect(try parse("[]").root.kind == .array)
        #expect(try parse("{}").root.kind == .object)
        #expect(try parse("  [1] ").root.byteRange == 2..<5)
    }

    @Test func nodeCountCountsValuesAndKeys() throws {
        // object, "a", array, 1, 2, "b", "x"
        #expect(try parse(Self.sample).nodeCount == 7)
        #expect(try parse("1").nodeCount == 1)
        #expect(try parse("[]").nodeCount == 1)
        // Escaped strings and containers take two words but count once.
        #expect(try parse(#"{"k\n": ["v\t", {}]}"#).nodeCount == 5)
    }

    @Test func treeByteCountIsEightBytesPerWordPlusDecodedEscapedText() throws {
        // object (2 words) + key (1) + array (2) + 1 (1) + 2 (1) + key (1) + "x" (1) = 9 words
        #expect(try parse(Self.sample).treeByteCount == 9 * 8)
        // array (2) + escaped string (2) = 4 words, plus the 3 decoded bytes "a\nb"
        #expect(try parse(#"["a\nb"]"#).treeByteCount == 4 * 8 + 3)
        #expect(try parse("true").treeByteCount == 8)
    }

    @Test func inputByteCountIsTheWholeInput() throws {
        #expect(try parse("  [1]  \n").inputByteCount == 8)
        #expect(try JSONDocument(parsing: [0xEF, 0xBB, 0xBF, 0x31]).inputByteCount == 4)
    }

    // MARK: maxDepth

    @Test(arguments: [1, 2, 3, 10, 512])
    func maxDepthExactlyAtTheLimitParses(limit: Int) throws {
        let options = JSONParseOptions.with(maxDepth: limit)
        let arrays = try parse(nestedArrays(limit, innermost: "7"), options)
        var value = arrays.root
        for _ in 1..<limit { value = try #require(value[0]) }
        #expect(value[0]?.int == 7)
        let objects = try parse(nestedObjects(limit), options)
        #expect(objects.root.kind == .object)
    }

    @Test(arguments: [1, 2, 3, 10, 512])
    func maxDepthOneDeeperFails(limit: Int) {
        let options = JSONParseOptions.with(maxDepth: limit)
        #expect(parseError(nestedArrays(limit + 1), options) == .tooDeep(limit: limit, at: JSONSourceLocation(offset: limit, line: 1, column: limit + 1)))
        // Objects: the (limit+1)th "{" is at offset 5 * limit.
        #expect(parseError(nestedObjects(limit + 1), options) == .tooDeep(limit: limit, at: JSONSourceLocation(offset: 5 * limit, line: 1, column: 5 * limit + 1)))
    }

    @Test func defaultMaxDepthIs512() throws {
        #expect(JSONParseOptions().maxDepth == 512)
        _ = try parse(nestedArrays(512))
        #expect(parseError(nestedArrays(513))?.caseName == "tooDeep")
    }

    @Test func mixedNestingCountsBothKinds() throws {
        let options = JSONParseOptions.with(maxDepth: 4)
        _ = try parse(#"[{"a": [{}]}]"#, options)
        #expect(parseError(#"[{"a": [{"b": []}]}]"#, options) == .tooDeep(limit: 4, at: JSONSourceLocation(offset: 14, line: 1, column: 15)))
    }

    @Test func maxDepthZeroAllowsOnlyScalars() throws {
        let options = JSONParseOptions.with(maxDepth: 0)
        #expect(try parse("12", options).root.int == 12)
        #expect(try parse(#""s""#, options).root.string == "s")
        #expect(parseError("[]", options) == .tooDeep(limit: 0, at: JSONSourceLocation(offset: 0, line: 1, column: 1)))
        #expect(parseError(" {}", options) == .tooDeep(limit: 0, at: JSONSourceLocation(offset: 1, line: 1, column: 2)))
    }

    // MARK: maxInputBytes

    @Test func maxInputBytes() throws {
        let text = "[1,2]"
        #expect(try parse(text, .with(maxInputBytes: 5)).root.count == 2)
        #expect(parseError(text, .with(maxInputBytes: 4)) == .tooLarge(.inputBytes, limit: 4, at: JSONSourceLocation(offset: 4, line: 1, column: 5)))
        #expect(JSONParseOptions().maxInputBytes == JSONParseOptions.maximumSupportedInputBytes)
        #expect(JSONParseOptions.maximumSupportedInputBytes == 1 << 30)
    }

    @Test func maxInputBytesAboveTheCeilingIsClampedToIt() throws {
        // Asking for more than the tree can address still parses ordinary input.
        #expect(try parse("[1]", .with(maxInputBytes: .max)).root.count == 1)
    }

    @Test func maxInputBytesIsCheckedBeforeSyntax() {
        // The input is both too large and malformed: the size wins, before any parsing.
        #expect(parseError("[[[[", .with(maxInputBytes: 2))?.caseName == "tooLarge")
    }

    // MARK: allowComments

    static let commented = """
        /* header */ {
          "a": [1, // one
                2 /* two ] */ ],
          "b": /* "x" */ "y\\n", // escaped string after a comment
          "c": "http://example.com/x"
        } // trailer
        """

    @Test func commentsAreRejectedByDefault() {
        #expect(parseError(Self.commented)?.caseName == "syntax")
        #expect(parseError("[1, // c\n 2]") == .syntax("comments are not allowed", at: JSONSourceLocation(offset: 4, line: 1, column: 5)))
        #expect(parseError("/* c */ [1]")?.offset == 0)
        #expect(JSONParseOptions().allowComments == false)
    }

    @Test func commentsAreAcceptedWhenAllowed() throws {
        let document = try parse(Self.commented, .with(allowComments: true))
        let root = document.root
        #expect(root.count == 3)
        #expect(root["a"]?.count == 2)
        #expect(root["a"]?[1]?.int == 2)
        #expect(root["a"]?.rawJSON.string == "[1, // one\n        2 /* two ] */ ]")
        #expect(root["b"]?.string == "y\n")
        #expect(root["c"]?.string == "http://example.com/x")
        #expect(root.rawJSON.string.hasPrefix("{"))
        #expect(root.rawJSON.string.hasSuffix("}"))
    }

    @Test func commentedScalarsKeepTheirOffsets() throws {
        let number = try parse("/* x */ 12", .with(allowComments: true)).root
        #expect(number.int == 12)
        #expect(number.byteRange == 8..<10)
        #expect(try parse("12 // x", .with(allowComments: true)).root.byteRange == 0..<2)
    }

    @Test func writingACommentedDocumentGivesJSONWithoutComments() throws {
        let document = try parse(Self.commented, .with(allowComments: true))
        let written = document.jsonString()
        #expect(!written.contains("/*"))
        #expect(!written.contains("//") || written.contains("http://"))
        #expect(!written.contains("one") && !written.contains("trailer") && !written.contains("header"))
        // Parses strictly (no comment allowance) and equals the original.
        let reparsed = try parse(written)
        #expect(reparsed.root == document.root)
        let data = document.jsonData()
        #expect(try JSONDocument(parsing: data).root == document.root)
        #expect(written == #"{"a":[1,2],"b":"y\n","c":"http://example.com/x"}"#)
        // A member value alone, too.
        #expect(document.root["a"]?.jsonString() == "[1,2]")
    }

    @Test func commentAllowanceWithoutCommentsKeepsOriginalBytes() throws {
        let text = #"{ "a" : [ 1 , 2 ] }"#
        #expect(try parse(text, .with(allowComments: true)).jsonString() == text)
    }

    @Test func unterminatedCommentIsRejected() {
        // The text ends inside a comment: there is no closing "*/".
        #expect(parseError("[1] /* c", .with(allowComments: true))?.caseName == "unexpectedEndOfInput")
        #expect(parseError("[1, /* c", .with(allowComments: true))?.caseName == "unexpectedEndOfInput")
    }

    @Test func commentModeFollowsYajlsWhiteSpaceButNotAfterTheValue() throws {
        // Documented leniency: with comments allowed, yajl's lexer also takes form feed
        // and vertical tab as white space between tokens.
        #expect(try parse("[1,\u{C}2]", .with(allowComments: true)).root[1]?.int == 2)
        // After the value only JSON white space and comments may follow.
        #expect(parseError("[1]\u{B}", .with(allowComments: true)) == .trailingData(at: JSONSourceLocation(offset: 3, line: 1, column: 4)))
    }

    // MARK: Byte-order mark

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test func byteOrderMarkIsSkippedByDefault() throws {
        #expect(JSONParseOptions().skipsByteOrderMark)
        let document = try JSONDocument(parsing: Self.bom + Array(#"{"a": 1}"#.utf8))
        #expect(document.root["a"]?.int == 1)
        // Offsets still count the mark.
        #expect(document.root.byteRange == 3..<11)
        #expect(document.root["a"]?.byteRange == 9..<10)
        // The document writes its input exactly, mark included; its root value, without.
        #expect(Array(document.jsonData()) == Self.bom + Array(#"{"a": 1}"#.utf8))
        #expect(document.root.jsonString() == #"{"a": 1}"#)
        #expect(Array(document.root.jsonData()) == Array(#"{"a": 1}"#.utf8))
        // And a mark before a scalar.
        #expect(try JSONDocument(parsing: Self.bom + Array("12".utf8)).root.byteRange == 3..<5)
    }

    @Test func errorOffsetsCountTheByteOrderMark() {
        #expect(parseError(Self.bom + Array("[1,]".utf8))?.offset == 6)
        #expect(parseError(Self.bom + Array("[1,\n]".utf8))?.location.line == 2)
        #expect(parseError(Self.bom + Array("[1,\n]".utf8))?.location.column == 1)
    }

    @Test func byteOrderMarkIsRejectedWhenNotSkipped() {
        let error = parseError(Self.bom + Array("[1]".utf8), .with(skipsByteOrderMark: false))
        #expect(error?.caseName == "syntax")
        #expect(error?.offset == 0)
    }

    @Test func byteOrderMarkAloneIsEndOfInput() {
        #expect(parseError(Self.bom) == .unexpectedEndOfInput(at: JSONSourceLocation(offset: 3, line: 1, column: 2)))
    }

    @Test func onlyOneByteOrderMarkIsSkipped() {
        #expect(parseError(Self.bom + Self.bom + Array("[1]".utf8))?.offset == 3)
        // A mark anywhere else is not white space.
        #expect(parseError(Array("[1,".utf8) + Self.bom + Array("2]".utf8))?.offset == 3)
    }

    @Test func otherEncodingsAreRejected() {
        // UTF-16 LE and BE with their byte-order marks.
        #expect(parseError([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00]) != nil)
        #expect(parseError([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D]) != nil)
    }

    // MARK: Duplicate keys

    @Test func duplicateKeysAreAllKeptAndLookupReturnsTheLast() throws {
        let root = try parse(#"{"a": 1, "b": 2, "a": 3}"#).root
        #expect(root.count == 3)
        let members = try #require(root.object)
        #expect(members.count == 3)
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(members.map { $0.value.int } == [1, 2, 3])
        #expect(root.keys.map(Array.init) == ["a", "b", "a"])
        #expect(root["a"]?.int == 3)
        #expect(root[pointer: "/a"]?.int == 3)
        #expect(root[path: "a"]?.int == 3)
        #expect(root.jsonString(options: .sortedKeys) == #"{"a":1,"a":3,"b":2}"#)
    }

    @Test func duplicateKeysInALargeObjectUseTheLast() throws {
        // Over the lookup-index threshold, and the repeated key both escaped and not.
        var members = (0..<40).map { #""k\#($0)": \#($0)"# }
        members.append(#""k7": "last""#)
        members.insert(#""k\u0037": "middle""#, at: 20)
        let root = try parse("{" + members.joined(separator: ",") + "}").root
        #expect(root.count == 42)
        // The first lookup scans the members; later ones go through the index it leaves behind.
        #expect(root["k7"]?.string == "last")
        #expect(root["k8"]?.int == 8)
        #expect(root["k7"]?.string == "last")
        #expect(root["k99"] == nil)
        #expect(root.object?.filter { $0.key == "k7" }.count == 3)
    }
}

func temporaryFile(contents: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-test-\(UUID().uuidString).json")
    try Data(contents.utf8).write(to: url)
    return url
}
