import Foundation
import Testing
@testable import YAJLModel

/// Every reader reads gzip input as it reads the same text uncompressed, element for element.
@Suite struct GzipReadingTests {
    static let array = madeUpArray(3000)
    static let lines = madeUpLines(3000)

    func elements(_ chunks: [ArraySlice<UInt8>], _ options: JSONStreamOptions = .init()) -> GzipOutcome {
        do {
            var reader = try JSONElementReader(chunks: chunks, options: options)
            return readAny(&reader)
        } catch {
            return GzipOutcome(error: error)
        }
    }

    func lines(_ chunks: [ArraySlice<UInt8>], _ options: JSONStreamOptions = .init()) -> GzipOutcome {
        var reader = JSONLinesReader(chunks: chunks, options: options)
        return readAny(&reader)
    }

    @Test func elementReaderChunksMatchPlainInput() {
        let plain = elements([Self.array[...]])
        #expect(plain.texts.count == 3000 && plain.error == nil)
        let compressed = gzip(Self.array)
        for size in [1 << 20, 4096, 577, 10] {
            let read = elements(pieces(compressed, size))
            #expect(read.error == nil)
            #expect(read.texts == plain.texts && read.offsets == plain.offsets, "chunks of \(size)")
        }
        var small = JSONStreamOptions()
        small.readSize = 100
        let read = elements([compressed[...]], small)
        #expect(read.texts == plain.texts && read.offsets == plain.offsets && read.error == nil)
    }

    @Test func linesReaderChunksMatchPlainInput() {
        let plain = lines([Self.lines[...]])
        #expect(plain.texts.count == 3000 && plain.error == nil)
        let compressed = gzip(Self.lines, level: 1)
        for size in [1 << 20, 333, 7] {
            let read = lines(pieces(compressed, size))
            #expect(read.error == nil)
            #expect(read.texts == plain.texts && read.offsets == plain.offsets, "chunks of \(size)")
        }
    }

    @Test func filesAndDescriptorsMatchPlainInput() async throws {
        let plainElements = elements([Self.array[...]])
        let plainLines = lines([Self.lines[...]])
        try await withTemporaryFile(gzip(Self.array), suffix: ".json") { url in
            var reader = try JSONElementReader(contentsOf: url)
            let read = readAny(&reader)
            #expect(read.texts == plainElements.texts && read.offsets == plainElements.offsets && read.error == nil)

            let descriptor = open(url.path, O_RDONLY)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            var fromDescriptor = try JSONElementReader(fileDescriptor: descriptor)
            let readDescriptor = readAny(&fromDescriptor)
            #expect(readDescriptor.texts == plainElements.texts && readDescriptor.error == nil)
        }
        try await withTemporaryFile(gzip(Self.lines), suffix: ".jsonl") { url in
            var reader = try JSONLinesReader(contentsOf: url)
            let read = readAny(&reader)
            #expect(read.texts == plainLines.texts && read.offsets == plainLines.offsets && read.error == nil)

            let descriptor = open(url.path, O_RDONLY)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            var fromDescriptor = JSONLinesReader(fileDescriptor: descriptor)
            #expect(readAny(&fromDescriptor).texts == plainLines.texts)
        }
    }

    @Test func asynchronousReadersMatchPlainInput() async {
        let plainElements = elements([Self.array[...]])
        let plainLines = lines([Self.lines[...]])
        let compressedArray = gzip(Self.array)
        let compressedLines = gzip(Self.lines)
        for size in [65536, 1] {
            let read = await readAny(JSONElementReader.elements(of: AsyncChunks(pieces(compressedArray, size)))) {
                JSONRecord(value: $0, offset: 0, line: 0)
            }
            #expect(read.texts == plainElements.texts && read.error == nil, "chunks of \(size)")
            let readLines = await readAny(JSONLinesReader.records(of: AsyncChunks(pieces(compressedLines, size)))) { $0 }
            #expect(readLines.texts == plainLines.texts && readLines.offsets == plainLines.offsets && readLines.error == nil)
        }
        let bytes = await readAny(JSONLinesReader.records(of: AsyncBytes(bytes: compressedLines))) { $0 }
        #expect(bytes.texts == plainLines.texts && bytes.error == nil)
        let elementBytes = await readAny(JSONElementReader.elements(of: AsyncBytes(bytes: compressedArray))) {
            JSONRecord(value: $0, offset: 0, line: 0)
        }
        #expect(elementBytes.texts == plainElements.texts && elementBytes.error == nil)
    }

