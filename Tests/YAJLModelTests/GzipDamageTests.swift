import Foundation
import Testing
@testable import YAJLModel

/// Damaged gzip input: the records before the damage, then an error that says what and where.
@Suite struct GzipDamageTests {
    static let lines = madeUpLines(2000)
    static let compressed = gzip(lines)
    static let plain: GzipOutcome = {
        var reader = JSONLinesReader(chunks: [lines[...]])
        return readAny(&reader)
    }()

    func lines(_ bytes: [UInt8], chunk: Int = 4096, _ options: JSONStreamOptions = .init()) -> GzipOutcome {
        var reader = JSONLinesReader(chunks: pieces(bytes, chunk), options: options)
        return readAny(&reader)
    }

    /// The records delivered are the plain ones that end (line feed included) by `end`, all of them.
    func deliveredEverythingBefore(_ end: Int, _ read: GzipOutcome) -> Bool {
        let whole = Self.plain.ends.filter { $0 + 1 <= end }.count
        return read.texts == Array(Self.plain.texts.prefix(whole))
    }

    @Test func truncatedStreamDeliversTheRecordsBeforeTheCut() throws {
        var lastDecompressed = 0
        for cut in [10, 11, 200, 4096, Self.compressed.count / 2, Self.compressed.count - 9, Self.compressed.count - 8, Self.compressed.count - 1] {
            let read = lines(Array(Self.compressed[..<cut]), chunk: 1000)
            let error = try #require(read.decompressionError, "cut at \(cut): \(String(describing: read.error))")
            #expect(error.reason == .truncated)
            #expect(error.compressedOffset == cut)
            #expect(error.decompressedOffset >= lastDecompressed && error.decompressedOffset <= Self.lines.count)
            #expect(deliveredEverythingBefore(error.decompressedOffset, read), "cut at \(cut)")
            lastDecompressed = error.decompressedOffset
        }
        // Cut inside the trailer: all of the text was inflated, so all of it is delivered.
        let inTrailer = lines(Array(Self.compressed.dropLast(3)))
        #expect(inTrailer.decompressionError?.decompressedOffset == Self.lines.count)
        #expect(inTrailer.texts == Self.plain.texts)
        // Cut in the header: nothing was.
        #expect(lines(Array(Self.compressed[..<5])).decompressionError == JSONDecompressionError(.truncated, compressedOffset: 5, decompressedOffset: 0))
    }

    @Test func truncatedAtEveryByteOfASmallFile() throws {
        let text = madeUpLines(12)
        let compressed = gzip(text)
        var plainReader = JSONLinesReader(chunks: [text[...]])
        let plain = readAny(&plainReader)
        var lastDecompressed = 0
        // One byte, 1f, is text that is not JSON; from two bytes on it is a gzip stream that stops short.
        for cut in 2..<compressed.count {
            for chunk in [cut, 7] {
                var reader = JSONLinesReader(chunks: pieces(Array(compressed[..<cut]), chunk))
                let read = readAny(&reader)
                let error = try #require(read.decompressionError, "cut at \(cut): \(String(describing: read.error))")
                #expect(error.reason == .truncated && error.compressedOffset == cut, "cut at \(cut)")
                #expect(error.decompressedOffset >= lastDecompressed && error.decompressedOffset <= text.count, "cut at \(cut)")
                let whole = plain.ends.filter { $0 + 1 <= error.decompressedOffset }.count
                #expect(read.texts == Array(plain.texts.prefix(whole)), "cut at \(cut), chunks of \(chunk)")
            }
            var reader = JSONLinesReader(chunks: [compressed[..<cut]])
            lastDecompressed = readAny(&reader).decompressionError?.decompressedOffset ?? lastDecompressed
        }
        #expect(lastDecompressed == text.count, "a cut in the trailer has inflated all of the text")
    }

    /// A gigabyte of white space inside an array deflates to about a megabyte. The readers stop
    /// at the limit on what they inflate, holding about one read of it: white space between
    /// elements is dropped as it is read.
    @Test func aGigabyteBombStopsAtTheLimitInBoundedMemory() throws {
        let bomb = gzipRepeating(0x20, count: 1 << 30, between: Array("[".utf8), and: Array("]".utf8))
        #expect(bomb.count < 1_100_000)
        var options = JSONStreamOptions()
        options.maxDecompressedBytes = 32 << 20
        let expected = JSONDecompressionError(.tooLarge(limit: 32 << 20), compressedOffset: 0, decompressedOffset: 32 << 20)

        var elements = try JSONElementReader(chunks: pieces(bomb, 64 << 10), options: options)
        let read = readAny(&elements)
        let error = try #require(read.decompressionError)
        #expect(error.reason == expected.reason && error.decompressedOffset == expected.decompressedOffset)
        #expect(error.compressedOffset > 0 && error.compressedOffset < bomb.count)
        #expect(read.texts.isEmpty)
        #expect(elements.engine.framer.buffer.capacity <= 1 << 20, "held \(elements.engine.framer.buffer.capacity) bytes")

        var lines = JSONLinesReader(chunks: pieces(bomb, 64 << 10), options: options)
        let readLines = readAny(&lines)
        #expect(readLines.decompressionError?.reason == expected.reason)
        #expect(readLines.decompressionError?.decompressedOffset == expected.decompressedOffset)
    }

