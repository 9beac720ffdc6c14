import CZlib
import Foundation
import YAJLModel

extension FuzzTarget {
    /// The readers that recognize gzip by its magic bytes read the input's bytes, and gzip
    /// members made of them, either as the plain bytes read or with a typed error, with the
    /// decompressed size bounded. The first byte picks the chunk size (1 to 64 bytes), the
    /// compression level, and whether the gzip is whole, cut short, corrupted at one byte, or
    /// two members; the second byte places the cut, corruption or second member. The rest is
    /// the payload. Each form is read by `JSONElementReader` (the top-level array's elements),
    /// `JSONLinesReader` (its lines) and the services' request-body inflater:
    /// - the payload as it is, and with its first bytes replaced by gzip's magic bytes (garbage
    ///   that claims to be gzip): records or a typed error, never a crash;
    /// - whole gzip, or two members: what the plain payload gives, record for record, with
    ///   the same error if any (its kind, wording and place); the inflater gives the payload;
    /// - cut short: a prefix of the plain records, then a typed error (or, cut in the last
    ///   bytes only, all of them); corrupted: a typed error, or what the plain payload gives.
    public static let gzip = FuzzTarget(
        name: "gzip",
        summary: "gzip-recognizing readers: plain or gzip-wrapped bytes read as the plain bytes, or a typed error"
    ) { input throws(FuzzFailure) in
        guard input.count >= 2 else { return }
        let flags = input[0], place = Int(input[1])
        let payload = [UInt8](input[2...])
        let chunkSize = 1 + Int(flags & 63)
        let level = Int32(flags >> 6) * 3  // 0 (stored), 3, 6, 9
        let limit = max(1 << 16, payload.count)  // above any payload (libFuzzer gives at most 8 KB); a bomb stops here
        let plain = GzipReads(payload, chunkSize: chunkSize, limit: limit)
        // The payload read as itself goes through the gzip path when it starts with the magic bytes.
        let comparable = !(payload.count >= 2 && payload[0] == 0x1F && payload[1] == 0x8B)

        try plain.requireTyped()
        try GzipReads([0x1F, 0x8B] + Array(payload.dropFirst(2)), chunkSize: chunkSize, limit: limit).requireTyped()

        guard let whole = gzipMember(payload, level: level) else { throw FuzzFailure("zlib could not deflate") }
        let split = payload.isEmpty ? 0 : place % (payload.count + 1)
        guard let first = gzipMember(Array(payload[..<split]), level: level),
            let second = gzipMember(Array(payload[split...]), level: level)
        else { throw FuzzFailure("zlib could not deflate") }

        switch flags >> 6 & 3 {
        case 0, 1:
            for member in [whole, first + second] {
                let reads = GzipReads(member, chunkSize: chunkSize, limit: limit)
                try require(reads.inflated.map { $0 == payload } ?? false, "the inflater gave \(reads.inflatedDescription), not the payload")
                if comparable { try reads.requireSame(as: plain) }
            }
        case 2:  // cut short
            let cut = place * whole.count / 256
            let reads = GzipReads(Array(whole[..<cut]), chunkSize: chunkSize, limit: limit)
            try reads.requireTyped()
            try require(reads.inflated == nil, "a cut-short member inflated without an error")
            if comparable { try reads.requirePrefix(of: plain) }
        default:  // one byte corrupted
            var damaged = whole
            let at = place * damaged.count / 256
            damaged[at] ^= 1 << (flags & 7)
            let reads = GzipReads(damaged, chunkSize: chunkSize, limit: limit)
            try reads.requireTyped()
            try require(reads.inflated.map { $0 == payload } ?? true, "a corrupted member inflated to other bytes without an error")
            if comparable && reads.elements.failure == nil && reads.lines.failure == nil { try reads.requireSame(as: plain) }
        }
    }
}

/// What one reader gave: the records' texts, then the error that ended the reading, if any.
struct GzipRead {
    var records: [[UInt8]] = []
    var failure: (any Error)?

    var failureDescription: String { failure.map { "\(type(of: $0)): \($0)" } ?? "no error" }

    /// Whether the failure is `other`'s: equal `JSONError`s (kind, wording, offset, line and
    /// column), or other errors of the same type and description, or none.
    func failsAs(_ other: GzipRead) -> Bool {
        if let error = failure as? JSONError, let otherError = other.failure as? JSONError { return error == otherError }
        return failureDescription == other.failureDescription
    }

