import Foundation
import Synchronization
import Testing
@testable import YAJLModel

/// An asynchronous sequence of chunks that counts how many have been pulled.
struct CountingChunks: AsyncSequence, Sendable {
    let chunks: [[UInt8]]
    let pulled = Counter()

    final class Counter: Sendable {
        let value = Mutex(0)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let chunks: [[UInt8]]
        let pulled: Counter
        var index = 0

        mutating func next() async -> [UInt8]? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            pulled.value.withLock { $0 += 1 }
            await Task.yield()
            return chunks[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks, pulled: pulled) }
}

/// The bytes of `chunks`, one at a time.
struct AsyncBytes: AsyncSequence, Sendable {
    let bytes: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var index = 0

        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

@Suite struct StreamAsyncTests {
    @Test func elementsOfAnAsyncSequenceOfChunks() async throws {
        let feed = StreamElementReaderTests.feed
        let source = CountingChunks(chunks: chunks(of: feed, first: 0, period: 16).map(Array.init))
        var texts: [String] = []
        for try await item in JSONElementReader.elements(of: source, at: "/items") {
            texts.append(String(decoding: item.rawJSON, as: UTF8.self))
        }
        #expect(texts == StreamElementReaderTests.wholeItems)

        var iterator = JSONElementReader.elements(of: source, at: "/items").makeAsyncIterator()
        #expect(iterator.header == nil)
        let first = try await iterator.nextRecord()
        #expect(first?.value["title"]?.string == "Bridge")
        #expect(iterator.header?["count"]?.int == 5)
        while try await iterator.next() != nil {}
        #expect(iterator.envelope?["modified"]?.string == "2026-11-21T12:00:00Z")
    }

    @Test func elementsOfAnAsyncSequenceOfBytes() async throws {
        var texts: [String] = []
        for try await item in JSONElementReader.elements(of: AsyncBytes(bytes: StreamElementReaderTests.feed), at: "/items") {
            texts.append(String(decoding: item.rawJSON, as: UTF8.self))
        }
        #expect(texts == StreamElementReaderTests.wholeItems)
    }

    @Test func theInputIsConsumedOnlyAsFastAsElementsAre() async throws {
        // 1000 elements, one chunk each: taking 3 elements pulls about 3 chunks, not 1000.
        let chunks = [Array("[".utf8)] + (0..<1000).map { Array("{\"n\": \($0)},".utf8) } + [Array("{}]".utf8)]
        let source = CountingChunks(chunks: chunks)
        var iterator = JSONElementReader.elements(of: source).makeAsyncIterator()
        for expected in 0..<3 {
            #expect(try await iterator.next()?["n"]?.int == expected)
        }
        #expect(source.pulled.value.withLock { $0 } <= 5)
    }

    @Test func errorsComeAfterTheElementsBeforeThem() async {
        let text = Array("[1, 2, {\"a\" 3}]".utf8)
        var values: [Int] = []
        await #expect(throws: JSONError.self) {
            for try await item in JSONElementReader.elements(of: CountingChunks(chunks: [text])) {
                values.append(item.int ?? -1)
            }
        }
        #expect(values == [1, 2])
    }

    @Test func recordsOfAsyncJSONLines() async throws {
        let log = Array(StreamLinesReaderTests.log.utf8)
        let expected = readLines(StreamLinesReaderTests.log).outcome
        var fromChunks: [JSONRecord] = []
        for try await record in JSONLinesReader.records(of: CountingChunks(chunks: chunks(of: log, first: 0, period: 5).map(Array.init))) {
            fromChunks.append(record)
        }
        #expect(fromChunks.map(\.line) == expected.records.map(\.line))
        #expect(fromChunks.map(\.offset) == expected.records.map(\.offset))
        var fromBytes: [String] = []
        for try await record in JSONLinesReader.records(of: AsyncBytes(bytes: log)) {
            fromBytes.append(String(decoding: record.value.rawJSON, as: UTF8.self))
        }
        #expect(fromBytes == expected.texts)
    }
}
