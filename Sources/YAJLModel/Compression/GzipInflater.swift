import CZlib

/// Inflates a gzip stream: its members one after another, read as one stream as
/// `zcat` reads them. It counts the compressed bytes consumed and the bytes made, for
/// the offsets of its errors.
final class GzipInflater {
    // Unsafe: zlib keeps the address of its `z_stream`, so it lives in its own allocation, initialized in `init` and ended in `deinit`.
    private let stream: UnsafeMutablePointer<z_stream>
    /// Compressed bytes consumed so far.
    private(set) var compressedCount = 0
    /// Bytes made so far.
    private(set) var decompressedCount = 0
    /// Between members: the last one has ended, and the next has not started.
    private var betweenMembers = false

    /// The outcome of one ``inflate(_:into:)``: bytes consumed and made, and the damage
    /// found after them, if any.
    struct Progress {
        var consumed = 0
        var produced = 0
        var failure: JSONDecompressionError?
    }

    init() throws(JSONDecompressionError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_inflate_init_gzip(stream) == Z_OK else {
            stream.deallocate()
            throw JSONDecompressionError(.memory, compressedOffset: 0, decompressedOffset: 0)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// The magic bytes that start every gzip member.
    static let magic: (UInt8, UInt8) = (0x1F, 0x8B)

    /// Whether `bytes` start with ``magic``.
    static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == magic.0 && iterator.next() == magic.1
    }

    /// Inflates as much of `input` into `output` as both allow.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Progress {
        var progress = Progress()
        while progress.produced < output.count {
            let rest = UnsafeRawBufferPointer(rebasing: input[progress.consumed...])
            if betweenMembers {
                guard let first = rest.first else { break }
                guard first == Self.magic.0, rest.count < 2 || rest[1] == Self.magic.1 else {
                    progress.failure = failure(.trailingData)
                    break
                }
                if rest.count < 2 { break }  // the next byte decides
                inflateReset(stream)
                betweenMembers = false
            }
            // Unsafe: zlib reads `avail_in` bytes at `next_in` and writes `avail_out` at `next_out`, both within the caller's buffers, during this call only.
            stream.pointee.next_in = UnsafeMutablePointer(mutating: rest.baseAddress?.assumingMemoryBound(to: Bytef.self))
            let offered = uInt(clamping: rest.count)
            stream.pointee.avail_in = offered
            let space = UnsafeMutableRawBufferPointer(rebasing: output[progress.produced...])
            let room = uInt(clamping: space.count)
            stream.pointee.next_out = space.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = room
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let consumed = Int(offered - stream.pointee.avail_in)
            let produced = Int(room - stream.pointee.avail_out)
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            progress.consumed += consumed
            progress.produced += produced
            compressedCount += consumed
            decompressedCount += produced
            switch status {
            case Z_STREAM_END:
                betweenMembers = true
            case Z_OK, Z_BUF_ERROR:
                if consumed == 0 && produced == 0 { return progress }  // needs more input or room
            case Z_MEM_ERROR:
                progress.failure = failure(.memory)
                return progress
            default:  // Z_DATA_ERROR (bad data, CRC or length), Z_NEED_DICT, Z_STREAM_ERROR
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "invalid data"
                progress.failure = failure(.corrupt(message))
                return progress
            }
        }
        return progress
    }

    /// The input has ended with `pending` bytes that ``inflate(_:into:)`` left unread:
    /// the error, if the stream is not complete.
    func finish(pending: Int) -> JSONDecompressionError? {
        if !betweenMembers { return failure(.truncated) }
        return pending > 0 ? failure(.trailingData) : nil
    }

    /// An error at the current offsets.
    func failure(_ reason: JSONDecompressionError.Reason) -> JSONDecompressionError {
        JSONDecompressionError(reason, compressedOffset: compressedCount, decompressedOffset: decompressedCount)
    }
}
