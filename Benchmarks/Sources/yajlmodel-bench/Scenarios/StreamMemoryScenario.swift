import Foundation
import YAJLModel

/// Memory stays bounded however large the feed: read the elements of a generated feed
/// of `--feed-megabytes` (1 GiB by default, times `--scale`) that never exists whole.
/// It is produced 64 KiB at a time, as a socket would deliver it. One run per contender;
/// the generator's own time is in both.
struct StreamMemoryScenario: Scenario {
    let name = "stream-memory"
    let title = "stream a feed larger than memory should hold"
    let aliases = ["streaming", "memory"]

    static let elementReader = "YAJLModel JSONElementReader, 64 KiB chunks"
    static let floor = "yajl (empty callbacks), 64 KiB chunks"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let items = context.statuses()
        let megabytes = context.options.boundedFeedMegabytes
        let feed = FeedChunks(items: items, totalBytes: megabytes << 20, chunkSize: StreamScenario.chunkSize)
        // The exact size, without holding the feed: the generator is deterministic.
        let size = feed.reduce(0) { $0 + $1.count }
        return [
            BenchCase(
                input: "generated feed of \(megabytes) MiB", inputBytes: size,
                contenders: [
                    Contender(Self.elementReader, .yajlModel) {
                        return {
                            var reader = try JSONElementReader(chunks: feed, at: "/items")
                            var total = 0
                            while let item = try reader.next() { total &+= 1 &+ (item["id"]?.int ?? 0) }
                            guard reader.envelope?["title"]?.string == "Generated feed" else {
                                throw ContenderError.wrongResult("the envelope did not parse")
                            }
                            return total
                        }
                    },
                    Contender(Self.floor, .yajl) {
                        let callbacks = CallbackTable(emptyCallbacks)
                        return {
                            let parser = try YAJLChunkParser(callbacks: callbacks)
                            for chunk in feed { try chunk.withUnsafeBytes { try parser.feed($0) } }
                            try parser.finish()
                            return 1
                        }
                    },
                ],
                reference: Self.elementReader,
                details: ["{title, items: [twitter-like statuses], modified}, made on the fly; peak RSS is what reading adds"],
                measuresMemory: true, singleShot: true)
        ]
    }
}
