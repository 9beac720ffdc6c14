/// Limits and leniencies for reading a stream record by record: the elements of
/// an array (``JSONElementReader``) or the lines of JSON Lines (``JSONLinesReader``).
///
/// Every record is parsed into a small ``JSONDocument`` (a line's own, or one that
/// the elements of 16 KiB of input share), so the limits bound the memory one
/// record can take, however long the stream is. The parse options are
/// ``JSONParseOptions``' own, read and set through these options:
///
/// ```swift
/// var options = JSONStreamOptions()
/// options.maxRecordBytes = 1 << 20      // one element or line: at most 1 MiB
/// options.maxStringBytes = 64 << 10     // one string or number: at most 64 KiB
/// options.maxDepth = 32
/// var reader = try JSONLinesReader(contentsOf: url, options: options)
/// ```
@dynamicMemberLookup
public struct JSONStreamOptions: Sendable, Hashable {
    /// How each record is parsed. ``JSONParseOptions/maxDepth`` counts from the top of
    /// the stream (the array being read counts); ``JSONParseOptions/skipsByteOrderMark``
    /// applies at the very start of the stream; ``JSONParseOptions/maxInputBytes`` is
    /// ``maxRecordBytes``.
    public var parsing = JSONParseOptions()

    /// How many bytes to read from a file at a time. The default, 64 KiB, keeps
    /// the buffer small and the read calls few.
    public var readSize: Int = 64 << 10

    /// Creates the default options: ``JSONParseOptions``' defaults, except that a
    /// record may take at most 64 MiB.
    public init() {
        parsing.maxInputBytes = 64 << 20
    }

    /// The most bytes one record may take: an element of the array being read, a
    /// top-level value, or a line. For ``JSONElementReader`` it also bounds the
    /// text around the array, which is kept (see ``JSONElementReader/envelope``).
    /// A longer record is ``JSONError/tooLarge(_:limit:at:)`` with ``JSONError/Limit/inputBytes``,
    /// at the record's first byte past the limit. The default is 64 MiB; the ceiling
    /// is ``JSONParseOptions/maximumSupportedInputBytes``.
    public var maxRecordBytes: Int {
        get { parsing.maxInputBytes }
        set { parsing.maxInputBytes = newValue }
    }

    /// The most bytes that gzip input may decompress to. Past it, the reader throws a
    /// ``JSONDecompressionError`` whose reason is ``JSONDecompressionError/Reason/tooLarge(limit:)``,
    /// after the records before it.
    ///
    /// Reading takes memory for a record at a time however large the decompressed text
    /// is, so this bounds the time that a small compressed input can take (gzip shrinks
    /// repeated text a thousandfold), not memory. The default, 64 GiB, reads any
    /// ordinary feed; lower it for input from the network, and raise it (to `Int.max`
    /// for no limit) for larger files.
    public var maxDecompressedBytes: Int = 64 << 30

    /// Whether a ``JSONElementReader`` target that is missing, or `null`, means no
    /// elements. Off by default: then, as when the value there is not an array, the
    /// reader throws ``JSONError/targetNotAnArray(_:found:at:)`` at the end of the text,
    /// so that a misspelled key or a changed feed is not read as an empty one.
    public var allowsMissingTarget: Bool = false

    /// A parse option (``JSONParseOptions/maxDepth``, ``JSONParseOptions/maxStringBytes``,
    /// ``JSONParseOptions/allowComments``, ``JSONParseOptions/skipsByteOrderMark``), as in ``parsing``.
    public subscript<Value>(dynamicMember option: WritableKeyPath<JSONParseOptions, Value>) -> Value {
        get { parsing[keyPath: option] }
        set { parsing[keyPath: option] = newValue }
    }

    /// The record limit, within what one document can hold.
    var recordLimit: Int { parsing.inputLimit }

    /// The read size, at least one byte.
    var chunkSize: Int { max(readSize, 1) }
}
