import Foundation
import Testing
import YAJLModel
import YAJLModelGenerator

/// The generated sources compiled into the test targets are exactly what the tool writes
/// today (so the tests that compile and run them test the tool), and the snapshots of the
/// small inputs show the naming, optionality, enums, dates, dictionaries and variants.
@Suite("Generated sources are the tool's output")
struct GeneratedSourceTests {
    func committed(_ generated: GeneratorCorpus.Generated) throws -> String {
        try String(contentsOf: GeneratorCorpus.packageRoot.appendingPathComponent(generated.source), encoding: .utf8)
    }

    @Test(.enabled(if: GeneratorCorpus.isAvailable, "../shared/corpus not found beside the package"), arguments: GeneratorCorpus.corpusFiles)
    func corpusSourcesAreRegenerated(_ file: String) throws {
        let sources = GeneratorCorpus.generated.filter { $0.file == file }
        for (generated, regenerated) in zip(sources, try GeneratorCorpus.Generated.regenerate(sources)) {
            #expect(try committed(generated) == regenerated, "regenerate with: (cd ../shared/corpus && \(generated.command) --output <package>/\(generated.source))")
        }
    }

    @Test(arguments: GeneratorCorpus.snapshots)
    func snapshotIsRegenerated(_ generated: GeneratorCorpus.Generated) throws {
        #expect(try committed(generated) == generated.regenerate(), "regenerate with: (cd Tests/YAJLModelGeneratorTests/Inputs && \(generated.command) --output <package>/\(generated.source))")
    }

    func snapshot(_ namespace: String, _ style: ModelGenerator.Style) throws -> String {
        let generated = try #require(GeneratorCorpus.snapshots.first { $0.namespace == namespace && $0.style == style })
        return try committed(generated)
    }

    @Test func naming() throws {
        let source = try snapshot("SnapshotPeople", .jsonModel)
        // Element types are singular, snake_case keys use the strategy, other keys are explicit.
        for line in [
            "@JSONModel(keys: .snakeCase)", "var firstName: String", "var items: [Item]", "var categories: [Category]",
            "var statuses: [Status]", "var `default`: Bool", "@JSONKey(\"2fa\") var _2fa: Bool",
            "@JSONKey(\"/dotted.key\") var dottedKey: Double",
        ] {
            #expect(source.contains(line), "\(line)")
        }
        // `home` and `work` have the same keys: one type, its numbers merged.
        #expect(source.contains("var home: Home\n"))
        #expect(source.contains("var work: Home\n"))
        #expect(!source.contains("struct Work"))
        #expect(source.contains("var lng: Double"))
    }

    @Test func optionalityAndMixedValues() throws {
        let source = try snapshot("SnapshotPeople", .jsonModel)
        #expect(source.contains("/// In 50 % of 2 records (null in 1).\n        /// - Note: Always null: any JSON.\n        var nick: JSONValue?"))
        #expect(source.contains("/// - Note: Mixed: integer (1), string (1).\n        var value: JSONValue\n"))
        #expect(source.contains("var id: Int\n"))
    }

    @Test func enumsDatesURLsAndUUIDs() throws {
        let source = try snapshot("SnapshotValues", .jsonModel)
        for line in [
            "var state: State", "case inProgress = \"in_progress\"", "static let unknownValueFallback = State.unknown",
            "var code: String", "var created: Date", "@JSONTransform(DateFormatted<TwitterDateFormat>.self) var posted: Date",
            "@JSONTransform(DateFormatted<RFC1123DateFormat>.self) var modified: Date", "var link: URL", "var token: UUID",
            "var ref: String", "var seen: Date?",
        ] {
            #expect(source.contains(line), "\(line)")
        }
        let codable = try snapshot("SnapshotValues", .codable)
        for line in [
            "@CodedDate<ISO8601DateFormat> var created: Date", "@CodedDate<TwitterDateFormat> var posted: Date",
            "@CodedOptionalDate<ISO8601DateFormatFraction3Offset> var seen: Date?",
            "static let pattern = \"yyyy-MM-dd'T'HH:mm:ss.SSSxxxxx\"",
        ] {
            #expect(codable.contains(line), "\(line)")
        }
    }

    @Test func dictionariesAndVariants() throws {
        let source = try snapshot("SnapshotBoard", .jsonModel)
        for line in [
            "var scores: [String: Score]", "var labels: [String: String]", "var bonus: Int?", "var shapes: [Shape]",
            "enum Shape: JSONPolymorphic {", "case circle(Circle)", "\"square\": { .square(try Square(json: $0)) },",
            "enum Event: JSONPolymorphic {", "static let discriminatorKey = \"kind\"",
        ] {
            #expect(source.contains(line), "\(line)")
        }
    }

    @Test(.enabled(if: GeneratorCorpus.isAvailable, "../shared/corpus not found beside the package"))
    func siblingDiscriminatorChoosesThePayload() throws {
        let source = try committed(try #require(GeneratorCorpus.generated.first { $0.namespace == "GeneratedGitHub" && $0.style == .jsonModel }))
        #expect(source.contains("@JSONDiscriminator(\"type\") var payload: EventPayload\n"))
        #expect(source.contains("enum EventPayload: JSONPolymorphic {"))
        #expect(source.contains("\"PushEvent\": { .pushEvent(try PushEventPayload(json: $0)) },"))
        // Codable has no sibling discriminator: the payload is one struct, its members optional.
        let codable = try committed(try #require(GeneratorCorpus.generated.first { $0.namespace == "GeneratedGitHub" && $0.style == .codable }))
        #expect(codable.contains("var payload: Payload\n"))
    }

    @Test func emptyInputAndScalarRecordsAreErrors() throws {
        let generator = ModelGenerator(options: .init(rootName: "Empty"))
        #expect(throws: ModelGenerationError.self) { try generator.source() }
        #expect("\(ModelGenerationError.emptyInput)".contains("no records"))
        let document = try JSONDocument(parsing: "[{\"a\": 1}, 2]")
        do {
            try generator.add(document.root)
            Issue.record("a number among the records was accepted")
        } catch {
            #expect("\(error)" == "record 1 is a number, not an object: models are read from objects (name the array of records with --at)")
        }
    }

    @Test func malformedInputNamesTheFileLineAndColumn() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("generator-malformed-\(UInt32.random(in: 0...UInt32.max)).json")
        try Data("[{\"a\": 1},\n {\"a\": tru}]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let generator = ModelGenerator(options: .init(rootName: "Broken"))
        do {
            try generator.read(ModelGenerator.Input(url: file))
            Issue.record("malformed input was read")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix(file.lastPathComponent + ": "), "\(message)")
            #expect(message.contains("line 2, column"), "\(message)")
        }
    }
}
