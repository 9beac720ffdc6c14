import Foundation
import YAJLModel

/// The asynchronous readers on a feed that arrives in 64 KiB chunks, as a request
/// body does: the elements of a JSON array against the same records as JSON Lines,
/// each from `[UInt8]` chunks and from SwiftNIO `ByteBuffer`s (what a Hummingbird or
/// Vapor body hands over). The chunks are made before the timing, so the rows time the
/// readers alone.
struct AsyncStreamScenario: Scenario {
    let name = "async-stream"
    let title = "stream a request body (async)"
    let aliases = ["streaming", "async", "jsonl"]

    static let chunkSize = 64 << 10
    static let elements = "YAJLModel elements(of:), [UInt8] chunks"
    static let lines = "YAJLModel JSON Lines records(of:), [UInt8] chunks"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let feeds: [(name: String, items: [[UInt8]], bytes: Int)] = [
            ("feed of twitter-like statuses", context.statuses(), context.scaled(16 << 20)),
            ("feed of 140-byte log records", GeneratedLog.logItems(), context.scaled(8 << 20)),
        ]
        return feeds.map { feed in
            let array = Array(FeedChunks(items: feed.items, totalBytes: feed.bytes, chunkSize: Self.chunkSize))
            let count = array.reduce(0) { $0 + $1.count }
            // The same records, as many as the array holds, one per line.
            var text: [UInt8] = []
            var index = 0
            while text.count < feed.bytes {
                text += feed.items[index % feed.items.count]
                text.append(UInt8(ascii: "\n"))
                index += 1
            }
            let lines = stride(from: 0, to: text.count, by: Self.chunkSize).map { Array(text[$0..<min($0 + Self.chunkSize, text.count)]) }
            return BenchCase(
                input: feed.name, inputBytes: count, contenders: Self.contenders(array: array, lines: lines) + Self.byteBufferContenders(array: array, lines: lines),
                reference: Self.elements,
                details: ["every record, counting them and summing their \"id\"; chunks from memory through an AsyncSequence"],
                measuresMemory: false)
        }
    }

    static func contenders(array: [[UInt8]], lines: [[UInt8]]) -> [Contender] {
        [
            Contender(elements, .yajlModel) {
                return {
                    try runBlocking {
                        var total = 0
                        for try await item in JSONElementReader.elements(of: ChunkSequence(chunks: array), at: "/items") {
                            total &+= 1 &+ (item["id"]?.int ?? 0)
                        }
                        return total
                    }
                }
            },
            Contender(Self.lines, .yajlModel) {
                return {
                    try runBlocking {
                        var total = 0
                        for try await record in JSONLinesReader.records(of: ChunkSequence(chunks: lines)) {
                            total &+= 1 &+ (record.value["id"]?.int ?? 0)
                        }
                        return total
                    }
                }
            },
        ]
    }
}

/// Chunks made beforehand, handed out by an asynchronous sequence: a body that is all there.
struct ChunkSequence<Chunk: Sendable>: AsyncSequence, Sendable {
    let chunks: [Chunk]

    struct AsyncIterator: AsyncIteratorProtocol {
        let chunks: [Chunk]
        var index = 0

        mutating func next() async -> Chunk? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks) }
}
