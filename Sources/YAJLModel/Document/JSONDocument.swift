import CYAJLTree
import Foundation

/// A parsed JSON text: the input bytes and a compact tree over them.
///
/// Parsing runs yajl's tokenizer with callbacks written in C that append 8-byte
/// nodes to one contiguous array; nothing is allocated per value. Strings
/// without escapes and all numbers stay in the input, so the document keeps
/// the input alive (without copying `Data` or `[UInt8]`) and reads them in place.
///
/// yajl reads white space and the text of strings a byte at a time, so text with enough of
/// them (from 256 bytes to 64 MiB, judged from its first 4 KiB, no comments allowed) is
/// parsed from a copy without the white space between tokens and with only what yajl checks
/// of each string (its quotes, control bytes and escapes), made 64 bytes at a time (each block
/// packed with one instruction where the processor has AVX-512 VBMI2), which also checks that
/// the text is UTF-8 (a text that is not is parsed as it is). The copy's
/// offsets are mapped back as nodes are made, and strings are read in the text. The copy is
/// freed once the tree is built; the tree, every offset and any error are the text's own.
///
/// An input of ``JSONParseOptions/parallelThresholdBytes`` or more is cut at commas inside its
/// largest container, and the pieces are parsed on ``JSONParseOptions/parsingThreads`` threads
/// at once, their nodes joined into one tree: the serial parse's tree, and on bad input its error.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"user": {"name": "Ada", "age": 36}}"#)
/// document.root["user"]?["name"]?.string      // "Ada"
/// document.root[pointer: "/user/age"]?.int     // 36
/// ```
///
/// A document is immutable and `Sendable`: share it across tasks freely.
/// Values read from it (``JSONValue``) keep it alive.
public final class JSONDocument: @unchecked Sendable {
    // @unchecked: `tree` points at C memory that is written only during `init`
    // and freed only in `deinit`; the lazily built lookup indexes are read and
    // written only with the document's lock held (see `IndexLocks`).

    let input: JSONInput
    @usableFromInline let tree: yjm_tree
    /// True when the input's bytes can be copied as JSON as they are (no comments).
    let isVerbatimJSON: Bool
    /// Read and written only through ``indexes``, with the lock `IndexLocks` picks
    /// for the document held: a lock of its own would cost every document (each
    /// element of a stream has one) a lock to allocate and free, for indexes that
    /// only containers of more than 16 children ever need.
    var lockedIndexes: LookupIndexes?
    /// For a document made by editing another: the edits. Such a document has no
    /// tree of its own until it is read (see ``root``).
    let edits: DocumentEdits?

    /// Parses `data`, keeping it (no copy) as the document's input.
    public convenience init(parsing data: Data, options: JSONParseOptions = .init()) throws(JSONError) {
        try self.init(input: .data(data), options: options)
    }

    /// Parses `bytes`, keeping them (no copy) as the document's input.
    public convenience init(parsing bytes: [UInt8], options: JSONParseOptions = .init()) throws(JSONError) {
        try self.init(input: .bytes(bytes), options: options)
    }

    /// Parses the UTF-8 of `text`.
    public convenience init(parsing text: String, options: JSONParseOptions = .init()) throws(JSONError) {
        try self.init(input: .bytes(Array(text.utf8)), options: options)
    }

    /// Parses a copy of `buffer`: the document must outlive the caller's memory.
    public convenience init(parsing buffer: UnsafeRawBufferPointer, options: JSONParseOptions = .init()) throws(JSONError) {
        try self.init(input: .bytes(Array(buffer)), options: options)
    }

    /// Reads and parses the file at `url`.
    ///
    /// A gzip file (known by its first bytes, `1f 8b`, whatever its name) is inflated
    /// into one buffer and the text parsed from it; its members, if there are several,
    /// are read one after another as one text, as `zcat` reads them.
    ///
    /// A file larger than ``JSONParseOptions/maxInputBytes`` is rejected before it is read;
    /// a gzip file, as soon as it has inflated to more, with the same
    /// ``JSONError/tooLarge(_:limit:at:)``, so that a small file cannot inflate to more
    /// memory than the limit.
    /// - Throws: ``JSONError``; ``JSONDecompressionError`` for damaged gzip; or the error
    ///   that reading the file gave.
    public convenience init(contentsOf url: URL, options: JSONParseOptions = .init()) throws {
        let limit = options.inputLimit
        if url.isFileURL, let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > limit,
            try !GzipInflater.isGzip(FileHandle(forReadingFrom: url).read(upToCount: 2) ?? Data()) {
            // Rejected unread, except for the prefix that locates the limit's byte.
            let location = try JSONSourceLocation(offset: limit, inFileAt: url)
            throw JSONError.tooLarge(.inputBytes, limit: limit, at: location)
        }
        let data = try Data(contentsOf: url)
        guard GzipInflater.isGzip(data) else {
            try self.init(input: .data(data), options: options)
            return
        }
        try self.init(input: .data(try ByteIntake.inflate(data, limit: limit)), options: options)
    }

