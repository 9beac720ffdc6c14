import Foundation

/// A synchronous source of bytes: a file, or a sequence of chunks.
protocol ByteSource {
    /// Appends the next bytes (at least one) to `buffer`; false at the end of the input.
    mutating func read(into buffer: StreamBuffer, size: Int) throws -> Bool
}

/// Reads a file descriptor with `read(2)`, straight into the buffer.
final class FileDescriptorSource: ByteSource {
    private let descriptor: Int32
    private let closesWhenDone: Bool

    init(descriptor: Int32, closesWhenDone: Bool) {
        self.descriptor = descriptor
        self.closesWhenDone = closesWhenDone
    }

    /// Opens the file at `url` for reading.
    convenience init(contentsOf url: URL) throws {
        guard url.isFileURL else { throw CocoaError(.fileReadUnsupportedScheme, userInfo: [NSURLErrorKey: url]) }
        let descriptor = url.withUnsafeFileSystemRepresentation { path in path.map { open($0, O_RDONLY | O_CLOEXEC) } ?? -1 }
        guard descriptor >= 0 else { throw FileDescriptorSource.posixError(path: url.path) }
        self.init(descriptor: descriptor, closesWhenDone: true)
    }

    deinit {
        if closesWhenDone { close(descriptor) }
    }

    func read(into buffer: StreamBuffer, size: Int) throws -> Bool {
        while true {
            let count = try buffer.append(upTo: size) { space in systemRead(descriptor, space.baseAddress, space.count) }
            if count > 0 { return true }
            if count == 0 { return false }
            if errno != EINTR { throw FileDescriptorSource.posixError(path: nil) }
        }
    }

    /// Whether the file starts with gzip's magic bytes; read without moving the file's
    /// position, so false for what cannot be read that way (a pipe).
    func startsWithGzip() -> Bool {
        var magic: (UInt8, UInt8) = (0, 0)
        // Unsafe: `pread` writes at most the 2 bytes of `magic`.
        let count = withUnsafeMutableBytes(of: &magic) { pread(descriptor, $0.baseAddress, 2, 0) }
        return count == 2 && magic == GzipInflater.magic
    }

    private static func posixError(path: String?) -> Error {
        let code = POSIXErrorCode(rawValue: errno) ?? .EIO
        return CocoaError(.fileReadUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(code), NSFilePathErrorKey: path ?? ""])
    }
}

/// Copies the chunks of a sequence into the buffer, one chunk per read.
struct ChunkSource<Chunks: IteratorProtocol>: ByteSource where Chunks.Element: Sequence<UInt8> {
    var chunks: Chunks

    mutating func read(into buffer: StreamBuffer, size: Int) throws -> Bool {
        while let chunk = chunks.next() {
            let before = buffer.count
            try buffer.append(chunk)
            if buffer.count > before { return true }  // an empty chunk is skipped
        }
        return false
    }
}

/// The bytes of a `Data` as chunks of up to `size` bytes, each a slice of it.
struct DataSlices: IteratorProtocol {
    let data: Data
    let size: Int
    private var offset = 0

    init(data: Data, size: Int) {
        self.data = data
        self.size = max(size, 1)
    }

    mutating func next() -> Data? {
        guard offset < data.count else { return nil }
        let end = min(offset + size, data.count)
        defer { offset = end }
        return data[(data.startIndex + offset)..<(data.startIndex + end)]
    }
}

extension StreamBuffer {
    /// Appends a chunk of any kind, in place when it is contiguous.
    func append(_ chunk: some Sequence<UInt8>) throws(AllocationFailure) {
        var failure: AllocationFailure?
        let wasContiguous = chunk.withContiguousStorageIfAvailable { (bytes: UnsafeBufferPointer<UInt8>) -> Void in
            do throws(AllocationFailure) { try append(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        } != nil
        if !wasContiguous {
            Array(chunk).withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Void in
                do throws(AllocationFailure) { try append(bytes) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }
}
