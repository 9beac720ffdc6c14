import CYAJLTree
import Foundation

/// An input copied without the white space between its tokens, for `YAJLDecoder`.
///
/// yajl reads white space a byte at a time, so an indented document spends much of its parse
/// there (citm_catalog.json is 71 % white space). A decode reads each value once, and what it
/// returns does not point into the text (except a `JSONValue` property, whose `byteRange` then
/// counts in the copy), so it can parse a compact copy instead. Errors in the input are reported
/// by parsing the input itself.
enum CompactedInput {
    /// The compact copy of `input`, or nil when that would not help or could change the outcome:
    /// the input is not indented, comments are allowed (white space may sit inside one), or the
    /// input is over the size limit (which the copy might be under).
    static func copy(of input: JSONInput, options: JSONParseOptions) -> JSONInput? {
        guard !options.allowComments else { return nil }
        let limit = options.inputLimit
        return input.withBytes { bytes -> JSONInput? in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count <= limit,
                yjm_looks_indented(base, bytes.count) != 0, let output = malloc(bytes.count)
            else { return nil }
            let count = yjm_compact_whitespace(base, bytes.count, output.assumingMemoryBound(to: UInt8.self))
            let block = realloc(output, max(count, 1)) ?? output  // give back what the white space took
            return .malloced(MallocedBytes(taking: block, count: count))
        }
    }
}
