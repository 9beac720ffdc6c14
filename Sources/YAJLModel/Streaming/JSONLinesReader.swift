import Foundation

/// Reads JSON Lines (NDJSON): one JSON value per line, one line at a time, in
/// memory bounded by the longest line, from a file, a file descriptor or chunks.
///
/// ```swift
/// var reader = try JSONLinesReader(contentsOf: logURL)
/// while let record = try reader.nextRecord() {
///     print(record.line, record.value["level"]?.string ?? "-")
/// }
/// ```
///
/// The values of the lines that one read completes share small ``JSONDocument``s, of
/// about 16 KiB of lines each, as a ``JSONElementReader``'s elements do (`[v1,v2,…]`);
/// keeping a value keeps its document alive, not the stream.
/// `\r\n` line ends, blank lines, and a last line without a line feed are all
/// fine. A line that is not one JSON value is a ``JSONError`` whose ``JSONError/line``
/// is that line's number and whose offset counts from the start of the stream; the
/// records before it are returned first, and every later call throws it again. With
/// ``JSONInvalidRecords/skip(report:)`` the reader reports the bad line instead (as a
/// ``JSONRecordError`` holding that ``JSONError``) and goes on. A line that is not the type
/// asked for is a ``JSONRecordError`` whose place is in the stream and whose paths start
/// inside the line.
///
/// Gzip input (it starts with `1f 8b`) is inflated as it is read, as ``JSONElementReader``
/// reads it; damage to it is a ``JSONDecompressionError`` after the records before it.
///
/// To parse a large file on every core, see ``forEachRecord(contentsOf:options:invalidRecords:concurrency:_:)``.
/// For values that span lines, or several on one line (concatenated JSON), use
/// ``JSONElementReader`` with ``JSONElementReader/Target/values``.
///
/// A reader is a cursor: copies share their position. It is not `Sendable`.
public struct JSONLinesReader: JSONRecordReader {
    /// What to do with a line that is not one JSON value, or (in the typed asynchronous
    /// forms and `forEachRecord`'s `transform`) not the type asked for.
    public typealias InvalidRecords = JSONInvalidRecords

    let engine: SyncRecordReader<LineFramer>

    /// Reads the lines of the file at `url`.
    /// - Throws: the file system's error if the file cannot be opened.
    public init(contentsOf url: URL, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail) throws {
        engine = try SyncRecordReader(framer: LineFramer(options: options, invalidRecords: invalidRecords), contentsOf: url)
    }

    /// Reads the lines of an open file descriptor (a file, a pipe, a socket), from where
    /// it stands. The descriptor stays open.
    public init(fileDescriptor: Int32, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail) {
        let source = FileDescriptorSource(descriptor: fileDescriptor, closesWhenDone: false)
        engine = SyncRecordReader(framer: LineFramer(options: options, invalidRecords: invalidRecords), source: source)
    }

    /// Reads the lines of a sequence of chunks of bytes (`[UInt8]`, `Data`, …), split anywhere.
    /// The sequence is iterated only as records are asked for.
    public init<Chunks: Sequence>(chunks: Chunks, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail)
    where Chunks.Element: Sequence<UInt8> {
        let source = ChunkSource(chunks: chunks.makeIterator())
        engine = SyncRecordReader(framer: LineFramer(options: options, invalidRecords: invalidRecords), source: source)
    }

    /// The next line's value with its line number and byte offset, or nil after the last line.
    /// ``JSONRecordReader/next()`` and ``JSONRecordReader/next(as:)`` give just the value.
    public mutating func nextRecord() throws -> JSONRecord? {
        try engine.next()
    }
}

@available(*, unavailable, message: "A reader is a cursor over a stream; read it in one task.")
extension JSONLinesReader: Sendable {}
