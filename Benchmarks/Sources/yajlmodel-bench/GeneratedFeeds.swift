import Foundation

// The generated feeds of the streaming scenarios.

/// A feed of `totalBytes` or a little more, made on the fly: a header, the items
/// repeated as elements of `items`, and a trailer, cut into `chunkSize` chunks.
struct FeedChunks: Sequence {
    let items: [[UInt8]]
    let totalBytes: Int
    let chunkSize: Int

    func makeIterator() -> Iterator { Iterator(feed: self) }

    struct Iterator: IteratorProtocol {
        let feed: FeedChunks
        private var pending = Array(#"{"title": "Generated feed", "version": 1, "items": ["#.utf8)
        private var produced = 0
        private var index = 0
        private var ended = false

        init(feed: FeedChunks) { self.feed = feed }

        mutating func next() -> [UInt8]? {
            while pending.count < feed.chunkSize && !ended {
                if produced + pending.count < feed.totalBytes && !feed.items.isEmpty {
                    if index > 0 { pending.append(UInt8(ascii: ",")) }
                    pending += feed.items[index % feed.items.count]
                    index += 1
                } else {
                    pending += Array(#"], "modified": "2026-11-21T12:00:00Z"}"#.utf8)
                    ended = true
                }
            }
            guard !pending.isEmpty else { return nil }
            let chunk = Array(pending.prefix(feed.chunkSize))
            pending.removeFirst(chunk.count)
            produced += chunk.count
            return chunk
        }
    }
}

enum GeneratedLog {
    /// Log records of about 140 bytes each: small elements.
    static func logItems() -> [[UInt8]] {
        var random = SplitMix64(seed: 0x6c6f_6773)
        return (0..<2000).map { _ in
            let level = random.pick(["info", "warn", "error"])
            let status = random.pick([200, 201, 404, 500])
            let text = #"{"ts":"2026-11-21T12:\#(random.int(10..<60)):\#(random.int(10..<60)).\#(random.int(100..<1000))Z","level":"\#(level)","#
                + #""msg":"request handled in \#(random.int(0..<1000)) ms","path":"/api/v1/items/\#(random.int(0..<100_000))","#
                + #""status":\#(status),"user":\#(random.int(0..<1_000_000))}"#
            return Array(text.utf8)
        }
    }
}
