import Foundation
import YAJLModel

/// The elements of one large array on every core: `JSONElementReader.forEachElement`
/// reads and parses on the calling task and builds the typed values on the tasks of a
/// task group. A generated array of twitter-like statuses (256 MB times `--scale`), read
/// into `@JSONModel` types and, with a `YAJLDecoder`, into `Decodable` structs, every
/// field of every status read: with the default number of tasks (one per core but the
/// reading one), with one per core, and by the sequential reader alone (one thread). One
/// run per contender, with peak RSS.
struct ParallelElementsScenario: Scenario {
    let name = "parallel-elements"
    let title = "the elements of a large array on all cores"
    let aliases = ["streaming", "parallel"]

    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let statuses = context.statuses()
        let target = context.scaled(256 << 20)
        let (url, size) = try context.file("statuses.json") { handle in
            var written = 0
            var block = Data("[".utf8)
            while written < target {
                for status in statuses {
                    if written > 0 || block.count > 1 { block.append(UInt8(ascii: ",")) }
                    block.append(contentsOf: status)
                }
                try handle.write(contentsOf: block)
                written += block.count
                block.removeAll(keepingCapacity: true)
            }
            try handle.write(contentsOf: Data("]".utf8))
        }
        let count = "array of twitter-like statuses, \(formatBytes(size))"
        return [
            Self.typedCase(
                input: "\(count), @JSONModel", size: size, kind: "@JSONModel",
                sequential: { reader in
                    var sum = 0
                    while let status = try reader.next(ModelStatus.self) { sum &+= status.checksum }
                    return sum
                },
                parallel: { reader, concurrency in
                    var sum = 0
                    try await reader.forEachElement(ModelStatus.self, concurrency: concurrency) { sum &+= $0.checksum }
                    return sum
                }, url: url),
            Self.typedCase(
                input: "\(count), YAJLDecoder", size: size, kind: "YAJLDecoder",
                sequential: { reader in
                    let decoder = YAJLDecoder()
                    var sum = 0
                    while let status = try reader.next(CodableStatus.self, using: decoder) { sum &+= status.checksum }
                    return sum
                },
                parallel: { reader, concurrency in
                    var sum = 0
                    try await reader.forEachElement(CodableStatus.self, using: YAJLDecoder(), concurrency: concurrency) { sum &+= $0.checksum }
                    return sum
                }, url: url),
        ]
    }

    /// The contenders of one typed form: `forEachElement` with its default number of tasks
    /// and with one per core, and the sequential reader; the speed-ups in the notes.
    static func typedCase(
        input: String, size: Int, kind: String,
        sequential: @escaping @Sendable (inout JSONElementReader) throws -> Int,
        parallel: @escaping @Sendable (inout JSONElementReader, Int) async throws -> Int,
        url: URL
    ) -> BenchCase {
        let cores = Self.cores
        let tasks = JSONElementReader.defaultConcurrency
        let oneThread = "\(kind), JSONElementReader.next, 1 thread"
        let byDefault = "\(kind), forEachElement, \(tasks) task\(tasks == 1 ? "" : "s") (default)"
        let oneTaskPerCore = "\(kind), forEachElement, \(cores) tasks"
        let forEach = { @Sendable (name: String, concurrency: Int) in
            Contender(name, .yajlModel) {
                return {
                    try runBlocking {
                        var reader = try JSONElementReader(contentsOf: url)
                        return try await parallel(&reader, concurrency)
                    }
                }
            }
        }
        var contenders = [
            forEach(byDefault, tasks),
            Contender(oneThread, .yajlModel) {
                return {
                    var reader = try JSONElementReader(contentsOf: url)
                    return try sequential(&reader)
                }
            },
        ]
        if cores != tasks { contenders.append(forEach(oneTaskPerCore, cores)) }
        return BenchCase(
            input: input, inputBytes: size, contenders: contenders, reference: byDefault,
            details: ["every field of every status read into a checksum; from a temporary file; peak RSS is what reading adds"],
            measuresMemory: true, singleShot: true,
            conclude: { result in
                // A ratio is the reference's time over the other's: its inverse is the speed-up.
                guard let ratio = result.ratio(of: oneThread) else { return [] }
                let perCore = result.ratio(of: oneTaskPerCore).map { "; \(cores) tasks ÷ the default: \(format($0, 2))" } ?? ""
                return ["the default (\(tasks) task\(tasks == 1 ? "" : "s") beside the reading one) ÷ 1 thread: \(format(1 / ratio, 2))\(perCore)"]
            })
    }
}
