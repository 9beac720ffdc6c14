import Foundation

/// The bytes a document was parsed from, kept as the caller's own storage so
/// that `Data` and `[UInt8]` inputs are never copied. Offsets in the tree are
/// stable; the base address is fetched per access rather than stored, since
/// neither type promises a fixed address outside `withUnsafeBytes`.
enum JSONInput: Sendable {
    case bytes([UInt8])
    case data(Data)
    /// Bytes from `malloc` (a stream's batch of elements), freed with the last copy.
    case malloced(MallocedBytes)

    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch self {
        case .bytes(let array): try array.withUnsafeBytes(body)
        case .data(let data): try data.withUnsafeBytes(body)
        case .malloced(let block): try body(block.bytes)
        }
    }

    var count: Int {
        switch self {
        case .bytes(let array): array.count
        case .data(let data): data.count
        case .malloced(let block): block.bytes.count
        }
    }
}

/// A block of bytes from `malloc`, owned: freed when the last reference goes.
final class MallocedBytes: @unchecked Sendable {
    // @unchecked: the bytes are written before the block is handed over, then only read.
    let bytes: UnsafeRawBufferPointer

    /// Takes over `count` bytes at `base`, which `malloc` gave.
    init(taking base: UnsafeMutableRawPointer, count: Int) {
        bytes = UnsafeRawBufferPointer(start: base, count: count)
    }

    deinit { free(UnsafeMutableRawPointer(mutating: bytes.baseAddress)) }
}