    @Test func theErrorIsThrownAgainOnEveryLaterCall() {
        var reader = JSONLinesReader(chunks: [Self.compressed[..<3000]])
        var first: JSONDecompressionError?
        do { while try reader.nextRecord() != nil {} } catch { first = error as? JSONDecompressionError }
        #expect(first?.reason == .truncated)
        #expect(throws: first!) { try reader.nextRecord() }
    }

    @Test func badChecksumAndLength() throws {
        var badCRC = Self.compressed
        badCRC[badCRC.count - 8] ^= 0x01
        let crc = lines(badCRC)
        let crcError = try #require(crc.decompressionError)
        guard case .corrupt = crcError.reason else { Issue.record("\(crcError)"); return }
        #expect(crcError.compressedOffset == Self.compressed.count - 4 && crcError.decompressedOffset == Self.lines.count)
        #expect(crc.texts == Self.plain.texts)  // inflated before the check at the end

        var badLength = Self.compressed
        badLength[badLength.count - 1] ^= 0x01
        let length = lines(badLength)
        let lengthError = try #require(length.decompressionError)
        guard case .corrupt = lengthError.reason else { Issue.record("\(lengthError)"); return }
        #expect(lengthError.compressedOffset == Self.compressed.count && lengthError.decompressedOffset == Self.lines.count)
        #expect(crcError != lengthError)
    }

    @Test func corruptDataInTheMiddle() throws {
        var corrupt = Self.compressed
        for index in stride(from: corrupt.count / 2, to: corrupt.count / 2 + 64, by: 1) { corrupt[index] = 0xFF }
        let read = lines(corrupt)
        let error = try #require(read.decompressionError, "\(String(describing: read.error))")
        guard case .corrupt = error.reason else { Issue.record("\(error)"); return }
        #expect(error.compressedOffset > corrupt.count / 2 - 1 && error.compressedOffset < corrupt.count)
        #expect(read.texts.count > 0 && read.texts == Array(Self.plain.texts.prefix(read.texts.count)))
    }

    @Test func garbageAfterTheStream() throws {
        let end = Self.compressed.count
        for garbage: [UInt8] in [Array("xyz".utf8), [0], [0x1F], [0x1F, 0x00, 0x00]] {
            let read = lines(Self.compressed + garbage, chunk: 999)
            #expect(read.decompressionError == JSONDecompressionError(.trailingData, compressedOffset: end, decompressedOffset: Self.lines.count), "\(garbage)")
            #expect(read.texts == Self.plain.texts)
        }
        // The start of another member that stops: truncated there.
        let started = lines(Self.compressed + [0x1F, 0x8B])
        #expect(started.decompressionError == JSONDecompressionError(.truncated, compressedOffset: end + 2, decompressedOffset: Self.lines.count))
    }

    @Test func decompressedSizeLimit() throws {
        var options = JSONStreamOptions()
        options.maxDecompressedBytes = 10_000
        let read = lines(Self.compressed, options)
        let error = try #require(read.decompressionError)
        #expect(error.reason == .tooLarge(limit: 10_000) && error.decompressedOffset == 10_000)
        #expect(deliveredEverythingBefore(10_000, read))
        #expect(error.description.contains("10000"))

        options.maxDecompressedBytes = Self.lines.count
        #expect(lines(Self.compressed, options).error == nil)
        options.maxDecompressedBytes = Self.lines.count - 1
        #expect(lines(Self.compressed, options).decompressionError?.reason == .tooLarge(limit: Self.lines.count - 1))
        #expect(JSONStreamOptions().maxDecompressedBytes == 64 << 30)
    }

