import Foundation
import YAJLModel

/// Parse a whole document into a tree (or, for the floor, through yajl alone), then free it.
///
/// YAJLModel's target from the design: at least 85 % of the floor's throughput.
struct ParseScenario: Scenario {
    let name = "parse"
    let title = "parse to a tree"
    let aliases = ["floor"]

    static let floorTarget = 0.85
    static let chunkSize = 64 << 10
    static let chunked = "YAJLModel JSONStreamParser, 64 KiB chunks"
    static let chunkedSized = "YAJLModel JSONStreamParser, 64 KiB chunks, size known"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        try context.documents().map { input in
            var details: [String] = []
            var tree: [String: Double] = [:]
            // Facts about YAJLModel's tree, taken once, untimed.
            if let document = try? JSONDocument(parsing: input.bytes) {
                tree[Parsers.yajlModel] = Double(document.treeByteCount) / Double(max(1, input.bytes.count))
                if let expected = try? yajlValueCount(input.bytes), expected != document.nodeCount {
                    log("warning: \(input.name): nodeCount is \(document.nodeCount) but yajl reports \(expected) values and keys")
                }
                details.append("\(document.nodeCount) values and keys; YAJLModel's tree: \(formatBytes(document.treeByteCount))")
            }
            let data = input.bytes
            return BenchCase(
                input: input.name, inputBytes: data.count,
                contenders: Parsers.all(data) + [
                    // The same tree from chunks, as from a socket: JSONStreamParser copies
                    // each chunk into one growing buffer; knowing the size spares the regrowth.
                    Contender(Self.chunked, .yajlModel) { { try Self.chunkedParse(data, sized: false) } },
                    Contender(Self.chunkedSized, .yajlModel) { { try Self.chunkedParse(data, sized: true) } },
                ],
                reference: Parsers.yajlModel, details: details, treeBytesPerInputByte: tree,
                conclude: { result in
                    guard let ratio = result.ratio(of: Parsers.floor) else { return [] }
                    let vsFloor = 1 / ratio
                    return ["YAJLModel ÷ floor: \(format(vsFloor, 3)) (target ≥ \(format(Self.floorTarget, 2)): "
                        + (vsFloor >= Self.floorTarget ? "ok)" : "BELOW)")]
                })
        }
    }

    static func chunkedParse(_ data: Data, sized: Bool) throws -> Int {
        let parser = JSONStreamParser(expectedByteCount: sized ? data.count : nil)
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + chunkSize, data.endIndex)
            try parser.feed(data[start..<end])
            start = end
        }
        return try parser.finish().nodeCount
    }
}
