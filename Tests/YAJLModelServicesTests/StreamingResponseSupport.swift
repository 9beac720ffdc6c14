#if Hummingbird || Vapor
import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import YAJLModel

/// Values for streamed responses: `count` items made as they are pulled, counted, the one at
/// `failAt` (if any) failing to encode.
struct StreamedItems: AsyncSequence, Sendable {
    struct Item: Encodable, Sendable {
        struct Failure: Error {}
        var id: Int
        var title: String
        var fails = false

        func encode(to encoder: any Encoder) throws {
            if fails { throw Failure() }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
        }

        enum CodingKeys: CodingKey { case id, title }
    }

    /// How many items were pulled, across every request of a test server.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var pulled: Int { lock.withLock { value } }
        func increment() { lock.withLock { value += 1 } }
    }

    let count: Int
    var failAt: Int? = nil
    let counter: Counter

    static func item(_ index: Int) -> Item { Item(id: index, title: "item \(index) \u{e9}\u{1F600} with a title long enough") }

    /// The compact JSON array of items `0..<count`, as a whole encode writes it.
    static func expectedArray(count: Int) throws -> [UInt8] {
        [UInt8](try YAJLEncoder().encode((0..<count).map(item)))
    }

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: StreamedItems
        var index = 0

        mutating func next() async -> Item? {
            guard index < source.count else { return nil }
            source.counter.increment()
            defer { index += 1 }
            var item = StreamedItems.item(index)
            item.fails = index == source.failAt
            return item
        }
    }
}

/// One JSON value `count` times. The encoder writes a parsed value as its original bytes, so
/// that a gigabyte of body costs the server little more than copying it, even in a debug build.
struct RepeatedValue: AsyncSequence, Sendable {
    let value: JSONValue
    let count: Int

    /// About 64 KiB: an array of twitter-like statuses, with escapes and non-ASCII text.
    static func statuses() throws -> JSONValue {
        let status = #"{"id":1234567890123,"text":"caf\u00e9 \"quoted\" 😀 a status long enough to be typical","user":{"id":42,"screen_name":"someone","followers_count":1234},"retweet_count":7,"favorited":false,"coordinates":null,"entities":{"hashtags":[{"text":"json","indices":[1,5]}]}}"#
        let text = "[" + Array(repeating: status, count: 65_536 / status.utf8.count).joined(separator: ",") + "]"
        return try JSONDocument(parsing: text).root
    }

    /// The bytes of `count` values written as a compact JSON array.
    var arrayByteCount: Int { 2 + count * value.rawJSON.count + Swift.max(count - 1, 0) }

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: RepeatedValue
        var index = 0

        mutating func next() async -> JSONValue? {
            guard index < source.count else { return nil }
            index += 1
            return source.value
        }
    }
}

/// The process's resident memory, from `/proc/self/status` (Linux).
enum ResidentMemory {
    /// The resident bytes now (`VmRSS`).
    static var current: Int? { field("VmRSS:") }
    /// The most resident bytes since the start or the last ``resetPeak()`` (`VmHWM`).
    static var peak: Int? { field("VmHWM:") }

    /// Sets the peak to the current size (`echo 5 > /proc/self/clear_refs`); false where the
    /// kernel does not allow it.
    static func resetPeak() -> Bool {
        guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? file.close() }
        return (try? file.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
    }
}

extension LoopbackClient {
    /// What a GET read: the body's bytes (or only their count, first and last bytes, when not
    /// kept), and the error that ended it, if any.
    struct Download: Sendable {
        var bytes: [UInt8] = []
        var byteCount = 0
        var head: [UInt8] = []
        var tail: [UInt8] = []
        var error: (any Error)?
    }

