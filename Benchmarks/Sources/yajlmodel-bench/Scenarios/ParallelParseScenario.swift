import Foundation
import YAJLModel

/// One large document parsed on two threads against one: `JSONDocument` splits it at commas
/// inside its largest container, parses the pieces at once and joins their trees. Two
/// generated documents of 256 MiB (times `--scale`): an array of twitter-like statuses, and
/// the same statuses in an array two levels down (`{"meta": …, "data": {"items": […]}, …}`).
/// The text is read before the timed runs; peak RSS is what the parse adds to it.
struct ParallelParseScenario: Scenario {
    let name = "parallel-parse"
    let title = "parse one large document on two threads"
    let aliases = ["parallel"]

    static let twoThreads = "YAJLModel JSONDocument, 2 threads"
    static let oneThread = "YAJLModel JSONDocument, 1 thread"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let statuses = context.statuses()
        let target = context.scaled(256 << 20)
        let documents: [(input: String, file: String, head: String, tail: String)] = [
            ("256 MB array of twitter-like statuses", "statuses-array.json", "[", "]"),
            ("256 MB document, its array two levels down", "statuses-nested.json",
             #"{"meta": {"source": "generated", "version": 2}, "data": {"items": ["#, #"], "next": null}, "count": 0}"#),
        ]
        let spinIterations = context.options.quick ? 5_000_000 : 150_000_000
        return try documents.map { document in
            let (url, size) = try context.file(document.file) { handle in
                var block = Data(document.head.utf8)
                var written = 0
                var first = true
                while written + block.count < target {
                    for status in statuses {
                        if !first { block.append(UInt8(ascii: ",")) }
                        block.append(contentsOf: status)
                        first = false
                    }
                    if written + block.count >= target { break }
                    try handle.write(contentsOf: block)
                    written += block.count
                    block.removeAll(keepingCapacity: true)
                }
                block.append(contentsOf: Data(document.tail.utf8))
                try handle.write(contentsOf: block)
            }
            return BenchCase(
                input: document.input, inputBytes: size,
                contenders: [Self.parse(url, threads: 2, name: Self.twoThreads), Self.parse(url, threads: 1, name: Self.oneThread)],
                reference: Self.oneThread,
                details: ["the whole tree, counting its values; the text is in memory before the parse, and peak RSS is what the parse adds to it (\(formatBytes(size)))"],
                measuresMemory: true,
                conclude: { result in
                    guard let ratio = result.ratio(of: Self.twoThreads) else { return [] }
                    let scaling = (try? runBlocking { await NDJSONScenario.spinScaling(iterations: spinIterations) }) ?? 0
                    return ["2 threads ÷ 1 thread: \(format(ratio, 2)) (target ≥ 1.7); a pure CPU loop scaled \(format(scaling, 2)) "
                        + "on 2 tasks just after (what the machine could give at the time)"]
                })
        }
    }

    static func parse(_ url: URL, threads: Int, name: String) -> Contender {
        Contender(name, .yajlModel) {
            let text = try Data(contentsOf: url)
            var options = JSONParseOptions()
            options.parsingThreads = threads
            let chosen = options
            return { try JSONDocument(parsing: text, options: chosen).nodeCount }
        }
    }
}
