import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file as `Data` without reading it: mapped into memory, so that the
/// parallel reader's tasks fault its pages in on every core while the reading task
/// only cuts it into pieces. Falls back to reading it when it cannot be mapped (a pipe).
enum MappedFile {
    static func data(contentsOf url: URL) throws -> Data {
        guard url.isFileURL else { return try Data(contentsOf: url) }
        let descriptor = url.withUnsafeFileSystemRepresentation { path in path.map { open($0, O_RDONLY | O_CLOEXEC) } ?? -1 }
        guard descriptor >= 0 else { return try Data(contentsOf: url) }  // throws the file system's error
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return try Data(contentsOf: url) }
        let size = Int(status.st_size)
        guard size > 0 else { return Data() }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            return try Data(contentsOf: url)
        }
        // Unsafe: `Data` owns the read-only private mapping of `size` bytes and unmaps it when freed; the descriptor may close.
        return Data(bytesNoCopy: mapped, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }
}
