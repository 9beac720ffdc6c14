/// Limits and leniencies for reading a stream record by record: the elements of
/// an array (``JSONElementReader``) or the lines of JSON Lines (``JSONLinesReader``).
///
/// Every record is parsed into a small ``JSONDocument`` (a line's own, or one that
/// the elements of 16 KiB of input share), so the limits bound the memory one
/// record can take, however long the stream is:
///
/// ```swift
/// var options = JSONStreamOptions()
/// options.maxRecordBytes = 1 << 20      // one element or line: at most 1 MiB
/// options.maxStringBytes = 64 << 10     // one string or number: at most 64 KiB
/// options.maxDepth = 32
/// var reader = try JSONLinesReader(contentsOf: url, options: options)
/// ```
public struct JSONStreamOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and objects, counted from the top of the
    /// stream (the array being read counts). The default, 512, is ``JSONParseOptions``'s.
    public var maxDepth: Int = 512

    /// The most bytes one record may take: an element of the array being read, a
    /// top-level value, or a line. For ``JSONElementReader`` it also bounds the
    /// text around the array, which is kept (see ``JSONElementReader/envelope``).
    /// A longer record is ``JSONError/tooLarge(_:limit:at:)`` with ``JSONError/Limit/inputBytes``,
    /// at the record's first byte past the limit. The default is 64 MiB; the ceiling
    /// is ``JSONParseOptions/maximumSupportedInputBytes``.
    public var maxRecordBytes: Int = 64 << 20

    /// The longest string (its raw text between the quotes) or number, in bytes: as
    /// ``JSONParseOptions/maxStringBytes``.
    public var maxStringBytes: Int = JSONParseOptions.maximumTokenBytes

    /// Accepts `/* … */` and `// …` comments, as ``JSONParseOptions/allowComments``.
    public var allowComments: Bool = false

    /// Skips a UTF-8 byte-order mark at the very start of the stream. On by default.
    public var skipsByteOrderMark: Bool = true

    /// Whether a ``JSONElementReader`` target that is missing, or `null`, means no
    /// elements. Off by default: then, as when the value there is not an array, the
    /// reader throws ``JSONError/targetNotAnArray(_:found:at:)`` at the end of the text,
    /// so that a misspelled key or a changed feed is not read as an empty one.
    public var allowsMissingTarget: Bool = false

    /// How many bytes to read from a file at a time. The default, 64 KiB, keeps
    /// the buffer small and the read calls few.
    public var readSize: Int = 64 << 10

    /// Creates the default options.
    public init() {}

    /// The record limit, within what one document can hold.
    var recordLimit: Int { min(max(maxRecordBytes, 0), JSONParseOptions.maximumSupportedInputBytes) }

    /// The options for parsing one record as a document.
    var parseOptions: JSONParseOptions {
        var options = JSONParseOptions()
        options.maxDepth = maxDepth
        options.maxInputBytes = recordLimit
        options.maxStringBytes = maxStringBytes
        options.allowComments = allowComments
        options.skipsByteOrderMark = skipsByteOrderMark
        return options
    }

    /// The read size, at least one byte.
    var chunkSize: Int { max(readSize, 1) }
}
