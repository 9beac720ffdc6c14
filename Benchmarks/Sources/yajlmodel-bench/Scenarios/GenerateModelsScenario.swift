import Foundation
import YAJLModel
import YAJLModelGenerator

/// `yajlmodel generate` over a large feed: the generated GH-Archive-like events as one
/// array (about 1 GB times `--scale`), read from a temporary file by the model generator
/// (every record's shape observed, then the `@JSONModel` source written) and by the element
/// reader alone (every record read, nothing else done). One run per contender, with peak RSS.
struct GenerateModelsScenario: Scenario {
    let name = "generate-models"
    let title = "model generation against the element reader alone"
    let aliases = ["streaming", "generator"]

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let (array, size) = try context.file("generate-events.json") {
            try GeneratedEvents.write(to: $0, bytes: context.scaled(1 << 30), separator: ",")
        }
        let generatorName = "ModelGenerator (yajlmodel generate)"
        let readerName = "JSONElementReader alone"
        return [
            BenchCase(
                input: "array of GH-Archive-like events", inputBytes: size,
                contenders: [
                    Contender(generatorName, .yajlModel) {
                        return {
                            let generator = ModelGenerator(options: .init(rootName: "Event"))
                            try generator.read(ModelGenerator.Input(url: array))
                            return generator.records &+ (try generator.source()).utf8.count
                        }
                    },
                    Contender(readerName, .yajlModel) {
                        return {
                            var reader = try JSONElementReader(contentsOf: array)
                            var records = 0
                            while let record = try reader.nextRecord() { records &+= record.value.kind == .object ? 1 : 0 }
                            return records
                        }
                    },
                ],
                reference: generatorName,
                details: ["\(formatBytes(size)) from a temporary file; the generator observes every record and writes the source; peak RSS is what reading adds"],
                measuresMemory: true, singleShot: true,
                conclude: { result in
                    guard let ratio = result.ratio(of: readerName) else { return [] }
                    // A ratio is the reference's time over the other's: its inverse is the generator's speed over the reader's.
                    return ["speed of the generator ÷ the element reader alone: \(format(1 / ratio, 2))"]
                }),
        ]
    }
}
