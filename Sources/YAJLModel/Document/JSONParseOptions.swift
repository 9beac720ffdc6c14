import CYAJLTree
import Foundation

/// Limits and leniencies for parsing a ``JSONDocument``.
///
/// The defaults are strict and safe for untrusted input:
///
/// ```swift
/// var options = JSONParseOptions()
/// options.maxDepth = 64
/// options.maxInputBytes = 1 << 20
/// let document = try JSONDocument(parsing: body, options: options)
/// ```
///
/// ## Duplicate keys
/// RFC 8259 leaves objects with repeated keys to the implementation. YAJLModel keeps every member
/// in the tree, so iteration, `count` and writing see them all, in document order. Lookup by key
/// (`value["name"]`) returns the **last** occurrence, as `JSONSerialization` and JavaScript's
/// `JSON.parse` do, and equality compares objects by that same last-wins view.
///
/// ## Byte-order mark
/// A UTF-8 byte-order mark (`EF BB BF`) at the very start is skipped when
/// ``skipsByteOrderMark`` is `true` (the default); offsets in errors and in
/// ``JSONValue/byteRange`` still count it. Any other encoding is rejected: JSON is UTF-8.
public struct JSONParseOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and objects that parses; one more level is
    /// ``JSONError/tooDeep(limit:at:)``. The default, 512, is `JSONDecoder`'s.
    /// yajl itself has no limit, so this is what keeps hostile input from exhausting memory.
    public var maxDepth: Int = 512

    /// The largest input accepted, in bytes; a longer one is
    /// ``JSONError/tooLarge(_:limit:at:)`` before any parsing starts.
    /// The default and the ceiling is ``maximumSupportedInputBytes``.
    public var maxInputBytes: Int = JSONParseOptions.maximumSupportedInputBytes

    /// The longest string (its raw text between the quotes) or number accepted, in bytes; a
    /// longer one is ``JSONError/tooLarge(_:limit:at:)`` (``JSONError/Limit/tokenBytes``).
    /// The default and the ceiling is ``maximumTokenBytes``; the floor is 1. Streams apply it too.
    public var maxStringBytes: Int = JSONParseOptions.maximumTokenBytes

    /// Accepts `/* … */` and `// …` comments, as yajl can. Off by default: comments are not JSON.
    ///
    /// This is yajl's lenient mode: between tokens it also takes form feed and vertical
    /// tab as white space, which the strict default rejects.
    public var allowComments: Bool = false

    /// Skips a UTF-8 byte-order mark at the start of the input. On by default.
    public var skipsByteOrderMark: Bool = true

    /// The threads a large document is parsed on, the calling one included: its pieces are
    /// parsed at the same time (see ``parallelThresholdBytes``). The default is
    /// `ProcessInfo.processInfo.activeProcessorCount`; 1 parses on the calling thread alone.
    public var parsingThreads: Int = JSONParseOptions.activeProcessorCount

    /// The input size, in bytes, from which ``JSONDocument`` parses on ``parsingThreads``
    /// threads; a shorter input is parsed on the calling thread alone, with no thread started.
    /// The default, 4 MiB, keeps request bodies on the calling thread; from about that size the
    /// split and the join cost a small part of what the parse does. The tree, every offset and any
    /// error are the serial parse's.
    public var parallelThresholdBytes: Int = JSONParseOptions.defaultParallelThresholdBytes

    /// Splits every input that can be split into pieces of about this many bytes, whatever its
    /// size and ``parallelThresholdBytes``, so that tests see pieces joined in small inputs.
    /// `nil` (the default): an input of ``parallelThresholdBytes`` or more is split into a few
    /// pieces per thread.
    public var forcedPieceBytes: Int? = nil

    /// Creates the default options.
    public init() {}

    /// ``maxInputBytes`` kept within `0 ... maximumSupportedInputBytes`: the limit a parse applies.
    var inputLimit: Int { min(max(maxInputBytes, 0), Self.maximumSupportedInputBytes) }

    /// The largest document one tree can hold: 1 GiB. The tree stores 32-bit
    /// offsets, and this ceiling also keeps yajl's buffers far from the sizes of
    /// CVE-2022-24795. Read larger feeds element by element with streaming.
    public static let maximumSupportedInputBytes = 1 << 30

    /// The longest single string or number, in bytes, that a tree can hold: 512 MiB − 1.
    public static let maximumTokenBytes = (1 << 29) - 1

    /// The default of ``parallelThresholdBytes``: 4 MiB.
    public static let defaultParallelThresholdBytes = 4 << 20

    /// Read once: options are made for every parse.
    private static let activeProcessorCount = ProcessInfo.processInfo.activeProcessorCount
}

extension JSONParseOptions {
    /// Whether `text`, parsed with these options, is JSON exactly as written, so that
    /// writing may copy it. The lenient mode's comments, form feeds and vertical tabs are
    /// not JSON; a text free of `/`, FF and VT holds none (JSON strings cannot hold FF or VT raw).
    func isVerbatimJSON(_ text: UnsafeRawBufferPointer) -> Bool {
        !allowComments || !text.contains { $0 == UInt8(ascii: "/") || $0 == 0x0B || $0 == 0x0C }
    }

    /// How the C builder splits an input of `length` bytes across threads, or nil when it is
    /// parsed serially.
    func parallel(length: Int) -> yjm_parallel? {
        let threads = max(parsingThreads, 1)
        if let forcedPieceBytes {
            return yjm_parallel(threads: threads, piece_size: max(forcedPieceBytes, 1), joined: 0)
        }
        guard threads > 1, length >= parallelThresholdBytes else { return nil }
        return yjm_parallel(threads: threads, piece_size: 0, joined: 0)
    }

    /// The options as the C builder takes them: every parse, document or stream, gets
    /// its C options here, so a new option is a property above, a line here and a
    /// field of `yjm_options`.
    var cOptions: yjm_options {
        yjm_options(
            max_depth: max(maxDepth, 0), allow_comments: allowComments ? 1 : 0,
            max_token: max(min(maxStringBytes, JSONParseOptions.maximumTokenBytes), 1),
            skip_byte_order_mark: skipsByteOrderMark ? 1 : 0)
    }
}
