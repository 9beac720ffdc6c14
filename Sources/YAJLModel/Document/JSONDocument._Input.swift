import Foundation

/// The bytes a document was parsed from, kept as the caller's own storage so
/// that `Data` and `[UInt8]` inputs are never copied. Offsets in the tree are
/// stable; the base address is fetched per access rather than stored, since
/// neither type promises a fixed address outside `withUnsafeBytes`.
enum _JSONInput: Sendable {
    case bytes([UInt8])
    case data(Data)

    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch self {
        case .bytes(let array): try array.withUnsafeBytes(body)
        case .data(let data): try data.withUnsafeBytes(body)
        }
    }

    var count: Int {
        switch self {
        case .bytes(let array): array.count
        case .data(let data): data.count
        }
    }
}
