import CZlib
import Foundation
import Testing
@testable import YAJLModel

/// `bytes` as one gzip member, made with zlib at test time.
func gzip(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { deflateEnd(stream); stream.deallocate() }
    guard czlib_deflate_init_gzip(stream, level) == Z_OK else {
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

/// `prefix`, `count` copies of `byte` and `suffix` as one gzip member, deflated a mebibyte at a
/// time, so that a bomb of any size is made without holding its text: a gibibyte takes about
/// a megabyte.
func gzipRepeating(_ byte: UInt8, count: Int, between prefix: [UInt8], and suffix: [UInt8]) -> [UInt8] {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { deflateEnd(stream); stream.deallocate() }
    // Run-length matching finds what level 9 finds in a run of one byte, a thousand times faster.
    guard czlib_deflate_init_gzip(stream, 9) == Z_OK, deflateParams(stream, 9, Z_RLE) == Z_OK else {
        Issue.record("deflateInit2 failed")
        return []
    }
    let run = [UInt8](repeating: byte, count: 1 << 20)
    var output: [UInt8] = []
    var scratch = [UInt8](repeating: 0, count: 64 << 10)
    func deflateAll(_ input: [UInt8], _ flush: Int32) {
        input.withUnsafeBufferPointer { input in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            repeat {
                let produced: Int = scratch.withUnsafeMutableBufferPointer { out in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    deflate(stream, flush)
                    return out.count - Int(stream.pointee.avail_out)
                }
                output += scratch[..<produced]
            } while stream.pointee.avail_out == 0 || stream.pointee.avail_in > 0
        }
    }
    deflateAll(prefix, Z_NO_FLUSH)
    var left = count
    while left > 0 {
        deflateAll(left >= run.count ? run : Array(run[..<left]), Z_NO_FLUSH)
        left -= run.count
    }
    deflateAll(suffix, Z_FINISH)
    return output
}

/// A feed like the corpus's, made up: objects with strings (some escaped, some not
/// ASCII), integers, floats, booleans, nulls and nested arrays, `count` of them.
func madeUpRecords(_ count: Int) -> [String] {
    (0..<count).map { index in
        let name = ["Ada", "Grace \\\"Amazing\\\"", "Zoë", "李小龍", "emoji 🎉", "tab\\there"][index % 6]
        let tags = (0..<(index % 5)).map { "\"t\($0 * index)\"" }.joined(separator: ",")
        return #"{"id":\#(index),"name":"\#(name) \#(index)","score":\#(Double(index) * 1.25 - 7.5),"#
            + #""ok":\#(index % 3 == 0),"gone":null,"tags":[\#(tags)],"at":{"x":\#(index * 31 % 97),"y":[\#(index),-\#(index)]}}"#
    }
}

/// The made-up records as one JSON array, pretty enough to have white space.
func madeUpArray(_ count: Int) -> [UInt8] {
    Array(("[\n  " + madeUpRecords(count).joined(separator: ",\n  ") + "\n]\n").utf8)
}

/// The made-up records as JSON Lines.
func madeUpLines(_ count: Int) -> [UInt8] {
    Array((madeUpRecords(count).joined(separator: "\n") + "\n").utf8)
}

/// What a reader gave: records' texts and offsets, then the error that ended it.
struct GzipOutcome {
    var texts: [String] = []
    var offsets: [Int] = []
    var ends: [Int] = []
    var error: (any Error)?

    mutating func add(_ record: JSONRecord) {
        texts.append(String(decoding: record.value.rawJSON, as: UTF8.self))
        offsets.append(record.offset)
        ends.append(record.offset + record.value.rawJSON.count)
    }

    var decompressionError: JSONDecompressionError? { error as? JSONDecompressionError }
}

/// Reads `reader` to its end or error, whatever the error's type.
func readAny(_ reader: inout some JSONRecordReader) -> GzipOutcome {
    var outcome = GzipOutcome()
    do {
        while let record = try reader.nextRecord() { outcome.add(record) }
    } catch {
        outcome.error = error
    }
    return outcome
}

/// Reads an asynchronous reader to its end or error.
func readAny<Records: AsyncSequence>(_ records: Records, _ record: (Records.Element) -> JSONRecord) async -> GzipOutcome {
    var outcome = GzipOutcome()
    do {
        for try await element in records { outcome.add(record(element)) }
    } catch {
        outcome.error = error
    }
    return outcome
}

/// `bytes` in chunks of `size`.
func pieces(_ bytes: [UInt8], _ size: Int) -> [ArraySlice<UInt8>] {
    stride(from: 0, to: bytes.count, by: max(size, 1)).map { bytes[$0..<min($0 + max(size, 1), bytes.count)] }
}

/// A temporary file holding `bytes`, removed after `body`.
func withTemporaryFile(_ bytes: [UInt8], suffix: String = ".json.gz", _ body: (URL) async throws -> Void) async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-gzip-\(UUID().uuidString)\(suffix)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    try await body(url)
}
