import CYAJLBaseline
import Foundation
import YAJLModel

/// Read every element of a large feed file (`{"title": …, "items": [ … ], "modified": …}`)
/// and total a field of each: element by element with JSONElementReader, in memory
/// bounded by the largest element, against reading the whole file and parsing it at
/// once. The peak resident memory each contender adds is part of the result.
///
/// Two feeds: twitter-like statuses (~2.5 kB each), where elements are big, and log
/// records (~140 bytes each), where what each element costs beyond its parse (copying its
/// nodes and text out of the stream, its record) weighs the most.
/// Both are written to a temporary file first; reads come from the page cache.
struct StreamScenario: Scenario {
    let name = "stream"
    let title = "stream a large feed"
    let aliases = ["streaming", "throughput"]

    static let chunkSize = 64 << 10
    static let elementReader = "YAJLModel JSONElementReader"
    static let wholeDocument = "YAJLModel JSONDocument(contentsOf:), whole file"
    static let chunkedParser = "YAJLModel JSONStreamParser, 64 KiB reads"
    static let floor = "yajl (empty callbacks), 64 KiB reads"
    static let yajlTree = "yajl_tree_parse, whole file"
    static let foundation = "JSONSerialization, whole file"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let feeds: [(name: String, file: String, items: [[UInt8]], bytes: Int)] = [
            ("feed of twitter-like statuses", "statuses-feed.json", context.statuses(), context.scaled(16 << 20)),
            ("feed of 140-byte log records", "log-feed.json", GeneratedLog.logItems(), context.scaled(8 << 20)),
        ]
        return try feeds.map { feed in
            let (url, size) = try context.file(feed.file) { handle in
                for chunk in FeedChunks(items: feed.items, totalBytes: feed.bytes, chunkSize: Self.chunkSize) {
                    try handle.write(contentsOf: chunk)
                }
            }
            return BenchCase(
                input: feed.name, inputBytes: size, contenders: Self.contenders(url), reference: Self.elementReader,
                details: ["every element of /items, counting them and summing their \"id\"; from a temporary file"],
                measuresMemory: true)
        }
    }

    static func contenders(_ url: URL) -> [Contender] {
        [
            Contender(elementReader, .yajlModel) {
                return {
                    var reader = try JSONElementReader(contentsOf: url, at: "/items")
                    var total = 0
                    while let item = try reader.next() { total &+= 1 &+ (item["id"]?.int ?? 0) }
                    return total
                }
            },
            Contender(wholeDocument, .yajlModel) {
                return {
                    let document = try JSONDocument(contentsOf: url)
                    var total = 0
                    for item in document.root["items"]?.array ?? JSONDocument.emptyArray { total &+= 1 &+ (item["id"]?.int ?? 0) }
                    return total
                }
            },
            Contender(chunkedParser, .yajlModel) {
                return {
                    let parser = JSONStreamParser()
                    try forEachChunk(ofFileAt: url, chunkSize: chunkSize) { try parser.feed($0) }
                    let document = try parser.finish()
                    var total = 0
                    for item in document.root["items"]?.array ?? JSONDocument.emptyArray { total &+= 1 &+ (item["id"]?.int ?? 0) }
                    return total
                }
            },
            Contender(floor, .yajl) {
                let callbacks = CallbackTable(emptyCallbacks)
                return {
                    let parser = try YAJLChunkParser(callbacks: callbacks)
                    try forEachChunk(ofFileAt: url, chunkSize: chunkSize) { try parser.feed($0) }
                    try parser.finish()
                    return 1
                }
            },
            Contender(yajlTree, .yajl) {
                return {
                    try YAJLTreeText(contentsOf: url).parse { root in
                        guard let items = FieldPath(steps: [.key("items")], leafKind: .array).value(yajl: root),
                            items.pointee.type == yajl_t_array
                        else { return 0 }
                        let array = items.pointee.u.array
                        var total = 0
                        for index in 0..<array.len {
                            let id = FieldPath(steps: [.key("id")], leafKind: .number).read(yajl: array.values[index]!) ?? 0
                            total &+= 1 &+ id
                        }
                        return total
                    }
                }
            },
            Contender(foundation, .foundation) {
                return {
                    let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: url))
                    var total = 0
                    for item in (object as? [String: Any])?["items"] as? [Any] ?? [] {
                        total &+= 1 &+ ((item as? [String: Any])?["id"] as? Int ?? 0)
                    }
                    return total
                }
            },
        ]
    }
}

extension JSONDocument {
    /// For `?? ` when a feed has no items (it always has).
    static let emptyArray = try! JSONDocument(parsing: "[]").root.array!
}
