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
}