    /// GETs `path`, reading the body until it ends, or until `stopAfter` bytes, when the
    /// request is cancelled and the connection dropped.
    static func get(_ path: String, port: Int, keepsBytes: Bool = true, stopAfter: Int? = nil) async throws -> Download {
        let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        let task = Task { () -> Download in
            var download = Download()
            do {
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
                #expect(response.status == .ok)
                for try await buffer in response.body {
                    download.byteCount += buffer.readableBytes
                    if keepsBytes { download.bytes += buffer.readableBytesView }
                    if download.head.count < 256 { download.head += buffer.getBytes(at: buffer.readerIndex, length: Swift.min(256 - download.head.count, buffer.readableBytes)) ?? [] }
                    let last = Swift.min(256, buffer.readableBytes)
                    download.tail = Array((download.tail + (buffer.getBytes(at: buffer.writerIndex - last, length: last) ?? [])).suffix(256))
                    if let stopAfter, download.byteCount >= stopAfter { break }
                }
            } catch {
                download.error = error
            }
            return download
        }
        let download = await task.value
        return download
    }

    /// Waits until `counter` stops moving (the same over 300 ms), for up to 20 s; its value then.
    static func settled(_ counter: StreamedItems.Counter) async throws -> Int {
        var last = counter.pulled
        for _ in 0..<66 {
            try await Task.sleep(for: .milliseconds(300))
            let now = counter.pulled
            if now == last { return now }
            last = now
        }
        return counter.pulled
    }

    /// Checks a server whose `/stream/items?count=N[&failAt=K]` streams ``StreamedItems`` as a
    /// JSON array (counted by `counter`): a whole body, one that a failing item ends, and a
    /// client that goes away part way through an endless one.
    static func expectStreamedResponses(port: Int, counter: StreamedItems.Counter) async throws {
        let whole = try await get("/stream/items?count=20000", port: port)
        #expect(whole.error == nil)
        #expect(whole.bytes == (try StreamedItems.expectedArray(count: 20000)))

        // A failing item ends the body after the items before it: never a complete array.
        let failed = try await get("/stream/items?count=20000&failAt=10000", port: port)
        let prefix = try StreamedItems.expectedArray(count: 10000).dropLast()
        #expect(failed.bytes.count <= prefix.count)
        #expect(failed.bytes.elementsEqual(prefix.prefix(failed.bytes.count)))
        #expect(failed.error != nil || failed.bytes.count < prefix.count, "a failed body must not look complete")
        #expect((try? JSONDocument(parsing: failed.bytes)) == nil)

        // A client that drops the connection after 4 MB of an endless body stops the producer.
        let before = try await settled(counter)
        let stopped = try await get("/stream/items?count=\(Int.max)", port: port, keepsBytes: false, stopAfter: 4 << 20)
        #expect(stopped.byteCount >= 4 << 20)
        let after = try await settled(counter)
        let itemBytes = 60
        #expect(after - before < (64 << 20) / itemBytes, "pulled \(after - before) items after the client left")
    }

    /// Checks a server whose `/stream/values?count=N` streams ``RepeatedValue`` of
    /// ``RepeatedValue/statuses()`` as a JSON array: a body of more than a gigabyte arrives
    /// whole, while the process, server and client together, grows by less than `bound`.
    /// The suites run one at a time (`.ci/services`), so no other test's memory is counted.
    static func expectGigabyte(port: Int, framework: String, growingLessThan bound: Int) async throws {
        let statuses = try RepeatedValue.statuses()
        let values = RepeatedValue(value: statuses, count: (1 << 30) / statuses.rawJSON.count + 1)
        let element = [UInt8](values.value.rawJSON)
        let before = ResidentMemory.current
        let resets = ResidentMemory.resetPeak()
        let download = try await get("/stream/values?count=\(values.count)", port: port, keepsBytes: false)
        #expect(download.error == nil)
        #expect(download.byteCount == values.arrayByteCount)
        #expect(download.byteCount > 1 << 30)
        #expect(download.head == Array(([UInt8(ascii: "[")] + element).prefix(256)))
        #expect(download.tail == Array((element + [UInt8(ascii: "]")]).suffix(256)))
        guard resets, let before, let peak = ResidentMemory.peak else {
            print("\(framework): resident memory not measured here (no /proc/self/clear_refs)")
            return
        }
        #expect(peak - before < bound, "grew \((peak - before) >> 20) MiB for a \(download.byteCount >> 20) MiB body")
        print("\(framework): resident memory grew \((peak - before) >> 10) KiB while streaming \(download.byteCount >> 20) MiB")
    }
}
#endif
