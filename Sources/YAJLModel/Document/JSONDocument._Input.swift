import Foundation

/// The bytes a document was parsed from, kept as the caller's own storage so
/// that `Data` and `[UInt8]` inputs are never copied. Offsets in the tree are
/// stable; the base address is fetched per access rather than stored, since
/// neither type promises a fixed address outside `withUnsafeBytes`.
enum _JSONInput: @unchecked Sendable {
    // @unchecked: `.batch` points at immutable memory that the document's
    // `_TreeBatch` owns; the document keeps the batch alive.
    case bytes([UInt8])
    case data(Data)
    /// A streamed element's text, in the batch that holds its tree.
    case batch(UnsafeRawBufferPointer)

    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch self {
        case .bytes(let array): try array.withUnsafeBytes(body)
        case .data(let data): try data.withUnsafeBytes(body)
        case .batch(let bytes): try body(bytes)
        }
    }

    var count: Int {
        switch self {
        case .bytes(let array): array.count
        case .data(let data): data.count
        case .batch(let bytes): bytes.count
        }
    }
}

/// A block of memory from the C stream holding the trees and texts of the
/// elements that one feed completed (see `yjm_stream_take_events`): the documents
/// of those elements point into it and keep it alive, and the last to go frees it.
final class _TreeBatch: @unchecked Sendable {
    // @unchecked: the block is written only before the batch is made, then read.
    private let block: UnsafeMutableRawPointer

    init(_ block: UnsafeMutableRawPointer) { self.block = block }

    deinit { free(block) }
}
