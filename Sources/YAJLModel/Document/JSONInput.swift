import Foundation

/// The bytes a document was parsed from, kept in the caller's own storage so that
/// `Data` and `[UInt8]` inputs are never copied, with their address fetched once.
///
/// Fetching it per read would cost more than the read: `Data.withUnsafeBytes` is not
/// inlinable and checks exclusive access at run time. The address stays valid because the owner is
/// held here, never mutated, and its bytes live on the heap: an array's buffer, a
/// `Data`'s storage object (a `Data` small enough to be stored inline is copied into
/// an array instead), or a block from `malloc`.
struct JSONInput: @unchecked Sendable {
    // @unchecked: `bytes` points into `owner`, which is immutable and Sendable.

    private enum Owner: Sendable {
        case bytes([UInt8])
        case data(Data)
        case malloced(MallocedBytes)
    }

    private let owner: Owner
    // Unsafe: `bytes` points into `owner`'s heap storage, which this value holds and never mutates (a `Data` small enough to be inline is copied to an array first).
    private let bytes: UnsafeRawBufferPointer

    /// Beyond this size a `Data` is never stored inline (14 bytes on 64-bit platforms).
    private static let largestInlineData = 64

    static func bytes(_ array: [UInt8]) -> JSONInput {
        JSONInput(owner: .bytes(array), bytes: array.withUnsafeBytes { $0 })
    }

    static func data(_ data: Data) -> JSONInput {
        guard data.count > largestInlineData else { return .bytes(Array(data)) }
        return JSONInput(owner: .data(data), bytes: data.withUnsafeBytes { $0 })
    }

    static func malloced(_ block: MallocedBytes) -> JSONInput {
        JSONInput(owner: .malloced(block), bytes: block.bytes)
    }

    /// The input as the `Data` it was given as, if it was.
    var data: Data? {
        if case .data(let data) = owner { return data }
        return nil
    }

    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(bytes) }
    }

    var count: Int { bytes.count }
}

/// A block of bytes from `malloc`, owned: freed when the last reference goes.
final class MallocedBytes: @unchecked Sendable {
    // @unchecked: the bytes are written before the block is handed over, then only read.
    // Unsafe: `count` bytes from `malloc`, owned by this object alone and freed only in `deinit`.
    let bytes: UnsafeRawBufferPointer

    /// Takes over `count` bytes at `base`, which `malloc` gave.
    init(taking base: UnsafeMutableRawPointer, count: Int) {
        bytes = UnsafeRawBufferPointer(start: base, count: count)
    }

    deinit { free(UnsafeMutableRawPointer(mutating: bytes.baseAddress)) }
}