    @Test func parallelLinesMatchPlainInput() async throws {
        var options = JSONStreamOptions()
        options.readSize = 1024  // pieces of 16 KiB: many of them
        let plain = lines([Self.lines[...]])
        var fromMemory = GzipOutcome()
        try await JSONLinesReader.forEachRecord(in: Data(gzip(Self.lines)), options: options, concurrency: 2) { fromMemory.add($0) }
        #expect(fromMemory.texts == plain.texts && fromMemory.offsets == plain.offsets)
        var lineNumbers: [Int] = []
        try await withTemporaryFile(gzip(Self.lines)) { url in
            var fromFile = GzipOutcome()
            try await JSONLinesReader.forEachRecord(contentsOf: url, options: options, concurrency: 2) {
                fromFile.add($0)
                lineNumbers.append($0.line)
            }
            #expect(fromFile.texts == plain.texts && fromFile.offsets == plain.offsets)
        }
        #expect(lineNumbers == Array(1...3000))
    }

    @Test func documentFromGzipFileIsTheDocumentOfItsText() async throws {
        let plain = try JSONDocument(parsing: Self.array)
        try await withTemporaryFile(gzip(Self.array)) { url in
            let document = try JSONDocument(contentsOf: url)
            #expect(document.isIdentical(to: plain))
        }
    }

    @Test func concatenatedMembersReadAsOneStream() async throws {
        // Split inside a token, as `cat a.gz b.gz` of any two halves would be.
        for split in [1, 2, 1000, Self.array.count / 2 + 3, Self.array.count - 1] {
            let joined = gzip(Array(Self.array[..<split])) + gzip(Array(Self.array[split...]))
            let read = elements(pieces(joined, 1000))
            let plain = elements([Self.array[...]])
            #expect(read.texts == plain.texts && read.offsets == plain.offsets && read.error == nil, "split at \(split)")
        }
        let three = gzip(Array(Self.lines[..<5000])) + gzip([]) + gzip(Array(Self.lines[5000...]))
        #expect(lines(pieces(three, 3)).texts == lines([Self.lines[...]]).texts)
        try await withTemporaryFile(gzip(Array(Self.array[..<99])) + gzip(Array(Self.array[99...]))) { url in
            let document = try JSONDocument(contentsOf: url)
            #expect(document.isIdentical(to: try JSONDocument(parsing: Self.array)))
        }
    }

    @Test func emptyMemberIsEmptyText() async throws {
        let empty = gzip([])
        // As the uncompressed empty text: no lines; for elements, the end of input where an array should be.
        let emptyLines = lines([empty[...]])
        #expect(emptyLines.texts.isEmpty && emptyLines.error == nil)
        let plainElements = elements([])
        let emptyElements = elements([empty[...]])
        #expect(emptyElements.texts.isEmpty)
        #expect((emptyElements.error as? JSONError) == (plainElements.error as? JSONError) && plainElements.error != nil)
        try await withTemporaryFile(empty) { url in
            #expect(throws: JSONError.self) { try JSONDocument(contentsOf: url) }
        }
    }

    @Test func textStartingWithTheFirstMagicByteIsReadAsText() {
        // 1f alone, or followed by anything but 8b, is text (and not JSON): the error is the plain reader's.
        for text: [UInt8] in [[0x1F], [0x1F, 0x41], [0x1F, 0x8C, 0x20]] {
            let whole = elements([text[...]])
            let split = elements(pieces(text, 1))
            #expect(whole.error is JSONError && (whole.error as? JSONError) == (split.error as? JSONError), "\(text)")
        }
    }

    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func corpusFilesRoundTrip() async throws {
        for name in SharedData.corpusFiles {
            let bytes = try SharedData.corpusBytes(name)
            let plain = try JSONDocument(parsing: bytes)
            try await withTemporaryFile(gzip(bytes)) { url in
                #expect(try JSONDocument(contentsOf: url).isIdentical(to: plain), "\(name)")
                var reader = try JSONElementReader(contentsOf: url, at: .values)
                let read = readAny(&reader)
                #expect(read.error == nil && read.texts.count == 1, "\(name)")
                #expect(read.texts.first.map { Array($0.utf8) == Array(plain.root.rawJSON) } == true, "\(name)")
            }
        }
    }
}
