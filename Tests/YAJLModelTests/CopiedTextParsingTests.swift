import CYAJLTree
import CYAJLTreeTesting
import Foundation
import Testing

@testable import YAJLModel

/// Indented text, and text mostly of strings, is parsed from a copy that leaves out the white
/// space between tokens (which yajl would read a byte at a time) and the text inside strings
/// (keeping their quotes, control bytes and escapes, which yajl checks), and the copy's offsets
/// are mapped back to the text's. Nothing may show it: the tree is the one the text itself gives,
/// node for node, and errors are the text's. With comments allowed the text is parsed as it is,
/// so that is the reference.
@Suite("Parsing: from a copy without white space or string text")
struct CopiedTextParsingTests {
    private static let asWritten: JSONParseOptions = {
        var options = JSONParseOptions()
        options.allowComments = true
        return options
    }()

    /// `lines`, each indented by `indent` spaces: white space well over the share (a third of
    /// the first 4 KiB) at which the copy is made.
    private func indented(_ lines: [String], indent: Int = 80) -> String {
        lines.map { String(repeating: " ", count: indent) + $0 }.joined(separator: "\n")
    }

    /// The copy kernels this machine runs (see `yjm_copy_kernels`): parsing uses the first of
    /// them, and each must give the same trees.
    private static let copyKernels = [YJM_COPY_COMPRESS_64, YJM_COPY_RUNS_32, YJM_COPY_RUNS_16].filter {
        yjm_copy_kernels() & Int32($0.rawValue) != 0
    }

    /// The nodes of `text` parsed from the copy that `kernel` makes, or nil where there is no
    /// copy or its parse fails (which then gives the text's `error`).
    private func nodesFromCopy(_ text: [UInt8], kernel: yjm_copy_kernel, error expected: JSONError? = nil,
                               sourceLocation: SourceLocation = #_sourceLocation) -> [yjm_node]? {
        var options = JSONParseOptions().cOptions
        var tree = yjm_tree()
        var error = yjm_error()
        let result = text.withUnsafeBufferPointer { yjm_parse_copy($0.baseAddress, $0.count, kernel, &options, &tree, &error) }
        defer { yjm_tree_free(&tree) }
        guard result == YJM_COPY_MADE, error.status == YJM_OK else {
            if let expected, result == YJM_COPY_MADE {
                let found = JSONError(error.status, error, input: .bytes(text), options: JSONParseOptions(), limit: 0)
                #expect(found == expected, "kernel \(kernel.rawValue)", sourceLocation: sourceLocation)
            }
            return nil
        }
        return Array(UnsafeBufferPointer(start: tree.nodes, count: Int(tree.node_count)))
    }