    /// Reads every record of the reader that `make` makes, until nil or an error.
    init(_ make: () throws -> any JSONRecordReader) {
        do {
            var reader = try make()
            while let record = try reader.nextRecord() { records.append(Array(record.value.rawJSON)) }
        } catch {
            failure = error
        }
    }
}

/// The bytes of one form, read by each reader that recognizes gzip.
struct GzipReads {
    let elements: GzipRead
    let lines: GzipRead
    /// The request-body inflater's text: nil when it threw (or the bytes are not gzip).
    let inflated: [UInt8]?
    let inflaterFailure: (any Error)?
    let limit: Int

    init(_ bytes: [UInt8], chunkSize: Int, limit: Int) {
        self.limit = limit
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map { Array(bytes[$0..<min($0 + chunkSize, bytes.count)]) }
        var options = JSONStreamOptions()
        options.maxDecompressedBytes = limit
        options.readSize = chunkSize
        let chosen = options
        elements = GzipRead { try JSONElementReader(chunks: chunks, options: chosen) }
        lines = GzipRead { JSONLinesReader(chunks: chunks, options: chosen) }
        do {
            inflated = try inflatedRequestBody(bytes, limit: limit).map { [UInt8]($0) }
            inflaterFailure = nil
        } catch {
            inflated = nil
            inflaterFailure = error
        }
    }

    var inflatedDescription: String {
        if let inflated { return "\(inflated.count) bytes" }
        return inflaterFailure.map { "\($0)" } ?? "nothing"
    }

    /// Every error is one the readers document, and no record is larger than the limit.
    func requireTyped() throws(FuzzFailure) {
        for (name, read) in [("JSONElementReader", elements), ("JSONLinesReader", lines)] {
            if let failure = read.failure {
                try require(failure is JSONError || failure is JSONDecompressionError, "\(name) threw \(read.failureDescription)")
            }
            try require(read.records.allSatisfy { $0.count <= limit }, "\(name) gave a record over the limit")
        }
        if let failure = inflaterFailure {
            try require(failure is JSONError || failure is JSONDecompressionError, "the inflater threw \(type(of: failure)): \(failure)")
        }
    }

    /// The same records and the same error (or none) as `plain` gave.
    func requireSame(as plain: GzipReads) throws(FuzzFailure) {
        try requireTyped()
        for (name, read, expected) in [("JSONElementReader", elements, plain.elements), ("JSONLinesReader", lines, plain.lines)] {
            try require(read.records == expected.records,
                        "\(name): \(read.records.count) records, plainly \(expected.records.count) (\(read.failureDescription))")
            try require(read.failsAs(expected),
                        "\(name): \(read.failureDescription); plainly \(expected.failureDescription)")
        }
    }

    /// A prefix of `plain`'s records.
    func requirePrefix(of plain: GzipReads) throws(FuzzFailure) {
        for (name, read, expected) in [("JSONElementReader", elements, plain.elements), ("JSONLinesReader", lines, plain.lines)] {
            try require(read.records.count <= expected.records.count && Array(expected.records.prefix(read.records.count)) == read.records,
                        "\(name): \(read.records.count) records that are not a prefix of the \(expected.records.count) read plainly")
        }
    }
}

/// `bytes` as one gzip member at `level`, made with zlib; nil when zlib fails.
func gzipMember(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
    // zlib keeps the stream's address in its state: the stream stays at one place.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    guard czlib_deflate_init_gzip(stream, level) == Z_OK else { return nil }
    defer { deflateEnd(stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(bytes.count))) + 64)
    var input = bytes
    let written: Int? = input.withUnsafeMutableBufferPointer { source in
        output.withUnsafeMutableBufferPointer { target in
            // Unsafe: zlib reads `source` and writes `target`, both alive for this call, within the counts given.
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = uInt(source.count)
            stream.pointee.next_out = target.baseAddress
            stream.pointee.avail_out = uInt(target.count)
            guard deflate(stream, Z_FINISH) == Z_STREAM_END else { return nil }
            return target.count - Int(stream.pointee.avail_out)
        }
    }
    return written.map { Array(output[..<$0]) }
}
