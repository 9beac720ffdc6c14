import Foundation
import YAJLModel

/// Whether a large document costs per status what a small one does, parsed on one thread. The
/// statuses of the twitter-shaped document (twitter.json with `--corpus`) are parsed in five
/// forms, each contender parsing the same number of statuses: the document itself, many
/// times over; the statuses repeated into one indented document of about 20 MB (their text as
/// the document has it) and into one compact one, each a few times over; the statuses
/// repeated into one compact array of about 256 MB (times `--scale`), once; and the same
/// array read from a file by `JSONElementReader`, an element at a time. So a contender's time
/// over the reference's is its time per status over the small document's, and peak RSS is
/// what it adds to the text in memory.
struct SerialSizeScenario: Scenario {
    let name = "serial-size"
    let title = "time per status, small and large documents, one thread"
    let aliases = ["size"]

    static let small = "YAJLModel JSONDocument, the document"
    static let target = 1.2

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let documents = try context.documents()
        guard let source = documents.first(where: { $0.shape == .twitter }) ?? documents.first,
            let statuses = try JSONDocument(parsing: source.bytes).root["statuses"]?.array, !statuses.isEmpty
        else { return [] }
        let indentedStatuses = statuses.map { Array($0.rawJSON) }
        let compactStatuses = statuses.map { [UInt8]($0.jsonData(options: .withoutEscapingSlashes)) }
        // Repeats of the statuses: `perDocument` in the 20 MB documents (a multiple of it in the array).
        let perDocument = max(1, (20 << 20) / max(1, source.bytes.count))
        let arrayRepeats = max(perDocument, context.scaled(256 << 20) / max(1, compactStatuses.reduce(0) { $0 + $1.count + 1 })
            / perDocument * perDocument)
        let total = statuses.count * arrayRepeats

        let indented = Data(Self.join(indentedStatuses, repeats: perDocument, head: "{\n  \"statuses\": [\n    ",
                                      separator: ",\n    ", tail: "\n  ]\n}\n"))
        let compact = Data(Self.join(compactStatuses, repeats: perDocument, head: #"{"statuses":["#, separator: ",", tail: "]}"))
        let (url, size) = try context.file("statuses-repeated.json") { handle in
            var block: [UInt8] = [UInt8(ascii: "[")]
            for repeat_ in 0..<arrayRepeats {
                for (index, status) in compactStatuses.enumerated() {
                    if repeat_ > 0 || index > 0 { block.append(UInt8(ascii: ",")) }
                    block += status
                }
                if block.count > 4 << 20 {
                    try handle.write(contentsOf: block)
                    block.removeAll(keepingCapacity: true)
                }
            }
            block.append(UInt8(ascii: "]"))
            try handle.write(contentsOf: block)
        }

        let names = (
            indented: "JSONDocument, \(formatBytes(indented.count)) indented, \(arrayRepeats / perDocument) times",
            compact: "JSONDocument, \(formatBytes(compact.count)) compact, \(arrayRepeats / perDocument) times",
            array: "JSONDocument, \(formatBytes(size)) array, once",
            reader: "JSONElementReader, \(formatBytes(size)) array file, once")
        let contenders = [
            Self.parse(Self.small, { source.bytes }, times: arrayRepeats),
            Self.parse(names.indented, { indented }, times: arrayRepeats / perDocument),
            Self.parse(names.compact, { compact }, times: arrayRepeats / perDocument),
            Self.parse(names.array, { try Data(contentsOf: url) }, times: 1),
            Contender(names.reader, .yajlModel) {
                return {
                    var reader = try JSONElementReader(contentsOf: url)
                    var count = 0
                    while let status = try reader.next() { count &+= status.count }
                    return count
                }
            },
        ]
        return [
            BenchCase(
                input: "\(total) statuses of \(source.name) (\(statuses.count) a document)", inputBytes: size,
                contenders: contenders, reference: Self.small,
                details: ["each contender parses the same \(total) statuses (MB/s counts their compact text); the text is in "
                    + "memory before the timed runs, except the reader's file; peak RSS is what a run adds"],
                measuresMemory: true,
                conclude: { result in
                    let rows = [names.indented, names.compact, names.array, names.reader].compactMap { name -> String? in
                        guard let ratio = result.ratio(of: name) else { return nil }
                        let perStatus = 1 / ratio // a ratio is the reference's time over this one's
                        let rss = result.outcomes.first { $0.name == name }?.peakResidentBytes.map { ", peak RSS +\(formatBytes($0))" } ?? ""
                        return "\(name): \(format(perStatus, 2))× the document's time per status\(rss) (target ≤ \(format(Self.target, 1)): "
                            + (perStatus <= Self.target ? "ok)" : "ABOVE)")
                    }
                    let smallRSS = result.outcomes.first { $0.name == Self.small }?.peakResidentBytes.map { " (its peak RSS +\(formatBytes($0)))" } ?? ""
                    return ["time per status against \(source.name)'s\(smallRSS):"] + rows
                })
        ]
    }

    /// Parses the text that `load` gives (before the timed runs) `times` times on one thread,
    /// each tree freed before the next parse.
    static func parse(_ name: String, _ load: @escaping @Sendable () throws -> Data, times: Int) -> Contender {
        Contender(name, .yajlModel) {
            let bytes = try load()
            var options = JSONParseOptions()
            options.parsingThreads = 1
            let serial = options
            return {
                var nodes = 0
                for _ in 0..<times { nodes &+= try JSONDocument(parsing: bytes, options: serial).nodeCount }
                return nodes
            }
        }
    }

    /// `statuses` repeated `repeats` times between `head` and `tail`, `separator` between them.
    static func join(_ statuses: [[UInt8]], repeats: Int, head: String, separator: String, tail: String) -> [UInt8] {
        var text = Array(head.utf8)
        for repeat_ in 0..<repeats {
            for (index, status) in statuses.enumerated() {
                if repeat_ > 0 || index > 0 { text += separator.utf8 }
                text += status
            }
        }
        return text + Array(tail.utf8)
    }
}
