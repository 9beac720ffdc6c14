import Foundation
import Testing
import YAJLModel
@testable import YAJLModelGenerator

/// The generated sources compiled into the test targets are exactly what the tool writes
/// today (so the tests that compile and run them test the tool), and the snapshots of the
/// small inputs show the naming, optionality, enums, dates, dictionaries and variants.
@Suite("Generated sources are the tool's output")
struct GeneratedSourceTests {
    func committed(_ generated: GeneratorCorpus.Generated) throws -> String {
        try String(contentsOf: GeneratorCorpus.packageRoot.appendingPathComponent(generated.source), encoding: .utf8)
    }

    /// Expects the committed source to be `regenerated`; with `YAJLMODEL_REGENERATE` set, writes
    /// it instead, and fails, so that a run that rewrites sources never passes.
    func expectCommitted(_ generated: GeneratorCorpus.Generated, _ regenerated: String, _ how: String) throws {
        guard ProcessInfo.processInfo.environment["YAJLMODEL_REGENERATE"] == nil else {
            try Data(regenerated.utf8).write(to: GeneratorCorpus.packageRoot.appendingPathComponent(generated.source))
            Issue.record("rewrote \(generated.source)")
            return
        }
        #expect(try committed(generated) == regenerated, "\(generated.source) is not what the generator writes now: \(how)")
    }

    @Test(.enabled(if: GeneratorCorpus.isAvailable, "../shared/corpus not found beside the package"), arguments: GeneratorCorpus.corpusFiles)
    func corpusSourcesAreRegenerated(_ file: String) throws {
        let sources = GeneratorCorpus.generated.filter { $0.file == file }
        for (generated, regenerated) in zip(sources, try GeneratorCorpus.Generated.regenerate(sources)) {
            try expectCommitted(generated, regenerated, generated.regenerating(in: "../shared/corpus"))
        }
    }

    @Test(arguments: GeneratorCorpus.snapshots)
    func snapshotIsRegenerated(_ generated: GeneratorCorpus.Generated) throws {
        try expectCommitted(generated, try generated.regenerate(), generated.regenerating(in: "Tests/YAJLModelGeneratorTests/Inputs"))
    }

    /// The generated feed of 60,000 objects, read once for both styles.
    @Test func feedSourcesAreRegenerated() throws {
        let sources = GeneratorCorpus.feed
        for (generated, regenerated) in zip(sources, try GeneratorCorpus.Generated.regenerate(sources)) {
            try expectCommitted(generated, regenerated, "write GeneratedFeed.json(count: \(GeneratorCorpus.feedCount)) to feed.json; " + generated.regenerating(in: "<folder of feed.json>"))
        }
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

    @Test func variantsFoundByInference() throws {
        let source = try snapshot("SnapshotActivity", .jsonModel)
        // No `type` or `kind`: `event` chooses, since each of its values has objects of one set of keys.
        for line in [
            "var activities: [Activity]", "enum Activity: JSONPolymorphic {", "static let discriminatorKey = \"event\"",
            "case login(Login)", "case purchase(Purchase)", "case logout(Logout)", "var device: String\n", "var amount: Double\n",
        ] {
            #expect(source.contains(line), "\(line)")
        }
        // `user` has both sets of keys under one value; `lang` has a note with `pinned` and one without: no variants.
        #expect(source.contains("var notes: [Note]") && source.contains("var pinned: Bool?"))
        #expect(!source.contains("enum Note") && !source.contains("discriminatorKey = \"user\""))
        let codable = try snapshot("SnapshotActivity", .codable)
        #expect(codable.contains("case discriminator = \"event\"") && codable.contains("case \"purchase\": self = .purchase(try Purchase(from: decoder))"))
    }

    @Test func aTargetByPathOrPointerReadsTheSameRecords() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("generator-target-\(UInt32.random(in: 0...UInt32.max)).json")
        try Data(#"{"data": {"page": 1, "items": [{"id": 1, "tags": ["a"]}, {"id": 2, "tags": [], "note": "x"}]}, "next": null}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var sources: [String] = []
        for target in ["/data/items", "data.items"] {
            let generator = ModelGenerator(options: .init(rootName: "Item"))
            try generator.read(ModelGenerator.Input(url: file, target: target))
            #expect(generator.records == 2, "\(target)")
            sources.append(try generator.source())
        }
        #expect(sources[0].contains("struct Item {") && sources[0].contains("var note: String?") && !sources[0].contains("var page"))
        #expect(sources[1] == sources[0])
        // A target that is not there names it.
        let generator = ModelGenerator(options: .init(rootName: "Item"))
        #expect(throws: ModelGenerationError.self) { try generator.read(ModelGenerator.Input(url: file, target: "data.missing")) }
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

    /// Objects observed by their variants alone keep every value when one variant has more
    /// keys than a type should, and the position becomes a dictionary.
    @Test func variantsWithTooManyKeysBecomeADictionary() throws {
        let wide = (0..<120).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let document = try JSONDocument(parsing: #"{"items": [{"kind": "a", "n": 1}, {"kind": "b", \#(wide)}, {"kind": "a", "n": 2}]}"#)
        let generator = ModelGenerator(options: .init(rootName: "Root"))
        try generator.add(document.root)
        let source = try generator.source()
        #expect(source.contains("values: mixed: integer (122), string (3)"), "\(source)")
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
