import Foundation
import Testing
@testable import YAJLModel

/// What the fuzzers found, as readable tests. The inputs they saved are replayed as they are by
/// `YAJLModelFuzzTests` (from `Tests/Fuzz/Regressions`); these say what went wrong.
@Suite("Fuzzer findings")
struct FuzzFindingsTests {
    /// Found by the `roundtrip` and `tree-builder` targets (`Tests/Fuzz/Regressions/roundtrip/crash-bd0e…`,
    /// `tree-builder/crash-5268…`). With comments allowed, yajl takes form feed and vertical tab as
    /// white space; the builder, which finds the start of a number that ends the text and of an
    /// escaped string itself, stopped on them, so the node pointed at the `\v`: `"\u{0B}5"` read
    /// as a number whose text was `"\u{0B}"`.
    @Test func lenientWhiteSpaceBeforeATokenTheBuilderLocates() throws {
        let lenient = JSONParseOptions.with(allowComments: true)
        #expect(try parse("\u{0B}5", lenient).root.numberText == "5")
        #expect(try parse("\u{0C} /* c */ 12", lenient).root.int == 12)
        #expect(try parse("[1,\u{0B}\"a\\nb\"]", lenient).root[1]?.string == "a\nb")
        #expect(try parse("{\"k\":\u{0C}\"\\u00e9\"}", lenient).root["k"]?.string == "é")
        #expect(try parse("\u{0B}5", lenient).jsonString() == "5")
        // Strict parsing rejects them, as before.
        #expect(parseError("\u{0B}5")?.caseName == "syntax")
        #expect(parseError("[1,\u{0C}\"a\\nb\"]")?.caseName == "syntax")
    }

    /// Found by the `streaming` target (`Tests/Fuzz/Regressions/streaming/crash-d337…`): the whole
    /// parse accepted what the chunked one rejected. Indented text of 256 bytes or more is parsed
    /// from a copy without its white space, so a byte-order mark after white space started the
    /// copy, and the copy's parse skipped it as if it began the text.
    @Test func aByteOrderMarkAfterWhiteSpace() throws {
        let indent = String(repeating: " ", count: 300)
        let error = parseError(String(repeating: "\n", count: 10) + "\u{FEFF}[" + indent + "1]")
        #expect(error?.caseName == "syntax")
        #expect(error?.offset == 10)
        // Where the text starts, a mark is skipped and counted in offsets, as before.
        #expect(try parse("\u{FEFF}[" + indent + "1]").root[0]?.byteRange == 304..<305)
    }

    /// Found by the `patch` target within a minute (`Tests/Fuzz/Regressions/patch/crash-86f1…`).
    /// JSON Pointer compares keys by code points, and so do parsed documents and `JSON`'s edits;
    /// but an edited document looked up the members it had added, and the members of new objects,
    /// with `String`'s `==`, which takes canonically equivalent spellings as equal. So after adding
    /// `"e\u{301}"` to `{"é": 1}`, adding `"é"` replaced the new member instead of the original.
    @Test func documentEditsMatchKeysByBytes() throws {
        let precomposed = "\u{E9}", decomposed = "e\u{301}"
        let document = try JSONDocument(parsing: #"{"\#(precomposed)": 1}"#)
        let patch = JSONPatch([.add(path: "/" + decomposed, value: 2), .add(path: "/" + precomposed, value: 3)])
        let edited = try document.applying(patch)
        #expect(edited.root[precomposed]?.int == 3)
        #expect(edited.root[decomposed]?.int == 2)
        #expect(try edited.root == JSON(document.root).applying(patch).document().root)
        #expect(try document.setting(2, at: "/" + decomposed).setting(3, at: "/" + precomposed).jsonString()
            == #"{"\#(precomposed)": 3, "\#(decomposed)": 2}"#)

        // Removing one spelling leaves the other, in new objects too.
        let nested = try document.setting([decomposed: 1], at: "/n")
        #expect(throws: JSONEditError(.missingValue, pointer: "/n/" + precomposed)) { try nested.removing(at: "/n/" + precomposed) }
        #expect(try nested.removing(at: "/n/" + decomposed).jsonString() == #"{"\#(precomposed)": 1, "n": {}}"#)
        #expect(try document.merging([decomposed: 2]).merging([precomposed: nil]).jsonString()
            == #"{"\#(decomposed)": 2}"#)
    }
}
