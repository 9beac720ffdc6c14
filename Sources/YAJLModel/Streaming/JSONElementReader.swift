import CYAJLTree
import Foundation

/// Reads the elements of a large JSON array one at a time, in memory bounded by
/// the largest element, whatever the size of the whole.
///
/// Point it at the array (`""` for a top-level array, `"/items"` for the `items` of a
/// feed) and call ``next()`` until it returns nil. Each element is a ``JSONValue``:
///
/// ```swift
/// var reader = try JSONElementReader(contentsOf: url, at: "/items")
/// while let item = try reader.next() {
///     print(item["title"]?.string ?? "untitled")
/// }
/// print(reader.envelope?["title"]?.string ?? "")   // the feed around the items
/// ```
///
/// The input is read a chunk at a time (``JSONStreamOptions/readSize``) only when no
/// element is ready, and dropped as soon as the elements in it have been taken. The
/// text around the array is kept (up to ``JSONStreamOptions/maxRecordBytes``): the values
/// before it are ``header`` once the array has opened, and all of it is ``envelope`` at
/// the end.
///
/// The elements that end in the same 16 KiB of input share a small ``JSONDocument``,
/// whose text is theirs between brackets and commas (`[e1,e2,…]`) and whose root is the
/// array of them; each element is a value of it. An element's ``JSONValue/rawJSON`` is
/// exactly its text, and its ``JSONValue/byteRange`` counts from the start of that
/// document's text (``JSONRecord/offset`` says where it starts in the stream). Keeping an
/// element keeps that document alive, those few elements, not the stream. Sharing spares
/// each small element the allocations of a document of its own.
///
/// Gzip input (it starts with `1f 8b`) is inflated as it is read, whatever it comes
/// from; offsets count in the decompressed text (see ``JSONDecompressionError`` for
/// damaged input and ``JSONStreamOptions/maxDecompressedBytes`` for the limit).
///
/// Errors are ``JSONError``s whose offsets, lines and columns count from the start of
/// the stream. The elements before an error are returned first; from then on every
/// call throws it. Reading a file can also throw the file system's error.
///
/// An element that is not the type asked for (`next(_:)`) is a
/// ``JSONRecordError``: it names the element by its index, and its path and place read
/// as for the whole input, `[999].actor: expected object, found number at line 1001,
/// column 48 (byte 819510)`. The reader moves on past that element: catch it to skip
/// the element, or let the asynchronous forms skip and report them (``InvalidRecords``).
///
/// A reader is a cursor: copies share their position. It is not `Sendable`; for
/// concurrent code, read in one task, or use `elements(of:at:options:)`.
public struct JSONElementReader: JSONRecordReader {
    /// What the typed asynchronous forms do with an element that is not the type asked for.
    public typealias InvalidRecords = JSONInvalidRecords

    let engine: SyncRecordReader<ElementFramer>

    /// Reads the elements of the array at `target` in the file at `url`.
    /// - Throws: the file system's error if the file cannot be opened.
    public init(contentsOf url: URL, at target: Target = "", options: JSONStreamOptions = .init()) throws {
        engine = try SyncRecordReader(framer: try ElementFramer(target: target, options: options), contentsOf: url)
    }

    /// Reads the elements of the array at `target` from an open file descriptor (a
    /// file, a pipe, a socket), from where it stands. The descriptor stays open.
    public init(fileDescriptor: Int32, at target: Target = "", options: JSONStreamOptions = .init()) throws(JSONError) {
        let source = FileDescriptorSource(descriptor: fileDescriptor, closesWhenDone: false)
        engine = SyncRecordReader(framer: try ElementFramer(target: target, options: options), source: source)
    }

    /// Reads the elements of the array at `target` from a sequence of chunks of bytes
    /// (`[UInt8]`, `Data`, …), split anywhere. The sequence is iterated only as elements are asked for.
    public init<Chunks: Sequence>(chunks: Chunks, at target: Target = "", options: JSONStreamOptions = .init())
    throws(JSONError) where Chunks.Element: Sequence<UInt8> {
        let source = ChunkSource(chunks: chunks.makeIterator())
        engine = SyncRecordReader(framer: try ElementFramer(target: target, options: options), source: source)
    }

    /// The next element, with where it starts in the stream; nil after the last.
    /// ``JSONRecordReader/next()`` and ``JSONRecordReader/next(as:)`` give just the value.
    public mutating func nextRecord() throws -> JSONRecord? {
        try engine.next()
    }

    /// The values before the target array, as a document in which the array is empty
    /// (`{"title": "…", "items": []}`): nil until the array has opened. Its byte offsets
    /// are stream offsets.
    public var header: JSONValue? { engine.framer.header }

    /// The whole text with the target arrays emptied (`{"title": "…", "items": [], "modified": "…"}`),
    /// once ``next()`` has returned nil; nil before, after an error, and for ``Target/values``.
    public var envelope: JSONValue? { engine.framer.envelope }
}

@available(*, unavailable, message: "A reader is a cursor over a stream; read it in one task.")
extension JSONElementReader: Sendable {}
