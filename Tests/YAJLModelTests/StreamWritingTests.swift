import Foundation
import Testing
@testable import YAJLModel

/// Encoding a sequence in chunks writes what encoding the whole array (or envelope) writes.
@Suite struct StreamWritingTests {
    struct Post: Codable, Equatable, Sendable {
        var postID: Int
        var userName: String
        var createdAt: Date
        var avatarData: Data
        var score: Double
        var tags: [String]
        var replyTo: Reply?
        var emptyList: [Int]
        var emptyMap: [String: Int]
        var extraInfo: [String: String]
    }

    struct Reply: Codable, Equatable, Sendable {
        var authorName: String
        var linkPath: String
    }

    static func posts(_ count: Int) -> [Post] {
        (0..<count).map(post)
    }

    static func post(_ i: Int) -> Post {
        let avatar = Data((0..<(i % 7)).map { UInt8($0 * 37 % 256) })
        let tags: [String] = (0..<(i % 4)).map { "tag\($0)" }
        let reply: Reply? = i % 3 == 0 ? nil : Reply(authorName: "author\(i)", linkPath: "a/b/\(i)")
        let extra: [String: String] = i % 2 == 0 ? [:] : ["someKey": "v\(i)"]
        let name = "user \(i) \"quoted\"\n\t\u{E9}/\u{1}"
        return Post(
            postID: i, userName: name, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(i)),
            avatarData: avatar, score: Double(i) / 3, tags: tags, replyTo: reply, emptyList: [], emptyMap: [:], extraInfo: extra)
    }

    enum Keys: String, CaseIterable, Sendable { case useDefault, snakeCase, customByDepth }

    static let formattings: [JSONEncoder.OutputFormatting] = [
        [], [.sortedKeys], [.prettyPrinted], [.prettyPrinted, .sortedKeys], [.withoutEscapingSlashes],
    ]

    static func encoder(_ formatting: JSONEncoder.OutputFormatting, keys: Keys = .useDefault) -> YAJLEncoder {
        let encoder = YAJLEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .iso8601
        switch keys {
        case .useDefault: break
        case .snakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        case .customByDepth:
            // Converts only keys three steps deep: an element's members inside an envelope, not in a bare array.
            encoder.keyEncodingStrategy = .custom { path in
                let last = path[path.count - 1]
                return path.count >= 3 ? JSONCodingKey(stringValue: "\(path.count)-\(last.stringValue)") : last
            }
        }
        return encoder
    }

    static func json(_ text: String) throws -> JSONValue {
        try JSONDocument(parsing: text).root
    }

    // MARK: Generated data

    @Test(arguments: formattings, Keys.allCases)
    func arraysMatchTheWholeArray(formatting: JSONEncoder.OutputFormatting, keys: Keys) async throws {
        let encoder = Self.encoder(formatting, keys: keys)
        let posts = Self.posts(40)
        let whole = [UInt8](try encoder.encode(posts))
        for chunkSize in [1, 7, 4096] {
            #expect(try streamed(encoder, posts, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
        }
        #expect(try await streamedAsync(encoder, posts, chunkSize: 7) == whole)
    }

    @Test(arguments: formattings, Keys.allCases)
    func envelopesMatchTheWholeObject(formatting: JSONEncoder.OutputFormatting, keys: Keys) async throws {
        let encoder = Self.encoder(formatting, keys: keys)
        let envelope = Envelope(
            before: [("count", try Self.json("40")), ("has_more", try Self.json("true"))], key: "items", elements: Self.posts(40),
            after: [("next_cursor", try Self.json(#"{"after": "b7", "pages": [1, 2]}"#)), ("total", try Self.json("1000"))])
        let whole = [UInt8](try encoder.encode(envelope))
        for chunkSize in [1, 7, 4096] {
            #expect(try streamed(encoder, envelope.elements, framing: envelope.framing, chunkSize: chunkSize) == whole)
        }
        #expect(try await streamedAsync(encoder, envelope.elements, framing: envelope.framing, chunkSize: 4096) == whole)
    }

    @Test func envelopeLiteralsWriteTheirMembers() throws {
        let framing = JSONOutputFraming.object(before: ["count": 2, "kind": "page"], key: "items", after: ["next": "b7"])
        let bytes = try streamed(YAJLEncoder(), [1, 2], framing: framing, chunkSize: 3)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"count":2,"kind":"page","items":[1,2],"next":"b7"}"#)
    }

    @Test(arguments: formattings)
    func membersMadeAfterTheValuesMatchTheWholeObject(formatting: JSONEncoder.OutputFormatting) async throws {
        let encoder = Self.encoder(formatting)
        for count in [0, 1, 12] {
            let posts = Self.posts(count)
            let framing = JSONOutputFraming.object(before: ["head": "page"], key: "items", after: { count in ["total": count, "next": "p\(count)"] })
            let envelope = Envelope(
                before: [("head", try Self.json(#""page""#))], key: "items", elements: posts,
                after: [("total", try Self.json("\(count)")), ("next", try Self.json(#""p\#(count)""#))])
            let whole = [UInt8](try encoder.encode(envelope))
            for chunkSize in [1, 4096] {
                #expect(try streamed(encoder, posts, framing: framing, chunkSize: chunkSize) == whole)
            }
            #expect(try await streamedAsync(encoder, posts, framing: framing, chunkSize: 7) == whole)
        }
    }

    @Test func membersMadeAfterTheValuesEndTheOutputWhenTheyCannotBeWritten() throws {
        struct Unavailable: Error {}
        func written(_ encoder: YAJLEncoder, _ framing: JSONOutputFraming) -> (bytes: String, error: (any Error)?) {
            var bytes: [UInt8] = []
            do {
                try encoder.encode([1, 2], framing: framing, chunkSize: 3) { bytes += $0 }
                return (String(decoding: bytes, as: UTF8.self), nil)
            } catch {
                return (String(decoding: bytes, as: UTF8.self), error)
            }
        }
        let sorted = YAJLEncoder()
        sorted.outputFormatting = .sortedKeys
        // Each with the output up to the array's end: what may come out, and never a complete object.
        let cases: [(YAJLEncoder, JSONOutputFraming, String)] = [
            (YAJLEncoder(), .object(before: ["a": 1], key: "items", after: { _ in ["a": 2] }), #"{"a":1,"items":[1,2]"#),  // a key repeated
            (YAJLEncoder(), .object(key: "items", after: { _ in ["items": 2] }), #"{"items":[1,2]"#),
            (sorted, .object(before: ["a": 1], key: "items", after: { _ in ["b": 2] }), #"{"a":1,"items":[1,2]"#),  // sorts before the array's key
            (YAJLEncoder(), .object(before: ["a": 1], key: "items", after: { _ in throw Unavailable() }), #"{"a":1,"items":[1,2]"#),
        ]
        for (encoder, framing, upToTheArrayEnd) in cases {
            let (bytes, error) = written(encoder, framing)
            #expect(error != nil)
            #expect(bytes.count >= 6 && upToTheArrayEnd.hasPrefix(bytes), "\(bytes)")
        }
        #expect(written(YAJLEncoder(), cases[3].1).error is Unavailable)
    }

    @Test(arguments: formattings)
    func emptySequences(formatting: JSONEncoder.OutputFormatting) async throws {
        let encoder = Self.encoder(formatting)
        #expect(try streamed(encoder, [Post](), chunkSize: 7) == [UInt8](try encoder.encode([Post]())))
        #expect(try streamedChunks(encoder, [Post](), framing: .jsonLines, chunkSize: 7).isEmpty)
        let envelope = Envelope<Post>(before: [("a", try Self.json("[]"))], key: "items", elements: [], after: [("z", try Self.json("{}"))])
        #expect(try streamed(encoder, envelope.elements, framing: envelope.framing, chunkSize: 4096) == [UInt8](try encoder.encode(envelope)))
        #expect(try await streamedAsync(encoder, [Int](), chunkSize: 1) == [UInt8](try encoder.encode([Int]())))
    }

    // MARK: JSON Lines

    @Test(arguments: formattings, Keys.allCases)
    func jsonLinesAreTheCompactValues(formatting: JSONEncoder.OutputFormatting, keys: Keys) async throws {
        let encoder = Self.encoder(formatting, keys: keys)
        let compact = Self.encoder(formatting.subtracting(.prettyPrinted), keys: keys)
        let posts = Self.posts(30)
        let expected = try posts.flatMap { [UInt8](try compact.encode($0)) + [UInt8(ascii: "\n")] }
        for chunkSize in [1, 7, 4096] {
            #expect(try streamed(encoder, posts, framing: .jsonLines, chunkSize: chunkSize) == expected)
        }
        #expect(try await streamedAsync(encoder, posts, framing: .jsonLines, chunkSize: 7) == expected)
    }

    @Test func jsonLinesPutValuesCopiedAsTextOnOneLine() throws {
        let values = [try Self.json("{\n  \"a\" : [1,\r\n 2],\t\"b c\": \"x \\\" y\"\n}"), try Self.json(" [ ] "), try Self.json("\"\\n\"")]
        let bytes = try streamed(YAJLEncoder(), values, framing: .jsonLines, chunkSize: 5)
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"a\":[1,2],\"b c\":\"x \\\" y\"}\n[ ]\n\"\\n\"\n")
    }

    // MARK: Errors

    @Test(arguments: [JSONEncoder.OutputFormatting(), .prettyPrinted, [.prettyPrinted, .sortedKeys]])
    func aFailingElementEndsTheOutputAfterThePreviousOne(formatting: JSONEncoder.OutputFormatting) async throws {
        let encoder = Self.encoder(formatting)
        let posts = Self.posts(3)
        let values: [MaybeFailing<Post>] = posts.map { .value($0) } + [.failure, .value(Self.posts(5)[4])]
        let closing = formatting.contains(.prettyPrinted) ? 2 : 1  // "\n]" or "]"
        let expected = Array([UInt8](try encoder.encode(posts)).dropLast(closing))
        for chunkSize in [1, 7, 4096] {
            var bytes: [UInt8] = []
            #expect(throws: FailingElement.Failure.self) {
                try encoder.encode(values, chunkSize: chunkSize) { bytes += $0 }
            }
            #expect(bytes == expected)
        }
        var bytes: [UInt8] = []
        await #expect(throws: FailingElement.Failure.self) {
            for try await chunk in encoder.chunks(encoding: CountingValues(values), chunkSize: 7) { bytes += chunk }
        }
        #expect(bytes == expected)

        var lines: [UInt8] = []
        #expect(throws: FailingElement.Failure.self) {
            try encoder.encode(values, framing: .jsonLines, chunkSize: 7) { lines += $0 }
        }
        let compact = Self.encoder(formatting.subtracting(.prettyPrinted))
        #expect(lines == (try posts.flatMap { [UInt8](try compact.encode($0)) + [UInt8(ascii: "\n")] }))
    }

    @Test func aNonConformingFloatIsAnEncodingError() throws {
        var bytes: [UInt8] = []
        #expect(throws: EncodingError.self) {
            try YAJLEncoder().encode([[1.5], [2, .nan]], chunkSize: 2) { bytes += $0 }
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "[[1.5]")
    }

    @Test func envelopeKeysOutOfOrderOrRepeatedWriteNothing() throws {
        let sorted = Self.encoder(.sortedKeys)
        var called = false
        #expect(throws: EncodingError.self) {
            try sorted.encode([1], framing: .object(key: "items", after: ["count": 1]), chunkSize: 1) { _ in called = true }
        }
        #expect(throws: EncodingError.self) {
            try YAJLEncoder().encode([1], framing: .object(before: ["items": 1], key: "items"), chunkSize: 1) { _ in called = true }
        }
        #expect(!called)
        // Unsorted, any order is fine; sorted, each side is put in order.
        #expect(try streamed(YAJLEncoder(), [1], framing: .object(key: "b", after: ["a": 1]), chunkSize: 4) == Array(#"{"b":[1],"a":1}"#.utf8))
        #expect(try streamed(sorted, [1], framing: .object(before: ["a2": 2, "a1": 1], key: "b"), chunkSize: 4) == Array(#"{"a1":1,"a2":2,"b":[1]}"#.utf8))
    }

    /// A value that uses `superEncoder()`, which only the `JSONEncoder` fallback can encode.
    struct SuperEncoded: Encodable, Sendable {
        var number: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            try container.encode(number, forKey: JSONCodingKey(stringValue: "number"))
            try container.encode([Int](), forKey: JSONCodingKey(stringValue: "empty"))
            var inner = container.superEncoder().container(keyedBy: JSONCodingKey.self)
            try inner.encode([number, number], forKey: JSONCodingKey(stringValue: "list"))
        }
    }

    @Test(arguments: [JSONEncoder.OutputFormatting.sortedKeys, [.prettyPrinted, .sortedKeys]])
    func elementsNeedingTheFallbackAreIndentedToTheirDepth(formatting: JSONEncoder.OutputFormatting) throws {
        let encoder = Self.encoder(formatting)
        let elements = (0..<3).map { SuperEncoded(number: $0) }
        let envelope = Envelope(before: [("count", try Self.json("3"))], key: "items", elements: elements, after: [("next", try Self.json("null"))])
        #expect(try streamed(encoder, elements, framing: envelope.framing, chunkSize: 7) == [UInt8](try encoder.encode(envelope)))
        #expect(try streamed(encoder, elements, chunkSize: 7) == [UInt8](try encoder.encode(elements)))
    }

    // MARK: Backpressure and cancellation

    @Test func theProducerIsPulledAtMostOneChunkAhead() async throws {
        // Each value is seven digits and a comma: eight bytes.
        let source = CountingValues(limit: 2000) { 1_000_000 + $0 }
        let chunkSize = 64
        var received = 0
        for try await chunk in YAJLEncoder().chunks(encoding: source, chunkSize: chunkSize) {
            received += chunk.count
            #expect(source.counter.pulled * 8 <= received + chunkSize + 8)
        }
        #expect(source.counter.pulled == 2000)
        #expect(received == 1 + 2000 * 8)
    }

    @Test func nothingIsPulledBeforeAChunkIsAskedFor() async throws {
        let source = CountingValues(limit: 100) { $0 }
        let chunks = YAJLEncoder().chunks(encoding: source, chunkSize: 16)
        var iterator = chunks.makeAsyncIterator()
        #expect(source.counter.pulled == 0)
        _ = try await iterator.next()
        #expect(source.counter.pulled > 0 && source.counter.pulled <= 8)
    }

    @Test func cancellingTheConsumerStopsTheProducer() async throws {
        let source = CountingValues(limit: 100_000_000) { 1_000_000 + $0 }
        let chunks = YAJLEncoder().chunks(encoding: source, chunkSize: 64)
        let task = Task {
            var received = 0
            do {
                for try await _ in chunks {
                    received += 1
                    if received == 3 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return "ended"
            } catch is CancellationError {
                return "cancelled"
            } catch {
                return "\(error)"
            }
        }
        #expect(await task.value == "cancelled")
        let pulled = source.counter.pulled
        #expect(pulled <= 4 * 64 / 8 + 2)
        try await Task.sleep(for: .milliseconds(20))
        #expect(source.counter.pulled == pulled)
    }

    // MARK: Files

    @Test func writesToAFileDescriptorAndReadsBack() async throws {
        let posts = Self.posts(200)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-writing-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let encoder = Self.encoder(.prettyPrinted)
        let decoder = YAJLDecoder()
        decoder.dateDecodingStrategy = .iso8601

        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try encoder.encode(posts, chunkSize: 100, to: handle)
        try handle.close()
        let written = try Data(contentsOf: url)
        #expect(written == (try encoder.encode(posts)))
        #expect(try decoder.decode([Post].self, from: written) == posts)

        let lines = try FileHandle(forWritingTo: url)
        try lines.truncate(atOffset: 0)
        try await encoder.encode(CountingValues(posts), framing: .jsonLines, chunkSize: 100, to: lines)
        try lines.close()
        var reader = try JSONLinesReader(contentsOf: url)
        var read: [Post] = []
        while let record = try reader.nextRecord() { read.append(try decoder.decode(Post.self, from: record.value)) }
        #expect(read == posts)
    }

    @Test func aFailedWriteIsAFileError() throws {
        #expect {
            try YAJLEncoder().encode([1, 2], toFileDescriptor: -1)
        } throws: { error in
            guard let error = error as? CocoaError, error.code == .fileWriteUnknown,
                let underlying = error.userInfo[NSUnderlyingErrorKey] as? POSIXError
            else { return false }
            return underlying.code == .EBADF
        }
    }

    // MARK: Memory

    @Test func theBufferHoldsAboutAChunkAndOneValue() throws {
        let posts = Self.posts(3000)
        let largest = try posts.map { try YAJLEncoder().encode($0).count }.max() ?? 0
        let chunkSize = 4096
        let writer = JSONStreamWriter(options: YAJLEncoder.Options(), framing: .array, chunkSize: chunkSize)
        try writer.begin()
        var total = 0
        var peak = 0
        for post in posts {
            try writer.append(post)
            writer.drain(all: false) { total += $0.count }
            peak = max(peak, writer.reservedCapacity)
        }
        try writer.finish()
        writer.drain(all: true) { total += $0.count }
        #expect(total == (try YAJLEncoder().encode(posts).count))
        #expect(total > 100 * chunkSize)
        // The block grows by doubling, to hold less than a chunk not yet handed over and one value.
        #expect(peak <= 2 * (chunkSize + largest + 1))
    }
}