    @Test func parallelReaderDeliversTheLinesBeforeTheDamage() async throws {
        var options = JSONStreamOptions()
        options.readSize = 512
        let cut = Array(Self.compressed[..<(Self.compressed.count * 2 / 3)])
        var read = GzipOutcome()
        do {
            try await JSONLinesReader.forEachRecord(in: Data(cut), options: options, concurrency: 2) { read.add($0) }
        } catch {
            read.error = error
        }
        let error = try #require(read.decompressionError, "\(String(describing: read.error))")
        #expect(error.reason == .truncated && error.compressedOffset == cut.count)
        #expect(deliveredEverythingBefore(error.decompressedOffset, read))

        options.maxDecompressedBytes = 50_000
        var limited = GzipOutcome()
        await #expect(throws: JSONDecompressionError.self) {
            try await JSONLinesReader.forEachRecord(in: Data(Self.compressed), options: options, concurrency: 2) { limited.add($0) }
        }
        #expect(deliveredEverythingBefore(50_000, limited))
    }

    @Test func documentInflatesWithinTheInputLimit() async throws {
        // Megabytes of white space, a few kilobytes compressed: rejected at the limit, not read whole.
        let bomb = gzip([UInt8(ascii: "[")] + [UInt8](repeating: 0x20, count: 8 << 20) + [UInt8(ascii: "]")], level: 9)
        #expect(bomb.count < 100_000)
        var options = JSONParseOptions()
        options.maxInputBytes = 1 << 20
        try await withTemporaryFile(bomb) { url in
            #expect(throws: JSONError.tooLarge(.inputBytes, limit: 1 << 20, at: JSONSourceLocation(offset: 1 << 20, line: 1, column: (1 << 20) + 1))) {
                try JSONDocument(contentsOf: url, options: options)
            }
            let document = try JSONDocument(contentsOf: url)
            #expect(document.root.array?.isEmpty == true)
        }
        try await withTemporaryFile(Array(Self.compressed.dropLast(1))) { url in
            #expect(throws: JSONDecompressionError(.truncated, compressedOffset: Self.compressed.count - 1, decompressedOffset: Self.lines.count)) {
                try JSONDocument(contentsOf: url)
            }
        }
    }

    @Test func filesDeliverWhatChunksDeliver() async throws {
        // A file the reader opens is inflated on a thread of its own where there are two cores.
        var badCRC = Self.compressed
        badCRC[badCRC.count - 8] ^= 0x01
        let damaged = [Array(Self.compressed[..<(Self.compressed.count / 2)]), badCRC, Self.compressed + [0x41], gzip(Self.compressed)]
        for input in damaged {
            let fromChunks = lines(input)
            #expect(fromChunks.error != nil)
            try await withTemporaryFile(input) { url in
                var reader = try JSONLinesReader(contentsOf: url)
                let fromFile = readAny(&reader)
                #expect(fromFile.texts == fromChunks.texts && fromFile.offsets == fromChunks.offsets)
                #expect(String(describing: fromFile.error) == String(describing: fromChunks.error))
                #expect(throws: (any Error).self) { try reader.nextRecord() }
            }
        }
        var options = JSONStreamOptions()
        options.maxDecompressedBytes = 12_345
        try await withTemporaryFile(Self.compressed) { url in
            var reader = try JSONLinesReader(contentsOf: url, options: options)
            let read = readAny(&reader)
            #expect(read.decompressionError?.reason == .tooLarge(limit: 12_345) && read.decompressionError?.decompressedOffset == 12_345)
            #expect(deliveredEverythingBefore(12_345, read))
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "read-ahead needs two cores"))
    func readAheadThreadStopsWhenTheReaderGoes() async throws {
        try await withTemporaryFile(gzip(madeUpLines(20_000))) { url in
            let file = try FileDescriptorSource(contentsOf: url)
            var readAhead = InflatingReadAhead(file, limit: .max, chunkSize: 1024)
            let channel = try #require(readAhead?.channel)
            let read = try readAhead?.read(into: StreamBuffer(), size: 1024)
            #expect(read == true)
            readAhead = nil
            #expect(channel.waitUntilFinished(timeout: 600))
        }
        try await withTemporaryFile(Self.lines) { url in
            let file = try FileDescriptorSource(contentsOf: url)
            #expect(InflatingReadAhead(file, limit: .max, chunkSize: 1024) == nil)
        }
    }

    @Test func descriptionsSayWhatAndWhere() {
        let error = JSONDecompressionError(.truncated, compressedOffset: 40960, decompressedOffset: 409515)
        #expect(error.description == "the gzip input ends early, at compressed byte 40960 (decompressed byte 409515)")
        #expect(error.localizedDescription == error.description)
        #expect(JSONDecompressionError(.trailingData, compressedOffset: 9, decompressedOffset: 3).description.contains("compressed byte 9"))
    }
}
