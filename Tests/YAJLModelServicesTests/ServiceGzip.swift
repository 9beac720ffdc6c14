#if NIO
import CZlib
import Testing

/// `bytes` as one gzip member, made with zlib at test time.
func gzip(_ bytes: [UInt8]) -> [UInt8] {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { deflateEnd(stream); stream.deallocate() }
    guard czlib_deflate_init_gzip(stream, 6) == Z_OK else {
        Issue.record("deflateInit2 failed")
        return []
    }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(bytes.count))) + 64)
    let written: Int = bytes.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { out in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            stream.pointee.next_out = out.baseAddress
            stream.pointee.avail_out = uInt(out.count)
            let status = deflate(stream, Z_FINISH)
            if status != Z_STREAM_END { Issue.record("deflate gave \(status)") }
            return out.count - Int(stream.pointee.avail_out)
        }
    }
    return Array(output[..<written])
}

/// Gzip request bodies and what each one's answer says.
enum GzipBodies {
    /// The feed, `{"title": "feed", "items": [...]}`, compressed.
    static let feed = gzip(ServiceFeed.text)

    /// A damaged copy of the compressed feed, and what its answer says: status 400, the
    /// message, and where (in the compressed and the decompressed bytes).
    struct Damage: Sendable, CustomTestStringConvertible {
        let name: String
        let body: [UInt8]
        let message: String
        let compressedOffset: Int
        let decompressedOffset: Int
        var testDescription: String { name }

        /// The fields of the 400 body after the message.
        var fields: String { #""compressedOffset":\#(compressedOffset),"decompressedOffset":\#(decompressedOffset)}}"# }
    }

    static let damages: [Damage] = {
        let text = ServiceFeed.text.count
        // The last 8 bytes are the CRC-32 and the length; cut inside them, zlib has read all of the data.
        let truncated = Array(feed.dropLast(4))
        var badLength = feed
        badLength[feed.count - 1] ^= 0xFF
        let trailing = feed + Array("]}".utf8)
        return [
            Damage(
                name: "truncated", body: truncated,
                message: "the gzip input ends early, at compressed byte \(truncated.count) (decompressed byte \(text))",
                compressedOffset: truncated.count, decompressedOffset: text),
            Damage(
                name: "bad length", body: badLength,
                message: "corrupt gzip input (incorrect length check) at compressed byte \(feed.count) (decompressed byte \(text))",
                compressedOffset: feed.count, decompressedOffset: text),
            Damage(
                name: "trailing data", body: trailing,
                message: "data that is not a gzip member after the gzip input at compressed byte \(feed.count) (decompressed byte \(text))",
                compressedOffset: feed.count, decompressedOffset: text),
        ]
    }()
}
#endif