    /// Every node, offsets included, is the same as parsing the text as it is.
    private func expectSameTree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectSameTree(Array(text.utf8), sourceLocation: sourceLocation)
    }

    private func expectSameTree(_ text: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(Self.isCopied(text), "the test's text is parsed as it is", sourceLocation: sourceLocation)
        let parsed = try JSONDocument(parsing: text)
        let reference = try JSONDocument(parsing: text, options: Self.asWritten)
        #expect(parsed.tree.node_count == reference.tree.node_count, sourceLocation: sourceLocation)
        for node in 0..<Int(min(parsed.tree.node_count, reference.tree.node_count)) {
            let (found, expected) = (parsed.tree.nodes[node], reference.tree.nodes[node])
            guard found.head == expected.head, found.offset == expected.offset else {
                Issue.record("node \(node): \(found) where the text gives \(expected)", sourceLocation: sourceLocation)
                return
            }
        }
        #expect(parsed.root.rawJSON.string == reference.root.rawJSON.string, sourceLocation: sourceLocation)
        let expected = Array(UnsafeBufferPointer(start: reference.tree.nodes, count: Int(reference.tree.node_count)))
        for kernel in Self.copyKernels {
            let found = nodesFromCopy(text, kernel: kernel)
            #expect(found.map { $0.elementsEqual(expected) { $0.head == $1.head && $0.offset == $1.offset } } == true,
                    "the copy made by kernel \(kernel.rawValue) gives another tree", sourceLocation: sourceLocation)
        }
    }

    /// The same result, a tree or an error, as parsing the text as it is.
    private func expectSameResult(_ text: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let parsed = Result { () throws(JSONError) in try JSONDocument(parsing: text) }
        let reference = Result { () throws(JSONError) in try JSONDocument(parsing: text, options: Self.asWritten) }
        switch (parsed, reference) {
        case (.success, .success):
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try expectSameTree(text, sourceLocation: sourceLocation) }
        case (.failure(let found), .failure(let expected)):
            #expect(found == expected, "\(String(decoding: text, as: UTF8.self))", sourceLocation: sourceLocation)
            for kernel in Self.copyKernels {
                let nodes = nodesFromCopy(text, kernel: kernel, error: expected, sourceLocation: sourceLocation)
                #expect(nodes == nil, "the copy made by kernel \(kernel.rawValue) parses", sourceLocation: sourceLocation)
            }
        default:
            Issue.record("\(parsed) where the text gives \(reference): \(String(decoding: text, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    private static func isCopied(_ text: [UInt8]) -> Bool {
        text.count >= 256 && text.withUnsafeBufferPointer { yjm_worth_copying($0.baseAddress, $0.count) != 0 }
    }

    /// `members` as one line of JSON with no white space, mostly string text: copied.
    private func compact(_ members: [String]) -> [UInt8] {
        Array(("{" + members.joined(separator: ",") + "}").utf8)
    }

    private let prose = "The quick brown fox jumps over the lazy dog; d\u{E9}j\u{E0} vu, \u{1F600} and \u{65E5}\u{672C}."

    @Test func everyKindOfTokenKeepsItsOffsets() throws {
        try expectSameTree(indented([
            "{",
            #""plain"  :  "text","#,
            #""escaped" : "a \" quote, a \\ backslash, \u00e9 and \ud83d\ude00","#,
            #""numbers": [ 0 , -1 , 2.5e-3 , 1E+2 , 123456789012345678901234567890 ],"#,
            #""literals": [ true , false , null ],"#,
            #""empty": { "object" : { } , "array" : [ ] , "string" : "" },"#,
            #""nested": [ [ [ { "deep" : [ 1 ] } ] ] ],"#,
            #""spaces in a string": "  \t  ","#,
            #""last": 1"#,
            "}",
        ]))
    }

    /// Tabs, carriage returns and runs of every length, across the 64-byte blocks the copy is made in.
    @Test func whiteSpaceOfEveryShapeAndLength() throws {
        for width in [1, 2, 15, 16, 17, 63, 64, 65, 127, 130] {
            let gap = String(repeating: " \t\r\n", count: width / 4) + String(repeating: " ", count: width % 4)
            let items = (0..<40).map { #"{"k\#($0)":\#(gap)[\#(gap)\#($0),\#(gap)"v"\#(gap)]\#(gap)}"# }
            // Led by enough white space that the copy is made however narrow the gaps.
            let lead = String(repeating: "\n", count: 2048)
            try expectSameTree(lead + "[" + gap + items.joined(separator: "," + gap) + gap + "]" + gap)
        }
    }

    /// Backslashes before a quote, at every offset around a block boundary: an odd run escapes
    /// the quote, so the string goes on and the white space in it stays; an even run does not.
    @Test func escapesAcrossBlockBoundaries() throws {
        let lead = String(repeating: "\n", count: 2048)
        for offset in 0..<70 {
            for run in 1...4 {
                let head = "\"" + String(repeating: "a", count: offset) + String(repeating: "\\", count: run) + "\""
                let string = run % 2 == 1 ? head + "  ,  \"" : head
                try expectSameTree(lead + "[  " + string + "  ,  " + string + "  ]")
            }
        }
    }

    /// White space between two numbers or literals keeps them apart (`1 2` is not `12`): copies
    /// that cannot put a space in keep the text's own after a number or literal. Pairs apart
    /// (not JSON) and followed by punctuation (JSON), at every offset around a block's end.
    @Test func numbersAndLiteralsStayApartAcrossBlockBoundaries() {
        let lead = String(repeating: "\n", count: 2048)
        let apart = ["1 2", "1\n\n  2", "tr ue", "true false", "- 1", "1. 5", "1e +5", "1 .5", "null\t1", "0 0"]
        let fine = ["1 , 2", "true\n  ,\n  false", "-1 ]", "2.5e3\n]", "null  ,  {}"]
        for (pair, isJSON) in apart.map({ ($0, false) }) + fine.map({ ($0, true) }) {
            for offset in 0..<70 {
                let text = Array((lead + "[" + String(repeating: " ", count: offset) + pair + (pair.hasSuffix("]") ? "" : " ]")).utf8)
                #expect(Self.isCopied(text))
                if isJSON { #expect(throws: Never.self) { try JSONDocument(parsing: text) } }
                expectSameResult(text)
            }
        }
    }

    /// With comments allowed there is no copy: white space may sit inside a comment
    /// (`/* 1 2 */`), where leaving it out would change the comment's end.
    @Test func noCopyWithCommentsAllowed() {
        let text = Array((String(repeating: "\n", count: 300) + "[1, /* a comment */ 2 // and more\n]").utf8)
        var options = Self.asWritten.cOptions
        for kernel in Self.copyKernels {
            var tree = yjm_tree()
            var error = yjm_error()
            let result = text.withUnsafeBufferPointer { yjm_parse_copy($0.baseAddress, $0.count, kernel, &options, &tree, &error) }
            defer { yjm_tree_free(&tree) }
            #expect(result == YJM_COPY_NONE && tree.nodes == nil && error.status == YJM_OK, "kernel \(kernel.rawValue)")
        }
        #expect(throws: Never.self) { try JSONDocument(parsing: text, options: Self.asWritten) }
    }

    /// Text past YJM_MAX_INPUT, whose offsets the map's 32 bits could not hold, has no copy in
    /// any entry point: each says so before it reads a byte (the buffer here is one byte long).
    @Test func noCopyPastTheInputLimit() {
        let length = Int(YJM_MAX_INPUT) + 1
        var byte: UInt8 = 0x20
        var options = JSONParseOptions().cOptions
        for kernel in Self.copyKernels {
            var tree = yjm_tree()
            var error = yjm_error()
            let result = yjm_parse_copy(&byte, length, kernel, &options, &tree, &error)
            #expect(result == YJM_COPY_NONE && error.status == YJM_ERR_INPUT_SIZE && error.offset == YJM_MAX_INPUT && tree.nodes == nil)
        }
        #expect(yjm_copy_holds(&byte, length) == YJM_COPY_NONE)
        #expect(yjm_worth_copying(&byte, length) == 0)
        var output: UInt8 = 0
        #expect(yjm_compact_whitespace(&byte, length, &output) == 0)
    }

    /// A top-level number ends the text: yajl reports it only once the input has ended.
    @Test func aNumberThatEndsTheText() throws {
        try expectSameTree(String(repeating: " ", count: 300) + "-12.5e3")
        try expectSameTree(String(repeating: "\n", count: 300) + "42" + String(repeating: " ", count: 300))
    }

    @Test func aByteOrderMarkIsCountedAsBefore() throws {
        try expectSameTree("\u{FEFF}" + indented(["[", "1,", #""two","#, "[ 3 ]", "]"], indent: 80))
    }

    /// Errors come from the text as written: the same offset, line and column.
    @Test func errorsAreTheTextsOwn() {
        for body in [#""a": [1, 2,, 3]"#, #""a": "unterminated"#, #""a": tru"#, "\"a\": 1, \"b\"\t2", "\"a\": 1 2", "\"a\": \"\u{01}\""] {
            let text = indented(["{", #""first": [ 1, 2, 3 ],"#, body, "}"], indent: 60)
            let found = #expect(throws: JSONError.self) { try JSONDocument(parsing: text) }
            let expected = #expect(throws: JSONError.self) { try JSONDocument(parsing: text, options: Self.asWritten) }
            #expect(found == expected, "\(body)")
            #expect(found.map { $0.line == 3 && $0.column > 60 } == true, "\(body): \(String(describing: found))")
        }
    }

    /// What a user sees of offsets: a value's text, and an edited document written back with
    /// its indentation.
    @Test func rawTextAndWriteBackKeepTheIndentation() throws {
        let text = indented(["{", #""name" : "Ada","#, #""tags" : [ "a" , "b" ],"#, #""age" : 36"#, "}"], indent: 60)
        let document = try JSONDocument(parsing: text)
        #expect(document.root["tags"]?.rawJSON.string == #"[ "a" , "b" ]"#)
        #expect(document.root["name"]?.byteRange == Array(text.utf8).firstRange(of: Array(#""Ada""#.utf8)))
        let older = try document.setting(37, at: "/age")
        #expect(older.jsonString() == text.replacingOccurrences(of: "36", with: "37"))
    }

    /// Strings are read from the text: long and short, ASCII and not, keys and values.
    @Test func stringTextIsReadFromTheText() throws {
        let members = (0..<12).map { #""key number \#($0) of a long object":"\#(prose) \#($0)","k\#($0)":"v""# }
        let text = compact(members)
        try expectSameTree(text)
        let document = try JSONDocument(parsing: text)
        #expect(document.root["key number 3 of a long object"]?.string == prose + " 3")
        #expect(document.root["k11"]?.string == "v")
    }

    /// Escapes at every offset around the copy's 64-byte blocks: the copy keeps each escape
    /// whole (a backslash and the five bytes after it), and the string is decoded from the text.
    @Test func escapesAtEveryOffsetAreDecodedFromTheText() throws {
        for escape in [#"\n"#, #"\""#, #"\\"#, #"\/"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\\\""#] {
            let members = (0..<70).map { offset in
                #""k\#(offset)":"\#(String(repeating: "a", count: offset))\#(escape)\#(prose)""#
            }
            let text = compact(members)
            try expectSameTree(text)
            let document = try JSONDocument(parsing: text)
            let decoded = try #require(JSONDocument(parsing: #"["\#(escape)"]"#).root[0]?.string)
            #expect(document.root["k69"]?.string == String(repeating: "a", count: 69) + decoded + prose, "\(escape)")
        }
    }

    /// What is wrong inside a string's text is found in the text, with the text's error.
    @Test func errorsInsideStringTextAreTheTextsOwn() {
        let bad: [[UInt8]] = [
            Array(#"\x"#.utf8), Array(#"\u12G4"#.utf8), Array(#"\u00"#.utf8), Array(#"\ud800"#.utf8),
            [0x01], [0x09], [0x0A], [0x7F, 0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE6, 0x97],
        ]
        for bytes in bad {
            for offset in [0, 1, 30, 59, 62, 63, 64, 65, 127] {
                var text = Array(#"{"first":"\#(prose)","second":[1,2,3],"long":""#.utf8)
                text += Array(repeating: UInt8(ascii: "a"), count: offset) + bytes + Array(prose.utf8)
                text += Array(#"","last":"\#(prose)\#(prose)"}"#.utf8)
                #expect(Self.isCopied(text))
                #expect(throws: JSONError.self) { try JSONDocument(parsing: text) }
                expectSameResult(text)
            }
        }
    }

    /// The copy checks the text's UTF-8, 64 bytes at a time, so that strings read from the text
    /// need no check of their own. Sequences of every length, those whose second byte has a
    /// narrower range (E0, ED, F0, F4) and pairs of them, at every offset around a block's end:
    /// the valid ones keep the copy, and the text's tree; each broken one fails the copy, and
    /// gives the text's error.
    @Test func utf8IsCheckedAcrossBlockBoundaries() {
        let valid: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE6, 0x97, 0xA5], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xE6, 0x97, 0xA5, 0xF0, 0x9F, 0x98, 0x80], [0xF0, 0x9F, 0x98, 0x80, 0xE6, 0x97, 0xA5, 0xC3, 0xA9],
        ]
        let broken: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE6, 0x97], [0xE6, 0xE6, 0x97, 0xA5],
            [0xF0, 0x9F, 0x98], [0xC3, 0xA9, 0xA9], [0xE6, 0x97, 0xA5, 0xF0, 0x9F, 0x98],
        ]
        for (bytes, isValid) in valid.map({ ($0, true) }) + broken.map({ ($0, false) }) {
            for offset in 0..<70 {
                var text = Array(#"{"first":"\#(prose)","long":""#.utf8)
                text += Array(repeating: UInt8(ascii: "a"), count: offset) + bytes + Array(prose.utf8)
                text += Array(#"","last":"\#(prose)\#(prose)"}"#.utf8)
                #expect(Self.isCopied(text))
                let result = text.withUnsafeBufferPointer { yjm_copy_holds($0.baseAddress, $0.count) }
                #expect(result == (isValid ? YJM_COPY_MADE : YJM_COPY_NOT_UTF8), "\(bytes) at \(offset)")
                if !isValid { #expect(throws: JSONError.self) { try JSONDocument(parsing: text) } }
                expectSameResult(text)
            }
        }
    }

    /// Random texts of long strings, many of them broken (quotes, backslashes and brackets
    /// inserted or removed): each gives the text's own tree or error.
    @Test func randomTextsGiveTheTextsResult() {
        var random = SplitMix64(seed: 0x5EED_C0DE)
        let pieces: [[UInt8]] = [
            Array("plain words ".utf8), Array("d\u{E9}j\u{E0} \u{1F600}".utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8),
            Array(#"\u00e9"#.utf8), Array(#"\n"#.utf8), Array("\",\"".utf8), Array("\":[1,{\"".utf8), Array("}]".utf8),
            [0xFF], [0x01], Array(#"\u12"#.utf8), Array(" ,\n\t ".utf8), Array(#"\"#.utf8), Array("true".utf8),
        ]
        var copied = 0
        for _ in 0..<3_000 {
            var text = Array(#"{"items":[""#.utf8)
            for _ in 0..<Int.random(in: 20...60, using: &random) {
                // Mostly string text that is fine, so that the text is copied.
                let piece = Int.random(in: 0..<100, using: &random)
                text += piece < 70 ? pieces[piece % 2] : pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            text += Array(#""]}"#.utf8)
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let at = Int.random(in: 0..<text.count, using: &random)
                if Bool.random(using: &random) {
                    text.remove(at: at)
                } else {
                    text.insert([UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: ",")].randomElement(using: &random)!, at: at)
                }
            }
            guard Self.isCopied(text) else { continue }
            copied += 1
            expectSameResult(text)
        }
        #expect(copied > 2_000)
    }
}