    init(input: JSONInput, options: JSONParseOptions) throws(JSONError) {
        self.input = input
        var tree = yjm_tree()
        var error = yjm_error()
        let limit = options.inputLimit
        let outcome: (status: yjm_status, hasSlash: Bool) = input.withBytes { bytes in
            if bytes.count > limit {
                error.offset = limit
                return (YJM_ERR_INPUT_SIZE, false)
            }
            // Unsafe: the input's bytes, held by `input.withBytes`, are read as `UInt8` by `yjm_parse` during this call only.
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                return (YJM_ERR_END_OF_INPUT, false)
            }
            var cOptions = options.cOptions
            let status: yjm_status
            if var parallel = options.parallel(length: bytes.count) {
                status = yjm_parse_parallel(base, bytes.count, &cOptions, &parallel, &tree, &error)
            } else {
                status = yjm_parse(base, bytes.count, &cOptions, &tree, &error)
            }
            return (status, !options.isVerbatimJSON(bytes))
        }
        guard outcome.status == YJM_OK else {
            throw JSONError(outcome.status, error, input: input, options: options, limit: limit)
        }
        self.tree = tree
        self.isVerbatimJSON = !outcome.hasSlash
        self.edits = nil
    }

    /// Parses JSON that this library wrote, from values the program built: it is valid
    /// JSON, and its nesting is the program's, so only the size limit applies.
    static func parsingWritten(_ bytes: [UInt8]) throws(JSONError) -> JSONDocument {
        var options = JSONParseOptions()
        options.maxDepth = .max
        return try JSONDocument(input: .bytes(bytes), options: options)
    }

    /// A document over `input` whose tree was built elsewhere (by a stream) with
    /// `options`; takes over `tree`.
    init(input: JSONInput, tree: yjm_tree, options: JSONParseOptions) {
        self.input = input
        self.tree = tree
        self.isVerbatimJSON = input.withBytes { options.isVerbatimJSON($0) }
        self.edits = nil
    }

    /// A document made by editing another; see ``setting(_:at:)-(JSON,_)``.
    init(edits: DocumentEdits) {
        input = .bytes([])
        tree = yjm_tree()
        isVerbatimJSON = true
        self.edits = edits
    }

    deinit {
        var tree = tree
        yjm_tree_free(&tree)
    }

    /// The document's single top-level value.
    ///
    /// An edited document is parsed from its written text the first time it is read;
    /// its root then belongs to that parsed document.
    public var root: JSONValue {
        if let edits { return edits.parsed.root }
        return JSONValue(document: self, node: 0)
    }

    /// The number of values and object keys in the tree.
    public var nodeCount: Int { edits?.parsed.nodeCount ?? Int(tree.value_count) }

    /// The bytes the tree holds, the input excluded: 8 per node word (containers
    /// and escaped strings take two words) plus the decoded text of escaped strings.
    public var treeByteCount: Int {
        edits?.parsed.treeByteCount ?? Int(tree.node_count) * MemoryLayout<yjm_node>.size + Int(tree.side_size)
    }

    /// The number of input bytes (for an edited document, of its written text).
    public var inputByteCount: Int { edits?.parsed.inputByteCount ?? input.count }
}

extension JSONError {
    /// Translates the C builder's error into a located ``JSONError``.
    init(_ status: yjm_status, _ error: yjm_error, input: JSONInput, options: JSONParseOptions, limit: Int) {
        let offset = Int(error.offset)
        let at = input.withBytes { JSONSourceLocation(offset: offset, in: $0) }
        self.init(status, error, at: at, options: options, inputLimit: limit, memoryLimit: input.count)
    }

    /// Translates the C builder's error, found at `at`. `inputLimit` is the limit an
    /// oversized input broke; `memoryLimit` the size being parsed when memory ran out.
    init(_ status: yjm_status, _ error: yjm_error, at: JSONSourceLocation, options: JSONParseOptions, inputLimit: Int, memoryLimit: Int) {
        switch status {
        case YJM_ERR_END_OF_INPUT: self = .unexpectedEndOfInput(at: at)
        case YJM_ERR_UTF8: self = .invalidUTF8(at: at)
        case YJM_ERR_ESCAPE: self = .invalidEscape(at: at)
        case YJM_ERR_DEPTH: self = .tooDeep(limit: max(options.maxDepth, 0), at: at)
        case YJM_ERR_INPUT_SIZE: self = .tooLarge(.inputBytes, limit: inputLimit, at: at)
        case YJM_ERR_TOKEN_SIZE: self = .tooLarge(.tokenBytes, limit: Int(options.cOptions.max_token), at: at)
        case YJM_ERR_COUNT: self = .tooLarge(.containerElements, limit: JSONParseOptions.maximumTokenBytes, at: at)
        case YJM_ERR_MEMORY: self = .tooLarge(.memory, limit: memoryLimit, at: at)
        case YJM_ERR_TRAILING: self = .trailingData(at: at)
        default: self = .syntax(String(cString: yjm_syntax_description(error.syntax)), at: at)
        }
    }
}
