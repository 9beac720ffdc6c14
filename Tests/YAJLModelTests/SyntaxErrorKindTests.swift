import CYAJLTree
import Testing

@testable import YAJLModel

/// Each kind of syntax error is told apart from where the parse stopped, the containers open
/// there and the bytes at that place, never from yajl's wording: its description, and the byte
/// offset of the byte that is wrong (for a well-formed token where another was expected, where
/// yajl stops, which the tests elsewhere pin down).
@Suite("Errors: each kind of syntax error, with its offset")
struct SyntaxErrorKindTests {
    /// The text, the kind of error, and its byte offset.
    static let cases: [(String, yjm_syntax, Int)] = [
        ("[1,@]", YJM_SYNTAX_INVALID_CHARACTER, 3),
        ("['a']", YJM_SYNTAX_INVALID_CHARACTER, 1),
        ("[1,/*x*/2]", YJM_SYNTAX_COMMENT, 3),
        ("[1.]", YJM_SYNTAX_INVALID_NUMBER, 3),
        ("[-x]", YJM_SYNTAX_INVALID_NUMBER, 2),
        ("[1e]", YJM_SYNTAX_INVALID_NUMBER, 3),
        ("[1e+]", YJM_SYNTAX_INVALID_NUMBER, 4),
        ("[nul]", YJM_SYNTAX_INVALID_LITERAL, 4),
        ("[tx]", YJM_SYNTAX_INVALID_LITERAL, 2),
        ("[fals ]", YJM_SYNTAX_INVALID_LITERAL, 5),
        (#"["a\x"]"#, YJM_SYNTAX_INVALID_ESCAPE, 4),
        (#"{"\u12":1}"#, YJM_SYNTAX_INVALID_UNICODE_ESCAPE, 6),
        ("[\"tab\tinside\"]", YJM_SYNTAX_CONTROL_CHARACTER, 5),
        ("[1,]", YJM_SYNTAX_EXPECTED_VALUE, 3),
        (#"{"a":}"#, YJM_SYNTAX_EXPECTED_VALUE, 5),
        ("]", YJM_SYNTAX_EXPECTED_VALUE, 0),
        ("[,1]", YJM_SYNTAX_EXPECTED_VALUE_OR_ARRAY_END, 1),
        ("[1 2]", YJM_SYNTAX_EXPECTED_COMMA_OR_ARRAY_END, 3),
        ("[1}", YJM_SYNTAX_EXPECTED_COMMA_OR_ARRAY_END, 2),
        ("{1:2}", YJM_SYNTAX_EXPECTED_KEY_OR_OBJECT_END, 1),
        (#"{"a":1,}"#, YJM_SYNTAX_EXPECTED_KEY, 7),
        (#"{"a" 1}"#, YJM_SYNTAX_EXPECTED_COLON, 5),
        (#"{"a":1 "b":2}"#, YJM_SYNTAX_EXPECTED_COMMA_OR_OBJECT_END, 8),
        (#"{"a":1 2}"#, YJM_SYNTAX_EXPECTED_COMMA_OR_OBJECT_END, 6),
        ("[\u{C}1]", YJM_SYNTAX_EXTRA_WHITE_SPACE, 1),
    ]

    @Test(arguments: cases.indices)
    func kindAndOffset(index: Int) {
        let (text, kind, offset) = Self.cases[index]
        let description = String(cString: yjm_syntax_description(kind))
        #expect(parseError(text) == .syntax(description, at: JSONSourceLocation(offset: offset, line: 1, column: offset + 1)), "\(text)")
        // The C error names the kind itself.
        var options = JSONParseOptions().cOptions
        var tree = yjm_tree()
        var error = yjm_error()
        let status = Array(text.utf8).withUnsafeBufferPointer { yjm_parse($0.baseAddress, $0.count, &options, &tree, &error) }
        yjm_tree_free(&tree)
        #expect(status == YJM_ERR_SYNTAX && error.syntax == kind && error.offset == offset, "\(text)")
    }

    /// A '/' that opens no comment, where comments are allowed, is a byte that starts no token:
    /// yajl reads the byte after it before it rejects it.
    @Test func aSlashThatOpensNoComment() {
        var withComments = JSONParseOptions()
        withComments.allowComments = true
        #expect(parseError("[1,/x]", withComments) == .syntax("invalid character", at: JSONSourceLocation(offset: 4, line: 1, column: 5)))
    }

    /// Every kind has a description of its own, none of them yajl's.
    @Test func descriptionsAreDistinct() {
        let kinds = Set(Self.cases.map(\.1.rawValue))
        let descriptions = Set(kinds.map { String(cString: yjm_syntax_description(yjm_syntax($0))) })
        #expect(descriptions.count == kinds.count)
        #expect(kinds.count == Int(YJM_SYNTAX_EXTRA_WHITE_SPACE.rawValue) - 1, "every kind but AFTER_VALUE (a trailing-data error) has a case")
    }

    /// A token after the top-level value is trailing data, not a syntax error.
    @Test func aTokenAfterTheValueIsTrailingData() {
        #expect(parseError("[1] x") == .trailingData(at: JSONSourceLocation(offset: 4, line: 1, column: 5)))
    }

    /// A stream, fed the text in two pieces, finds the same kind at the same offset.
    @Test(arguments: cases.indices)
    func aStreamFindsTheSameKind(index: Int) {
        let (text, kind, offset) = Self.cases[index]
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var config = yjm_stream_config()
            config.options = JSONParseOptions().cOptions
            let stream = yjm_stream_create(&config)
            defer { yjm_stream_free(stream) }
            var error = yjm_error()
            var tree = yjm_tree()
            var status = bytes.withUnsafeBufferPointer { yjm_stream_feed(stream, $0.baseAddress, cut, &error) }
            if status == YJM_OK {
                status = bytes.withUnsafeBufferPointer { yjm_stream_finish(stream, $0.baseAddress, $0.count, &tree, &error) }
            }
            yjm_tree_free(&tree)
            #expect(status == YJM_ERR_SYNTAX && error.syntax == kind && error.offset == offset, "\(text) cut at \(cut)")
        }
    }
}
