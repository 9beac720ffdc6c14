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
