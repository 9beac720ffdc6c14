/// Compressed input that could not be read to its end, and where: the byte of the
/// compressed input at which the problem showed, and how many bytes had been
/// decompressed by then.
///
/// The readers read gzip input as they read JSON (see ``JSONElementReader``): the
/// elements or lines decompressed before the damage are returned first, then this
/// error, from then on every call. Gzip checks its CRC-32 and length at the end of each
/// member, so a record returned before a ``Reason/corrupt(_:)`` error at a member's end
/// was not yet checked.
///
/// ```swift
/// do {
///     while let item = try reader.next() { try store(item) }
/// } catch let error as JSONDecompressionError {
///     print(error)   // the gzip input ends early, at compressed byte 40960 (decompressed byte 409515)
/// }
/// ```
public struct JSONDecompressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the compressed input.
    ///
    /// Later versions may add reasons: a `switch` over one needs a `default` case.
    public enum Reason: Sendable, Hashable {
        /// The input ends inside a gzip member: the file or body was cut short.
        case truncated
        /// The data is not valid gzip: a bad header, corrupt deflate data, or a CRC-32
        /// or length that does not match the data (zlib's message says which).
        case corrupt(String)
        /// Bytes that are not another gzip member follow a complete member.
        case trailingData
        /// The decompressed input is larger than `limit` bytes: for the readers,
        /// ``JSONStreamOptions/maxDecompressedBytes``.
        case tooLarge(limit: Int)
        /// zlib could not allocate its memory.
        case memory
    }

    /// What is wrong.
    public let reason: Reason
    /// The offset in the compressed input at which the problem showed.
    public let compressedOffset: Int
    /// How many bytes had been decompressed when it showed: where the decompressed text stops.
    public let decompressedOffset: Int

    /// Creates an error; the readers throw them.
    public init(_ reason: Reason, compressedOffset: Int, decompressedOffset: Int) {
        self.reason = reason
        self.compressedOffset = compressedOffset
        self.decompressedOffset = decompressedOffset
    }

    public var description: String {
        let place = "at compressed byte \(compressedOffset) (decompressed byte \(decompressedOffset))"
        return switch reason {
        case .truncated: "the gzip input ends early, \(place)"
        case .corrupt(let message): "corrupt gzip input (\(message)) \(place)"
        case .trailingData: "data that is not a gzip member after the gzip input \(place)"
        case .tooLarge(let limit): "the gzip input decompresses to more than \(limit) bytes, \(place)"
        case .memory: "out of memory inflating the gzip input \(place)"
        }
    }
}
