import Foundation
import Testing
@testable import YAJLModel

/// yajl 2.1's published vulnerabilities, with their proof-of-concept inputs, and what YAJLModel
/// does with them. SECURITY.md explains each one. The same inputs are in Tests/Fuzz/LeakCheck,
/// which the valgrind leak check and the fuzzers' seeds use.
@Suite("yajl advisories: the published inputs are clean errors here")
struct YAJLAdvisoryTests {
    /// CVE-2017-16516: escapes like these reached assertions in yajl's `yajl_string_decode`
    /// (a crash where asserts are on). yajl still decodes them (Debian's package carries the fix);
    /// YAJLModel decodes the raw bytes itself and rejects the lone surrogate.
    @Test func cve2017_16516() {
        #expect(parseError(#"{"e":{"\uD800\\DC00":"a"}}"#) == .invalidEscape(at: JSONSourceLocation(offset: 7, line: 1, column: 8)))
        #expect(parseError(#"{"\uDBFF\\u "@: "#) == .invalidEscape(at: JSONSourceLocation(offset: 2, line: 1, column: 3)))
    }

    /// CVE-2023-33460: `yajl_tree_parse` leaked its partial tree on these errors. YAJLModel never
    /// uses yajl_tree; its own tree is two flat arrays, freed on every error path.
    @Test func cve2023_33460() {
        #expect(parseError("{\"key\" : \"value\n}")?.caseName == "syntax")
        #expect(parseError(#"{"obj1":{ "key1":1 "key2":2}}"#)?.caseName == "syntax")
    }

    /// CVE-2022-24795: `yajl_buf` sizes wrapped near 2^31 bytes (~2 GB inputs or tokens) and
    /// corrupted the heap. YAJLModel never hands yajl more than 1 GiB, and no token can reach
    /// 512 MiB inside it: both limits are checked before yajl's buffer would grow that far.
    @Test func cve2022_24795() {
        #expect(JSONParseOptions.maximumSupportedInputBytes == 1 << 30)
        #expect(JSONParseOptions.maximumTokenBytes < 1 << 29)
        #expect(JSONParseOptions().maxInputBytes == JSONParseOptions.maximumSupportedInputBytes)
        #expect(parseError("[1]", .with(maxInputBytes: 2)) == .tooLarge(.inputBytes, limit: 2, at: JSONSourceLocation(offset: 2, line: 1, column: 3)))
    }
}
