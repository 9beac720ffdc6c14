import CYAJLTree
import Foundation
import Testing

@testable import YAJLModel

/// Indented text is parsed from a copy without the white space between its tokens, which yajl
/// would otherwise read a byte at a time, and the copy's offsets are mapped back to the text's.
/// Nothing may show it: the tree is the one the text itself gives, node for node, and errors are
/// the text's. With comments allowed the text is parsed as it is, so that is the reference.
@Suite("Parsing: indented input")
struct IndentedParsingTests {
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

    /// Every node, offsets included, is the same as parsing the text as it is.
    private func expectSameTree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
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
    }

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
}
