import CYAJLTree
import Foundation

/// Parses one JSON document that arrives in chunks, split anywhere: inside a
/// string, an escape, a number or a multi-byte UTF-8 character.
///
/// The document is the one `JSONDocument(parsing:options:)` builds from
/// all the bytes at once, node for node, with the same errors at the same offsets.
/// Each chunk is parsed as it is fed, so ``finish()`` only completes the work:
///
/// ```swift
/// let parser = JSONStreamParser()
/// for try await chunk in body {          // chunks as they arrive
///     try parser.feed(chunk)
/// }
/// let document = try parser.finish()
/// ```
///
/// The parser keeps every byte (they become the document's input), so a document is
/// limited to ``JSONParseOptions/maxInputBytes`` as it is when parsed whole. To read a
/// feed larger than memory, use ``JSONElementReader`` or ``JSONLinesReader``.
///
/// The bytes are copied into one buffer as they come. From 4 MiB on, the buffer is a
/// memory mapping of its own that grows in place or moves its pages (never copying, on
/// Linux) and asks the system for huge pages, so that taking in a large document costs
/// few page faults; it becomes the document's input without a copy.
///
/// After ``finish()``, or a failure, the parser starts over for the next document.
public final class JSONStreamParser {
    private let options: JSONParseOptions
    private let expectedByteCount: Int
    private var stream: YAJLStream?
    private var buffer = StreamBuffer()
    private var failure: JSONError?

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - options: the limits and leniencies, as for ``JSONDocument``.
    ///   - expectedByteCount: the document's size, when it is known beforehand
    ///     (an HTTP `Content-Length`). The buffer and the tree are then allocated once, at
    ///     that size (up to ``JSONParseOptions/maxInputBytes``), instead of growing as
    ///     chunks come. A wrong value is harmless.
    public init(options: JSONParseOptions = .init(), expectedByteCount: Int? = nil) {
        self.options = options
        self.expectedByteCount = expectedByteCount ?? 0
    }

    private var inputLimit: Int { options.inputLimit }

    /// The expected size, within the limit.
    private var sizeHint: Int { min(max(expectedByteCount, 0), inputLimit) }

    /// Parses the next chunk (`[UInt8]`, `Data`, a buffer pointer, `String.UTF8View`, …).
    ///
    /// - Throws: ``JSONError`` as soon as the text so far cannot be the start of a
    ///   document; every later call throws it again until ``finish()``.
    public func feed(_ chunk: some Sequence<UInt8>) throws(JSONError) {
        let stream = try currentStream()
        if let failure { throw failure }
        do {
            try buffer.append(chunk)
        } catch {
            failure = .tooLarge(.memory, limit: error.bytes, at: location(of: buffer.count))
        }
        if failure == nil, buffer.count > inputLimit {
            failure = .tooLarge(.inputBytes, limit: inputLimit, at: location(of: inputLimit))
        }
        if failure == nil {
            let (status, error) = stream.feed(buffer.bytes)
            if status != YJM_OK { failure = convert(status, error) }
        }
        if let failure { throw failure }
    }

    /// Ends the text and returns the document.
    ///
    /// - Throws: ``JSONError``: the text stops inside a value, holds no value, or was already rejected.
    public func finish() throws(JSONError) -> JSONDocument {
        let stream = try currentStream()
        defer { reset() }  // whatever happens, the next feed starts a new document
        if let failure { throw failure }
        var tree = yjm_tree()
        let (status, error) = stream.finish(buffer.bytes, tree: &tree)
        if status != YJM_OK { throw convert(status, error) }
        let hasSlash = options.allowComments && buffer.bytes.contains(UInt8(ascii: "/"))
        return JSONDocument(input: .data(buffer.takeData()), tree: tree, isVerbatimJSON: !hasSlash)
    }

    private func currentStream() throws(JSONError) -> YAJLStream {
        if let stream { return stream }
        let created = try YAJLStream(mode: YJM_STREAM_DOCUMENT, options: options, expectedLength: sizeHint)
        do {
            try buffer.reserve(sizeHint)
        } catch {
            failure = .tooLarge(.memory, limit: error.bytes, at: location(of: 0))
        }
        stream = created
        return created
    }

    private func reset() {
        stream = nil
        buffer = StreamBuffer()
        failure = nil
    }

    private func location(of offset: Int) -> JSONSourceLocation {
        JSONSourceLocation(offset: offset, in: buffer.bytes)
    }

    private func convert(_ status: yjm_status, _ error: yjm_error) -> JSONError {
        JSONError(status, error, at: location(of: Int(error.offset)), options: options,
                  inputLimit: inputLimit, memoryLimit: buffer.count)
    }
}

@available(*, unavailable, message: "A parser accumulates one document; feed it from one task.")
extension JSONStreamParser: Sendable {}
